"""Fixtures for tournament-day tests: an event with checked-in players, played rounds, a client per role."""

from __future__ import annotations

import pytest

from core.models import Role, User
from tests.tournaments.conftest import make_event, play_round
from tournaments import services


@pytest.fixture
def orga_client(client, organizer):
    client.force_login(organizer)
    return client


def staff_event(organizer, *, players: int = 8, **fields):
    fields.setdefault("swiss_rounds_override", 3)
    fields.setdefault("top_cut_override", 4)
    return make_event(organizer, players=players, **fields)


def played_event(organizer, *, players: int = 8, rounds: int = 1, **fields):
    """An event with `rounds` Swiss rounds paired and every result entered by the organizer."""
    event = staff_event(organizer, players=players, **fields)
    for _n in range(rounds):
        round_ = services.round_pair_next(event=event, user=organizer)
        play_round(event, round_, organizer)
    event.refresh_from_db()
    return event


@pytest.fixture
def player_user(db):
    return User.objects.create_user(
        "phone1", password="pw-phone-123", role=Role.PLAYER, display_name="Pia Phone"
    )
