"""The organizer fixes an event on the day from the console, on a tablet (1024×768) and on a phone (390×844),
in headless Chromium:
edit the settings, swap two players of the current round, then — the round played — re-open it and pair it
again, each step confirmed on its own page and listed in the audit. Screenshots in
test-artifacts/screenshots/day/edit-*.png."""

from __future__ import annotations

import pytest

from tests.conftest import assert_fits, save_screenshot, sign_in
from tests.tournaments.conftest import play_round
from tests.tournaments.day.conftest import staff_event
from tournaments import services
from tournaments.models import EventChange, MatchStatus, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_edit_swap_reopen_and_re_pair(live_server, page_at, viewport_name, organizer):
    event = staff_event(organizer, players=8)
    round_1 = services.round_pair_next(event=event, user=organizer)
    base = live_server.url
    page = page_at(viewport_name)
    sign_in(page, base, organizer)

    # Edit: the game is fixed (greyed out, with why); the round time and the number of rounds change.
    page.goto(f"{base}/events/{event.pk}/console/")
    assert_fits(page)
    page.get_by_test_id("event-edit-link").click()
    assert_fits(page)
    assert page.locator("#id_game").is_disabled()
    assert "Fixed once round 1 is paired." in page.content()
    page.fill("#id_round_minutes", "40")
    page.fill("#id_swiss_rounds_override", "4")
    page.fill("#id_reason", "Hall closes early")
    page.get_by_test_id("save-event").click()
    page.get_by_test_id("event-changes").wait_for()
    audit = page.get_by_test_id("event-changes").inner_text()
    assert "Round time (minutes)" in audit and "Hall closes early" in audit
    assert_fits(page)
    save_screenshot(page, f"day/edit-settings-{viewport_name}")
    page.goto(f"{base}/events/{event.pk}/console/")
    assert "Swiss round 1 of 4" in page.content()

    # Swap: the first player of table 1 and of table 2 change seats.
    t1, t2 = round_1.matches.filter(player_b__isnull=False).order_by("table")[:2]
    page.get_by_test_id("round-tools-link").click()
    page.select_option("#swap-first", str(t1.player_a_id))
    page.select_option("#swap-second", str(t2.player_a_id))
    page.fill("#swap-reason", "Brothers")
    page.get_by_test_id("swap").click()
    page.get_by_test_id("round-pairings").wait_for()
    first_row = page.get_by_test_id("round-pairings").locator("tbody tr").first.inner_text()
    assert str(t2.player_a.player) in first_row and str(t1.player_b.player) in first_row
    assert "Brothers" in page.get_by_test_id("event-changes").inner_text()
    assert_fits(page)
    save_screenshot(page, f"day/edit-swap-{viewport_name}")

    # Re-open the played round, then pair it again: each behind its confirmation page.
    play_round(event, Round.objects.get(event=event, number=1), organizer)
    page.reload()
    page.get_by_test_id("reopen-link").click()
    page.get_by_test_id("confirm-reopen").wait_for()
    assert_fits(page)
    save_screenshot(page, f"day/edit-reopen-confirm-{viewport_name}")
    page.fill("#reason", "Slips mixed up")
    page.get_by_test_id("confirm-reopen").click()
    page.get_by_test_id("round-pairings").wait_for()
    assert (
        not Round.objects.get(event=event, number=1)
        .matches.filter(player_b__isnull=False, status=MatchStatus.CONFIRMED)
        .exists()
    )
    page.get_by_test_id("repair-link").click()
    page.get_by_test_id("confirm-repair").wait_for()
    assert "will be discarded" in page.content()
    page.fill("#reason", "Pair from scratch")
    page.get_by_test_id("confirm-repair").click()
    page.get_by_test_id("round-pairings").wait_for()
    assert "Round 1 paired again" in page.get_by_test_id("event-changes").inner_text()
    assert_fits(page)
    save_screenshot(page, f"day/edit-round-{viewport_name}")
    assert set(EventChange.objects.filter(event=event).values_list("action", flat=True)) == {
        "edit", "swap", "reopen", "repair",
    }  # fmt: skip
