"""A console whose session ended never shows a whole page inside a result row (issue 17: tapping a result
once replaced the console with an unstyled fragment): a refusal is said above the page and the row keeps
its buttons; a log-in page answered to an htmx request is followed as a navigation."""

from __future__ import annotations

import pytest

from core.models import Role, User
from tests.conftest import sign_in
from tests.tournaments.conftest import make_event
from tests.tournaments.test_browser_result_buttons import _console_is_whole, _open_matches
from tournaments import services
from tournaments.models import MatchStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_ended_session_never_puts_a_page_into_a_row(live_server, page_at):
    organizer = User.objects.create_user("orga-g", role=Role.ORGANIZER)
    event = make_event(organizer, players=4, best_of=3)
    services.round_pair_next(event=event, user=organizer)
    first, second = _open_matches(event, "swiss")
    page = page_at("tablet")
    sign_in(page, live_server.url, organizer)
    page.goto(f"{live_server.url}/events/{event.pk}/console/")
    # Every cookie gone (CSRF included): Django answers 403 with its whole error page.
    page.context.clear_cookies()
    page.get_by_test_id(f"quick-{first.table}-2-0").click()
    alert = page.get_by_test_id("page-alert")
    alert.wait_for()
    assert "Reload the page" in alert.inner_text() and "403" in alert.inner_text()
    _console_is_whole(page, event)
    assert page.get_by_test_id(f"quick-{first.table}-2-0").is_visible()
    assert page.locator(".result-row .site-header, .result-row h1").count() == 0
    first.refresh_from_db()
    assert first.status == MatchStatus.PENDING
    # Only the session gone (the CSRF cookie kept): the log-in page comes back, and is shown as a page.
    sign_in(page, live_server.url, organizer)
    page.goto(f"{live_server.url}/events/{event.pk}/console/")
    page.context.clear_cookies(name="sessionid")
    page.get_by_test_id(f"quick-{second.table}-2-1").click()
    page.wait_for_url("**/accounts/login/**")
    assert page.locator("#id_username").is_visible()
    second.refresh_from_db()
    assert second.status == MatchStatus.PENDING
