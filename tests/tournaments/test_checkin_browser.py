"""In Chromium: the check-in desk on a tablet (search, one tap), the warnings before pairing (shown, then
"Pair anyway"), and the check-in QR code on a player's phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from core.models import Role, User
from tests.conftest import save_screenshot
from tests.tournaments.conftest import make_event
from tests.tournaments.test_browser import PASSWORD, _login
from tournaments import services
from tournaments.models import Registration, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _user(username: str, display_name: str, role=Role.PLAYER) -> User:
    return User.objects.create_user(username, password=PASSWORD, role=role, display_name=display_name)


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_desk_search_and_check_in_on_a_tablet(live_server, page_at):
    organizer = _user("orga-d", "Orga D", role=Role.ORGANIZER)
    keeper = _user("keeper-d", "Keeper D", role=Role.JUDGE)
    event = make_event(organizer, players=12, check_in=False, name="Desk Open")
    services.event_add_staff(event=event, user=keeper, role="scorekeeper", by=organizer)
    eloise = _user("eloise", "Éloïse Lefèvre")
    services.registration_create(event=event, player=eloise)
    page = page_at("tablet")
    _login(page, live_server.url, "keeper-d")
    page.goto(f"{live_server.url}/events/{event.pk}/desk/")
    expect(page.get_by_test_id("desk-counts")).to_contain_text("0 checked in of 13 registered")
    page.get_by_test_id("desk-search").fill("eloise lefe")  # no accents typed
    expect(page.locator('[data-testid="desk-results"] > li')).to_have_count(1)
    page.get_by_test_id("desk-check-in-eloise").click()
    expect(page.get_by_test_id("desk-done")).to_contain_text("is checked in")
    expect(page.get_by_test_id("desk-counts")).to_contain_text("1 checked in of 13 registered")
    page.get_by_test_id("desk-undo-eloise").wait_for()
    assert Registration.objects.get(event=event, player=eloise).status == "checked_in"
    assert _fits(page)
    save_screenshot(page, "tournaments/checkin-desk-tablet")


def test_pairing_warnings_then_pair_anyway_on_a_tablet(live_server, page_at):
    organizer = _user("orga-w", "Orga W", role=Role.ORGANIZER)
    event = make_event(organizer, players=6, name="Warned Open")
    absent = _user("absent", "Absent Player")
    services.registration_create(event=event, player=absent)
    page = page_at("tablet")
    _login(page, live_server.url, "orga-w")
    page.goto(f"{live_server.url}/events/{event.pk}/console/")
    page.get_by_test_id("start-next-round").click()
    page.get_by_test_id("pair-warnings").wait_for()
    expect(page.get_by_test_id("warning-not_checked_in")).to_contain_text("Absent Player")
    expect(page.get_by_test_id("warning-missing_deck_list")).to_contain_text("6")
    assert not Round.objects.filter(event=event).exists()
    assert _fits(page)
    save_screenshot(page, "tournaments/pairing-warnings-tablet")
    page.get_by_test_id("pair-anyway").click()
    page.get_by_test_id("round-progress").wait_for()
    assert Round.objects.filter(event=event, number=1).exists()


def test_check_in_qr_code_on_a_phone(live_server, page_at):
    organizer = _user("orga-q", "Orga Q", role=Role.ORGANIZER)
    event = make_event(organizer, name="QR Open")
    event.self_check_in_staff_only = True
    event.save()
    player = _user("phone-p", "Phone Player")
    services.registration_create(event=event, player=player)
    page = page_at("phone")
    _login(page, live_server.url, "phone-p")
    page.goto(f"{live_server.url}/events/{event.pk}/me/")
    qr = page.locator('[data-testid="checkin-qr"] svg')
    qr.wait_for()
    box = qr.bounding_box()
    assert box and 150 <= box["width"] <= 300 and abs(box["width"] - box["height"]) < 2
    expect(page.get_by_test_id("self-check-in-policy")).to_contain_text("check-in desk")
    assert page.get_by_test_id("check-in").count() == 0
    assert _fits(page)
    save_screenshot(page, "tournaments/checkin-qr-phone")
