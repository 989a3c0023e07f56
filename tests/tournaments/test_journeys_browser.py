"""Issue 17's journeys the other browser tests do not walk, in Chromium on a tablet (1024×768) and on a phone
(390×844), tapped through the pages: a player registers with their KONAMI ID (a bad one refused, naming the
format); the organizer takes a late entry with an ID at the console, pairs the next round, and finds the
missed round as a loss and the ID on the staff standings; a judge records a Game Loss from the judge-call log,
and the console and the opponent's phone show it awaiting confirmation. The setup is made by services; each
page is checked to fit the screen. Screenshots in test-artifacts/screenshots/journeys/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from core.models import Role, User
from tests.conftest import assert_fits, save_screenshot, sign_in
from tests.tournaments.conftest import first_match, make_event
from tests.tournaments.day.conftest import played_event
from tournaments import services
from tournaments.models import Match, MatchStatus, Penalty, PlayerGameId, Registration, ResultKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _shot(page, name: str, viewport_name: str) -> None:
    save_screenshot(page, f"journeys/{name}-{viewport_name}")


def test_player_registers_with_their_player_id(live_server, page_at, viewport_name, organizer):
    """Both registration forms ask for the ID: a bad one on the event page is refused naming the format; the
    phone page's button registers with a good one."""
    event = make_event(organizer, players=3, name="ID Open")
    player = User.objects.create_user("id-player", role=Role.PLAYER, display_name="Ida Player")
    page = page_at(viewport_name)
    sign_in(page, live_server.url, player)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    assert "KONAMI ID" in page.locator("form:has([data-testid=player-id])").inner_text()
    assert_fits(page)
    page.get_by_test_id("player-id").fill("12-34")
    page.get_by_test_id("register").click()
    expect(page.locator(".messages")).to_contain_text("KONAMI ID")
    expect(page.locator(".messages")).to_contain_text("10 digits")
    assert not Registration.objects.filter(event=event, player=player).exists()
    assert_fits(page)
    _shot(page, "player-id-refused", viewport_name)

    page.goto(f"{live_server.url}/events/{event.pk}/me/")
    assert "KONAMI ID" in page.locator("form:has([data-testid=player-id])").inner_text()
    assert_fits(page)
    page.get_by_test_id("player-id").fill("0123 456789")
    page.get_by_test_id("register").click()
    expect(page.locator(".messages")).to_contain_text("You are registered.")
    page.get_by_test_id("live").wait_for()
    assert Registration.objects.filter(event=event, player=player).exists()
    assert PlayerGameId.objects.get(user=player, game="yugioh").value == "0123456789"
    assert_fits(page)
    _shot(page, "player-id-registered", viewport_name)


def test_late_entry_with_an_id_is_paired_next_round_and_shown_on_the_standings(
    live_server, page_at, viewport_name, organizer
):
    event = played_event(organizer, players=8, rounds=1, name="Late Open")
    User.objects.create_user("latecomer", role=Role.PLAYER, display_name="Lou Latecomer")
    page = page_at(viewport_name)
    sign_in(page, live_server.url, organizer)
    page.goto(f"{live_server.url}/events/{event.pk}/console/")
    late = page.get_by_test_id("late-entry")
    assert "Late entry" in late.inner_text()
    assert_fits(page)
    late.locator("input[name=username]").fill("latecomer")
    page.get_by_test_id("late-player-id").fill("0000000042")
    late.get_by_role("button", name="Add").click()
    expect(page.locator(".messages")).to_contain_text("Lou Latecomer is registered and checked in.")
    registration = Registration.objects.get(event=event, player__username="latecomer")
    assert (registration.status, registration.first_round) == ("checked_in", 2)
    page.get_by_test_id("reg-search").fill("Lou")
    expect(page.locator('#registration-list [data-testid^="reg-"]')).to_have_count(1)
    assert_fits(page)
    _shot(page, "late-entry-console", viewport_name)

    # round 2 pairs the latecomer (nobody has a deck list: one tap pairs anyway)
    page.get_by_test_id("start-next-round").click()
    page.get_by_test_id("pair-anyway").click()
    page.get_by_test_id("round-progress").wait_for()
    assert Match.objects.filter(round__event=event, round__number=2, player_a=registration).exists() or (
        Match.objects.filter(round__event=event, round__number=2, player_b=registration).exists()
    )
    assert_fits(page)

    # the staff standings: round 1 missed counts as a loss; the KONAMI ID in its own column
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    expect(page.get_by_test_id("player-id-head")).to_have_text("KONAMI ID")
    row = page.get_by_test_id("standings").locator("tbody tr", has_text="Lou Latecomer")
    assert "0000000042" in row.inner_text() and "0-1-0" in row.inner_text()
    assert_fits(page)
    _shot(page, "late-entry-standings", viewport_name)


def test_judge_records_a_game_loss_from_the_call_log_and_the_players_confirm_it(
    live_server, page_at, viewport_name, organizer, judge
):
    event = make_event(organizer, players=4, judge=judge, name="Penalty Open")
    match = first_match(services.round_pair_next(event=event, user=organizer))
    penalized, opponent = match.player_a, match.player_b
    page = page_at(viewport_name)
    sign_in(page, live_server.url, judge)
    page.goto(f"{live_server.url}/rulings/events/{event.pk}/log/")
    assert_fits(page)
    form = page.get_by_test_id("penalty-form")
    form.locator("select[name=registration]").select_option(label=str(penalized.player))
    form.locator("select[name=infraction]").select_option(label="Drawing extra cards")
    form.locator("select[name=penalty]").select_option(label="Game loss")
    form.locator("textarea[name=reason]").fill("Drew two cards")
    form.get_by_role("button", name="Record the penalty").click()
    expect(page.locator(".messages")).to_contain_text("Penalty recorded.")
    history = page.get_by_test_id("penalty-row")
    expect(history).to_have_count(1)
    assert "Game loss" in history.inner_text() and "Drew two cards" in history.inner_text()
    assert_fits(page)
    _shot(page, "penalty-call-log", viewport_name)
    assert Penalty.objects.get(event=event).kind == "game_loss"

    # the Game Loss reached the result: 0–1 against the penalized player, awaiting confirmation
    match.refresh_from_db()
    assert (match.kind, match.status, match.games_a, match.games_b) == (
        ResultKind.GAME_LOSS, MatchStatus.REPORTED, 0, 1,
    )  # fmt: skip
    page.goto(f"{live_server.url}/events/{event.pk}/console/")
    expect(page.get_by_test_id(f"row-table-{match.table}")).to_contain_text("reported 0–1")
    assert_fits(page)
    phone = page_at(viewport_name)
    sign_in(phone, live_server.url, opponent.player)
    phone.goto(f"{live_server.url}/events/{event.pk}/me/")
    expect(phone.get_by_test_id("to-confirm")).to_contain_text("you 1–0")
    assert_fits(phone)
    _shot(phone, "penalty-to-confirm", viewport_name)
    phone.get_by_test_id("confirm").click()
    expect(phone.get_by_test_id("result-confirmed")).to_contain_text("1–0")
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.kind == ResultKind.GAME_LOSS
