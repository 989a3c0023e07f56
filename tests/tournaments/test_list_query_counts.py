"""Issue 17's list pages answer in as many SQL queries at 8 players as at 32: the check-in desk (page and live
search), the judge-call log with every player's penalties, the console (its results and players lists), the
round page of the console (swap lists), the event page (registrations and staff), the staff standings with
player IDs, and the API's registrations."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.models import Role, User
from tests.tournaments.day.conftest import played_event
from tournaments import services
from tournaments.models import PlayerGameId, Registration

pytestmark = pytest.mark.django_db

PAGES = (
    "/events/{e}/desk/",
    "/events/{e}/desk/?q=player",
    "/events/{e}/desk/results/?q=player",
    "/rulings/events/{e}/log/",
    "/events/{e}/console/",
    "/events/{e}/console/registrations/?q=player",
    "/events/{e}/console/rounds/2/",
    "/events/{e}/",
    "/events/{e}/standings/",
    "/api/events/{e}/registrations/",
)


def _event(organizer, judge, players: int):
    """Two rounds played, the second open again for the swap list; every player with an ID, a checked-in
    status or not, and a penalty (every other one a game loss on their last match)."""
    event = played_event(organizer, players=players, rounds=1, judge=judge, name=f"Lists {players}")
    services.round_pair_next(event=event, user=organizer)
    registrations = list(Registration.objects.filter(event=event).select_related("player").order_by("pk"))
    PlayerGameId.objects.bulk_create(
        PlayerGameId(user=r.player, game=event.game, value=f"{r.pk:010d}") for r in registrations
    )
    Registration.objects.filter(pk__in=[r.pk for r in registrations[::2]]).update(status="registered")
    for index, registration in enumerate(registrations):
        services.penalty_record(
            event=event, registration=registration, infraction="procedural_error",
            penalty="game_loss" if index % 2 else "warning", reason="Checked", by=judge,
        )  # fmt: skip
    return event


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(context.captured_queries)


def test_list_pages_do_not_grow_with_the_players(client, organizer, judge):
    small = _event(organizer, judge, 8)
    large = _event(organizer, judge, 32)
    keeper = User.objects.create_user("keeper-q", role=Role.JUDGE)
    for event in (small, large):
        services.event_add_staff(event=event, user=keeper, role="scorekeeper", by=organizer)
    client.force_login(organizer)
    page = client.get(f"/rulings/events/{large.pk}/log/").content.decode()
    assert page.count('data-testid="penalty-row"') == 32  # the whole history is listed
    counts = {url: (_queries(client, url.format(e=small.pk)), _queries(client, url.format(e=large.pk)))
              for url in PAGES}  # fmt: skip
    grown = {url: pair for url, pair in counts.items() if pair[0] != pair[1]}
    assert not grown, f"queries at 8 and at 32 players: {grown}"
