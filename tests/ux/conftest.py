"""Fixtures for the walk-through tests: the demo data (an event with round 1 paired, staff, players)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from core.models import User
from tournaments.models import Event


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=StringIO())
    return Event.objects.get(name="Tableside Demo Open")


def _client_for(client, username: str):
    client.force_login(User.objects.get(username=username))
    return client


@pytest.fixture
def as_user(client):
    return lambda username: _client_for(client, username)


from tests.tournaments.conftest import organizer  # noqa: E402,F401  (the same organizer fixture)
