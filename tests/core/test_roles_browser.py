"""In the browser, on the tablet (1024×768) and the phone (390×844): a stranger signs up (a player), asks to
organize, an administrator approves with a note, and the person can now create events."""

import pytest

from core.models import Role, RoleChange, User
from tests.conftest import save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "browser-pass-123"  # noqa: S105 - test accounts


def _log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/", wait_until="domcontentloaded")


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_ask_for_the_organizer_role_and_get_it(live_server, page_at, viewport_name):
    base = live_server.url
    User.objects.create_user("site-admin", password=PASSWORD, is_superuser=True, is_staff=True)

    person = page_at(viewport_name)
    person.goto(f"{base}/accounts/signup/")
    assert person.locator("select[name=role], input[name=role]").count() == 0
    assert "ask for the role" in person.get_by_test_id("signup-roles").inner_text()
    person.fill("#id_username", "newcomer")
    person.fill("#id_email", "newcomer@example.org")
    person.fill("#id_display_name", "Nina Newcomer")
    person.fill("#id_password1", PASSWORD)
    person.fill("#id_password2", PASSWORD)
    person.click("main button[type=submit]")
    person.wait_for_url(f"{base}/", wait_until="domcontentloaded")
    assert person.get_by_test_id("home-title").inner_text() == "My tournaments"

    person.get_by_test_id("role-link").get_by_role("link").click()
    person.wait_for_url(f"{base}/accounts/role/", wait_until="domcontentloaded")
    assert "Player" in person.get_by_test_id("current-role").inner_text()
    person.get_by_label("Organizer").check()
    person.fill("#id_motivation", "I organize the Thursday locals at the Dragon's Den.")
    assert _fits(person)
    save_screenshot(person, f"core/role-ask-{viewport_name}")
    person.get_by_test_id("role-send").click()
    person.wait_for_url(f"{base}/accounts/role/", wait_until="domcontentloaded")
    assert "Dragon's Den" in person.get_by_test_id("role-pending").inner_text()
    assert person.get_by_test_id("role-request-status").first.inner_text() == "Pending"
    assert _fits(person)

    admin = page_at(viewport_name)
    _log_in(admin, base, "site-admin")
    if viewport_name == "phone":
        admin.click("[data-nav-toggle]")
    admin.get_by_role("link", name="Roles (1 waiting)").first.click()
    admin.wait_for_url(f"{base}/staff/roles/", wait_until="domcontentloaded")
    request_card = admin.get_by_test_id("pending-request")
    assert "newcomer" in request_card.inner_text()
    request_card.locator("input[name=note]").fill("Welcome aboard!")
    assert _fits(admin)
    save_screenshot(admin, f"core/staff-roles-{viewport_name}")
    request_card.get_by_test_id("approve").click()
    admin.wait_for_url(f"{base}/staff/roles/", wait_until="domcontentloaded")
    assert admin.get_by_test_id("no-pending").is_visible()
    assert "Player → Organizer" in admin.get_by_test_id("role-log").inner_text()

    person.reload()
    assert "Organizer" in person.get_by_test_id("current-role").inner_text()
    assert "Welcome aboard!" in person.get_by_test_id("role-request-note").inner_text()
    save_screenshot(person, f"core/role-granted-{viewport_name}")
    person.goto(f"{base}/")
    assert person.get_by_test_id("home-title").inner_text() == "Organizer console"

    change = RoleChange.objects.get(user__username="newcomer")
    assert (change.new_role, change.changed_by.username) == (Role.ORGANIZER, "site-admin")
