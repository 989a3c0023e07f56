"""The round clock: remaining time from start/pause/resume, whole-round additions, table extensions."""

from __future__ import annotations

import datetime

import pytest

from tests.tournaments.day.conftest import staff_event
from tournaments import services
from tournaments.services.errors import Conflict, NotAllowed, TournamentError
from tournaments.services.timer import (
    format_clock,
    timer_add_time,
    timer_extend_table,
    timer_pause,
    timer_start,
    timer_state,
)

pytestmark = pytest.mark.django_db
T0 = datetime.datetime(2026, 12, 5, 10, 0, tzinfo=datetime.UTC)


def minutes(n: float) -> datetime.timedelta:
    return datetime.timedelta(minutes=n)


@pytest.fixture
def round1(organizer):
    event = staff_event(organizer, players=8, round_minutes=50)
    return services.round_pair_next(event=event, user=organizer)


def test_not_started_shows_full_time(round1):
    state = timer_state(round_=round1, now=T0)
    assert (state.remaining_seconds, state.running, state.started) == (3000, False, False)
    assert state.display == "50:00"


def test_start_pause_resume(round1, organizer):
    timer_start(round_=round1, user=organizer, now=T0)
    assert timer_state(round_=round1, now=T0 + minutes(10)).remaining_seconds == 40 * 60
    timer_pause(round_=round1, user=organizer, now=T0 + minutes(10))
    paused = timer_state(round_=round1, now=T0 + minutes(30))
    assert (paused.remaining_seconds, paused.running, paused.started) == (40 * 60, False, True)
    timer_start(round_=round1, user=organizer, now=T0 + minutes(30))
    # starting twice changes nothing
    timer_start(round_=round1, user=organizer, now=T0 + minutes(35))
    state = timer_state(round_=round1, now=T0 + minutes(40))
    assert state.remaining_seconds == 30 * 60
    assert state.ends_at == T0 + minutes(70)
    over = timer_state(round_=round1, now=T0 + minutes(71))
    assert over.over and over.display == "-01:00"
    with pytest.raises(Conflict):
        timer_pause(round_=round1, user=organizer, now=T0 + minutes(72))
        timer_pause(round_=round1, user=organizer, now=T0 + minutes(73))


def test_table_extension_and_whole_round_time(round1, organizer):
    timer_start(round_=round1, user=organizer, now=T0)
    timer_extend_table(round_=round1, table=2, minutes=3, reason="Deck check", user=organizer)
    timer_extend_table(round_=round1, table=2, minutes=2, reason="Judge call", user=organizer)
    timer_add_time(round_=round1, minutes=5, user=organizer)
    state = timer_state(round_=round1, now=T0 + minutes(50))
    assert state.extensions == {2: 5}
    assert state.remaining_seconds == 5 * 60
    assert state.remaining_for_table(2) == 10 * 60
    assert state.remaining_for_table(1) == 5 * 60


@pytest.mark.parametrize(
    ("table", "mins", "field"), [(99, 3, "table"), (1, 0, "minutes"), (1, 61, "minutes")]
)
def test_extension_refused(round1, organizer, table, mins, field):
    with pytest.raises(TournamentError) as caught:
        timer_extend_table(round_=round1, table=table, minutes=mins, user=organizer)
    assert caught.value.field == field


def test_only_staff_runs_the_clock(round1, player_user):
    with pytest.raises(NotAllowed):
        timer_start(round_=round1, user=player_user)


def test_format_clock():
    assert format_clock(0) == "00:00"
    assert format_clock(61) == "01:01"
    assert format_clock(-5) == "-00:05"


def test_console_timer_endpoint(orga_client, round1):
    event_id = round1.event_id
    url = f"/events/{event_id}/console/timer/"
    assert orga_client.get(url).status_code == 200
    response = orga_client.post(url, {"action": "start"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b'data-running="1"' in response.content
    response = orga_client.post(
        url, {"action": "extend", "table": "1", "minutes": "x"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400
    assert b"whole number" in response.content
    response = orga_client.post(
        url, {"action": "extend", "table": "1", "minutes": "3"}, HTTP_HX_REQUEST="true"
    )
    assert b"table 1 +3 min" in response.content
    response = orga_client.post(url, {"action": "pause"}, HTTP_HX_REQUEST="true")
    assert b'data-running="0"' in response.content
    assert orga_client.post(url, {"action": "explode"}, HTTP_HX_REQUEST="true").status_code == 400
    wall = orga_client.get(f"/events/{event_id}/wall/clock/")
    assert wall.status_code == 200 and b"Paused" in wall.content and b"Table 1: +3 min" in wall.content
