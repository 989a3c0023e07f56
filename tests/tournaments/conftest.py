"""Fixtures for the tournaments tests: people, events, and a helper that plays whole rounds."""

from __future__ import annotations

import datetime
import random

import pytest

from core.models import Role, User
from tournaments import services
from tournaments.models import Event, Match, MatchStatus, Registration


@pytest.fixture
def organizer(db):
    return User.objects.create_user(
        "orga1", password="pw-orga-123", role=Role.ORGANIZER, display_name="Orga One"
    )


@pytest.fixture
def judge(db):
    return User.objects.create_user(
        "judge1", password="pw-judge-123", role=Role.JUDGE, display_name="Judge One"
    )


def make_players(count: int, prefix: str = "p") -> list[User]:
    users = [User(username=f"{prefix}{n:04d}", role=Role.PLAYER, display_name=f"Player {n:04d}") for n in
             range(1, count + 1)]  # fmt: skip
    return User.objects.bulk_create(users)


def make_event(organizer, *, players: int = 0, game: str = "yugioh", judge=None, check_in: bool = True,
               **fields) -> Event:  # fmt: skip
    event = services.event_create(
        organizer=organizer, name=fields.pop("name", "Test Open"), game=game,
        date=datetime.date(2026, 12, 5), seed=fields.pop("seed", "fixed-seed"), **fields,
    )  # fmt: skip
    services.event_set_status(event=event, status="registration", user=organizer)
    if judge is not None:
        services.event_add_staff(event=event, user=judge, role="judge", by=organizer)
    users = make_players(players, prefix=f"e{event.pk}p")
    Registration.objects.bulk_create(
        Registration(event=event, player=u, status="checked_in" if check_in else "registered") for u in users
    )
    event.refresh_from_db()
    return event


def first_match(round_) -> Match:
    """The round's first table with two players, with both players' users."""
    return (
        Match.objects.filter(round=round_, player_b__isnull=False)
        .select_related("player_a__player", "player_b__player")
        .order_by("table")
        .first()
    )


def play_round(event: Event, round_, judge_or_orga, *, rng: random.Random | None = None) -> None:
    """Staff enter a 2-0 / 2-1 / 1-1 result on every open match of the round."""
    rng = rng or random.Random(1)
    for match in Match.objects.filter(round=round_, status=MatchStatus.PENDING, player_b__isnull=False):
        ga, gb, gd = rng.choice([(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0)])
        services.match_enter_result(match=match, user=judge_or_orga, games_a=ga, games_b=gb, games_drawn=gd)


@pytest.fixture
def event_factory(organizer):
    def factory(**kwargs):
        return make_event(organizer, **kwargs)

    return factory
