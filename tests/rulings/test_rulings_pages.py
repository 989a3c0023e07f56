"""The tablet's taps (through the test client), the catalogue, saved rulings, event logs and who sees what."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.core.exceptions import PermissionDenied

from core.models import Role
from rulings.models import SavedRuling
from rulings.services.rulings import ruling_review

from .rulings_documents import YGO_BATTLE
from .rulings_factories import PASSWORD, event_with_staff, person, saved_ruling

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


@pytest.mark.parametrize("game", ["yugioh", "vanguard", "rayman", "arrows"])
def test_empty_board_of_every_game(client, game):
    response = client.get("/rulings/", {"game": game})
    assert response.status_code == 200
    document = document_of(response)
    assert document["game"] == game and document["actions"] == []
    assert set(document["state"]["players"]) == {"A", "B"}
    assert 'data-testid="board"' in response.content.decode()


def test_add_toggle_remove_a_card(client):
    document = document_of(client.get("/rulings/"))
    fields = {"card_player": "A", "card_zone": "monsters", "card_slot": "2", "card_name": "Warwolf",
              "card_kind": "monster", "card_level": "4", "card_atk": "2000", "card_def": "100",
              "card_position": "attack", "card_face_up": "yes"}  # fmt: skip
    response = tap(client, document, "add_card", **fields)
    assert not errors_of(response)
    document = document_of(response)
    monster = document["state"]["players"]["A"]["monsters"][2]
    assert monster["name"] == "Warwolf" and monster["atk"] == 2000 and monster["position"] == "attack"
    document = document_of(tap(client, document, "toggle:A.monsters.2:position"))
    assert document["state"]["players"]["A"]["monsters"][2]["position"] == "defense"
    document = document_of(tap(client, document, "toggle:A.monsters.2:attacked_this_turn"))
    assert document["state"]["players"]["A"]["monsters"][2]["attacked_this_turn"] is True
    document = document_of(tap(client, document, "remove:A.monsters.2"))
    assert document["state"]["players"]["A"]["monsters"][2] is None


def test_a_card_the_engine_refuses_is_not_added(client):
    document = document_of(client.get("/rulings/"))
    response = tap(client, document, "add_card", card_player="A", card_zone="monsters", card_name="Bad",
                   card_kind="monster", card_level="4", card_atk="-5", card_def="0")  # fmt: skip
    assert "/state/players/A/monsters/0/atk" in errors_of(response)
    assert document_of(response) == document


def test_situation_header(client):
    document = document_of(client.get("/rulings/"))
    response = tap(client, document, "header", turn="5", turn_player="B", phase="battle", A_lp="3000",
                   B_lp="8000", A_deck="12", B_deck="30", B_normal_summon_used="on")  # fmt: skip
    state = document_of(response)["state"]
    assert (state["turn"], state["turn_player"], state["phase"]) == (5, "B", "battle")
    assert state["players"]["A"]["lp"] == 3000 and state["players"]["A"]["deck"] == 12
    assert state["players"]["B"]["normal_summon_used"] is True


def test_paste_bad_json_shows_the_path_and_keeps_the_board(client):
    document = document_of(client.get("/rulings/"))
    response = tap(client, document, "load", paste="{oops")
    assert "Not valid JSON" in errors_of(response)
    assert document_of(response) == document


def test_paste_then_step_through(client):
    document = document_of(client.get("/rulings/"))
    response = tap(client, document, "load", paste=json.dumps(YGO_BATTLE))
    assert not errors_of(response)
    html = response.content.decode()
    assert "After step 1 of 1" in html and "600" in html
    loaded = document_of(response)
    start = tap(client, loaded, "cursor:-1").content.decode()
    assert "Start of the situation" in start
    assert re.search(r'data-testid="B-lp">LP <b>8000</b>', start)


def test_upload_a_document(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    document = document_of(client.get("/rulings/"))
    upload = SimpleUploadedFile("call.json", json.dumps(YGO_BATTLE).encode(), content_type="application/json")
    response = client.post(
        TAP, {"document": json.dumps(document), "op": "load", "upload": upload}, HTTP_HX_REQUEST="true"
    )
    assert document_of(response)["actions"] == YGO_BATTLE["actions"]


def test_legal_action_buttons_and_malformed_action_refused(client):
    document = document_of(
        tap(client, document_of(client.get("/rulings/")), "load", paste=json.dumps(YGO_BATTLE))
    )
    html = tap(client, {**document, "actions": []}, "refresh").content.decode()
    assert 'data-testid="legal-A"' in html
    bad = {"player": "A", "type": "attack", "attacker": "A.monsters.4", "target": None}
    response = tap(client, document, "act:" + json.dumps(bad))
    assert "/actions/1/attacker" in errors_of(response)
    assert document_of(response)["actions"] == document["actions"]


def test_questions(client):
    document = document_of(
        tap(client, document_of(client.get("/rulings/")), "load", paste=json.dumps(YGO_BATTLE))
    )
    document = {**document, "actions": []}
    html = tap(
        client, document, "ask:damage", query_attacker="A.monsters.0", query_target="B.monsters.0"
    ).content
    assert 'data-testid="answer-damage">A: 0, B: 600' in html.decode()
    html = tap(client, document, "ask:deck_out", query_player="B").content.decode()
    assert 'data-testid="answer-loses"' in html


def test_card_search_adds_a_database_card(client):
    from decks.models import Card
    from decks.names import normalise_name

    Card.objects.create(
        game="yugioh", key="46986414", name="Dark Magician", name_fr="Magicien Sombre",
        name_norm=normalise_name("Dark Magician"), name_fr_norm=normalise_name("Magicien Sombre"),
        kind="monster", stats={"level": 7, "atk": 2500, "def": 2100},
    )  # fmt: skip
    html = client.get(
        "/rulings/tablet/cards/", {"q": "magicien sombre", "new_game": "yugioh"}
    ).content.decode()
    assert "Dark Magician" in html
    value = unescape(re.search(r'value="(add_found:[^"]*)"', html).group(1))
    document = document_of(client.get("/rulings/"))
    response = tap(client, document, value, card_player="A", card_zone="hand")
    assert not errors_of(response)
    card = document_of(response)["state"]["players"]["A"]["hand"][0]
    assert card["name"] == "Dark Magician" and card["atk"] == 2500


def test_bare_card_id_resolved_through_the_card_database(client):
    from decks.models import Card, CardKey
    from decks.names import normalise_name

    card = Card.objects.create(
        game="yugioh", key="46986414", name="Dark Magician", name_norm=normalise_name("Dark Magician"),
        kind="monster", stats={"level": 7, "atk": 2500, "def": 2100},
    )  # fmt: skip
    CardKey.objects.create(game="yugioh", key="46986414", card=card)
    doc = json.loads(json.dumps(YGO_BATTLE))
    doc["state"]["players"]["A"]["hand"] = [{"id": 46986414}]
    response = client.post("/api/rulings/replay/", data=json.dumps(doc), content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["state"]["players"]["A"]["hand"][0]["atk"] == 2500


def test_catalogue_and_rule_pages(client):
    html = client.get("/rulings/rules/", {"game": "yugioh"}).content.decode()
    assert 'id="YGO-BATTLE-ATK-VS-ATK"' in html and "passage" in html
    response = client.get("/rulings/rules/yugioh/YGO-BATTLE-ATK-VS-ATK/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'data-testid="passage"' in response.content.decode()
    assert client.get("/rulings/rules/yugioh/NOPE/").status_code == 404


def test_french_page(client):
    client.cookies["django_language"] = "fr"
    response = client.get("/rulings/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200


# --- saving, links, logs, permissions -------------------------------------------------------------------


def test_save_from_the_tablet_then_anyone_with_the_link_reads_it(client):
    event, people = event_with_staff(dana="judge")
    client.login(username="dana", password=PASSWORD)
    document = document_of(client.get("/rulings/"))
    document = document_of(tap(client, document, "load", paste=json.dumps(YGO_BATTLE)))
    response = tap(
        client,
        document,
        "save",
        note="Battle at table 7",
        event=str(event.pk),
        round_number="2",
        table_number="7",
    )
    assert response.status_code == 204
    ruling = SavedRuling.objects.get()
    assert response["HX-Redirect"] == f"/rulings/r/{ruling.slug}/"
    assert (ruling.event, ruling.round_number, ruling.table_number, ruling.created_by) == (
        event,
        2,
        7,
        people["dana"],
    )
    assert ruling.answer["steps"][0]["legal"] is True
    client.logout()
    page = client.get(f"/rulings/r/{ruling.slug}/")  # documented choice: the link is the permission
    assert page.status_code == 200 and "Battle at table 7" in page.content.decode()
    assert client.get(f"/rulings/r/{ruling.slug}/document.json").json()["game"] == "yugioh"
    reopened = client.get("/rulings/", {"from": ruling.slug})
    assert document_of(reopened)["actions"] == YGO_BATTLE["actions"]


def test_saving_needs_a_login_and_staff_for_the_event(client):
    event, _people = event_with_staff()
    document = document_of(
        tap(client, document_of(client.get("/rulings/")), "load", paste=json.dumps(YGO_BATTLE))
    )
    assert "Log in" in errors_of(tap(client, document, "save"))
    person("outsider")
    client.login(username="outsider", password=PASSWORD)
    response = tap(client, document, "save", event=str(event.pk))
    assert "staff" in errors_of(response)
    assert SavedRuling.objects.count() == 0
    assert tap(client, document, "save").status_code == 204  # no event: a personal ruling


def test_unknown_slug_is_404(client):
    assert client.get("/rulings/r/nope/").status_code == 404


def test_event_log_is_for_that_events_staff_only(client):
    event, people = event_with_staff(dana="judge", hugo="head_judge")
    other, _ = event_with_staff(name="Other", olga="judge")
    saved_ruling(user=people["dana"], event=event, round_number=1, table_number=3, note="Chain question")
    url = f"/rulings/events/{event.pk}/log/"
    assert client.get(url).status_code == 302  # anonymous: log in first
    for username, status in [("olga", 403), ("dana", 200), ("hugo", 200)]:
        client.login(username=username, password=PASSWORD)
        response = client.get(url)
        assert response.status_code == status, username
        if status == 200:
            assert "Chain question" in response.content.decode()
    player = person("pia", Role.PLAYER)
    client.force_login(player)
    assert client.get(url).status_code == 403
    client.force_login(people["organizer"])
    assert client.get(url).status_code == 200
    assert client.get(f"/rulings/events/{other.pk}/log/").status_code == 403


def test_event_log_query_count_does_not_grow(client, django_assert_max_num_queries):
    event, people = event_with_staff(hugo="head_judge")
    client.force_login(people["hugo"])
    saved_ruling(user=people["hugo"], event=event, round_number=1)
    with django_assert_max_num_queries(12) as few:
        client.get(f"/rulings/events/{event.pk}/log/")
    for n in range(15):
        saved_ruling(user=people["hugo"], event=event, round_number=n % 3, table_number=n)
    with django_assert_max_num_queries(len(few.captured_queries)):
        response = client.get(f"/rulings/events/{event.pk}/log/")
    assert response.content.decode().count('data-testid="log-row"') == 16


def test_round_filter(client):
    event, people = event_with_staff(hugo="head_judge")
    saved_ruling(user=people["hugo"], event=event, round_number=1, note="first")
    saved_ruling(user=people["hugo"], event=event, round_number=2, note="second")
    client.force_login(people["hugo"])
    html = client.get(f"/rulings/events/{event.pk}/log/", {"round": "2"}).content.decode()
    assert "second" in html and "first" not in html


def test_review_by_head_judge_or_organizer_only(client):
    event, people = event_with_staff(dana="judge", hugo="head_judge")
    ruling = saved_ruling(user=people["dana"], event=event, round_number=1)
    with pytest.raises(PermissionDenied):
        ruling_review(ruling=ruling, user=people["dana"], reviewed=True, comment="me")
    client.force_login(people["dana"])
    assert client.post(f"/rulings/r/{ruling.slug}/review/", {"reviewed": "on"}).status_code == 403
    client.force_login(people["hugo"])
    response = client.post(f"/rulings/r/{ruling.slug}/review/", {"reviewed": "on", "comment": "Correct call"})
    assert response.status_code == 302
    ruling.refresh_from_db()
    assert (
        ruling.reviewed and ruling.review_comment == "Correct call" and ruling.reviewed_by == people["hugo"]
    )
    client.force_login(people["organizer"])
    client.post(f"/rulings/r/{ruling.slug}/review/", {"comment": "reopened"})
    ruling.refresh_from_db()
    assert not ruling.reviewed and ruling.reviewed_by is None


def test_a_ruling_without_event_cannot_be_reviewed(client):
    judge = person("dana")
    ruling = saved_ruling(user=judge)
    client.force_login(judge)
    assert client.post(f"/rulings/r/{ruling.slug}/review/", {"reviewed": "on"}).status_code == 403


def test_slugs_are_unguessable():
    rulings = [saved_ruling() for _ in range(5)]
    slugs = {r.slug for r in rulings}
    assert len(slugs) == 5 and all(len(s) >= 12 for s in slugs)
