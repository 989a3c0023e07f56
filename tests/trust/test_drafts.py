"""A draft event is invisible to everyone but its staff: pages, wall, API (event, registrations)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.trust.world import build_world
from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def test_a_draft_event_is_seen_by_its_staff_only():
    world = build_world(players=2)
    draft = world.other_event  # back to draft after a registration
    registration = Registration.objects.filter(event=draft).first()
    services.event_set_status(event=draft, status="draft", user=world.users["organizer_other"])
    urls = [
        reverse("tournaments:event_detail", kwargs={"pk": draft.pk}),
        reverse("tournaments:standings", kwargs={"pk": draft.pk}),
        reverse("tournaments:wall_pairings", kwargs={"event_id": draft.pk}),
        reverse("tournaments:wall_standings", kwargs={"event_id": draft.pk}),
        reverse("api-event-detail", kwargs={"pk": draft.pk}),
        reverse("api-event-registrations", kwargs={"pk": draft.pk}),
        reverse("api-registration-detail", kwargs={"pk": registration.pk}),
    ]
    for role in ("anonymous", "player", "judge", "organizer"):
        client = Client()
        if world.users[role]:
            client.force_login(world.users[role])
        seen = {url: client.get(url).status_code for url in urls}
        assert all(code == 404 for code in seen.values()), (
            role,
            [(u, c) for u, c in seen.items() if c != 404],
        )
        listed = client.get(reverse("api-event-list")).json()
        ids = [e["id"] for e in (listed["results"] if isinstance(listed, dict) else listed)]
        assert draft.pk not in ids, role
    for role in ("organizer_other", "judge_other", "admin"):
        client = Client()
        client.force_login(world.users[role])
        seen = {url: client.get(url).status_code for url in urls}
        assert all(code == 200 for code in seen.values()), (role, seen)
