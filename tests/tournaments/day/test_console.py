"""The organizer's console: permissions, check-in and search, late entry and drops, starting rounds, fast
result entry (typed and big buttons), corrections with a reason, top cut; query counts do not grow."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.models import Role, User
from tests.tournaments.day.conftest import played_event, staff_event
from tournaments import services
from tournaments.models import Match, MatchDispute, MatchStatus, Registration, ResultChange, Round

pytestmark = pytest.mark.django_db


def test_console_is_for_the_events_staff(client, organizer, judge, player_user):
    event = staff_event(organizer, players=4)
    url = f"/events/{event.pk}/console/"
    client.force_login(player_user)
    assert client.get(url).status_code == 403
    other_judge = User.objects.create_user("judge2", role=Role.JUDGE)
    client.force_login(other_judge)
    assert client.get(url).status_code == 403
    services.event_add_staff(event=event, user=judge, role="judge", by=organizer)
    client.force_login(judge)
    response = client.get(url)
    assert response.status_code == 200
    assert b"start-next-round" not in response.content  # judges enter results; organizers run rounds
    client.logout()
    assert client.get(url).status_code == 302


def test_new_event_from_the_console(orga_client, client, player_user):
    response = orga_client.post(
        "/events/console/new/",
        {"name": "Friday Locals", "game": "yugioh", "date": "2026-12-04", "swiss_rounds_override": "3"},
    )
    assert response.status_code == 302
    response = orga_client.get(response["Location"])
    assert b"Friday Locals" in response.content and b"Registration open" in response.content
    assert (
        orga_client.post("/events/console/new/", {"name": "", "game": "chess", "date": "x"}).status_code
        == 400
    )
    client.force_login(player_user)
    response = client.post("/events/console/new/", {"name": "Mine", "game": "yugioh", "date": "2026-12-04"})
    assert response.status_code == 403


def test_check_in_search_and_drop(orga_client, organizer):
    event = staff_event(organizer, players=6, check_in=False)
    services.event_set_status(event=event, status="check_in", user=organizer)
    reg = Registration.objects.filter(event=event).select_related("player").order_by("id")[2]
    name = reg.player.username
    response = orga_client.get(f"/events/{event.pk}/console/registrations/", {"q": name})
    assert response.status_code == 200
    assert response.content.count(b'data-testid="reg-') == 1
    response = orga_client.post(
        f"/events/{event.pk}/console/registrations/{reg.pk}/check_in/", {"q": name}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert b"Checked in" in response.content
    reg.refresh_from_db()
    assert reg.status == "checked_in"
    response = orga_client.post(f"/events/{event.pk}/console/registrations/{reg.pk}/drop/")
    assert response.status_code == 302
    reg.refresh_from_db()
    assert reg.status == "dropped"
    assert orga_client.post(f"/events/{event.pk}/console/registrations/{reg.pk}/explode/").status_code == 404


def test_late_entry_during_the_swiss(orga_client, organizer):
    event = played_event(organizer, players=6, rounds=1)
    User.objects.create_user("latecomer", role=Role.PLAYER, display_name="Late Comer")
    response = orga_client.post(
        f"/events/{event.pk}/console/registrations/add/", {"username": "latecomer"}, follow=True
    )
    assert b"Late Comer is registered and checked in" in response.content
    reg = Registration.objects.get(event=event, player__username="latecomer")
    assert (reg.status, reg.first_round) == ("checked_in", 2)
    response = orga_client.post(
        f"/events/{event.pk}/console/registrations/add/", {"username": "nobody"}, follow=True
    )
    assert b"No user" in response.content


def test_a_player_added_before_check_in_opens_is_registered_not_checked_in(orga_client, organizer):
    event = staff_event(organizer, players=4, check_in=False)
    assert event.status == "registration"
    User.objects.create_user("early", role=Role.PLAYER, display_name="Early Bird")
    add = f"/events/{event.pk}/console/registrations/add/"
    response = orga_client.post(add, {"username": "early"}, follow=True)
    assert b"Early Bird is registered; check them in when check-in opens." in response.content
    assert Registration.objects.get(event=event, player__username="early").status == "registered"
    services.event_set_status(event=event, status="check_in", user=organizer)
    User.objects.create_user("walkin", role=Role.PLAYER, display_name="Walk In")
    response = orga_client.post(add, {"username": "walkin"}, follow=True)
    assert b"Walk In is registered and checked in." in response.content
    assert Registration.objects.get(event=event, player__username="walkin").status == "checked_in"
    # the same door on the event page
    User.objects.create_user("third", role=Role.PLAYER)
    orga_client.post(f"/events/{event.pk}/people/", {"username": "third", "as": "player"})
    assert Registration.objects.get(event=event, player__username="third").status == "checked_in"


def test_start_rounds_and_fast_entry(orga_client, organizer):
    event = staff_event(organizer, players=6)
    response = orga_client.post(f"/events/{event.pk}/console/pair/", {"force": "1"}, follow=True)
    assert b"Round 1 is paired and published" in response.content
    matches = list(Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table"))
    assert [m.table for m in matches] == [1, 2, 3]
    base = f"/events/{event.pk}/console/matches"
    # typed: 2, 1, Enter
    response = orga_client.post(
        f"{base}/{matches[0].pk}/result/",
        {"games_a": "2", "games_b": "1", "version": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200 and b"\xe2\x9c\x93 2\xe2\x80\x931" in response.content
    assert response["HX-Trigger"] == "resultSaved"  # the next-step panel refreshes itself
    # a big button
    response = orga_client.post(f"{base}/{matches[1].pk}/result/", {"quick": "0-2"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    # bad input: 400 in the row, nothing saved
    response = orga_client.post(
        f"{base}/{matches[2].pk}/result/", {"games_a": "3", "games_b": "0"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400 and b"nobody wins more than 2 games" in response.content
    response = orga_client.post(
        f"{base}/{matches[2].pk}/result/", {"games_a": "x", "games_b": "0"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400 and b"whole numbers" in response.content
    # a stale version is a conflict
    response = orga_client.post(
        f"{base}/{matches[0].pk}/result/", {"games_a": "2", "games_b": "0", "version": "1", "reason": "x"},
        HTTP_HX_REQUEST="true",
    )  # fmt: skip
    assert response.status_code == 409
    assert Match.objects.get(pk=matches[2].pk).status == MatchStatus.PENDING
    # the round cannot move on while a match is open
    response = orga_client.post(f"/events/{event.pk}/console/pair/", {"force": "1"}, follow=True)
    assert b"still has 1 match" in response.content
    actions = f"/events/{event.pk}/console/?part=actions"
    assert b"start-next-round" not in orga_client.get(actions, HTTP_HX_REQUEST="true").content
    orga_client.post(f"{base}/{matches[2].pk}/result/", {"quick": "1-1-1"})
    panel = orga_client.get(actions, HTTP_HX_REQUEST="true").content
    assert b"start-next-round" in panel and b"<html" not in panel
    response = orga_client.post(f"/events/{event.pk}/console/pair/", {"force": "1"}, follow=True)
    assert b"Round 2 is paired" in response.content


def test_correction_needs_a_reason_and_is_logged(orga_client, organizer):
    event = played_event(organizer, players=6, rounds=1)
    match = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    url = f"/events/{event.pk}/console/matches/{match.pk}/"
    assert b"Correct the result" in orga_client.get(url).content
    data = {"games_a": 0, "games_b": 2, "games_drawn": 0, "kind": "normal", "version": match.version}
    response = orga_client.post(url, {**data, "reason": ""})
    assert response.status_code == 400 and b"Say why the result is corrected" in response.content
    response = orga_client.post(url, {**data, "reason": "Players swapped seats"})
    assert response.status_code == 302
    change = ResultChange.objects.filter(match=match).last()
    assert (change.action, change.reason) == ("correction", "Players swapped seats")
    assert b"Players swapped seats" in orga_client.get(url).content


def test_correction_offers_to_pair_the_next_round_again(orga_client, organizer):
    event = played_event(organizer, players=6, rounds=1)
    services.round_pair_next(event=event, user=organizer)
    match = Match.objects.filter(round__number=1, round__event=event, player_b__isnull=False).first()
    data = {
        "games_a": 0,
        "games_b": 2,
        "games_drawn": 0,
        "kind": "normal",
        "version": match.version,
        "reason": "r",
    }
    response = orga_client.post(f"/events/{event.pk}/console/matches/{match.pk}/", data)
    assert response.status_code == 200 and b"Pair round 2 again" in response.content
    old = Round.objects.get(event=event, number=2).pk
    response = orga_client.post(f"/events/{event.pk}/console/rounds/2/repair/")
    assert response.status_code == 302
    assert Round.objects.get(event=event, number=2).pk != old


def test_dispute_shows_in_the_console_and_staff_entry_resolves_it(orga_client, organizer):
    from tournaments.services.day import match_dispute

    event = staff_event(organizer, players=4)
    round_ = services.round_pair_next(event=event, user=organizer)
    match = (
        Match.objects.filter(round=round_, player_b__isnull=False)
        .select_related("player_a__player", "player_b__player")
        .first()
    )
    services.match_report_result(
        match=match, user=match.player_a.player, games_a=2, games_b=0, version=match.version
    )
    match_dispute(match=match, user=match.player_b.player, reason="2-1 for me")
    response = orga_client.get(f"/events/{event.pk}/console/")
    assert f'data-testid="disputed-{match.table}"'.encode() in response.content
    orga_client.post(f"/events/{event.pk}/console/matches/{match.pk}/result/", {"quick": "1-2"})
    assert MatchDispute.objects.get(match=match).resolved_at is not None
    match.refresh_from_db()
    assert (match.status, match.games_a, match.games_b) == ("confirmed", 1, 2)


def test_top_cut_and_finish_from_the_console(orga_client, organizer):
    event = played_event(organizer, players=8, rounds=3)
    response = orga_client.get(f"/events/{event.pk}/console/")
    assert b"start-top-cut" in response.content
    response = orga_client.post(f"/events/{event.pk}/console/topcut/", follow=True)
    assert b"The top cut starts" in response.content
    for _ in range(2):
        for m in Match.objects.filter(round__event=event, status="pending", player_b__isnull=False):
            orga_client.post(f"/events/{event.pk}/console/matches/{m.pk}/result/", {"quick": "2-0"})
    event.refresh_from_db()
    assert event.status == "finished"
    response = orga_client.get(f"/events/{event.pk}/console/")
    assert b'data-testid="finished"' in response.content and b'data-testid="bracket"' in response.content


def test_the_last_top_cut_result_by_htmx_shows_the_next_round_not_a_stale_row(orga_client, organizer):
    """Entering the last semi-final from the grid pairs the final: the console is shown again (its grid
    would otherwise keep the semi-finals' rows), with one sentence saying what happened."""
    event = played_event(organizer, players=8, rounds=3)
    orga_client.post(f"/events/{event.pk}/console/topcut/", follow=True)  # top 4: semi-finals are round 4
    base = f"/events/{event.pk}/console/matches"
    *first, last = Match.objects.filter(round__event=event, round__stage="top_cut").order_by("table")
    for m in first:
        response = orga_client.post(f"{base}/{m.pk}/result/", {"quick": "2-0"}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200 and "HX-Refresh" not in response
    response = orga_client.post(f"{base}/{last.pk}/result/", {"quick": "2-1"}, HTTP_HX_REQUEST="true")
    assert response["HX-Refresh"] == "true"  # a redirect to the same page would only move to #results
    page = orga_client.get(f"/events/{event.pk}/console/").content.decode()
    assert "round 5 of the top cut is paired" in page
    semi_final = Round.objects.get(event=event, number=4)
    assert not any(f'id="match-{m.pk}"' in page for m in semi_final.matches.all())
    final = Match.objects.get(round__event=event, round__number=5)
    response = orga_client.post(f"{base}/{final.pk}/result/", {"quick": "2-0"}, HTTP_HX_REQUEST="true")
    assert response["HX-Refresh"] == "true"
    assert "the event is finished" in orga_client.get(f"/events/{event.pk}/console/").content.decode()


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_console_query_count_does_not_grow_with_players(
    orga_client, organizer, django_assert_max_num_queries
):
    small = played_event(organizer, players=8, rounds=1, name="Small")
    large = played_event(organizer, players=48, rounds=1, name="Large")
    for url in (
        "/events/{}/console/",
        "/events/{}/console/registrations/?q=p",
        "/events/{}/console/exports/",
    ):
        assert _queries(orga_client, url.format(small.pk)) == _queries(orga_client, url.format(large.pk)), url
    with django_assert_max_num_queries(25):
        orga_client.get(f"/events/{large.pk}/console/")


def test_event_without_top_cut_finishes_after_the_swiss(orga_client, organizer):
    event = played_event(organizer, players=6, rounds=3, top_cut_override=0)
    page = orga_client.get(f"/events/{event.pk}/console/").content
    assert b"finish-event" in page and b"start-top-cut" not in page and b"start-next-round" not in page
    orga_client.post(f"/events/{event.pk}/console/status/", {"status": "finished"})
    event.refresh_from_db()
    assert event.status == "finished"
    assert b"final standings" in orga_client.get(f"/events/{event.pk}/wall/standings/").content
    response = orga_client.post(f"/events/{event.pk}/console/status/", {"status": "draft"}, follow=True)
    assert b"cannot go from" in response.content


def test_penalty_result_from_the_match_page(orga_client, organizer):
    event = staff_event(organizer, players=4)
    round_ = services.round_pair_next(event=event, user=organizer)
    match = Match.objects.filter(round=round_, player_b__isnull=False).first()
    url = f"/events/{event.pk}/console/matches/{match.pk}/"
    data = {"games_a": 0, "games_b": 0, "games_drawn": 0, "kind": "match_loss", "version": match.version}
    response = orga_client.post(url, {**data, "penalized": ""})
    assert response.status_code == 400 and b"takes the penalty" in response.content
    response = orga_client.post(url, {**data, "penalized": "a", "reason": "Late"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.kind, match.winner_id, match.penalized_id) == (
        "confirmed",
        "match_loss",
        match.player_b_id,
        match.player_a_id,
    )


def test_start_next_round_pressed_twice_gives_the_same_round(orga_client, organizer):
    event = staff_event(organizer, players=6)
    console = orga_client.get(f"/events/{event.pk}/console/").content.decode()
    assert 'name="number" value="1"' in console
    first = orga_client.post(f"/events/{event.pk}/console/pair/", {"number": "1", "force": "1"}, follow=True)
    assert b"Round 1 is paired and published" in first.content
    # The second press carries the number the button showed: round 1 again, not an attempt at round 2.
    second = orga_client.post(f"/events/{event.pk}/console/pair/", {"number": "1", "force": "1"}, follow=True)
    assert b"Round 1 is paired and published" in second.content
    assert Round.objects.filter(event=event).count() == 1
