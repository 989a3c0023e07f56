"""Event day as its users see it, in headless Chromium at 390×844 and 1024×768: the organizer, the judge and a
player open the pages their home and navigation lead to. Every page fits the width, and every control one
taps (buttons, fields, summaries, links outside running text) is at least 44 px high."""

from __future__ import annotations

from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

from core.models import User
from tests.conftest import save_screenshot
from tournaments.models import Event

pytestmark = [pytest.mark.browser]

SMALL_TARGETS = """() => {
  const small = [];
  const inText = (el) => el.tagName === 'A' && !el.className && el.closest('p, li, td, dd, h1, h2, h3');
  for (const el of document.querySelectorAll('a[href], button, input, select, textarea, summary')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || el.type === 'hidden' || inText(el)) continue;
    if (el.closest('.visually-hidden') || el.classList.contains('skip-link')) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    const label = (el.type === 'checkbox' || el.type === 'radio') && el.closest('label');
    const height = label ? label.getBoundingClientRect().height : r.height;
    const text = (el.innerText || el.name || '').trim().slice(0, 30);
    if (height < 43.5) small.push(`${el.tagName}.${el.className} "${text}" ${Math.round(height)}px`);
  }
  return small;
}"""


@pytest.fixture
def demo_live(transactional_db):
    call_command("load_demo", stdout=StringIO())
    return Event.objects.get(name="Tableside Demo Open")


def _login(page, base: str, username: str) -> None:
    client = Client()
    client.force_login(User.objects.get(username=username))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])


def _walk(page, base: str, who: str, size: str, paths: list[str], event_id: int) -> list[str]:
    problems = []
    for path in paths:
        response = page.goto(base + path)
        assert response.status == 200, f"{who} {path}: {response.status}"
        if page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1"):
            problems.append(f"{who} {size} {path}: wider than the screen")
        problems += [f"{who} {size} {path}: {small}" for small in page.evaluate(SMALL_TARGETS)]
        name = path.replace(f"/{event_id}/", "/E/", 1).strip("/").replace("/", "-") or "home"
        save_screenshot(page, f"ux-{who}-{size}-{name}")
    return problems


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_event_day_pages_fit_and_have_big_tap_targets(live_server, page_at, demo_live, size):
    e = demo_live.pk
    ev = f"/events/{e}"
    walks = {
        "orga": ["/", f"{ev}/", f"{ev}/console/", f"{ev}/rounds/1/", f"{ev}/standings/",
                 f"/decks/events/{e}/lists/", f"/rulings/events/{e}/log/", "/events/new/",
                 "/events/console/day/"],
        "judge": ["/", f"{ev}/console/", f"/rulings/events/{e}/log/", f"{ev}/desk/?q=player"],
        "player1": ["/", f"{ev}/", f"{ev}/me/", f"/decks/events/{e}/", f"{ev}/wall/pairings/"],
    }  # fmt: skip
    problems = []
    for who, paths in walks.items():
        page = page_at(size)
        _login(page, live_server.url, who)
        problems += _walk(page, live_server.url, who, size, paths, e)
    assert not problems, "\n".join(problems)


def test_player_follows_the_home_page_to_the_table_and_back_to_the_deck(live_server, page_at, demo_live):
    page = page_at("phone")
    _login(page, live_server.url, "player1")
    page.goto(live_server.url + "/")
    page.get_by_test_id("next-step").first.click()
    page.get_by_test_id("my-table").wait_for()
    assert page.get_by_test_id("event-status").inner_text() == "Swiss rounds"
    page.get_by_role("link", name="Open").click()
    page.get_by_test_id("back-to-event").click()
    page.get_by_test_id("my-table").wait_for()
    save_screenshot(page, "ux-player1-phone-from-home")


def test_event_form_lists_only_the_chosen_games_rule_sets(live_server, page_at, demo_live):
    page = page_at("tablet")
    _login(page, live_server.url, "orga")
    page.goto(live_server.url + "/events/new/")
    visible = "s => [...s.querySelectorAll('optgroup')].filter(g => !g.hidden).map(g => g.label)"
    if page.locator("#id_game").input_value() == "":  # no game chosen yet: every game's rule sets
        assert len(page.locator("#id_rule_set").evaluate(visible)) == 4
    page.locator("#id_game").select_option("yugioh")
    assert page.locator("#id_rule_set").evaluate(visible) == ["Yu-Gi-Oh! TCG"]
    page.locator("#id_game").select_option("arrows")
    assert page.locator("#id_rule_set").evaluate(visible) == ["Arrows"]
    page.locator("#id_rule_set").select_option("arrows:standard")
    page.locator("#id_game").select_option("rayman")
    assert page.locator("#id_rule_set").input_value() == ""  # another game's entry is not kept
    save_screenshot(page, "ux-orga-tablet-event-form-rule-sets")


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_visitor_pages_fit_and_have_big_tap_targets(live_server, page_at, demo_live, size):
    page = page_at(size)
    paths = ["/", "/accounts/login/", "/accounts/signup/", "/events/", f"/events/{demo_live.pk}/"]
    problems = _walk(page, live_server.url, "visitor", size, paths, demo_live.pk)
    assert not problems, "\n".join(problems)
