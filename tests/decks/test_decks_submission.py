"""Deck-list submission through the API: versions, permissions, deadline lock and judge unlock, exports."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decks.formats import parse_deck
from decks.models import DeckAuditEntry, DeckList, DeckListVersion, ImmutableRow
from tests.decks.conftest import LEGAL_TEXT, LEGAL_YDK, make_event, registration_of

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def submit(user, event, content, **extra):
    return client_for(user).post(
        "/api/decklists/", {"event": event.pk, "content": content, **extra}, format="json"
    )


def test_submit_creates_immutable_versions_with_hash(event, player):
    first = submit(player, event, LEGAL_YDK)
    assert first.status_code == 201, first.json()
    body = first.json()
    assert body["version"] == 1 and body["format"] == "ydk" and len(body["content_hash"]) == 64
    assert body["report"]["legal"] is True
    second = submit(player, event, LEGAL_TEXT)
    assert second.status_code == 201 and second.json()["version"] == 2
    versions = list(DeckListVersion.objects.order_by("number"))
    assert [v.format for v in versions] == ["ydk", "text"]
    assert versions[0].source == LEGAL_YDK
    with pytest.raises(ImmutableRow):
        versions[0].save()
    with pytest.raises(ImmutableRow):
        versions[0].delete()
    # Same content, same hash: resubmitting the .ydk gives version 3 with version 1's hash.
    third = submit(player, event, LEGAL_YDK).json()
    assert third["content_hash"] == body["content_hash"]


@pytest.mark.parametrize("fmt", ["ydk", "ydke", "text"])
def test_export_round_trips_exactly(event, player, fmt):
    deck_id = submit(player, event, LEGAL_YDK).json()["deck_list"]
    exported = client_for(player).get(f"/api/decklists/{deck_id}/export/?to={fmt}")
    assert exported.status_code == 200, exported.json()
    content = exported.json()["content"]
    assert parse_deck(content, format=fmt) == parse_deck(LEGAL_YDK, format="ydk")
    # …and what was exported submits again to the same content hash.
    again = submit(player, event, content, format=fmt).json()
    assert again["content_hash"] == DeckListVersion.objects.get(number=1).content_hash


def test_text_list_exports_as_text_and_refuses_ydk_with_a_clear_error(event, player):
    deck_id = submit(player, event, LEGAL_TEXT).json()["deck_list"]
    text = client_for(player).get(f"/api/decklists/{deck_id}/export/?to=text").json()["content"]
    assert parse_deck(text, format="text") == parse_deck(LEGAL_TEXT, format="text")
    response = client_for(player).get(f"/api/decklists/{deck_id}/export/?to=ydk")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/to"


@pytest.mark.parametrize(
    ("fmt", "content", "code", "fragment"),
    [
        ("ydk", "#created by hand\n#main\n89631139\n12ab\n!side\n", "unreadable", "Line 4"),
        # The same .ydk pasted without a file name or format: found by its markers, the line is named.
        (None, "#created by hand\n#main\n89631139\n12ab\n!side\n", "unreadable", "Line 4"),
        (None, "#main\n89631139\n89631139\n12ab\n#extra\n!side\n", "unreadable", "Line 4"),
        (None, "ydke://AAAA!!!!x", "unreadable", "YDKE"),
        (None, "", None, "content"),
        (None, "#main\n" + "89631139\n" * 8000, "too_large", "64 KB"),
        (None, "#main\n12345678\n", "illegal_deck", "passcode 12345678"),
    ],
    ids=[
        "malformed-line",
        "pasted-ydk-created-by",
        "pasted-ydk-markers",
        "broken-ydke",
        "empty",
        "too-large",
        "unknown-passcode",
    ],
)
def test_bad_submissions_are_refused_and_nothing_is_saved(event, player, fmt, content, code, fragment):
    response = submit(player, event, content, **({"format": fmt} if fmt else {}))
    assert 400 <= response.status_code < 500
    errors = response.json()["errors"]
    assert any(fragment in e["message"] or fragment in e["path"] for e in errors), errors
    if code:
        assert errors[0]["code"] in {code, "unknown_card", "main_too_small"}
    assert not DeckListVersion.objects.exists()


def test_illegal_deck_lists_every_problem(event, player):
    text = LEGAL_TEXT.replace("1 Kuriboh\n", "1 Pot of Greed\n3 Sangan\n")
    response = submit(player, event, text)
    assert response.status_code == 400
    codes = {p["code"] for p in response.json()["report"]["problems"]}
    assert codes == {"forbidden", "too_many_copies"}
    messages = " ".join(p["message"] for p in response.json()["report"]["problems"])
    assert "Pot of Greed" in messages and "Sangan: 6 copies" in messages
    assert not DeckList.objects.filter(versions__isnull=False).exists()


def test_players_see_and_change_only_their_own(event, player, other_player, judge, organizer):
    deck_id = submit(player, event, LEGAL_YDK).json()["deck_list"]
    assert client_for(other_player).get(f"/api/decklists/{deck_id}/").status_code == 403
    assert APIClient().get(f"/api/decklists/{deck_id}/").status_code == 403
    assert client_for(judge).get(f"/api/decklists/{deck_id}/").status_code == 200
    assert client_for(organizer).get(f"/api/decklists/{deck_id}/").status_code == 200
    # Someone else's registration: refused.
    foreign = registration_of(event, player)
    response = submit(other_player, event, LEGAL_YDK, registration=foreign.pk)
    assert response.status_code == 403
    # Staff of another event cannot act on this one.
    from core.models import Role, User

    stranger = User.objects.create_user("other-judge", role=Role.JUDGE)
    make_event(organizer, judge=stranger)
    assert client_for(stranger).get(f"/api/decklists/{deck_id}/").status_code == 403
    assert client_for(stranger).post(f"/api/decklists/{deck_id}/unlock/", {"note": "x"}).status_code == 403
    # Not registered at all.
    response = submit(stranger, event, LEGAL_YDK)
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "/event"


def test_publication_makes_lists_public(event, player, organizer):
    from decks.services.decklists import event_deck_settings_update

    deck_id = submit(player, event, LEGAL_YDK).json()["deck_list"]
    assert APIClient().get(f"/api/decklists/{deck_id}/").status_code == 403
    event_deck_settings_update(event=event, user=organizer, lists_published=True)
    assert APIClient().get(f"/api/decklists/{deck_id}/").status_code == 200


def test_deadline_locks_and_a_judge_unlocks_one_player_with_a_note(event, player, judge):
    deck_id = submit(player, event, LEGAL_YDK).json()["deck_list"]
    event.decklist_deadline = timezone.now() - datetime.timedelta(minutes=1)
    event.save()
    refused = submit(player, event, LEGAL_TEXT)
    assert refused.status_code == 409
    assert "locked" in refused.json()["errors"][0]["message"]
    assert DeckListVersion.objects.count() == 1
    detail = client_for(player).get(f"/api/decklists/{deck_id}/").json()
    assert detail["locked"] is True
    # The player cannot unlock; a judge must give a note.
    assert client_for(player).post(f"/api/decklists/{deck_id}/unlock/", {"note": "please"}).status_code == 403
    assert client_for(judge).post(f"/api/decklists/{deck_id}/unlock/", {"note": ""}).status_code == 400
    unlocked = client_for(judge).post(f"/api/decklists/{deck_id}/unlock/", {"note": "Typo in a card name"})
    assert unlocked.status_code == 200
    assert submit(player, event, LEGAL_TEXT).status_code == 201
    # The new submission locks it again.
    assert submit(player, event, LEGAL_YDK).status_code == 409
    actions = list(DeckAuditEntry.objects.values_list("action", "note"))
    assert ("unlock", "Typo in a card name") in actions
    assert [a for a, _ in actions].count("submit") == 2
    assert "relock" in [a for a, _ in actions]
    assert [a for a, _ in actions].count("refused") == 2  # both refused edits are logged


def test_validate_endpoint_without_saving(yugioh_cards, banlists):
    client = APIClient()
    ok = client.post(
        "/api/decks/validate/",
        {"game": "yugioh", "content": LEGAL_YDK, "banlist": "2026.02 TCG"},
        format="json",
    )
    assert ok.status_code == 200 and ok.json()["legal"] is True
    bad = client.post(
        "/api/decks/validate/", {"game": "yugioh", "content": LEGAL_YDK, "banlist": "Nope"}, format="json"
    )
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/banlist"
    assert not DeckListVersion.objects.exists()


def test_card_search_api_and_banlists(yugioh_cards, banlists, django_assert_max_num_queries):
    client = APIClient()
    # Bounded whatever the number of cards: substring, words, corrected words (+ vocabulary stamp), fetch.
    with django_assert_max_num_queries(7):
        response = client.get("/api/cards/search/?game=yugioh&q=dragon%20blanc%20yeux%20bleu")
    assert response.status_code == 200
    assert response.json()[0]["name"] == "Blue-Eyes White Dragon"
    assert client.get("/api/cards/search/?game=chess&q=x").status_code == 400
    lists = client.get("/api/banlists/?game=yugioh").json()
    assert {b["name"] for b in lists} == {"2026.02 TCG", "2005.4 Demo GOAT"}
    tcg = next(b for b in lists if b["name"] == "2026.02 TCG")
    assert tcg["counts"]["forbidden"] == 5 and tcg["counts"]["semi_limited"] == 1


def vanguard_text_list() -> str:
    """A 50-card original-series deck from the fixture pool: 16 triggers (4 of each kind), 34 other units."""
    import csv

    from tests.decks.conftest import FIXTURES

    rows = list(csv.DictReader((FIXTURES / "vanguard-trial-deck.csv").read_text().splitlines()))
    triggers = [r["name"] for r in rows if r["trigger"] in ("critical", "heal", "draw", "stand")][:4]
    others = [r["name"] for r in rows if not r["trigger"] and r["id"].startswith("1000")]
    lines, total = [], 0
    for name in others:
        count = min(4, 34 - total)
        if count <= 0:
            break
        lines.append(f"{count} {name}")
        total += count
    lines += [f"4 {name}" for name in triggers]
    return "Main Deck:\n" + "\n".join(lines) + "\n"


def test_vanguard_text_list_round_trips(all_cards, organizer, player):
    event = make_event(organizer, game="vanguard", banlist="", players=[player])
    text = vanguard_text_list()
    response = submit(player, event, text)
    assert response.status_code == 201, response.json()
    assert response.json()["report"]["counts"] == {"ride": 0, "main": 50}
    deck_id = response.json()["deck_list"]
    exported = client_for(player).get(f"/api/decklists/{deck_id}/export/?to=text").json()["content"]
    assert parse_deck(exported, format="text") == parse_deck(text, format="text")
    # Too few triggers: refused with the precise problem.
    short = text.replace("4 Flogal\n", "")
    refused = submit(player, event, short)
    assert refused.status_code == 400
    codes = {p["code"] for p in refused.json()["report"]["problems"]}
    assert {"deck_too_small", "too_few_triggers"} <= codes


def test_ydk_without_side_marker_and_staff_submitting_for_a_player(event, player, judge, other_player):
    no_side = LEGAL_YDK.replace("!side\n", "")
    response = submit(player, event, no_side)
    assert response.status_code == 201 and response.json()["report"]["counts"]["side"] == 0
    # A judge registers the list a player handed in on paper.
    registration = registration_of(event, other_player)
    on_behalf = submit(judge, event, LEGAL_TEXT, registration=registration.pk)
    assert on_behalf.status_code == 201
    version = DeckListVersion.objects.get(deck_list__registration=registration)
    assert version.submitted_by == judge


def test_detail_and_banlist_endpoints_do_not_grow_with_rows(
    event, player, judge, django_assert_max_num_queries
):
    for _ in range(6):
        response = submit(player, event, LEGAL_YDK)
        assert response.status_code == 201
    deck_id = response.json()["deck_list"]
    client = client_for(judge)
    with django_assert_max_num_queries(8):
        body = client.get(f"/api/decklists/{deck_id}/").json()
    assert [v["number"] for v in body["versions"]] == [6, 5, 4, 3, 2, 1]
    with django_assert_max_num_queries(2):
        assert len(APIClient().get("/api/banlists/").json()) == 2
