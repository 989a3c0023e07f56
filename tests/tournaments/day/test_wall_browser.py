"""The wall in headless Chromium: no site menu, the projector turns its pages (short interval) and answers the
keyboard, long lists stay one screen high; the event lists and the wall fit a phone (390 px) and a tablet
without sideways scrolling.
Screenshots in test-artifacts/screenshots/wall/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import assert_fits, save_screenshot, sign_in
from tests.tournaments.day.conftest import played_event
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _page_number(page) -> str:
    return page.locator("[data-projector]").get_attribute("data-page")


def test_projector_turns_pages_and_answers_the_keyboard(live_server, page_at, organizer):
    event = played_event(organizer, players=40, rounds=1)
    services.round_pair_next(event=event, user=organizer)
    base = live_server.url

    wall = page_at("tablet")
    wall.goto(f"{base}/events/{event.pk}/wall/pairings/")
    assert wall.locator(".site-header, #site-nav, .site-footer").count() == 0
    save_screenshot(wall, "wall/pairings-by-name-tablet")
    wall.get_by_test_id("projector-link").click()
    wall.wait_for_selector("[data-projector][data-ready='1']")
    assert wall.locator(".site-header, .wall-tabs").count() == 0
    # 40 players, 10 rows a page, a page a second: 4 pages, turning by themselves
    wall.goto(f"{base}/events/{event.pk}/wall/pairings/?projector=1&rows=10&every=1")
    wall.wait_for_selector("[data-projector][data-pages='4']")
    assert wall.locator("tbody[data-paged] tr:not([hidden])").count() == 10
    first_names = wall.locator("tbody[data-paged] tr:not([hidden]) td:first-child").all_inner_texts()
    wall.wait_for_selector("[data-projector][data-page='2']", timeout=5000)
    second_names = wall.locator("tbody[data-paged] tr:not([hidden]) td:first-child").all_inner_texts()
    assert len(second_names) == 10 and not set(first_names) & set(second_names)
    assert "Page 2 of 4" in wall.get_by_test_id("projector-page").inner_text()

    # Space pauses: the page stays; → and ← turn it by hand; Home goes back to the first
    wall.locator("body").press(" ")
    paused_at = _page_number(wall)
    wall.wait_for_timeout(2500)
    assert _page_number(wall) == paused_at
    assert wall.get_by_test_id("projector-pause").inner_text() == "Resume"
    wall.keyboard.press("ArrowRight")
    assert _page_number(wall) == str(int(paused_at) % 4 + 1)
    wall.keyboard.press("ArrowLeft")
    wall.keyboard.press("Home")
    assert _page_number(wall) == "1"
    save_screenshot(wall, "wall/projector-paused-tablet")
    wall.get_by_test_id("projector-pause").click()  # resume by the button
    wall.wait_for_selector("[data-projector][data-page='2']", timeout=5000)


def test_projector_fits_a_long_list_on_one_screen(live_server, page_at, organizer):
    event = played_event(organizer, players=120, rounds=1)
    page = page_at("tablet")
    page.goto(f"{live_server.url}/events/{event.pk}/wall/standings/?projector=1")
    page.wait_for_selector("[data-projector][data-ready='1']")
    pages = int(page.locator("[data-projector]").get_attribute("data-pages"))
    shown = page.locator("tbody[data-paged] tr:not([hidden])").count()
    assert pages > 1 and shown * pages >= 120
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    save_screenshot(page, "wall/projector-standings-tablet")


def test_event_lists_and_wall_fit_the_screen(live_server, page_at, viewport_name, organizer):
    event = played_event(organizer, players=8, rounds=1, name="Championnat régional de Lyon-Villeurbanne")
    base = live_server.url
    page = page_at(viewport_name)
    page.goto(f"{base}/events/")
    page.get_by_test_id("event-list").wait_for()
    assert_fits(page)
    save_screenshot(page, f"wall/event-list-{viewport_name}")
    walls = ("pairings/", "pairings/?by=table", "standings/", "clock/", "bracket/")
    for path in (f"wall/{wall}" for wall in walls):
        page.goto(f"{base}/events/{event.pk}/{path}")
        assert page.locator(".site-header, #site-nav, .site-footer").count() == 0, path  # no site menu
        assert_fits(page)
    save_screenshot(page, f"wall/standings-{viewport_name}")

    sign_in(page, base, organizer)
    for path in ("/events/mine/", "/events/console/", "/"):
        page.goto(f"{base}{path}")
        assert_fits(page)
    save_screenshot(page, f"wall/my-events-{viewport_name}")


def test_projector_picks_up_the_next_round_without_reloading(live_server, page_at, organizer):
    event = played_event(organizer, players=8, rounds=1)
    page = page_at("tablet")
    page.goto(f"{live_server.url}/events/{event.pk}/wall/pairings/?projector=1&every=1&refresh=1")
    page.wait_for_selector("[data-projector][data-ready='1']")
    assert page.locator(".wall-heading").inner_text().endswith("round 1")
    page.evaluate("window.stillTheSamePage = true")
    services.round_pair_next(event=event, user=organizer)
    expect(page.locator(".wall-heading")).to_have_text(re.compile(r"round 2$"), timeout=10_000)
    assert page.evaluate("window.stillTheSamePage === true")  # swapped in, not reloaded
    assert page.locator("tbody[data-paged] tr").count() == 8
