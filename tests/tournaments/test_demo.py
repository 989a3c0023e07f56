from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import Event, Registration, Round

pytestmark = pytest.mark.django_db


def _check_demo_event():
    event = Event.objects.get(name="Tableside Demo Open")
    assert event.organizer.username == "orga" and event.game == "yugioh" and event.status == "swiss"
    assert event.staff.filter(user__username="judge").exists()
    assert Registration.objects.filter(event=event, status="checked_in").count() == 12
    assert Round.objects.filter(event=event).count() == 1
    assert event.rounds.get().matches.count() == 6


def test_load_demo_once_then_again_changes_nothing():
    call_command("load_demo", stdout=StringIO())
    _check_demo_event()
    call_command("load_demo", stdout=StringIO())
    _check_demo_event()
