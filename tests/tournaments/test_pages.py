"""The tournament pages through Django's test client: who sees what, forms, htmx result entry."""

from __future__ import annotations

import pytest

from core.models import Role, User
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Event, Match, Registration

pytestmark = pytest.mark.django_db


def test_navigation_urls_exist(client):
    for name in ("/events/", "/events/mine/", "/events/console/"):
        assert client.get(name).status_code in (200, 302)


def test_organizer_creates_an_event_through_the_form(client, organizer):
    client.force_login(organizer)
    response = client.post(
        "/events/new/",
        {"name": "Saturday Open", "game": "yugioh", "date": "2026-12-12", "tier": 1, "best_of": 3,
         "round_minutes": 50, "tiebreak_policy": "konami"},
    )  # fmt: skip
    event = Event.objects.get(name="Saturday Open")
    assert response.status_code == 302 and response["Location"] == f"/events/{event.pk}/"
    bad = client.post("/events/new/", {"name": "", "game": "chess", "date": ""})
    assert bad.status_code == 400
    page = client.get(f"/events/{event.pk}/")
    assert b"organizer-panel" in page.content
    assert event.name.encode() in client.get("/events/console/").content


def test_player_cannot_create_and_drafts_are_hidden(client, organizer):
    player = User.objects.create_user("pl", role=Role.PLAYER)
    client.force_login(player)
    assert client.get("/events/new/").status_code == 302
    draft = services.event_create(organizer=organizer, name="Secret", game="yugioh", date="2026-12-01")
    assert client.get(f"/events/{draft.pk}/").status_code == 404
    assert b"Secret" not in client.get("/events/").content


def test_player_registers_checks_in_and_drops(client, organizer):
    event = make_event(organizer, players=0)
    player = User.objects.create_user("pl2", role=Role.PLAYER)
    client.force_login(player)
    client.post(f"/events/{event.pk}/register/")
    registration = Registration.objects.get(event=event, player=player)
    client.post(f"/events/{event.pk}/registrations/{registration.pk}/check-in/")
    registration.refresh_from_db()
    assert registration.status == "checked_in"
    assert event.name.encode() in client.get("/events/mine/").content
    client.post(f"/events/{event.pk}/registrations/{registration.pk}/drop/")
    registration.refresh_from_db()
    assert registration.status == "dropped"


def test_staff_enter_results_with_htmx_and_see_conflicts(client, organizer, judge):
    event = make_event(organizer, players=8, judge=judge)
    round_ = services.round_pair_next(event=event, user=organizer)
    match = round_.matches.filter(player_b__isnull=False).first()
    client.force_login(judge)
    page = client.get(f"/events/{event.pk}/rounds/1/")
    assert page.content.count(b'data-testid="result-form"') == 4
    url = f"/events/{event.pk}/matches/{match.pk}/result/"
    body = {"action": "enter", "games_a": 2, "games_b": 1, "games_drawn": 0, "kind": "normal", "version": 1}
    response = client.post(url, body, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and b"2-1" in response.content
    stale = client.post(url, body | {"games_a": 0, "games_b": 2}, HTTP_HX_REQUEST="true")
    assert b"Conflict" in stale.content and stale["X-Result-Status"] == "409"
    correction = client.post(
        url, body | {"action": "correct", "version": 2, "reason": "typo", "games_a": 1, "games_b": 2},
        HTTP_HX_REQUEST="true",
    )  # fmt: skip
    assert b"1-2" in correction.content
    assert Match.objects.get(pk=match.pk).version == 3


def test_players_report_only_their_match_from_the_page(client, organizer):
    event = make_event(organizer, players=4)
    round_ = services.round_pair_next(event=event, user=organizer)
    mine, other = round_.matches.order_by("table")
    client.force_login(mine.player_a.player)
    page = client.get(f"/events/{event.pk}/rounds/1/")
    assert page.content.count(b'data-testid="result-form"') == 1
    url = f"/events/{event.pk}/matches/{other.pk}/result/"
    body = {"action": "report", "games_a": 2, "games_b": 0, "kind": "normal", "version": 1}
    response = client.post(url, body, HTTP_HX_REQUEST="true")
    assert response["X-Result-Status"] == "403"
    assert Match.objects.get(pk=other.pk).status == "pending"
    detail = client.get(f"/events/{event.pk}/")
    assert b'data-testid="my-match"' in detail.content


def test_standings_explain_and_top_cut_pages(client, organizer, judge):
    from tests.tournaments.conftest import play_round

    event = make_event(organizer, players=8, judge=judge, top_cut_override=4, swiss_rounds_override=3)
    for _ in range(3):
        play_round(event, services.round_pair_next(event=event, user=organizer), judge)
    client.force_login(organizer)
    standings = client.get(f"/events/{event.pk}/standings/")
    assert standings.content.count(b"<tr") == 9
    by_name = client.get(f"/events/{event.pk}/rounds/3/?order=name")
    assert b"pairings-by-name" in by_name.content
    client.post(f"/events/{event.pk}/top-cut/")
    page = client.get(f"/events/{event.pk}/top-cut/")
    assert page.content.count(b'data-testid="bracket-match"') == 2


def test_organizer_adds_a_judge_and_a_late_entry(client, organizer):
    from tests.tournaments.conftest import play_round

    event = make_event(organizer, players=6)
    play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    User.objects.create_user("newjudge", role=Role.JUDGE)
    User.objects.create_user("latecomer", role=Role.PLAYER)
    client.force_login(organizer)
    client.post(f"/events/{event.pk}/people/", {"username": "newjudge", "as": "judge"})
    client.post(f"/events/{event.pk}/people/", {"username": "latecomer", "as": "player"})
    assert event.staff.filter(user__username="newjudge", role="judge").exists()
    late = Registration.objects.get(event=event, player__username="latecomer")
    assert late.first_round == 2 and late.status == "checked_in"
    response = client.post(f"/events/{event.pk}/people/", {"username": "nobody", "as": "judge"}, follow=True)
    assert b"No user with the name" in response.content


def test_the_datetime_boxes_say_their_time_zone(client, organizer):
    """A datetime-local box carries no zone: the event forms say which one their times are read in."""
    client.force_login(organizer)
    for url in ("/events/new/", "/events/console/day/"):
        page = client.get(url).content.decode()
        assert "Times are in the Europe/Paris time zone." in page, url
