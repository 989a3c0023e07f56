"""The whole tournament day in headless Chromium, at the sizes its users hold: the organizer on a tablet
(1024×768), six players on phones (390×844). An organizer creates the event;
players register, submit deck lists and check in; three Swiss rounds with results reported by players and
confirmed by their opponents (the rest typed or tapped into the console), one correction, a drop, the top cut,
final standings, exports and the JSON round trip. Screenshots of the key pages land in
test-artifacts/screenshots/day/."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from pathlib import Path

import pytest
from django.db.models import Q
from playwright.sync_api import expect

from core.models import Role, User
from tests.conftest import assert_fits, save_screenshot, sign_in
from tests.tournaments.day.conftest import FIXTURES, LEGAL_DECK
from tournaments.models import Event, Match, MatchStatus, Registration, ResultChange, Round
from tournaments.services.event_file import comparable, event_export

# The import at the end runs on a real Celery worker (progress bar), hence the integration marker.
pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PLAYERS = 6


def _shot(page, name: str) -> None:
    save_screenshot(page, f"day/{name}")


def _open_matches(event: Event, number: int) -> list[Match]:
    return list(
        Match.objects.filter(round__event=event, round__number=number, player_b__isnull=False)
        .select_related("player_a__player", "player_b__player")
        .order_by("table")
    )


def _play_round(event, number, orga, phones, reporter_name: str) -> None:
    """One match through the phones (report, then the opponent confirms); the others in the console: the
    first typed on the keyboard, the rest with the big buttons."""
    matches = _open_matches(event, number)
    by_phone = next(
        (m for m in matches if reporter_name in (m.player_a.player.username, m.player_b.player.username)),
        matches[0],
    )
    a, b = by_phone.player_a.player.username, by_phone.player_b.player.username
    reporter, confirmer = phones[a], phones[b]
    reporter.reload()
    reporter.get_by_test_id("report-2-1").click()  # picks the result; "Send this result" sends it
    reporter.get_by_test_id("send-report").click()
    reporter.get_by_test_id("reported").wait_for()
    confirmer.reload()
    assert "reported" in confirmer.get_by_test_id("to-confirm").inner_text()
    confirmer.get_by_test_id("confirm").click()
    confirmer.get_by_test_id("result-confirmed").wait_for()
    by_phone.refresh_from_db()
    assert (by_phone.status, by_phone.games_a, by_phone.games_b) == (MatchStatus.CONFIRMED, 2, 1)

    orga.reload()
    others = [m for m in matches if m.pk != by_phone.pk]
    for index, match in enumerate(others):
        t = match.table
        if index == 0:
            orga.get_by_test_id(f"ga-{t}").click()
            orga.keyboard.type("2")  # the cursor jumps to B's box by itself
            orga.keyboard.type("0")
            orga.keyboard.press("Enter")
            orga.get_by_test_id(f"saved-{t}").wait_for()
            if len(others) > 1:  # the cursor moved on to the next open table
                focused = orga.evaluate("document.activeElement.dataset.testid || ''")
                assert focused == f"ga-{others[1].table}"
        else:
            orga.get_by_test_id(f"quick-{t}-0-2").click()
        orga.get_by_test_id(f"saved-{t}").wait_for()
    assert not Match.objects.filter(
        round__event=event, round__number=number, status__in=[MatchStatus.PENDING, MatchStatus.REPORTED]
    ).exists()


# The organizer on a tablet only: each console journey also runs with the organizer on a phone in its own
# test (result buttons, edit/swap/re-pair, desk, warnings, penalties); the whole day again on a phone cost
# 30 s of the test budget for no page the others miss. The players are on phones here.
@pytest.mark.parametrize("viewport_name", ["tablet"])
def test_tournament_day_journey(live_server, page_at, viewport_name, tmp_path, celery_worker):
    from decks.services.cards import cards_import_file

    cards_import_file(path=FIXTURES / "yugioh-cards.json", game="yugioh")
    base = live_server.url
    organizer = User.objects.create_user("orga-day", role=Role.ORGANIZER, display_name="Olga Organizer")
    names = ["Zoé Zeller", "Adam Archer", "Mia Moreau", "Bob Brun", "Lea Laurent", "Tom Tissot"]
    players = [
        User.objects.create_user(f"day{n}", role=Role.PLAYER, display_name=name)
        for n, name in enumerate(names)
    ]

    # --- the organizer creates the event ----------------------------------------------------------------
    orga = page_at(viewport_name)
    sign_in(orga, base, organizer)
    orga.goto(f"{base}/events/console/day/")
    form = orga.get_by_test_id("new-event-form")
    form.locator("#id_name").fill("Saturday Open")
    form.locator("#id_game").select_option("yugioh")
    form.locator("#id_date").fill(datetime.date.today().isoformat())
    form.locator("#id_swiss_rounds_override").fill("3")
    form.locator("#id_top_cut_override").fill("4")
    form.locator("button[type=submit]").click()
    orga.get_by_test_id("event-status").wait_for()
    event = Event.objects.get(name="Saturday Open")
    assert event.status == "registration"
    assert_fits(orga)
    _shot(orga, f"console-new-event-{viewport_name}")

    # --- players register and submit deck lists (phones) -----------------------------------------------
    phones = {}
    for user in players:
        phone = page_at("phone")
        sign_in(phone, base, user)
        phone.goto(f"{base}/events/{event.pk}/me/")
        phone.get_by_test_id("register").click()
        phone.get_by_test_id("live").wait_for()
        phone.goto(f"{base}/decks/events/{event.pk}/")
        phone.locator("#id_text").fill(LEGAL_DECK)
        phone.get_by_test_id("submit-deck").click()
        phone.goto(f"{base}/events/{event.pk}/me/")
        assert "Received" in phone.get_by_test_id("deck-status").inner_text()
        phones[user.username] = phone
    first = phones["day0"]
    assert_fits(first)
    _shot(first, "player-registered-phone")
    assert Registration.objects.filter(event=event).count() == PLAYERS

    # --- check-in: one player on their phone, the desk finds the others by name -------------------------
    orga.goto(f"{base}/events/{event.pk}/console/")
    orga.get_by_test_id("open-check-in").click()
    orga.get_by_test_id("reg-search").wait_for()
    first.reload()
    first.get_by_test_id("check-in").click()
    first.get_by_test_id("waiting").wait_for()
    for user in players[1:]:
        orga.get_by_test_id("reg-search").fill(user.display_name.split()[0])
        expect(orga.locator('#registration-list [data-testid^="reg-"]')).to_have_count(1)
        orga.get_by_test_id(f"check-in-{user.username}").click()
        # the row's first badge is its status (the deck list's "received" badge is green too)
        status_badge = orga.locator(f'[data-testid="reg-{user.username}"] .badge').first
        expect(status_badge).to_have_class(re.compile(r"\bok\b"))
    orga.get_by_test_id("reg-search").fill("")
    assert Registration.objects.filter(event=event, status="checked_in").count() == PLAYERS
    assert_fits(orga)
    _shot(orga, f"console-check-in-{viewport_name}")

    # --- round 1: published to the phones without reloading them ---------------------------------------
    waiting = phones["day1"]
    waiting.reload()
    waiting.get_by_test_id("waiting").wait_for()
    orga.reload()
    orga.get_by_test_id("start-next-round").click()
    orga.get_by_test_id("round-progress").wait_for()
    waiting.get_by_test_id("my-table").wait_for(timeout=12_000)  # the htmx poll brought it
    my_match = Match.objects.get(
        Q(player_a__player=players[1]) | Q(player_b__player=players[1]), round__number=1
    )
    assert waiting.get_by_test_id("my-table").inner_text().endswith(str(my_match.table))
    assert_fits(waiting)
    _shot(waiting, "player-pairing-phone")

    # the clock: start it, give table 1 three minutes for a deck check; the projector page shows it
    orga.get_by_test_id("timer-start").click()
    orga.get_by_test_id("timer-pause").wait_for()
    orga.get_by_test_id("extend-table").fill("1")
    orga.get_by_test_id("extend-submit").click()
    orga.get_by_test_id("extensions").wait_for()
    assert_fits(orga)
    wall = page_at("tablet")
    wall.goto(f"{base}/events/{event.pk}/wall/clock/")
    assert "Table 1: +3 min" in wall.inner_text("body")
    _shot(wall, "wall-clock-projector")

    _play_round(event, 1, orga, phones, "day0")
    expect(orga.get_by_test_id("round-progress")).to_contain_text("3 of 3 results confirmed")
    orga.get_by_test_id("start-next-round").wait_for()
    assert_fits(orga)
    _shot(orga, f"console-results-{viewport_name}")

    # one correction, with its reason
    corrected = _open_matches(event, 1)[-1]
    orga.goto(f"{base}/events/{event.pk}/console/matches/{corrected.pk}/")
    orga.locator("#id_games_a").fill("2")
    orga.locator("#id_games_b").fill("1")
    orga.locator("#id_reason").fill("Slip filled in the wrong way round")
    assert_fits(orga)
    orga.get_by_test_id("save-correction").click()
    orga.wait_for_url(f"{base}/events/{event.pk}/console/#results", wait_until="domcontentloaded")
    change = ResultChange.objects.filter(match=corrected, action="correction").get()
    assert change.reason == "Slip filled in the wrong way round"

    # --- round 2, then a player drops from their phone ---------------------------------------------------
    orga.get_by_test_id("start-next-round").click()
    orga.get_by_test_id("round-progress").wait_for()
    _play_round(event, 2, orga, phones, "day0")
    dropper = phones["day5"]
    dropper.reload()
    dropper.locator("summary").click()
    dropper.get_by_test_id("drop-confirm").check()
    dropper.get_by_test_id("drop").click()
    dropper.get_by_test_id("dropped").wait_for()
    assert Registration.objects.get(event=event, player=players[5]).status == "dropped"

    # --- round 3: five players, one bye (the next-step button came without reloading the console) ---------
    orga.get_by_test_id("start-next-round").click()
    orga.get_by_test_id("round-progress").wait_for()
    assert (
        not Match.objects.filter(round__number=3, round__event=event)
        .filter(Q(player_a__player=players[5]) | Q(player_b__player=players[5]))
        .exists()
    )
    _play_round(event, 3, orga, phones, "day0")
    orga.get_by_test_id("start-top-cut").wait_for()  # offered as soon as the last result is in
    first.reload()
    assert "Rank" in first.get_by_test_id("my-record").inner_text()
    assert_fits(first)
    _shot(first, "player-record-phone")

    # --- the wall: pairings by name and standings ------------------------------------------------------
    orga.goto(f"{base}/events/{event.pk}/wall/pairings/?round=3")
    rows = orga.locator('[data-testid="pairings-by-name"] tbody tr td:first-child').all_inner_texts()
    assert rows == sorted(rows, key=str.casefold) and len(rows) == 5
    assert_fits(orga)
    _shot(orga, f"wall-pairings-by-name-{viewport_name}")
    phone_wall = phones["day2"]
    phone_wall.goto(f"{base}/events/{event.pk}/wall/standings/")
    assert_fits(phone_wall)
    _shot(phone_wall, "wall-standings-phone")

    # --- top cut: semi-finals and final with the big buttons --------------------------------------------
    orga.goto(f"{base}/events/{event.pk}/console/")
    orga.get_by_test_id("start-top-cut").click()
    orga.get_by_test_id("bracket").wait_for()
    orga.goto(f"{base}/events/{event.pk}/console/")
    for number, next_step in ((4, "round 5 of the top cut is paired"), (5, "the event is finished")):
        *first_matches, last = _open_matches(event, number)
        for match in first_matches:
            orga.get_by_test_id(f"quick-{match.table}-2-0").click()
            orga.get_by_test_id(f"saved-{match.table}").wait_for()
        # the round's last result pairs the next one (or ends the event): the console shows itself again
        orga.get_by_test_id(f"quick-{last.table}-2-0").click()
        orga.locator(".message.success", has_text=next_step).wait_for()
    assert Round.objects.filter(event=event, stage="top_cut").count() == 2
    event.refresh_from_db()
    assert event.status == "finished"
    orga.goto(f"{base}/events/{event.pk}/console/")
    orga.get_by_test_id("finished").wait_for()
    assert_fits(orga)
    _shot(orga, f"console-finished-{viewport_name}")
    orga.goto(f"{base}/events/{event.pk}/wall/bracket/")
    assert orga.get_by_test_id("champion").is_visible()
    assert_fits(orga)
    _shot(orga, f"wall-bracket-{viewport_name}")
    orga.goto(f"{base}/events/{event.pk}/wall/standings/")
    assert "final standings" in orga.inner_text("h1")
    _shot(orga, f"wall-final-standings-{viewport_name}")

    # --- printouts and exports --------------------------------------------------------------------------
    orga.goto(f"{base}/events/{event.pk}/console/exports/")
    assert_fits(orga)
    for kind in ("pairings-name", "slips", "standings", "decklists"):
        response = orga.request.get(f"{base}/events/{event.pk}/print/{kind}.pdf")
        assert response.status == 200 and response.body().startswith(b"%PDF"), kind
    with orga.expect_download() as download:
        orga.get_by_test_id("export-standings-csv").click()
    table = list(csv.reader(io.StringIO(Path(download.value.path()).read_text("utf-8-sig"))))
    assert table[0][0] == "Rank" and len(table) == 1 + PLAYERS
    with orga.expect_download() as download:
        orga.get_by_test_id("export-event-json").click()
    exported = tmp_path / "event.json"
    download.value.save_as(exported)
    document = json.loads(exported.read_text())
    assert comparable(document) == comparable(event_export(event=event))

    # the JSON goes back in (as on another instance) and comes out the same
    orga.goto(f"{base}/events/console/day/")
    orga.get_by_test_id("import-form").locator("input[type=file]").set_input_files(str(exported))
    orga.get_by_test_id("import-form").locator("button[type=submit]").click()
    orga.get_by_test_id("transfer-event").click(timeout=30_000)  # appears when the worker is done
    orga.get_by_test_id("event-status").wait_for()
    assert_fits(orga)
    copy = Event.objects.exclude(pk=event.pk).get()
    assert comparable(event_export(event=copy)) == comparable(document)
    _shot(orga, f"console-imported-{viewport_name}")
