"""Deck lists are private to their player and the event's staff until the organizer publishes them; a
player reports only their own match. Checked on every way a list or a result can be reached."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from decks.services.decklists import DeckRefused, event_deck_settings_update
from tests.trust.world import build_world
from tournaments.models import Match, ResultChange

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _deck_urls(world) -> list[str]:
    pk = world.deck_list.pk
    return [
        reverse("decks:deck_list", kwargs={"pk": pk}),
        reverse("decks:deck_list_export", kwargs={"pk": pk, "fmt": "ydk"}),
        reverse("api_decklist_detail", kwargs={"pk": pk}),
    ]


def test_lists_are_private_until_published_then_public():
    world = build_world(players=4)
    outsiders = ["anonymous", "other_player", "judge_other", "organizer_other"]
    wall = reverse("tournaments:wall_decklists", kwargs={"event_id": world.event.pk})
    api_list = reverse("api_decklist_detail", kwargs={"pk": world.deck_list.pk})
    for role in outsiders:
        client = _client(world.users[role])
        for url in _deck_urls(world):
            assert client.get(url).status_code in (403, 404), (role, url)
        assert world.users["player"].display_name not in client.get(wall).content.decode(), role
    for role in ("player", "judge", "organizer", "admin"):
        assert _client(world.users[role]).get(api_list).status_code == 200, role
    # the printout of every list is for the staff only
    pdf = reverse("tournaments:print_pdf", kwargs={"event_id": world.event.pk, "kind": "decklists"})
    assert _client(world.users["other_player"]).get(pdf).status_code == 403

    # publishing is the organizer's decision: not the judge's, not another event's organizer
    for role in ("judge", "organizer_other", "player"):
        with pytest.raises(DeckRefused):
            event_deck_settings_update(event=world.event, user=world.users[role], lists_published=True)
    event_deck_settings_update(event=world.event, user=world.users["organizer"], lists_published=True)
    for role in outsiders:
        client = _client(world.users[role])
        assert _client(world.users[role]).get(api_list).status_code == 200, role
        assert world.users["player"].display_name in client.get(wall).content.decode(), role


def test_players_report_only_their_own_match():
    world = build_world(players=6)
    match = world.match
    before = (match.version, match.status, match.games_a, match.games_b)
    body = {"games_a": 2, "games_b": 0, "version": match.version}
    for role in ("other_player", "judge_other", "organizer_other"):
        client = _client(world.users[role])
        api = client.post(
            reverse("api-match-report", kwargs={"pk": match.pk}), body, content_type="application/json"
        )
        assert api.status_code == 403, (role, api.content)
        page = client.post(
            reverse("tournaments:match_result", kwargs={"pk": world.event.pk, "match_id": match.pk}),
            {**body, "action": "report", "kind": "normal"},
        )
        assert page.status_code in (302, 403)
    # staff of another event cannot enter or correct it either
    for role in ("judge_other", "organizer_other"):
        client = _client(world.users[role])
        for name in ("api-match-enter", "api-match-correct"):
            answer = client.post(reverse(name, kwargs={"pk": match.pk}), {**body, "reason": "x"},
                                 content_type="application/json")  # fmt: skip
            assert answer.status_code == 403, (role, name)
    match.refresh_from_db()
    assert (match.version, match.status, match.games_a, match.games_b) == before
    assert not ResultChange.objects.filter(match=match).exists()
    # the player's own report goes through
    own = _client(world.users["player"]).post(
        reverse("api-match-report", kwargs={"pk": match.pk}), body, content_type="application/json"
    )
    assert own.status_code == 200
    assert Match.objects.get(pk=match.pk).reported_by_id == world.users["player"].pk
