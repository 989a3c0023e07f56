"""Event rule sets are the engine's: empty means the game's default, an unknown key is refused naming the
allowed ones (service, API, form), old free-text rows are normalised by a data migration, pages show the
title."""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.apps import apps as django_apps
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Event
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def _create(organizer, **fields):
    return services.event_create(
        organizer=organizer, name="Rules Open", date=datetime.date(2026, 12, 5), **fields
    )


@pytest.mark.parametrize(("game", "default"), [("yugioh", "current"), ("vanguard", "standard"),
                                                ("rayman", "standard"), ("arrows", "standard")])  # fmt: skip
def test_empty_rule_set_is_the_games_default(organizer, game, default):
    assert _create(organizer, game=game).rule_set == default
    assert _create(organizer, game=game, rule_set="  ").rule_set == default


def test_known_rule_set_is_kept_and_unknown_is_refused_naming_the_keys(organizer):
    assert _create(organizer, game="vanguard", rule_set="standard").rule_set == "standard"
    with pytest.raises(TournamentError) as error:
        _create(organizer, game="yugioh", rule_set="Advanced")
    assert error.value.field == "rule_set"
    assert "Advanced" in error.value.message
    assert "current" in error.value.message and "classic" in error.value.message
    # A key of another game is not a key of this one.
    with pytest.raises(TournamentError):
        _create(organizer, game="yugioh", rule_set="original")
    assert not Event.objects.filter(rule_set__in=["Advanced", "original"], game="yugioh").exists()


def test_update_checks_against_the_events_game(organizer):
    event = _create(organizer, game="vanguard")
    assert services.event_update(event=event, user=organizer, rule_set="standard").rule_set == "standard"
    with pytest.raises(TournamentError):
        services.event_update(event=event, user=organizer, rule_set="classic")
    event.refresh_from_db()
    assert event.rule_set == "standard"
    assert services.event_update(event=event, user=organizer, rule_set="").rule_set == "standard"


def test_api_400_names_the_field_and_the_allowed_keys(organizer):
    client = APIClient()
    client.force_authenticate(organizer)
    bad = client.post(
        "/api/events/", {"name": "X", "game": "yugioh", "date": "2026-12-01", "rule_set": "Advanced"},
        format="json",
    )  # fmt: skip
    assert bad.status_code == 400
    error = bad.json()["errors"][0]
    assert error["path"] == "/rule_set" and "current, classic" in error["message"]
    good = client.post("/api/events/", {"name": "X", "game": "vanguard", "date": "2026-12-01"}, format="json")
    assert good.status_code == 201
    assert good.json()["rule_set"] == "standard"  # the current rules (the plug-in's event default)
    patched = client.patch(f"/api/events/{good.json()['id']}/", {"rule_set": "nope"}, format="json")
    assert patched.status_code == 400 and patched.json()["errors"][0]["path"] == "/rule_set"


def test_form_error_and_title_on_the_event_page(client, organizer):
    client.force_login(organizer)
    fields = {"name": "Form Open", "game": "yugioh", "date": "2026-12-12", "tier": 1, "best_of": 3,
              "round_minutes": 50, "tiebreak_policy": "konami"}  # fmt: skip
    bad = client.post("/events/new/", {**fields, "rule_set": "original"})
    assert bad.status_code == 400
    assert "Unknown rule set" in bad.content.decode()
    assert not Event.objects.filter(name="Form Open").exists()
    response = client.post("/events/new/", {**fields, "rule_set": "classic"})
    assert response.status_code == 302
    event = Event.objects.get(name="Form Open")
    assert event.rule_set == "classic"
    assert "Classic rulebook" in client.get(f"/events/{event.pk}/").content.decode()


def test_data_migration_normalises_unknown_labels(organizer):
    kept = _create(organizer, game="yugioh", rule_set="classic")
    old = _create(organizer, game="yugioh")
    blank = _create(organizer, game="vanguard")
    Event.objects.filter(pk=old.pk).update(rule_set="Advanced")
    Event.objects.filter(pk=blank.pk).update(rule_set="")
    migration = importlib.import_module("tournaments.migrations.0005_event_rule_set_engine_keys")
    migration.normalise_rule_sets(django_apps, None)
    assert Event.objects.get(pk=kept.pk).rule_set == "classic"
    assert Event.objects.get(pk=old.pk).rule_set == "current"
    assert Event.objects.get(pk=blank.pk).rule_set == "original"
