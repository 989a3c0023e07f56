"""POST /api/rulings/replay/, GET /api/rulings/rules/ and the ruling command give the same JSON."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from .rulings_documents import YGO_BATTLE, YGO_ILLEGAL_TRIBUTE, document

pytestmark = pytest.mark.django_db
REPLAY = "/api/rulings/replay/"


def post(client, payload):
    body = payload if isinstance(payload, str) else json.dumps(payload)
    return client.post(REPLAY, data=body, content_type="application/json")


def run_command(tmp_path, text: str) -> tuple[int, str]:
    path = tmp_path / "doc.json"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    try:
        call_command("ruling", str(path), stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


def test_battle_answer(client):
    response = post(client, YGO_BATTLE)
    assert response.status_code == 200
    answer = response.json()
    assert answer["game"] == "yugioh" and answer["ruleset"] == "current"
    step = answer["steps"][0]
    assert step["legal"] is True
    assert {"type": "battle_damage", "player": "B", "amount": 600} in step["events"]
    assert "YGO-BATTLE-ATK-VS-ATK" in step["rules"]
    assert answer["state"]["players"]["B"]["lp"] == 7400
    assert answer["stopped_at"] is None
    assert isinstance(answer["answer"]["actions"], list)


def test_illegal_action_is_a_200_answer(client):
    response = post(client, YGO_ILLEGAL_TRIBUTE)
    assert response.status_code == 200
    answer = response.json()
    assert answer["stopped_at"] == 0
    assert answer["steps"][0]["legal"] is False
    assert answer["steps"][0]["rules"] and answer["steps"][0]["explanation"]


@pytest.mark.parametrize("doc", [YGO_BATTLE, YGO_ILLEGAL_TRIBUTE], ids=["battle", "illegal"])
def test_api_and_command_give_identical_json(client, tmp_path, doc):
    text = json.dumps(doc)
    response = post(client, text)
    code, out = run_command(tmp_path, text)
    assert code == 0
    assert out.strip() == response.content.decode()
    assert json.loads(out) == response.json()


def test_command_reads_standard_input(monkeypatch, client):
    text = json.dumps(YGO_BATTLE)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    out = io.StringIO()
    call_command("ruling", "-", stdout=out)
    assert json.loads(out.getvalue()) == post(client, text).json()


BAD_DOCUMENTS = [
    ("{not json", [""]),
    ("[1, 2]", [""]),
    (json.dumps({"game": "chess", "state": {}}), ["/game"]),
    (json.dumps({**YGO_BATTLE, "ruleset": "1999"}), ["/ruleset"]),
    (json.dumps({**YGO_BATTLE, "qeury": {}}), ["/qeury"]),
    (json.dumps({"game": "yugioh"}), ["/state"]),
]


def _negative_atk():
    doc = document(YGO_BATTLE)
    doc["state"]["players"]["A"]["monsters"][0]["atk"] = -5
    return json.dumps(doc), ["/state/players/A/monsters/0/atk"]


def _missing_card():
    doc = document(YGO_BATTLE)
    doc["actions"][0]["attacker"] = "A.monsters.3"
    return json.dumps(doc), ["/actions/0/attacker"]


def _bad_action_type():
    doc = document(YGO_BATTLE)
    doc["actions"][0]["type"] = "teleport"
    return json.dumps(doc), ["/actions/0/type"]


def _bare_id_without_database():
    doc = document(YGO_BATTLE)
    doc["state"]["players"]["A"]["hand"] = [{"id": 46986414}]
    return json.dumps(doc), ["/state/players/A/hand/0"]


@pytest.mark.parametrize(
    ("text", "paths"),
    [*BAD_DOCUMENTS, _negative_atk(), _missing_card(), _bad_action_type(), _bare_id_without_database()],
    ids=["bad-json", "not-object", "game", "ruleset", "unknown-field", "no-state", "negative-atk",
         "missing-card", "action-type", "bare-id"],
)  # fmt: skip
def test_malformed_documents_are_400_with_paths_and_exit_2(client, tmp_path, text, paths):
    response = post(client, text)
    assert response.status_code == 400
    body = response.json()
    assert set(body) == {"errors"}
    found = [error["path"] for error in body["errors"]]
    for path in paths:
        assert any(p == path or p.startswith(path + "/") for p in found), (path, body)
    for error in body["errors"]:
        assert error["message"]
    code, out = run_command(tmp_path, text)
    assert code == 2
    assert json.loads(out) == body


def test_replay_needs_no_login_no_csrf_and_no_database(django_assert_num_queries):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    with django_assert_num_queries(0):
        response = post(client, YGO_BATTLE)
    assert response.status_code == 200
    assert "sessionid" not in response.cookies


def test_catalogue(client):
    response = client.get("/api/rulings/rules/", {"game": "yugioh"})
    assert response.status_code == 200
    rules = response.json()
    ids = [rule["id"] for rule in rules]
    assert "YGO-BATTLE-ATK-VS-ATK" in ids
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert set(rule) >= {"id", "title", "summary", "source", "passage", "rulesets"}
        assert rule["passage"]


def test_catalogue_filtered_by_ruleset(client):
    everything = client.get("/api/rulings/rules/", {"game": "yugioh"}).json()
    classic = client.get("/api/rulings/rules/", {"game": "yugioh", "ruleset": "classic"}).json()
    assert all(not r["rulesets"] or "classic" in r["rulesets"] for r in classic)
    assert len(classic) <= len(everything)


@pytest.mark.parametrize(
    ("params", "path"),
    [({}, "/game"), ({"game": "chess"}, "/game"), ({"game": "yugioh", "ruleset": "x"}, "/ruleset")],
)
def test_catalogue_bad_query(client, params, path):
    response = client.get("/api/rulings/rules/", params)
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == path


def test_games(client):
    games = {g["key"]: g for g in client.get("/api/rulings/games/").json()}
    assert "yugioh" in games
    assert games["yugioh"]["default_ruleset"] == "current"
    assert {"current", "classic"} <= {rs["key"] for rs in games["yugioh"]["rulesets"]}


def test_schema_documents_the_endpoints(tmp_path):
    import yaml

    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(target), "--fail-on-warn", "--validate")
    schema = yaml.safe_load(target.read_text())
    replay = schema["paths"]["/api/rulings/replay/"]["post"]
    assert {"200", "400"} <= set(replay["responses"])
    body = replay["requestBody"]["content"]["application/json"]
    assert "examples" in body
    assert "examples" in replay["responses"]["400"]["content"]["application/json"]
    rules = schema["paths"]["/api/rulings/rules/"]["get"]
    assert any(p["name"] == "game" and p["required"] for p in rules["parameters"])


def test_hostile_bodies_are_400_not_500(client):
    bodies = [
        "[" * 100_000,
        '{"game": "yugioh", "state": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"game": "\\ud800", "state": {}}',  # a lone surrogate, escaped in the JSON text
        '{"game": "yugioh", "state": {"turn": "\\udfff"}}',
        "",
    ]
    for body in bodies:
        response = post(client, body)
        assert response.status_code == 400, body[:40]
        assert response.json()["errors"]
    response = client.post(REPLAY, data=b"\xff\xfe", content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == ""


def test_a_lone_surrogate_in_a_card_name_still_answers(client, tmp_path):
    text = json.dumps(YGO_BATTLE).replace("Mystic Tomato", "Mystic \\udfff")
    response = post(client, text)
    assert response.status_code == 200
    code, out = run_command(tmp_path, text)
    assert code == 0 and out.strip() == response.content.decode()
