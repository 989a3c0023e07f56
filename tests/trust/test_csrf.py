"""Every POST a signed-in person may make needs the CSRF token (pages and the session-authenticated API):
a forged cross-site form is refused before it does anything."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.trust.matrix import ROLES, ROWS
from tests.trust.patterns import all_patterns
from tests.trust.urlkwargs import url_kwargs
from tests.trust.world import build_world
from tournaments.models import Match, ResultChange, Round

PATTERNS = dict(all_patterns())
# POSTs that the organizer of the event may make (a refusal would hide a missing CSRF check)
# The replay API is exempt on purpose: it authenticates no one and saves nothing (a pure computation).
STATELESS = {"rulings_replay"}
POSTS = sorted(
    name
    for name, row in ROWS.items()
    if row.get("POST", "-" * len(ROLES))[ROLES.index("organizer")] == "A" and name not in STATELESS
)


@pytest.mark.django_db
def test_every_post_needs_the_csrf_token():
    world = build_world(players=4)
    world.extra["rule_id"] = "YGO-TURN-PHASES"
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(world.users["organizer"])
    rounds, changes = Round.objects.count(), ResultChange.objects.count()
    accepted = []
    for name in POSTS:
        url = reverse(name, kwargs=url_kwargs(name, PATTERNS[name], world))
        data = ROWS[name]["data"](world) if "data" in ROWS[name] else {}
        if url.startswith("/api/"):
            response = forged.post(url, json.dumps(data), content_type="application/json")
        else:
            response = forged.post(url, data)
        if response.status_code != 403:
            accepted.append(f"{name}: {response.status_code}")
    assert not accepted, "POSTs accepted without a CSRF token:\n" + "\n".join(accepted)
    assert (Round.objects.count(), ResultChange.objects.count()) == (rounds, changes)
    assert Match.objects.get(pk=world.match.pk).version == world.match.version
    assert len(POSTS) > 40
