"""A draft event is invisible to everyone but its staff: pages, wall, API (event, registrations), phone
pages, deck pages, the judge-call log, printouts and exports.

`test_every_route_of_a_draft_is_hidden` walks EVERY URL pattern the resolver knows that points into an event
(its id, or one of its registrations, rounds, matches, deck lists, deck checks, transfers), so a new route
cannot escape: as a player of the event, another player, another event's organizer and judge, and anonymous,
each answer must be a 404 — or, for anonymous on a log-in-only page, the log-in redirect (the same answer a
non-existent event gets, so it tells nothing) — and no answer may carry the draft's name.
"""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from tests.trust.matrix import ROWS
from tests.trust.patterns import all_patterns
from tests.trust.urlkwargs import url_kwargs
from tests.trust.world import build_world
from tournaments import services
from tournaments.models import Event, EventStatus, Registration

pytestmark = pytest.mark.django_db

# Parameters that point into the event (or into something that belongs to it).
EVENT_PARAMS = {"pk", "event_id", "registration_id", "match_id", "number", "transfer_id"}
# Patterns whose parameters name nothing of an event (a card import job's `pk`, a password-reset link). A new
# pattern with one of EVENT_PARAMS is walked until it is listed here. A saved ruling's link (`slug`) and a
# task's progress (`task_id`) are readable by whoever holds them, on purpose (docs/security.md).
OUTSIDE = {"password_reset_confirm", "decks:card_import"}
OUTSIDERS = ("anonymous", "player", "other_player", "judge_other", "organizer_other")
SECRET_NAME = "Secret Draft Cup"


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
            # the phone page of the draft (found answering 200 with its title to anyone signed in)
            phone = client.get(reverse("tournaments:player_event", kwargs={"event_id": draft.pk}))
            assert phone.status_code == 404, (role, phone.status_code)
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


def _event_patterns() -> list[tuple[str, list[str]]]:
    return sorted(
        (name, params)
        for name, params in all_patterns()
        if name and name not in OUTSIDE and EVENT_PARAMS & set(params) and not name.startswith("admin:")
    )


def _request(client: Client, method: str, url: str, data: dict | None):
    if url.startswith("/api/") and method != "GET":
        return client.post(url, json.dumps(data or {}), content_type="application/json")
    if method == "GET":
        return client.get(url)
    return client.post(url, data or {})


def _hidden(role: str, url: str, response) -> str | None:
    """None when the answer hides the draft; else what is wrong."""
    status = response.status_code
    body = response.content.decode("utf-8", "replace")
    if SECRET_NAME in body:
        return f"{status} with the draft's name"
    if status == 404:
        return None
    if status == 405:  # the method is not served: the same answer for any event, existing or not
        return None
    if role == "anonymous":
        location = response.get("Location", "") if status in (301, 302, 303) else ""
        if location.startswith("/accounts/login/"):
            return None
        if url.startswith("/api/") and status in (401, 403):
            codes = {e.get("code") for e in response.json().get("errors", [])}
            if codes <= {"not_authenticated"}:
                return None
    return f"{status} {response.get('Location', '')}".strip()


def test_every_route_of_a_draft_is_hidden():
    world = build_world(players=4)
    # The event of the world (a round, matches, a deck list, a deck check, a transfer) goes back to draft
    # directly: the lifecycle would refuse it, but every route must refuse the draft itself, not the lack
    # of something to show.
    Event.objects.filter(pk=world.event.pk).update(status=EventStatus.DRAFT, name=SECRET_NAME)
    world.event.refresh_from_db()
    world.extra["rule_id"] = "YGO-TURN-PHASES"
    patterns = _event_patterns()
    assert len(patterns) > 60, "the walk lost its patterns"
    wrong = []
    for role in OUTSIDERS:
        client = Client()
        if world.users[role] is not None:
            client.force_login(world.users[role])
        for name, params in patterns:
            url = reverse(name, kwargs=url_kwargs(name, params, world))
            row = ROWS.get(name, {})
            for method in ("GET", "POST"):
                data = row["data"](world) if "data" in row and method == "POST" else None
                with mock.patch("core.views.run_checks", return_value={}):
                    response = _request(client, method, url, data)
                problem = _hidden(role, url, response)
                if problem:
                    wrong.append(f"{method} {url} ({name}) as {role}: {problem}")
    assert not wrong, f"{len(wrong)} answers show the draft:\n" + "\n".join(wrong)
    # the draft is there for its staff: the refusals above are about the draft, not a broken world
    for role in ("organizer", "judge", "admin"):
        client = Client()
        client.force_login(world.users[role])
        for url in (
            reverse("tournaments:event_detail", kwargs={"pk": world.event.pk}),
            reverse("tournaments:console_event", kwargs={"event_id": world.event.pk}),
            reverse("api-event-detail", kwargs={"pk": world.event.pk}),
        ):
            response = client.get(url)
            assert response.status_code == 200 and SECRET_NAME in response.content.decode(), (role, url)


def test_the_api_hides_a_draft_from_token_callers_too():
    """With a token the draft gate leaves the API views to decide (DRF authenticates the token): they hide
    the draft themselves — event, registrations, rounds, matches, deck lists."""
    from rest_framework.authtoken.models import Token

    world = build_world(players=4)
    Event.objects.filter(pk=world.event.pk).update(status=EventStatus.DRAFT, name=SECRET_NAME)
    patterns = [(name, params) for name, params in _event_patterns() if reverse_is_api(name, params, world)]
    assert len(patterns) > 20
    wrong = []
    for role in ("player", "other_player", "organizer_other"):
        token = Token.objects.create(user=world.users[role]).key
        client = Client(HTTP_AUTHORIZATION=f"Token {token}")
        for name, params in patterns:
            url = reverse(name, kwargs=url_kwargs(name, params, world))
            row = ROWS.get(name, {})
            for method in ("GET", "POST"):
                data = row["data"](world) if "data" in row and method == "POST" else None
                problem = _hidden(role, url, _request(client, method, url, data))
                if problem:
                    wrong.append(f"{method} {url} ({name}) as {role}: {problem}")
    assert not wrong, f"{len(wrong)} answers show the draft:\n" + "\n".join(wrong)
    # the staff's token sees it
    staff = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=world.users['organizer']).key}")
    assert staff.get(reverse("api-match-detail", kwargs={"pk": world.match.pk})).status_code == 200


def reverse_is_api(name: str, params: list[str], world) -> bool:
    return reverse(name, kwargs=url_kwargs(name, params, world)).startswith("/api/")
