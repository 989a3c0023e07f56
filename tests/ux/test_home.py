"""Each person's home page lists their own events with the next thing to do, in a fixed number of queries."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from core.models import Role, User
from tests.tournaments.conftest import make_event
from tournaments.models import Registration


def _steps(html: str) -> list[str]:
    return re.findall(r'<a class="button primary" href="([^"]+)" data-testid="next-step">', html)


def test_organizer_home_lists_own_event_with_console_step(demo, as_user):
    html = as_user("orga").get("/").content.decode()
    assert demo.name in html
    assert reverse("tournaments:console_event", args=[demo.pk]) in _steps(html)
    assert "Enter results and pair the next round" in html


def test_judge_home_lists_judged_event(demo, as_user):
    html = as_user("judge").get("/").content.decode()
    assert demo.name in html
    assert _steps(html) == [reverse("tournaments:console_event", args=[demo.pk])]


def test_player_home_sends_to_the_phone_page_during_rounds(demo, as_user):
    html = as_user("player1").get("/").content.decode()
    assert demo.name in html
    assert _steps(html) == [reverse("tournaments:player_event", args=[demo.pk])]
    assert "See your table and report your result" in html


def test_player_without_deck_list_is_asked_for_one(organizer, client):
    event = make_event(organizer, players=2, check_in=False)
    player = Registration.objects.filter(event=event).first().player
    client.force_login(player)
    html = client.get("/").content.decode()
    assert _steps(html) == [reverse("decks:my_deck", args=[event.pk])]
    assert "Submit your deck list" in html


def test_someone_with_no_event_is_told_what_to_do(client, db):
    client.force_login(User.objects.create_user("lonely", password="x-pw-123456", role=Role.PLAYER))
    html = client.get("/").content.decode()
    assert 'data-testid="no-events"' in html
    assert "pick one in the list of events" in html


@pytest.mark.parametrize("events", [1, 6])
def test_home_queries_do_not_grow_with_events(organizer, client, django_assert_max_num_queries, events):
    player = User.objects.create_user("many", password="x-pw-123456", role=Role.PLAYER)
    for n in range(events):
        event = make_event(organizer, name=f"Open {n}")
        Registration.objects.create(event=event, player=player)
    client.force_login(player)
    with django_assert_max_num_queries(6):
        html = client.get("/").content.decode()
    assert html.count('data-testid="home-event"') == events
