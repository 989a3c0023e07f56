"""Player IDs per game (issue 17, item 7): the plug-in names the ID and its format; one per person and
game, entered at registration; checked with an error naming the field; on slips, staff standings, the
standings export and the event file."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from core.models import Role, User
from rulings.engine.registry import get_plugin
from tournaments import services
from tournaments.models import PlayerGameId, Registration
from tournaments.selectors.player_ids import event_player_ids
from tournaments.services.player_ids import player_game_id_set

pytestmark = pytest.mark.django_db


def _player(name: str = "idp1") -> User:
    return User.objects.create_user(name, password=f"pw-{name}-123", role=Role.PLAYER)


def test_the_plug_ins_name_the_ids():
    assert get_plugin("yugioh").player_id.label == "KONAMI ID"
    assert get_plugin("yugioh").player_id.check("0123456789")
    assert not get_plugin("yugioh").player_id.check("123456789")
    assert get_plugin("vanguard").player_id.label == "Bushiroad ID"
    assert get_plugin("rayman").player_id is None and get_plugin("arrows").player_id is None


def test_registration_keeps_the_id_on_the_player_for_the_game(event_factory):
    event = event_factory()
    player = _player()
    services.registration_create(event=event, player=player, player_id=" 0123 456789 ")
    assert PlayerGameId.objects.get(user=player, game="yugioh").value == "0123456789"
    registration = Registration.objects.get(event=event, player=player)
    assert event_player_ids(event=event) == {registration.pk: "0123456789"}
    # The next event of the game knows it without asking again.
    other = event_factory(name="Second Open")
    services.registration_create(event=other, player=player)
    assert list(event_player_ids(event=other).values()) == ["0123456789"]


def test_a_bad_id_is_refused_naming_the_field_and_the_format(event_factory):
    event = event_factory()
    player = _player()
    with pytest.raises(services.TournamentError) as error:
        services.registration_create(event=event, player=player, player_id="12-34")
    assert error.value.field == "player_id"
    assert "KONAMI ID" in error.value.message and "10 digits" in error.value.message
    assert not Registration.objects.filter(event=event, player=player).exists()
    rayman = event_factory(game="rayman", name="Rayman Cup")
    with pytest.raises(services.TournamentError) as error:
        services.registration_create(event=rayman, player=player, player_id="123")
    assert error.value.field == "player_id"


def test_only_the_person_changes_their_own_id(event_factory):
    player, other = _player(), _player("idp2")
    with pytest.raises(services.NotAllowed):
        player_game_id_set(user=player, game="yugioh", value="0123456789", by=other)
    assert player_game_id_set(user=player, game="yugioh", value="0123456789", by=player).value == "0123456789"
    assert player_game_id_set(user=player, game="yugioh", value="", by=player) is None


def test_the_api_and_the_page(client, event_factory):
    event = event_factory()
    player = _player()
    api = APIClient()
    api.force_authenticate(player)
    bad = api.post(f"/api/events/{event.pk}/registrations/", {"player_id": "abc"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/player_id"
    assert api.post(f"/api/events/{event.pk}/registrations/", {"player_id": "0123456789"}).status_code == 201
    second = _player("idp2")
    client.force_login(second)
    assert 'data-testid="player-id"' in client.get(f"/events/{event.pk}/").content.decode()
    client.post(f"/events/{event.pk}/register/", {"player_id": "9876543210"})
    assert PlayerGameId.objects.get(user=second).value == "9876543210"
    third = _player("idp3")  # the phone page's register button
    client.force_login(third)
    assert 'data-testid="player-id"' in client.get(f"/events/{event.pk}/me/").content.decode()
    refused = client.post(f"/events/{event.pk}/me/register/", {"player_id": "12"})
    assert refused.status_code == 400 and 'data-testid="player-id"' in refused.content.decode()
    client.post(f"/events/{event.pk}/me/register/", {"player_id": "1234567890"})
    assert PlayerGameId.objects.get(user=third).value == "1234567890"
    assert Registration.objects.filter(event=event, player=third).exists()


def test_shown_to_staff_on_standings_slips_and_exports(client, event_factory, organizer):
    from tests.tournaments.conftest import play_round
    from tournaments.services.event_file import event_export
    from tournaments.services.event_import import event_document_parse, event_import

    event = event_factory(players=4)
    first = Registration.objects.filter(event=event).select_related("player").first()
    PlayerGameId.objects.create(user=first.player, game="yugioh", value="0000000042")
    round_ = services.round_pair_next(event=event, user=organizer)
    client.force_login(organizer)
    from django.template.loader import render_to_string

    from tournaments.printouts import _context

    template, context = _context(kind="slips", event=event, round_=round_)
    slips = render_to_string(template, context)
    assert "KONAMI ID 0000000042" in " ".join(slips.split())
    play_round(event, round_, organizer)
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "KONAMI ID" in page and "0000000042" in page
    client.force_login(first.player)  # not for the players
    assert "0000000042" not in client.get(f"/events/{event.pk}/standings/").content.decode()
    client.force_login(organizer)
    csv_text = client.get(f"/events/{event.pk}/export/standings.csv").content.decode()
    assert "KONAMI ID" in csv_text and "0000000042" in csv_text
    document = event_export(event=event)
    assert {r["player_id"] for r in document["registrations"]} == {"0000000042", ""}
    restored = event_import(
        document=event_document_parse(data=json.dumps(document).encode()), importer=organizer
    )
    assert "0000000042" in event_player_ids(event=restored).values()
    document["registrations"][0]["player_id"] = "nope"
    with pytest.raises(services.TournamentError):
        event_import(document=event_document_parse(data=json.dumps(document).encode()), importer=organizer)


def test_staff_give_the_id_when_they_register_someone_at_the_console(client, event_factory, organizer):
    event = event_factory()
    walk_in = _player("walkin1")
    client.force_login(organizer)
    page = client.get(f"/events/{event.pk}/console/").content.decode()
    assert 'data-testid="late-player-id"' in page and "KONAMI ID" in page
    client.post(f"/events/{event.pk}/console/registrations/add/", {"username": "walkin1", "player_id": "bad"})
    assert not Registration.objects.filter(event=event, player=walk_in).exists()
    client.post(
        f"/events/{event.pk}/console/registrations/add/", {"username": "walkin1", "player_id": "1111111111"}
    )
    assert PlayerGameId.objects.get(user=walk_in).value == "1111111111"


def test_a_player_edits_their_own_ids_on_a_page(client, event_factory):
    player = _player()
    client.force_login(player)
    assert 'data-testid="my-player-ids-link"' in client.get("/events/mine/").content.decode()
    page = client.get("/events/player-ids/").content.decode()
    assert "KONAMI ID" in page and "Bushiroad ID" in page and 'data-testid="player-id-rayman"' not in page
    bad = client.post("/events/player-ids/", {"game": "yugioh", "value": "12-34"})
    assert bad.status_code == 400
    assert "KONAMI ID: expected" in bad.content.decode() and 'aria-invalid="true"' in bad.content.decode()
    assert not PlayerGameId.objects.filter(user=player).exists()
    assert client.post("/events/player-ids/", {"game": "rayman", "value": "1"}).status_code == 400
    done = client.post("/events/player-ids/", {"game": "yugioh", "value": "0123456789"}, follow=True)
    text = done.content.decode()
    assert "Your player ID is saved." in text and 'value="0123456789"' in text
    client.post("/events/player-ids/", {"game": "yugioh", "value": ""})
    assert not PlayerGameId.objects.filter(user=player).exists()


def test_the_api_sets_my_ids_and_shows_them_to_staff_and_the_player_only(event_factory, organizer):
    event = event_factory(players=2)
    player = _player()
    api = APIClient()
    assert api.get("/api/me/player-ids/").status_code in (401, 403)
    api.force_authenticate(player)
    bad = api.put("/api/me/player-ids/", {"game": "yugioh", "value": "x"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/player_id"
    assert api.put("/api/me/player-ids/", {"game": "chess", "value": "1"}, format="json").status_code == 400
    rows = api.put("/api/me/player-ids/", {"game": "yugioh", "value": "0123456789"}, format="json").json()
    assert {"game": "yugioh", "label": "KONAMI ID", "example": "0123456789", "value": "0123456789"} in rows
    api.post(f"/api/events/{event.pk}/registrations/", {}, format="json")
    mine = [r for r in api.get(f"/api/events/{event.pk}/registrations/").json() if r["username"] == "idp1"]
    assert mine[0]["player_id"] == "0123456789"
    other = APIClient()
    other.force_authenticate(_player("idp3"))
    assert {r["player_id"] for r in other.get(f"/api/events/{event.pk}/registrations/").json()} == {None}
    staff = APIClient()
    staff.force_authenticate(organizer)
    listed = staff.get(f"/api/events/{event.pk}/registrations/").json()
    assert "0123456789" in {r["player_id"] for r in listed}


def test_results_and_penalties_exports_carry_the_ids(client, event_factory, organizer):
    from tests.tournaments.conftest import play_round

    event = event_factory(players=4)
    first = Registration.objects.filter(event=event).select_related("player").first()
    PlayerGameId.objects.create(user=first.player, game="yugioh", value="0000000042")
    play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    services.penalty_record(
        event=event, registration=first, infraction="procedural_error", penalty="warning", by=organizer
    )
    client.force_login(organizer)
    results = client.get(f"/events/{event.pk}/export/results.csv").content.decode().splitlines()
    assert results[0].endswith("KONAMI ID of A,KONAMI ID of B") and "0000000042" in "\n".join(results)
    penalties = client.get(f"/events/{event.pk}/export/penalties.csv").content.decode().splitlines()
    assert penalties[0].endswith("KONAMI ID") and penalties[1].endswith("0000000042")
    assert "+01:00" in penalties[1] or "+02:00" in penalties[1]  # the time says its zone
