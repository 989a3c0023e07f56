"""Races through real database connections: two threads pairing the same round, two staff saving the
same result. Works on SQLite (BEGIN IMMEDIATE) and PostgreSQL (SELECT … FOR UPDATE)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tests.tournaments.conftest import make_event, play_round
from tournaments import services
from tournaments.models import Match, ResultChange, Round

pytestmark = pytest.mark.django_db(transaction=True)


def _race(count: int, work) -> list:
    barrier = threading.Barrier(count)
    outcomes: list = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = work(index)
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_racing_to_pair_the_same_round_creates_one(organizer):
    event = make_event(organizer, players=24)
    outcomes = _race(3, lambda _k: services.round_pair_next(event=event, number=1, user=organizer).pk)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert len(set(outcomes)) == 1
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 12


def test_racing_next_round_buttons_create_one_round(organizer):
    """Two organizers press "pair next round" without a number: one round 2, the other is told why not."""
    event = make_event(organizer, players=10)
    play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    outcomes = _race(2, lambda _k: services.round_pair_next(event=event, user=organizer).number)
    assert Round.objects.filter(event=event).count() == 2
    assert 2 in outcomes
    assert all(o == 2 or isinstance(o, services.TournamentError) for o in outcomes)


def test_two_staff_saving_the_same_result_one_conflict(organizer, judge):
    event = make_event(organizer, players=8, judge=judge)
    round_ = services.round_pair_next(event=event, user=organizer)
    match = round_.matches.filter(player_b__isnull=False).first()
    seen = match.version
    people = [organizer, judge]
    outcomes = _race(
        2,
        lambda k: (
            services.match_enter_result(
                match=match, user=people[k], games_a=2 - k, games_b=k + 1 if k else 0, version=seen
            ).version
        ),
    )
    conflicts = [o for o in outcomes if isinstance(o, services.Conflict)]
    assert len(conflicts) == 1, outcomes
    assert seen + 1 in outcomes
    assert ResultChange.objects.filter(match=match).count() == 1
    assert Match.objects.get(pk=match.pk).version == seen + 1
