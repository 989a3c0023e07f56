"""The number of SQL queries per operation does not grow with the number of players."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.conftest import make_event, play_round
from tournaments import services
from tournaments.selectors import event_standings, pairings_by_name, pairings_by_table

pytestmark = pytest.mark.django_db


def _count(func) -> int:
    with CaptureQueriesContext(connection) as context:
        func()
    return len(context.captured_queries)


def _measure(organizer, players: int) -> dict[str, int]:
    event = make_event(organizer, players=players, name=f"Q{players}")
    play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    counts = {"pair": 0}
    holder = {}

    def pair():
        holder["round"] = services.round_pair_next(event=event, user=organizer)

    counts["pair"] = _count(pair)
    round_ = holder["round"]
    lines = [
        services.BulkResult(match_id=m.pk, games_a=2, games_b=1, version=m.version)
        for m in round_.matches.filter(player_b__isnull=False)
    ]
    counts["enter_results"] = _count(
        lambda: services.round_enter_results(round_=round_, user=organizer, results=lines)
    )
    counts["standings"] = _count(lambda: event_standings(event=event))
    counts["by_table"] = _count(lambda: pairings_by_table(round_=round_))
    counts["by_name"] = _count(lambda: pairings_by_name(round_=round_))
    return counts


def test_queries_do_not_grow_with_players(organizer):
    small = _measure(organizer, 16)
    large = _measure(organizer, 64)
    assert small == large, (small, large)
    assert small["standings"] <= 3 and small["by_table"] <= 2


def test_pages_and_api_lists_have_bounded_queries(organizer, client, django_assert_max_num_queries):
    event = make_event(organizer, players=40)
    round_ = services.round_pair_next(event=event, user=organizer)
    play_round(event, round_, organizer)
    client.force_login(organizer)
    urls = [
        f"/events/{event.pk}/",
        f"/events/{event.pk}/rounds/1/",
        f"/events/{event.pk}/rounds/1/?order=name",
        f"/events/{event.pk}/standings/",
        f"/api/events/{event.pk}/standings/",
        f"/api/rounds/{round_.pk}/pairings/",
        f"/api/events/{event.pk}/registrations/",
        "/api/events/",
        "/events/",
    ]
    for url in urls:
        with django_assert_max_num_queries(14):
            response = client.get(url)
        assert response.status_code == 200, url
