"""The event's standings choices (issue 17, item 11): the win-percentage floor and a dropped player's
figures, per event; and the games' event defaults (item 10: Vanguard plays the current rules, best of 1,
25 minutes)."""

from __future__ import annotations

import datetime
import json

import pytest
from rest_framework.test import APIClient

from rulings.engine.registry import get_game
from tests.tournaments.conftest import play_round
from tournaments import services
from tournaments.selectors import event_standings
from tournaments.selectors.records import standings_settings
from tournaments.services import event_import as importing
from tournaments.services.event_file import event_export
from tournaments.services.event_import import event_import

pytestmark = pytest.mark.django_db


def _create(organizer, **fields):
    return services.event_create(
        organizer=organizer, name="Choices Open", date=datetime.date(2026, 12, 5), **fields
    )


def test_vanguard_events_default_to_the_current_rules_best_of_1_25_minutes(organizer):
    event = _create(organizer, game="vanguard")
    assert (event.rule_set, event.best_of, event.round_minutes) == ("standard", 1, 25)
    # The engine's document default (a situation without a rule set) is unchanged.
    assert get_game("vanguard").default_ruleset == "original"
    assert _create(organizer, game="vanguard", rule_set="original").rule_set == "original"
    assert (event.win_floor, event.dropped_figures) == ("policy", "final")


@pytest.mark.parametrize(
    ("policy", "floor", "mwp", "gwp"),
    [
        ("magic", "policy", 0.33, 0.33),
        ("magic", "mtr", 0.33, 0.33),
        ("magic", "third", 1 / 3, 1 / 3),
        ("pokemon", "policy", 0.25, 0.0),
        ("pokemon", "third", 1 / 3, 0.0),
        ("konami", "third", 0.0, 0.0),  # no floor in the policy: none is added
        ("vanguard", "mtr", 0.0, 0.0),
    ],
)
def test_the_floor_replaces_only_a_floor_the_policy_has(organizer, policy, floor, mwp, gwp):
    event = _create(organizer, game="yugioh", tiebreak_policy=policy, win_floor=floor)
    settings = standings_settings(event)
    assert (settings.mwp_floor, settings.gwp_floor) == (mwp, gwp)
    assert settings.freeze_dropped is False


def test_frozen_dropped_figures_reach_the_standings(event_factory, organizer):
    event = event_factory(players=6, tiebreak_policy="magic", dropped_figures="frozen", win_floor="third")
    assert standings_settings(event).freeze_dropped is True
    play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    dropping = event.registrations.filter(status="checked_in").first()
    services.registration_drop(registration=dropping, by=organizer)
    play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    rows = {row.registration_id: row for row in event_standings(event=event)}
    assert dropping.pk in rows  # the dropped player is still ranked, with the figures of the drop


def test_unknown_choices_are_refused_naming_the_field(organizer):
    for field in ("win_floor", "dropped_figures"):
        with pytest.raises(services.TournamentError) as error:
            _create(organizer, game="yugioh", **{field: "nope"})
        assert error.value.field == field


def test_the_choices_are_fixed_once_round_1_is_paired(event_factory, organizer):
    event = event_factory(players=4, tiebreak_policy="magic")
    event = services.event_update(event=event, by=organizer, win_floor="third", dropped_figures="frozen")
    assert (event.win_floor, event.dropped_figures) == ("third", "frozen")
    services.round_pair_next(event=event, user=organizer)
    for field, value in (("win_floor", "mtr"), ("dropped_figures", "final")):
        with pytest.raises(services.TournamentError) as error:
            services.event_update(event=event, by=organizer, **{field: value})
        assert error.value.field == field and error.value.code == "locked"


def test_api_create_read_and_refuse(organizer):
    client = APIClient()
    client.force_authenticate(organizer)
    body = {"name": "X", "game": "yugioh", "date": "2026-12-01", "tiebreak_policy": "magic"}
    chosen = {**body, "win_floor": "third", "dropped_figures": "frozen"}
    made = client.post("/api/events/", chosen, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["win_floor"] == "third" and made.json()["dropped_figures"] == "frozen"
    bad = client.post("/api/events/", {**body, "win_floor": "half"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/win_floor"


def test_form_fields_and_old_posts(client, organizer):
    client.force_login(organizer)
    fields = {"name": "Form Open", "game": "yugioh", "date": "2026-12-12", "tier": 1, "best_of": 3,
              "round_minutes": 50, "tiebreak_policy": "magic"}  # fmt: skip
    assert client.post("/events/new/", fields).status_code == 302  # a page without the new fields
    response = client.post("/events/new/", {**fields, "name": "Form Two", "win_floor": "mtr",
                                             "dropped_figures": "frozen"})  # fmt: skip
    assert response.status_code == 302
    from tournaments.models import Event

    assert Event.objects.get(name="Form Open").win_floor == "policy"
    assert Event.objects.get(name="Form Two").dropped_figures == "frozen"


def test_event_file_keeps_the_choices_and_old_files_still_import(event_factory, organizer):
    event = event_factory(players=4, win_floor="third", dropped_figures="frozen")
    document = event_export(event=event)
    assert document["event"]["win_floor"] == "third"
    restored = event_import(
        document=importing.event_document_parse(data=json.dumps(document).encode()), importer=organizer
    )
    assert (restored.win_floor, restored.dropped_figures) == ("third", "frozen")
    del document["event"]["win_floor"], document["event"]["dropped_figures"]
    old = event_import(
        document=importing.event_document_parse(data=json.dumps(document).encode()), importer=organizer
    )
    assert (old.win_floor, old.dropped_figures) == ("policy", "final")
