"""Registrations have one lookup and one map of actions for every door (issue 13, item 5): staff name a person
alike on the event page, in the console and through the API (exact username, else the only one differing in
case), and refuse an unknown name with the same message; the check-in, drop and no-show buttons of the event
page and the console reach the same services."""

from __future__ import annotations

import pytest

from core.models import Role, User
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

UNKNOWN = "No user with the name “ghost”."


def test_an_unknown_person_is_refused_alike_and_a_name_in_another_case_found_alike(client, organizer):
    event = make_event(organizer, players=2)
    client.force_login(organizer)
    page = client.post(f"/events/{event.pk}/people/", {"username": "ghost", "as": "player"}, follow=True)
    console = client.post(
        f"/events/{event.pk}/console/registrations/add/", {"username": "ghost"}, follow=True
    )
    api = client.post(
        f"/api/events/{event.pk}/registrations/", {"username": "ghost"}, content_type="application/json"
    )
    assert UNKNOWN in page.content.decode() and UNKNOWN in console.content.decode()
    assert api.status_code == 400 and api.json()["errors"] == [
        {"path": "/username", "message": UNKNOWN, "code": "not_found"}
    ]
    services.event_set_status(event=event, status="check_in", user=organizer)
    for n, door in enumerate(("page", "console", "api")):
        User.objects.create_user(f"Walk{n}In", role=Role.PLAYER)
        name = f"walk{n}in"
        if door == "page":
            client.post(f"/events/{event.pk}/people/", {"username": name, "as": "player"})
        elif door == "console":
            client.post(f"/events/{event.pk}/console/registrations/add/", {"username": name})
        else:
            body = {"username": name, "check_in": True}
            answer = client.post(
                f"/api/events/{event.pk}/registrations/", body, content_type="application/json"
            )
            assert answer.status_code == 201
        assert Registration.objects.get(event=event, player__username=f"Walk{n}In").status == "checked_in"


@pytest.mark.parametrize("action", ["check-in", "check_in"])
def test_the_registration_buttons_share_one_map(client, organizer, action):
    event = make_event(organizer, players=2, check_in=False)
    client.force_login(organizer)
    first, second = Registration.objects.filter(event=event).order_by("pk")
    client.post(f"/events/{event.pk}/registrations/{first.pk}/{action}/")
    client.post(f"/events/{event.pk}/console/registrations/{second.pk}/{action}/")
    assert (
        list(Registration.objects.filter(event=event).values_list("status", flat=True)) == ["checked_in"] * 2
    )
    assert client.post(f"/events/{event.pk}/console/registrations/{first.pk}/explode/").status_code == 404
    assert client.post(f"/events/{event.pk}/registrations/{first.pk}/explode/").status_code == 404
