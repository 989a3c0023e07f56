"""One source of truth for an event's banlist: ``decks.EventDeckSettings.banlist``, set through the event
services, form and API (by name, among the imported banlists of the event's game), read back as
``Event.banlist_name`` and by the decks app; the JSON export carries it once (deck_settings) and
round-trips."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from decks.models import Banlist, EventDeckSettings
from decks.selectors import banlist_for_event
from decks.services.cards import banlists_import_file
from tournaments import services
from tournaments.models import Event
from tournaments.services.errors import TournamentError
from tournaments.services.event_file import comparable, event_export
from tournaments.services.event_import import event_import

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[2] / "decks" / "fixtures"


@pytest.fixture
def banlists(db):
    banlists_import_file(path=FIXTURES / "banlist.lflist.conf")
    return {b.name: b for b in Banlist.objects.filter(game="yugioh")}


def _create(organizer, **fields):
    return services.event_create(
        organizer=organizer, name=fields.pop("name", "Banlist Open"), game=fields.pop("game", "yugioh"),
        date=datetime.date(2026, 12, 5), **fields,
    )  # fmt: skip


def test_create_and_update_set_the_deck_settings_foreign_key(organizer, banlists):
    assert "2026.02 TCG" in banlists
    event = _create(organizer, banlist="2026.02 TCG")
    assert EventDeckSettings.objects.get(event=event).banlist == banlists["2026.02 TCG"]
    assert banlist_for_event(event=event) == banlists["2026.02 TCG"]
    assert event.banlist_name == "2026.02 TCG"
    other = next(name for name in banlists if name != "2026.02 TCG")
    event = services.event_update(event=event, user=organizer, banlist=other)
    assert event.banlist_name == other and banlist_for_event(event=event).name == other
    event = services.event_update(event=event, user=organizer, banlist="")
    assert event.banlist_name == "" and banlist_for_event(event=event) is None
    assert "banlist" not in {f.name for f in Event._meta.get_fields()}


def test_unknown_or_foreign_banlist_is_refused_and_nothing_saved(organizer, banlists):
    with pytest.raises(TournamentError) as error:
        _create(organizer, banlist="1999 Nope")
    assert error.value.field == "banlist" and "2026.02 TCG" in error.value.message
    assert not Event.objects.filter(name="Banlist Open").exists()
    # The fixture lists are Yu-Gi-Oh! lists: not a Vanguard event's.
    with pytest.raises(TournamentError):
        _create(organizer, game="vanguard", banlist="2026.02 TCG")
    event = _create(organizer)
    with pytest.raises(TournamentError):
        services.event_update(event=event, user=organizer, banlist="1999 Nope", name="Renamed")
    event.refresh_from_db()
    assert event.name == "Banlist Open" and banlist_for_event(event=event) is None


def test_api_reads_and_writes_the_banlist_by_name(organizer, banlists):
    client = APIClient()
    client.force_authenticate(organizer)
    body = {"name": "API Open", "game": "yugioh", "date": "2026-12-01", "banlist": "2026.02 TCG"}
    created = client.post("/api/events/", body, format="json")
    assert created.status_code == 201 and created.json()["banlist"] == "2026.02 TCG"
    pk = created.json()["id"]
    assert client.get(f"/api/events/{pk}/").json()["banlist"] == "2026.02 TCG"
    bad = client.patch(f"/api/events/{pk}/", {"banlist": "1999 Nope"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/banlist"
    cleared = client.patch(f"/api/events/{pk}/", {"banlist": ""}, format="json")
    assert cleared.status_code == 200 and cleared.json()["banlist"] == ""
    # The list reads every banlist in the same query as the events: the count does not grow with the rows.
    with CaptureQueriesContext(connection) as few:
        client.get("/api/events/")
    for n in range(4):
        _create(organizer, name=f"More {n}", banlist="2026.02 TCG")
    with CaptureQueriesContext(connection) as many:
        listed = client.get("/api/events/").json()
    assert len(many.captured_queries) == len(few.captured_queries)
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert sum(1 for e in rows if e["banlist"] == "2026.02 TCG") == 4


def test_form_offers_the_imported_banlists_and_the_page_shows_it(client, organizer, banlists):
    client.force_login(organizer)
    form_page = client.get("/events/new/").content.decode()
    assert "2026.02 TCG" in form_page
    fields = {"name": "Form Open", "game": "yugioh", "date": "2026-12-12", "tier": 1, "best_of": 3,
              "round_minutes": 50, "tiebreak_policy": "konami"}  # fmt: skip
    response = client.post("/events/new/", {**fields, "banlist": "2026.02 TCG"})
    assert response.status_code == 302
    event = Event.objects.get(name="Form Open")
    assert banlist_for_event(event=event).name == "2026.02 TCG"
    assert "Banlist: 2026.02 TCG" in client.get(f"/events/{event.pk}/").content.decode()
    bad = client.post("/events/new/", {**fields, "name": "Vanguard Open", "game": "vanguard",
                                       "banlist": "2026.02 TCG"})  # fmt: skip
    assert bad.status_code == 400 and not Event.objects.filter(name="Vanguard Open").exists()


def test_export_carries_the_banlist_once_and_round_trips(organizer, banlists):
    event = _create(organizer, banlist="2026.02 TCG")
    document = event_export(event=event)
    assert "banlist" not in document["event"]
    assert document["deck_settings"]["banlist"] == "2026.02 TCG"
    restored = event_import(document=document)
    assert restored.pk != event.pk and restored.banlist_name == "2026.02 TCG"
    assert comparable(event_export(event=restored)) == comparable(document)
    # A document written before the banlist moved (a "banlist" in the event part) is still accepted.
    older = {**document, "event": {**document["event"], "banlist": "2026.02 TCG"}}
    assert event_import(document=older).banlist_name == "2026.02 TCG"


def test_the_console_quick_form_chooses_the_banlist_and_rule_set(banlists, client, organizer):
    client.force_login(organizer)
    name = sorted(banlists)[0]
    page = client.get("/events/console/day/").content.decode()
    assert 'name="banlist"' in page and f">{name}<" in page and 'name="rule_set"' in page
    response = client.post(
        "/events/console/new/",
        {"name": "Quick Locals", "game": "yugioh", "date": "2026-12-04", "banlist": name,
         "rule_set": "yugioh:classic"},
    )  # fmt: skip
    assert response.status_code == 302
    event = Event.objects.get(name="Quick Locals")
    assert banlist_for_event(event=event).name == name and event.rule_set == "classic"
    wrong = client.post(
        "/events/console/new/",
        {"name": "Wrong", "game": "vanguard", "date": "2026-12-04", "banlist": name},
    )
    assert wrong.status_code == 400 and "banlist" in wrong.content.decode().lower()
    assert not Event.objects.filter(name="Wrong").exists()
