"""Every result button of the console, in the Swiss and in the top cut, on a tablet and on a phone (issue 17):
each one saves its result in its row, or, where the game does not allow it (a draw in the top cut), is refused
in the row with a clear message; the console around it stays as it was (same page, styles, other rows)."""

from __future__ import annotations

import pytest

from core.models import Role, User
from tests.conftest import assert_fits, save_screenshot, sign_in
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Match, MatchStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_WINNER = "A top-cut match needs a winner."


def _open_matches(event, stage: str) -> list[Match]:
    return list(
        Match.objects.filter(
            round__event=event, round__stage=stage, status=MatchStatus.PENDING, player_b__isnull=False
        ).order_by("round__number", "table")
    )


def _console_is_whole(page, event) -> None:
    """The console is still the console: same page, its header and panels, styled (not a bare fragment)."""
    assert page.url.endswith(f"/events/{event.pk}/console/")
    assert page.locator("h1").first.inner_text() == event.name
    assert page.locator("#results, #timer, #registrations").count() == 3
    assert page.evaluate("getComputedStyle(document.querySelector('.day-panel')).display") != "inline"


def _tap(page, event, match: Match, button: str) -> None:
    """Tap a result button: the row shows the saved result; the last result of a top-cut round pairs the
    next one (or ends the event) and the console shows itself again, saying so."""
    page.get_by_test_id(f"quick-{match.table}-{button}").click()
    games = "–".join(button.split("-"))
    badge = page.get_by_test_id(f"saved-{match.table}")
    moved_on = page.locator(".message.success", has_text="top cut is paired").or_(
        page.locator(".message.success", has_text="the event is finished")
    )
    badge.or_(moved_on).first.wait_for()
    if moved_on.count():
        match.refresh_from_db()
        assert (match.games_a, match.games_b) == tuple(int(g) for g in button.split("-")[:2])
    else:
        assert games in badge.inner_text(), (button, badge.inner_text())
    _console_is_whole(page, event)


def _refused(page, event, match: Match, button: str) -> None:
    """A top-cut match offers no draw button; a draw typed in the row is refused in the row."""
    assert page.get_by_test_id(f"quick-{match.table}-{button}").count() == 0
    row = page.locator(f'[data-testid="row-table-{match.table}"]')
    a, b, drawn = (int(part) for part in (button.split("-") + ["0"])[:3])
    page.get_by_test_id(f"ga-{match.table}").fill(str(a))
    page.get_by_test_id(f"gb-{match.table}").fill(str(b))
    row.locator("input[name=games_drawn]").fill(str(drawn))
    row.get_by_role("button", name="Save").click()
    error = page.locator(f'[data-testid="row-table-{match.table}"] [data-testid="row-error"]')
    error.wait_for()
    assert error.inner_text() == NO_WINNER
    _console_is_whole(page, event)
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING


def _finish_round(event, organizer) -> None:
    for match in _open_matches(event, "swiss"):
        services.match_enter_result(match=match, user=organizer, games_a=1, games_b=0)


@pytest.mark.parametrize(
    ("best_of", "players", "cut"),
    [(3, 10, 8), (1, 8, 4)],
)
def test_every_result_button_in_the_swiss_and_the_top_cut(
    live_server, page_at, viewport_name, best_of, players, cut
):
    organizer = User.objects.create_user("orga-t", role=Role.ORGANIZER, display_name="O T")
    event = make_event(
        organizer, players=players, best_of=best_of, swiss_rounds_override=2, top_cut_override=cut
    )
    from tournaments.services.day import quick_results_for

    buttons = quick_results_for(best_of=best_of)
    assert quick_results_for(best_of=best_of, top_cut=True) == buttons[:-1]
    draw = buttons[-1]  # 1-1-1 (best of 3) or 0-0-1 (best of 1): a drawn game
    page = page_at(viewport_name)
    sign_in(page, live_server.url, organizer)
    # Swiss: every button, a table each (a draw is a result in the Swiss)
    services.round_pair_next(event=event, user=organizer)
    page.goto(f"{live_server.url}/events/{event.pk}/console/")
    for match, button in zip(_open_matches(event, "swiss"), buttons, strict=False):
        _tap(page, event, match, button)
    assert_fits(page)
    save_screenshot(page, f"day/result-buttons-swiss-bo{best_of}-{viewport_name}")
    _finish_round(event, organizer)
    services.round_pair_next(event=event, user=organizer)
    _finish_round(event, organizer)
    services.topcut_start(event=event, user=organizer)
    # Top cut: a draw is refused in the row; every winning button saves, round after round, to the final
    page.goto(f"{live_server.url}/events/{event.pk}/console/")
    winners = [b for b in buttons if b != draw]
    _refused(page, event, _open_matches(event, "top_cut")[0], draw)
    assert_fits(page)
    save_screenshot(page, f"day/result-buttons-top-cut-refused-bo{best_of}-{viewport_name}")
    used = 0
    while matches := _open_matches(event, "top_cut"):
        page.goto(f"{live_server.url}/events/{event.pk}/console/")
        for match in matches:
            _tap(page, event, match, winners[used % len(winners)])
            used += 1
    assert used >= len(winners)
    assert_fits(page)  # the bracket of a top 8 scrolls in its panel, not the page
    event.refresh_from_db()
    assert event.status == "finished"
