"""The tournaments API: permissions, the error shape with JSON Pointers, 409 on stale versions, idempotent
pairing, standings with tie-breaker values and the top cut."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from core.models import Role, User
from tests.tournaments.conftest import make_event, play_round
from tournaments import services
from tournaments.models import Event, Match, Registration

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_organizer_creates_and_players_cannot(organizer):
    body = {"name": "Friday Locals", "game": "vanguard", "date": "2026-12-04", "capacity": 32}
    response = client_for(organizer).post("/api/events/", body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["best_of"] == 1 and data["round_minutes"] == 25 and data["tiebreak_policy"] == "vanguard"
    player = User.objects.create_user("someone", role=Role.PLAYER)
    response = client_for(player).post("/api/events/", body, format="json")
    assert response.status_code == 403
    assert response.json()["errors"][0]["message"]


def test_bad_input_names_the_field(organizer):
    response = client_for(organizer).post(
        "/api/events/", {"name": "X", "game": "chess", "date": "tomorrow"}, format="json"
    )
    assert response.status_code == 400
    paths = {e["path"] for e in response.json()["errors"]}
    assert {"/game", "/date"} <= paths
    response = client_for(organizer).post(
        "/api/events/", {"name": "X", "game": "yugioh", "date": "2026-12-01", "top_cut_override": 6},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/top_cut_override"


def test_register_check_in_drop_yourself(organizer):
    event = make_event(organizer, players=0)
    player = User.objects.create_user("selfie", role=Role.PLAYER)
    api = client_for(player)
    response = api.post(f"/api/events/{event.pk}/registrations/", {}, format="json")
    assert response.status_code == 201
    reg_id = response.json()["id"]
    assert api.post(f"/api/events/{event.pk}/registrations/", {}, format="json").status_code == 400
    assert api.post(f"/api/registrations/{reg_id}/check-in/").json()["status"] == "checked_in"
    other = User.objects.create_user("other", role=Role.PLAYER)
    assert client_for(other).post(f"/api/registrations/{reg_id}/drop/").status_code == 403
    assert (
        client_for(other).post(f"/api/events/{event.pk}/registrations/", {"username": "selfie"}).status_code
        == 403
    )
    assert api.post(f"/api/registrations/{reg_id}/drop/").json()["status"] == "dropped"
    assert APIClient().post(f"/api/events/{event.pk}/registrations/", {}).status_code in (401, 403)


def test_pair_next_is_idempotent_and_pairings_listed(organizer):
    event = make_event(organizer, players=9)
    api = client_for(organizer)
    first = api.post(f"/api/events/{event.pk}/rounds/pair-next/", {"number": 1}, format="json")
    again = api.post(f"/api/events/{event.pk}/rounds/pair-next/", {"number": 1}, format="json")
    assert first.status_code == again.status_code == 201
    assert first.json()["id"] == again.json()["id"]
    round_id = first.json()["id"]
    by_table = api.get(f"/api/rounds/{round_id}/pairings/").json()
    assert [m["table"] for m in by_table] == [1, 2, 3, 4, None]
    by_name = api.get(f"/api/rounds/{round_id}/pairings/?order=name").json()
    assert len(by_name) == 9 and by_name == sorted(by_name, key=lambda r: r["name"].casefold())
    assert api.get(f"/api/rounds/{round_id}/pairings/?order=age").status_code == 400
    explain = api.get(f"/api/rounds/{round_id}/explain/").json()
    assert explain["round"] == 1 and any("bye" in line for line in explain["lines"])
    wrong = api.post(f"/api/events/{event.pk}/rounds/pair-next/", {"number": 3}, format="json")
    assert wrong.status_code == 409 and wrong.json()["errors"][0]["path"] == "/number"
    player = Registration.objects.filter(event=event).first().player
    assert client_for(player).post(f"/api/events/{event.pk}/rounds/pair-next/", {}).status_code == 403


def test_results_report_confirm_and_stale_version_409(organizer, judge):
    event = make_event(organizer, players=4, judge=judge)
    round_ = services.round_pair_next(event=event, user=organizer)
    match = round_.matches.select_related("player_a__player", "player_b__player").first()
    a, b = client_for(match.player_a.player), client_for(match.player_b.player)
    response = a.post(
        f"/api/matches/{match.pk}/report/", {"games_a": 2, "games_b": 0, "version": 1}, format="json"
    )
    assert response.status_code == 200 and response.json()["status"] == "reported"
    assert b.post(f"/api/matches/{match.pk}/confirm/", {"version": 1}, format="json").status_code == 409
    response = b.post(f"/api/matches/{match.pk}/confirm/", {"version": 2}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "confirmed"

    other = round_.matches.exclude(pk=match.pk).first()
    judge_api, orga_api = client_for(judge), client_for(organizer)
    ok = judge_api.post(
        f"/api/matches/{other.pk}/enter/", {"games_a": 1, "games_b": 2, "version": 1}, format="json"
    )
    late = orga_api.post(
        f"/api/matches/{other.pk}/enter/", {"games_a": 2, "games_b": 1, "version": 1}, format="json"
    )
    assert ok.status_code == 200 and late.status_code == 409
    assert late.json()["errors"][0]["code"] in ("conflict", "confirmed")
    body = {"games_a": 2, "games_b": 0, "version": Match.objects.get(pk=other.pk).version}
    assert a.post(f"/api/matches/{other.pk}/report/", body, format="json").status_code == 403

    correction = judge_api.post(
        f"/api/matches/{other.pk}/correct/", {"games_a": 2, "games_b": 1, "version": 2}, format="json"
    )
    assert correction.status_code == 400 and correction.json()["errors"][0]["path"] == "/reason"
    correction = judge_api.post(
        f"/api/matches/{other.pk}/correct/",
        {"games_a": 2, "games_b": 1, "version": 2, "reason": "Wrong slip"},
        format="json",
    )
    assert correction.status_code == 200 and correction.json()["match"]["version"] == 3
    history = judge_api.get(f"/api/matches/{other.pk}/history/").json()
    assert [h["action"] for h in history] == ["staff_entry", "correction"] and history[1][
        "reason"
    ] == "Wrong slip"


def test_standings_and_top_cut(organizer, judge):
    event = make_event(organizer, players=8, judge=judge, top_cut_override=4)
    for _ in range(3):
        play_round(event, services.round_pair_next(event=event, user=organizer), judge)
    api = client_for(organizer)
    rows = api.get(f"/api/events/{event.pk}/standings/").json()
    assert len(rows) == 8 and rows[0]["rank"] == 1
    assert {"omw", "oomw", "konami_number", "gwp"} <= set(rows[0])
    assert api.get(f"/api/events/{event.pk}/top-cut/").json()["size"] == 0
    response = api.post(f"/api/events/{event.pk}/top-cut/", {}, format="json")
    assert response.status_code == 201
    bracket = api.get(f"/api/events/{event.pk}/top-cut/").json()
    seeds = [r["registration_id"] for r in rows[:4]]
    first_round = bracket["rounds"][0]
    assert [(m["player_a"]["registration_id"], m["player_b"]["registration_id"]) for m in first_round] == [
        (seeds[0], seeds[3]), (seeds[1], seeds[2])
    ]  # fmt: skip


def test_lifecycle_transitions(organizer):
    event = Event.objects.get(pk=make_event(organizer).pk)
    api = client_for(organizer)
    assert api.post(f"/api/events/{event.pk}/status/", {"status": "check_in"}).json()["status"] == "check_in"
    response = api.post(f"/api/events/{event.pk}/status/", {"status": "top_cut"})
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "/status"
    assert (
        api.patch(f"/api/events/{event.pk}/", {"venue": "Salle des fêtes"}, format="json").status_code == 200
    )
    assert api.delete(f"/api/events/{event.pk}/").status_code == 204
    assert not Match.objects.exists()


def test_bulk_results_point_at_the_bad_line(organizer, judge):
    event = make_event(organizer, players=8, judge=judge)
    round_ = services.round_pair_next(event=event, user=organizer)
    matches = list(round_.matches.order_by("table"))
    api = client_for(judge)
    lines = [{"match": m.pk, "games_a": 2, "games_b": 0, "version": 1} for m in matches]
    lines[2]["games_b"] = 5
    response = api.post(f"/api/rounds/{round_.pk}/results/", {"results": lines}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "/results/2/games_b"
    lines[2]["games_b"] = 1
    response = api.post(f"/api/rounds/{round_.pk}/results/", {"results": lines}, format="json")
    assert response.status_code == 200 and response.json() == {"entered": 4}
    again = api.post(f"/api/rounds/{round_.pk}/results/", {"results": lines}, format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["path"].startswith("/results/0/")
