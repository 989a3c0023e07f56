"""The tablet's Vanguard builders (through the test client): a stand trigger's ``stand_to``, the mulligan of
the setup phase, and the damage question's guardians and interceptors."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from rulings.services import tablet as tb

pytestmark = pytest.mark.django_db
TAP = "/rulings/tablet/tap/"


def document_of(response) -> dict:
    match = re.search(r'name="document" value="([^"]*)"', response.content.decode())
    return json.loads(unescape(match.group(1)))


def errors_of(response) -> str:
    match = re.search(r'data-testid="errors">(.*?)</div>', response.content.decode(), re.S)
    return match.group(1) if match else ""


def tap(client, document: dict, op: str, **fields):
    return client.post(TAP, {"document": json.dumps(document), "op": op, **fields}, HTTP_HX_REQUEST="true")


def unit(name: str, power: int, grade: int = 1, stand: bool = True) -> dict:
    return {"name": name, "grade": grade, "power": power, "shield": 5000, "critical": 1, "stand": stand}


def battle_board() -> dict:
    """A's vanguard with two rested rear-guards; B's vanguard, a front-row grade 2 and Wingal in hand."""
    document = tb.tablet_document_new(game="vanguard")
    state = document["state"]
    state["phase"] = "battle"
    state["players"]["A"]["circles"].update(
        {
            "V": unit("Blaster Blade", 11000, 3),
            "BL": unit("Rested One", 6000, stand=False),
            "BR": unit("Rested Two", 6000, stand=False),
        }
    )
    state["players"]["B"]["circles"].update(
        {"V": unit("Overlord", 10000, 3), "FR": unit("Interceptor", 9000, 2)}
    )
    state["players"]["B"]["hand"] = [{"name": "Wingal", "grade": 1, "power": 6000, "shield": 10000}]
    return tb.tablet_document_load(document=document)


def steps_of(response) -> list[str]:
    return re.findall(r'data-testid="explanation">(.*?)</p>', unescape(response.content.decode()), re.S)


def test_the_builders_offer_the_new_vanguard_fields(client):
    document = battle_board()
    page = tap(client, document, "refresh", action_type="assign_trigger").content.decode()
    assert 'data-testid="action-stand_to"' in page and 'data-testid="action-heal"' in page
    page = tap(client, document, "refresh", action_type="mulligan").content.decode()
    assert 'data-testid="action-cards"' in page and 'data-testid="action-drawn"' in page
    assert '<option value="setup"' in page
    assert 'name="query_guardians" value="B.hand.0"' in page
    assert 'name="query_interceptors" value="B.circles.FR"' in page
    assert 'name="query_interceptors" value="A.circles.V"' not in page


def test_a_stand_trigger_resolved_with_stand_to(client):
    document = battle_board()
    response = tap(client, document, "add_action", action_player="A", action_type="attack",
                   action_attacker="A.circles.V", action_target="B.circles.V",
                   action_drive_checks="stand, none", action_damage_checks="none")  # fmt: skip
    document = document_of(response)
    response = tap(client, document, "add_action", action_player="B", action_type="guard")
    assert "stand_to" in steps_of(response)[-1]  # the engine asks for the rear-guard to stand
    response = tap(client, document_of(response), "add_action", action_player="A",
                   action_type="assign_trigger", action_power_to="A.circles.V",
                   action_stand_to="A.circles.BR")  # fmt: skip
    assert not errors_of(response)
    document = document_of(response)
    assert document["actions"][-1] == {
        "player": "A", "type": "assign_trigger", "power_to": "A.circles.V", "stand_to": "A.circles.BR",
    }  # fmt: skip
    assert "the rear-guard on BR stands" in steps_of(response)[-1]
    answer = tb.tablet_view(document=document).answer
    assert all(s["legal"] for s in answer["steps"])
    circles = answer["state"]["players"]["A"]["circles"]
    assert circles["BR"]["stand"] is True and circles["BL"]["stand"] is False


def test_mulligans_in_the_setup_phase_start_the_game(client):
    document = tb.tablet_document_new(game="vanguard")
    state = document["state"]
    state["phase"] = "setup"
    for player in ("A", "B"):
        state["players"][player]["mulligan_done"] = False
        state["players"][player]["hand"] = [
            {"name": f"{player} card {i}", "grade": 1, "power": 6000} for i in range(5)
        ]
    document = tb.tablet_document_load(document=document)
    response = tap(client, document, "add_action", action_player="A", action_type="mulligan",
                   action_cards=["A.hand.0", "A.hand.3"], action_drawn="none, draw")  # fmt: skip
    assert not errors_of(response)
    document = document_of(response)
    mulligan = document["actions"][-1]
    assert mulligan["type"] == "mulligan" and mulligan["player"] == "A"
    assert mulligan["cards"] == ["A.hand.0", "A.hand.3"]
    assert [c["trigger"] for c in mulligan["drawn"]] == [None, "draw"]
    assert mulligan["drawn"][0]["name"] == "Drawn card 1"
    # B keeps: no card ticked sends "cards": [].
    response = tap(client, document, "add_action", action_player="B", action_type="mulligan")
    document = document_of(response)
    assert document["actions"][-1] == {"player": "B", "type": "mulligan", "cards": []}
    answer = tb.tablet_view(document=document).answer
    assert all(s["legal"] for s in answer["steps"])
    assert answer["state"]["phase"] != "setup"
    assert any(r == "VG-SETUP-MULLIGAN" for s in answer["steps"] for r in s["rules"])


def test_the_setup_phase_is_set_from_the_header(client):
    document = tb.tablet_document_new(game="vanguard")
    response = tap(client, document, "header", turn="1", turn_player="A", phase="setup")
    assert not errors_of(response)
    assert document_of(response)["state"]["phase"] == "setup"


def test_damage_question_with_a_guardian_and_an_interceptor(client):
    document = battle_board()
    response = tap(client, document, "ask:damage", query_attacker="A.circles.V", query_target="B.circles.V",
                   query_guardians=["B.hand.0"], query_interceptors=["B.circles.FR"])  # fmt: skip
    assert not errors_of(response)
    query = document_of(response)["query"]
    assert query["guardians"] == ["B.hand.0"] and query["interceptors"] == ["B.circles.FR"]
    answer = tb.tablet_view(document=document_of(response)).answer["answer"]
    assert answer["hit"] is False and answer["defense_power"] == 25000
    assert answer["guardians_retired"] == ["B.hand.0", "B.circles.FR"]
    # Without them the same attack hits, and the question leaves the fields out.
    response = tap(client, document, "ask:damage", query_attacker="A.circles.V", query_target="B.circles.V")
    query = document_of(response)["query"]
    assert "guardians" not in query and "interceptors" not in query
    assert tb.tablet_view(document=document_of(response)).answer["answer"]["hit"] is True


def test_a_guardian_from_the_wrong_hand_is_refused_with_its_path(client):
    document = battle_board()
    document["state"]["players"]["A"]["hand"] = [
        {"name": "Own card", "grade": 1, "power": 6000, "shield": 5000}
    ]
    document = tb.tablet_document_load(document=document)
    response = tap(client, document, "ask:damage", query_attacker="A.circles.V", query_target="B.circles.V",
                   query_guardians=["A.hand.0"])  # fmt: skip
    assert "/query/guardians/0" in errors_of(response)
