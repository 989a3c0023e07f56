"""In Chromium, on a tablet (1024×768) and on a phone (390×844): the check-in desk (search, one tap), the
warnings before pairing (shown, then "Pair anyway"), and the check-in QR code on a player's page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from core.models import Role, User
from tests.conftest import assert_fits, save_screenshot, sign_in
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Registration, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _user(username: str, display_name: str, role=Role.PLAYER) -> User:
    return User.objects.create_user(username, role=role, display_name=display_name)


def test_desk_search_and_check_in(live_server, page_at, viewport_name):
    organizer = _user("orga-d", "Orga D", role=Role.ORGANIZER)
    keeper = _user("keeper-d", "Keeper D", role=Role.JUDGE)
    event = make_event(organizer, players=12, check_in=False, name="Desk Open")
    services.event_add_staff(event=event, user=keeper, role="scorekeeper", by=organizer)
    eloise = _user("eloise", "Éloïse Lefèvre")
    services.registration_create(event=event, player=eloise)
    page = page_at(viewport_name)
    sign_in(page, live_server.url, keeper)
    page.goto(f"{live_server.url}/events/{event.pk}/desk/")
    expect(page.get_by_test_id("desk-counts")).to_contain_text("0 checked in of 13 registered")
    assert_fits(page)
    page.get_by_test_id("desk-search").fill("eloise lefe")  # no accents typed
    expect(page.locator('[data-testid="desk-results"] > li')).to_have_count(1)
    page.get_by_test_id("desk-check-in-eloise").click()
    expect(page.get_by_test_id("desk-done")).to_contain_text("is checked in")
    expect(page.get_by_test_id("desk-counts")).to_contain_text("1 checked in of 13 registered")
    page.get_by_test_id("desk-undo-eloise").wait_for()
    assert Registration.objects.get(event=event, player=eloise).status == "checked_in"
    assert_fits(page)
    save_screenshot(page, f"tournaments/checkin-desk-{viewport_name}")


def test_pairing_warnings_then_pair_anyway(live_server, page_at, viewport_name):
    organizer = _user("orga-w", "Orga W", role=Role.ORGANIZER)
    event = make_event(organizer, players=6, name="Warned Open")
    absent = _user("absent", "Absent Player")
    services.registration_create(event=event, player=absent)
    page = page_at(viewport_name)
    sign_in(page, live_server.url, organizer)
    page.goto(f"{live_server.url}/events/{event.pk}/console/")
    page.get_by_test_id("start-next-round").click()
    page.get_by_test_id("pair-warnings").wait_for()
    expect(page.get_by_test_id("warning-not_checked_in")).to_contain_text("Absent Player")
    expect(page.get_by_test_id("warning-missing_deck_list")).to_contain_text("6")
    assert not Round.objects.filter(event=event).exists()
    assert_fits(page)
    save_screenshot(page, f"tournaments/pairing-warnings-{viewport_name}")
    page.get_by_test_id("pair-anyway").click()
    page.get_by_test_id("round-progress").wait_for()
    assert Round.objects.filter(event=event, number=1).exists()
    assert_fits(page)


def test_check_in_qr_code(live_server, page_at, viewport_name):
    organizer = _user("orga-q", "Orga Q", role=Role.ORGANIZER)
    event = make_event(organizer, name="QR Open")
    event.self_check_in_staff_only = True
    event.save()
    player = _user("phone-p", "Phone Player")
    services.registration_create(event=event, player=player)
    page = page_at(viewport_name)
    sign_in(page, live_server.url, player)
    page.goto(f"{live_server.url}/events/{event.pk}/me/")
    qr = page.locator('[data-testid="checkin-qr"] svg')
    qr.wait_for()
    box = qr.bounding_box()
    assert box and 150 <= box["width"] <= 300 and abs(box["width"] - box["height"]) < 2
    expect(page.get_by_test_id("self-check-in-policy")).to_contain_text("check-in desk")
    assert page.get_by_test_id("check-in").count() == 0
    assert_fits(page)
    save_screenshot(page, f"tournaments/checkin-qr-{viewport_name}")
