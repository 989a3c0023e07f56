"""End to end in Chromium, on a tablet (1024×768) and on a phone (390×844): the organizer pairs a round and
enters a result on the event page; a player finds their table and reports; a phone report is picked, checked,
sent and undone before the opponent confirms."""

from __future__ import annotations

import pytest

from core.models import Role, User
from tests.conftest import assert_fits, save_screenshot, sign_in
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Match, Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organizer_pairs_and_enters_a_result(live_server, page_at, viewport_name):
    organizer = User.objects.create_user("orga-b", role=Role.ORGANIZER, display_name="Orga B")
    event = make_event(organizer, players=10, name="Browser Open")
    page = page_at(viewport_name)
    sign_in(page, live_server.url, organizer)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    assert_fits(page)
    page.get_by_test_id("pair-next").click()
    # nobody has a deck list: the warnings come first, and one tap pairs anyway
    page.get_by_test_id("warning-missing_deck_list").wait_for()
    assert_fits(page)
    page.get_by_test_id("pair-anyway").click()
    page.get_by_test_id("round-link").click()
    page.wait_for_url(f"{live_server.url}/events/{event.pk}/rounds/1/", wait_until="domcontentloaded")
    row = page.locator('[data-testid="match-row"][data-table="1"]')
    row.locator('input[name="games_a"]').fill("2")
    row.locator('input[name="games_b"]').fill("1")
    row.locator("button[type=submit]").click()
    result = page.locator('[data-testid="match-row"][data-table="1"] [data-testid="result"]')
    result.wait_for()
    assert "2-1" in result.inner_text()
    assert Match.objects.get(round__event=event, table=1).status == "confirmed"
    assert_fits(page)
    save_screenshot(page, f"tournaments/round-entry-{viewport_name}")


def test_player_finds_their_table_and_reports(live_server, page_at, viewport_name):
    organizer = User.objects.create_user("orga-c", role=Role.ORGANIZER)
    event = make_event(organizer, players=4, name="Phone Open")
    match = services.round_pair_next(event=event, user=organizer).matches.get(table=1)
    player = match.player_a.player
    page = page_at(viewport_name)
    sign_in(page, live_server.url, player)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    assert "table 1" in page.get_by_test_id("my-match").inner_text().lower()
    assert_fits(page)
    page.get_by_test_id("my-match").locator("a").click()
    form = page.get_by_test_id("result-form")
    assert form.count() == 1
    form.locator('input[name="games_a"]').fill("2")
    form.locator('input[name="games_b"]').fill("0")
    form.locator("button[type=submit]").click()
    page.locator('[data-testid="match-row"][data-table="1"] [data-testid="result"]').wait_for()
    match.refresh_from_db()
    assert match.status == "reported" and match.games_a == 2
    assert Registration.objects.get(pk=match.player_a_id).player == player
    assert_fits(page)
    save_screenshot(page, f"tournaments/report-{viewport_name}")


def test_a_phone_report_is_picked_checked_sent_and_can_be_undone(live_server, page_at, viewport_name):
    """Issue 17: a confirmation step before sending (tapping a result only picks it) and an undo until the
    opponent confirms."""
    organizer = User.objects.create_user("orga-u", role=Role.ORGANIZER)
    event = make_event(organizer, players=4, name="Undo Open")
    match = services.round_pair_next(event=event, user=organizer).matches.get(table=1)
    page = page_at(viewport_name)
    sign_in(page, live_server.url, match.player_b.player)
    page.goto(f"{live_server.url}/events/{event.pk}/me/")
    send = page.get_by_test_id("send-report")
    assert not send.is_visible()
    page.get_by_test_id("report-2-1").click()
    assert send.is_visible() and Match.objects.get(pk=match.pk).status == "pending"  # picked, not sent
    assert_fits(page)
    save_screenshot(page, f"tournaments/report-picked-{viewport_name}")
    send.click()
    page.get_by_test_id("withdraw").wait_for()
    match.refresh_from_db()
    assert (match.status, match.games_a, match.games_b) == ("reported", 1, 2)  # B's 2-1, as A-B
    page.get_by_test_id("withdraw").click()
    page.get_by_test_id("report-form").wait_for()
    match.refresh_from_db()
    assert (match.status, match.kind, match.reported_by_id) == ("pending", "", None)
    page.get_by_test_id("report-2-0").click()
    page.get_by_test_id("send-report").click()
    page.get_by_test_id("reported").wait_for()
    assert Match.objects.get(pk=match.pk).games_b == 2
    assert_fits(page)

    # the opponent confirms on their own screen; the undo is gone then
    opponent = page_at(viewport_name)
    sign_in(opponent, live_server.url, match.player_a.player)
    opponent.goto(f"{live_server.url}/events/{event.pk}/me/")
    assert "reported" in opponent.get_by_test_id("to-confirm").inner_text()
    opponent.get_by_test_id("confirm").click()
    opponent.get_by_test_id("result-confirmed").wait_for()
    assert_fits(opponent)
    save_screenshot(opponent, f"tournaments/report-confirmed-{viewport_name}")
    page.reload()
    assert page.get_by_test_id("withdraw").count() == 0
    assert Match.objects.get(pk=match.pk).status == "confirmed"
