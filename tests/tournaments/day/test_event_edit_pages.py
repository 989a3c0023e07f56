"""The console's edit pages (tournaments/views_edit.py) and the API around the same services: who may do
what (organizer changes; head judge, judge and scorekeeper see the settings and the audit; others are
refused), refusals shown on the page or as a 400 naming the field, and the changes reflected on the wall,
the phone and the printouts."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.test import Client
from rest_framework.test import APIClient

from core.models import Role, User
from tests.tournaments.conftest import make_players
from tests.tournaments.day.conftest import played_event, staff_event
from tournaments import services
from tournaments.models import EventChange, MatchStatus, Round

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def scorekeeper(db):
    return User.objects.create_user("score1", password="pw-score-123", role=Role.PLAYER)


@pytest.fixture
def outsider(db):
    return User.objects.create_user("orga9", password="pw-orga9-123", role=Role.ORGANIZER)


def _edit_url(event) -> str:
    return f"/events/{event.pk}/console/edit/"


def _form(event, **changes) -> dict:
    """The edit form as the browser posts it: every enabled field with its current value, plus changes."""
    data = {
        "name": event.name, "date": event.date.isoformat(), "venue": event.venue,
        "capacity": event.capacity or "", "round_minutes": event.round_minutes, "decklist_deadline": "",
        "swiss_rounds_override": event.swiss_rounds or event.swiss_rounds_override or "",
        "top_cut_override": event.top_cut_size if event.top_cut_size is not None else "",
        "best_of": event.best_of, "reason": "",
    }  # fmt: skip
    data.update(changes)
    return data


def test_organizer_edits_after_round_1_and_sees_the_audit(organizer):
    event = played_event(organizer, rounds=1)
    client = _client(organizer)
    page = client.get(_edit_url(event)).content.decode()
    assert 'name="game"' in page and "Fixed once round 1 is paired." in page
    assert 'data-testid="save-event"' in page
    response = client.post(
        _edit_url(event), _form(event, round_minutes=45, swiss_rounds_override=4, reason="Late start")
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert (event.round_minutes, event.swiss_rounds) == (45, 4)
    page = client.get(_edit_url(event)).content.decode()
    assert "Late start" in page and "Round time (minutes)" in page
    # The console's header shows the new number of rounds.
    assert "Swiss round 1 of 4" in client.get(f"/events/{event.pk}/console/").content.decode()
    # Below the rounds paired: refused on the page, naming the problem, nothing saved.
    services.round_pair_next(event=event, user=organizer)
    event.refresh_from_db()
    response = client.post(_edit_url(event), _form(event, swiss_rounds_override=1))
    assert response.status_code == 400
    assert "2 Swiss rounds are paired already" in response.content.decode()
    event.refresh_from_db()
    assert event.swiss_rounds == 4


def test_staff_see_the_settings_only_organizers_change_them(organizer, judge, scorekeeper, outsider):
    event = played_event(organizer, rounds=1, judge=judge)
    services.event_add_staff(event=event, user=scorekeeper, role="scorekeeper", by=organizer)
    for person in (judge, scorekeeper):
        client = _client(person)
        page = client.get(_edit_url(event))
        assert page.status_code == 200 and b'data-testid="save-event"' not in page.content
        assert client.post(_edit_url(event), _form(event, venue="Mine")).status_code == 403
        round_page = client.get(f"/events/{event.pk}/console/rounds/1/")
        assert round_page.status_code == 200 and b'data-testid="swap-form"' not in round_page.content
        assert client.get(f"/events/{event.pk}/console/rounds/1/reopen/").status_code == 403
        assert client.post(f"/events/{event.pk}/console/rounds/1/re-pair/").status_code == 403
    assert _client(outsider).get(_edit_url(event)).status_code == 403
    assert not EventChange.objects.filter(event=event).exists()


def test_swap_on_the_console_shows_on_the_wall_and_the_phone(organizer):
    event = staff_event(organizer)
    round_ = services.round_pair_next(event=event, user=organizer)
    t1, t2 = round_.matches.filter(player_b__isnull=False).order_by("table")[:2]
    first, second = t1.player_a, t2.player_a
    client = _client(organizer)
    page = client.get(f"/events/{event.pk}/console/rounds/1/").content.decode()
    assert f'value="{first.pk}"' in page
    response = client.post(
        f"/events/{event.pk}/console/rounds/1/swap/",
        {"first": first.pk, "second": second.pk, "reason": "Father and son"},
    )
    assert response.status_code == 302
    t1.refresh_from_db()
    assert t1.player_a_id == second.pk
    wall = Client().get(f"/events/{event.pk}/wall/pairings/?by=table").content.decode()
    row = wall.split(f'wall-num">{t1.table}</td>', 1)[1].split("</tr>", 1)[0]
    assert str(second.player) in row and str(t1.player_b.player) in row
    phone = _client(first.player).get(f"/events/{event.pk}/me/").content.decode()
    assert str(t2.player_b.player) in phone
    assert "Father and son" in client.get(f"/events/{event.pk}/console/rounds/1/").content.decode()
    # The same player twice: refused with a message, nothing changes.
    client.post(
        f"/events/{event.pk}/console/rounds/1/swap/", {"first": first.pk, "second": first.pk, "reason": "x"}
    )
    assert EventChange.objects.filter(event=event, action="swap").count() == 1


def test_reopen_and_re_pair_behind_a_confirmation(organizer):
    event = played_event(organizer, rounds=1)
    client = _client(organizer)
    base = f"/events/{event.pk}/console/rounds/1"
    confirm = client.get(f"{base}/re-pair/").content.decode()
    assert 'data-testid="repair-refused"' in confirm and "re-open the round first" in confirm
    confirm = client.get(f"{base}/reopen/").content.decode()
    assert 'data-testid="confirm-reopen"' in confirm and "4 confirmed results" in confirm
    assert client.post(f"{base}/reopen/", {"reason": "Slips mixed up"}).status_code == 302
    round_ = Round.objects.get(event=event, number=1)
    assert not round_.matches.filter(player_b__isnull=False, status=MatchStatus.CONFIRMED).exists()
    confirm = client.get(f"{base}/re-pair/").content.decode()
    assert 'data-testid="confirm-repair"' in confirm and "4 reported results" in confirm
    assert client.post(f"{base}/re-pair/", {"reason": "Start again"}).status_code == 302
    new_round = Round.objects.get(event=event, number=1)
    assert new_round.pk != round_.pk
    assert set(EventChange.objects.filter(event=event).values_list("action", flat=True)) == {
        "reopen",
        "repair",
    }


def test_late_entry_from_the_console_is_in_the_audit(organizer):
    event = played_event(organizer, rounds=1)
    services.round_pair_next(event=event, user=organizer)
    late = make_players(1, prefix="walkin")[0]
    client = _client(organizer)
    client.post(f"/events/{event.pk}/console/registrations/add/", {"username": late.username})
    page = client.get(_edit_url(event)).content.decode()
    assert "Late entry from round 3" in page and str(late) in page


# --- API --------------------------------------------------------------------------------------------------


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_api_patch_uses_the_same_rules_and_messages(organizer, judge, player_user):
    event = played_event(organizer, rounds=2, judge=judge)
    api = _api(organizer)
    response = api.patch(f"/api/events/{event.pk}/", {"swiss_rounds_override": 1}, format="json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["path"] == "/swiss_rounds_override" and "2 Swiss rounds are paired" in error["message"]
    response = api.patch(f"/api/events/{event.pk}/", {"game": "vanguard"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "/game"
    response = api.patch(
        f"/api/events/{event.pk}/", {"swiss_rounds_override": 4, "reason": "More time"}, format="json"
    )
    assert response.status_code == 200 and response.json()["swiss_rounds"] == 4
    changes = api.get(f"/api/events/{event.pk}/changes/").json()
    assert changes[0]["field"] == "swiss_rounds_override" and changes[0]["reason"] == "More time"
    assert (changes[0]["old_value"], changes[0]["new_value"]) == ("3", "4")
    assert _api(judge).get(f"/api/events/{event.pk}/changes/").status_code == 200
    assert _api(player_user).get(f"/api/events/{event.pk}/changes/").status_code == 403
    assert _api(judge).patch(f"/api/events/{event.pk}/", {"venue": "X"}, format="json").status_code == 403


def test_api_reopen_swap_and_repair(organizer, judge):
    event = played_event(organizer, rounds=1, judge=judge)
    round_ = Round.objects.get(event=event, number=1)
    api = _api(organizer)
    assert _api(judge).post(f"/api/rounds/{round_.pk}/reopen/", {}, format="json").status_code == 403
    assert api.post(f"/api/rounds/{round_.pk}/reopen/", {"reason": "x"}, format="json").status_code == 200
    response = api.post(f"/api/rounds/{round_.pk}/repair/", {"reason": "again"}, format="json")
    assert response.status_code == 201
    round_ = Round.objects.get(event=event, number=1)
    t1, t2 = round_.matches.filter(player_b__isnull=False).order_by("table")[:2]
    body = {"first": t1.player_a_id, "second": t1.player_a_id, "reason": "same"}
    response = api.post(f"/api/rounds/{round_.pk}/swap/", body, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "/second"
    body = {"first": t1.player_a_id, "second": t2.player_b_id, "reason": "Same family"}
    response = api.post(f"/api/rounds/{round_.pk}/swap/", body, format="json")
    assert response.status_code == 200
    tables = {m["table"]: m for m in response.json()}
    assert tables[t1.table]["player_a"]["registration_id"] == t2.player_b_id
    pairings = APIClient().get(f"/api/rounds/{round_.pk}/pairings/").json()
    seat = next(m for m in pairings if m["table"] == t2.table)
    assert t1.player_a_id in (seat["player_a"]["registration_id"], seat["player_b"]["registration_id"])
    assert (
        round_.matches.filter(Q(player_a_id=t1.player_a_id) | Q(player_b_id=t1.player_a_id)).get().table
        == t2.table
    )


def test_the_swap_list_sorts_names_by_the_readers_collation(organizer):
    event = staff_event(organizer)
    round_ = services.round_pair_next(event=event, user=organizer)
    players = [
        registration.player
        for match in round_.matches.filter(player_b__isnull=False).order_by("table")[:3]
        for registration in (match.player_a,)
    ]
    for player, name in zip(players, ["Fanny", "Émilie", "Eddy"], strict=True):
        player.display_name = name
        player.save(update_fields=["display_name"])
    response = _client(organizer).get(f"/events/{event.pk}/console/rounds/1/")
    names = [name for _pk, name, _table in response.context["swap_players"]]
    # An accented capital sorts with its letter ("Émilie" after "Eddy"), not after Z as .lower() put it.
    assert names.index("Eddy") < names.index("Émilie") < names.index("Fanny")
