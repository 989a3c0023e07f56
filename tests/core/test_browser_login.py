import pytest

from core.models import Role, User
from tests.conftest import save_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOME_TITLES = {Role.PLAYER: "My tournaments", Role.JUDGE: "Judge desk", Role.ORGANIZER: "Organizer console"}


@pytest.mark.parametrize("role", list(HOME_TITLES), ids=[r.value for r in HOME_TITLES])
def test_sign_in_and_see_the_role_home_page(live_server, page_at, viewport_name, role):
    User.objects.create_user(f"{role}-user", password="browser-pass-123", role=role, display_name="Dana Test")
    page = page_at(viewport_name)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", f"{role}-user")
    page.fill("#id_password", "browser-pass-123")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/", wait_until="domcontentloaded")
    assert page.get_by_test_id("home-title").inner_text() == HOME_TITLES[role]
    # The page fits the screen: nothing wider than the viewport (no sideways scrolling on a phone).
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    save_screenshot(page, f"core/home-{role}-{viewport_name}")
