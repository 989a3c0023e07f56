"""The API's list pages: a client's limit and offset are bounded before they reach the database."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from core.api.pagination import MAX_PAGE_SIZE
from core.models import Role, User
from tests.tournaments.conftest import make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(db):
    return User.objects.create_user("orga1", password="pw-orga-123", role=Role.ORGANIZER)


PAST_64_BITS = "36893488147419103233"  # schemathesis sent it: SQLite answered "datatype mismatch", a 500


def _events(organizer, query: str):
    client = APIClient()
    client.force_authenticate(organizer)
    return client.get(f"/api/events/?{query}")


def test_a_limit_past_64_bits_is_cut_to_the_largest_page(organizer):
    make_event(organizer, players=0)
    response = _events(organizer, f"limit={PAST_64_BITS}")
    assert response.status_code == 200
    assert response.json()["count"] == 1 and len(response.json()["results"]) == 1


def test_an_offset_past_64_bits_is_an_empty_page(organizer):
    make_event(organizer, players=0)
    response = _events(organizer, f"offset={PAST_64_BITS}")
    assert response.status_code == 200
    assert response.json()["results"] == []


def test_a_page_holds_at_most_the_largest_page(organizer, monkeypatch):
    assert MAX_PAGE_SIZE >= 100  # the default page (PAGE_SIZE) fits
    monkeypatch.setattr("core.api.pagination.BoundedLimitOffsetPagination.max_limit", 2)
    for number in range(3):
        make_event(organizer, players=0, name=f"Event {number}")
    response = _events(organizer, "limit=3")
    assert len(response.json()["results"]) == 2
