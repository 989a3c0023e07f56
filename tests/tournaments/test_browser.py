"""End to end in Chromium: the organizer pairs a round and enters a result on a tablet; a player finds
their table and reports on a phone."""

from __future__ import annotations

import pytest

from core.models import Role, User
from tests.conftest import save_screenshot
from tests.tournaments.conftest import make_event
from tournaments.models import Match, Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "browser-pass-123"


def _login(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/", wait_until="domcontentloaded")


def _on_a_phone(page_at, live_server, player):
    """A phone signed in as this player."""
    player.set_password(PASSWORD)
    player.save()
    page = page_at("phone")
    _login(page, live_server.url, player.username)
    return page


def test_organizer_pairs_and_enters_a_result_on_a_tablet(live_server, page_at):
    organizer = User.objects.create_user(
        "orga-b", password=PASSWORD, role=Role.ORGANIZER, display_name="Orga B"
    )
    event = make_event(organizer, players=10, name="Browser Open")
    page = page_at("tablet")
    _login(page, live_server.url, "orga-b")
    page.goto(f"{live_server.url}/events/{event.pk}/")
    page.get_by_test_id("pair-next").click()
    # nobody has a deck list: the warnings come first, and one tap pairs anyway
    page.get_by_test_id("warning-missing_deck_list").wait_for()
    page.get_by_test_id("pair-anyway").click()
    page.get_by_test_id("round-link").click()
    page.wait_for_url(f"{live_server.url}/events/{event.pk}/rounds/1/", wait_until="domcontentloaded")
    row = page.locator('[data-testid="match-row"][data-table="1"]')
    row.locator('input[name="games_a"]').fill("2")
    row.locator('input[name="games_b"]').fill("1")
    row.locator("button[type=submit]").click()
    page.locator('[data-testid="match-row"][data-table="1"] [data-testid="result"]').wait_for()
    assert (
        "2-1" in page.locator('[data-testid="match-row"][data-table="1"] [data-testid="result"]').inner_text()
    )
    assert Match.objects.get(round__event=event, table=1).status == "confirmed"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    save_screenshot(page, "tournaments/round-entry-tablet")


def test_player_finds_their_table_and_reports_on_a_phone(live_server, page_at):
    organizer = User.objects.create_user("orga-c", password=PASSWORD, role=Role.ORGANIZER)
    event = make_event(organizer, players=4, name="Phone Open")
    from tournaments import services

    round_ = services.round_pair_next(event=event, user=organizer)
    match = round_.matches.get(table=1)
    player = match.player_a.player
    page = _on_a_phone(page_at, live_server, player)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    assert "table 1" in page.get_by_test_id("my-match").inner_text().lower()
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
    save_screenshot(page, "tournaments/report-phone")


def test_a_phone_report_is_picked_checked_sent_and_can_be_undone(live_server, page_at):
    """Issue 17: a confirmation step before sending (tapping a result only picks it) and an undo until the
    opponent confirms."""
    from tournaments import services

    organizer = User.objects.create_user("orga-u", password=PASSWORD, role=Role.ORGANIZER)
    event = make_event(organizer, players=4, name="Undo Open")
    match = services.round_pair_next(event=event, user=organizer).matches.get(table=1)
    page = _on_a_phone(page_at, live_server, match.player_b.player)
    page.goto(f"{live_server.url}/events/{event.pk}/me/")
    send = page.get_by_test_id("send-report")
    assert not send.is_visible()
    page.get_by_test_id("report-2-1").click()
    assert send.is_visible() and Match.objects.get(pk=match.pk).status == "pending"  # picked, not sent
    save_screenshot(page, "tournaments/report-phone-picked")
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
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
