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
    # A rule set the engine knows, and the decks part of the demo done on the same run.
    assert event.rule_set == "current" and event.rule_set_title == "Current TCG rules"
    assert event.banlist_name == "2026.02 TCG"
    from decks.models import DeckList

    with_lists = DeckList.objects.filter(registration__event=event, versions__isnull=False).distinct()
    assert sorted(d.registration.player.username for d in with_lists) == [
        "player1", "player2", "player3", "player4",
    ]  # fmt: skip


def test_load_demo_once_then_again_changes_nothing():
    from decks.models import DeckListVersion

    call_command("load_demo", stdout=StringIO())  # a fresh database: everything on the first run
    _check_demo_event()
    versions = DeckListVersion.objects.count()
    call_command("load_demo", stdout=StringIO())
    _check_demo_event()
    assert DeckListVersion.objects.count() == versions == 4
