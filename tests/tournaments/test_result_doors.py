"""One door per write (issue 13, item 5): a match result enters through the phone, the console (grid and
match page), the event page and the API, and each parses it with the same rules (tournaments.forms.ResultForm,
the API's result serializers built from the same RESULT_RULES) into one ResultInput for one service. The same
bad input is refused alike through every door: same status, same field, same message, nothing saved."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tests.tournaments.conftest import first_match, make_event
from tournaments import services
from tournaments.forms import GAMES_MESSAGE, KIND_MESSAGE, VERSION_MESSAGE, VERSION_MISSING
from tournaments.models import Match, MatchDispute, MatchStatus, Penalty, ResultChange

pytestmark = pytest.mark.django_db

BEST_OF_3 = "In a best of 3 match nobody wins more than 2 games."


@pytest.fixture
def world(organizer):
    event = make_event(organizer, players=4)
    match = first_match(services.round_pair_next(event=event, user=organizer))
    player, staff = Client(), Client()
    player.force_login(match.player_a.player)  # side A: the phone's "mine" are A's games
    staff.force_login(organizer)
    return event, match, player, staff


def _phone(world, body: dict) -> tuple[int, str | None, str]:
    event, _match, player, _staff = world
    names = {"games_a": "my_games", "games_b": "their_games", "games_drawn": "drawn_games"}
    response = player.post(f"/events/{event.pk}/me/report/", {names.get(k, k): v for k, v in body.items()})
    error = response.context["error"]
    assert html.escape(error.message).encode() in response.content
    return response.status_code, error.field, error.message


def _event_page(world, body: dict, action: str) -> tuple[int, str | None, str]:
    event, match, player, staff = world
    client = player if action == "report" else staff
    response = client.post(
        f"/events/{event.pk}/matches/{match.pk}/result/", {**body, "action": action}, HTTP_HX_REQUEST="true"
    )
    shown = response.context["error"]
    field, _sep, message = shown.partition(": ")
    assert html.escape(shown).encode() in response.content
    return int(response["X-Result-Status"]), field, message


def _console_grid(world, body: dict) -> tuple[int, str | None, str]:
    event, match, _player, staff = world
    response = staff.post(
        f"/events/{event.pk}/console/matches/{match.pk}/result/", body, HTTP_HX_REQUEST="true"
    )
    error = response.context["error"]
    assert html.escape(error.message).encode() in response.content
    return response.status_code, error.field, error.message


def _console_page(world, body: dict) -> tuple[int, str | None, str]:
    event, match, _player, staff = world
    response = staff.post(f"/events/{event.pk}/console/matches/{match.pk}/", body)
    ((field, messages),) = response.context["form"].errors.items()
    assert html.escape(messages[0]).encode() in response.content
    return response.status_code, field, messages[0]


def _api(world, body: dict, action: str) -> tuple[int, str | None, str]:
    _event, match, player, staff = world
    client = player if action == "report" else staff
    response = client.post(f"/api/matches/{match.pk}/{action}/", body, content_type="application/json")
    (error,) = response.json()["errors"]
    return response.status_code, error["path"].lstrip("/"), error["message"]


def _through_every_door(world, body: dict, *, player_doors: bool = True, staff_doors: bool = True) -> dict:
    answers = {}
    if player_doors:
        if "kind" not in body:  # the phone has no kind to send: a player reports a played match
            answers["phone"] = _phone(world, body)
        answers["event page, report"] = _event_page(world, body, "report")
        answers["API report"] = _api(world, body, "report")
    if staff_doors:
        answers["event page, enter"] = _event_page(world, body, "enter")
        answers["console grid"] = _console_grid(world, body)
        answers["console match page"] = _console_page(world, body)
        answers["API enter"] = _api(world, body, "enter")
    return answers


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"games_a": 3, "games_b": 0}, (400, "games_a", BEST_OF_3)),
        ({"games_a": "x", "games_b": 0}, (400, "games_a", str(GAMES_MESSAGE))),
        ({"games_a": 2, "games_b": 10}, (400, "games_b", str(GAMES_MESSAGE))),
        ({"games_a": 2, "games_b": 0, "kind": "zzz"}, (400, "kind", str(KIND_MESSAGE))),
        ({"games_a": 2, "games_b": 0, "version": "abc"}, (400, "version", str(VERSION_MESSAGE))),
    ],
)
def test_the_same_bad_result_is_refused_alike_through_every_door(world, body, expected):
    _event, match, _player, _staff = world
    body = {"version": match.version, **body}
    answers = _through_every_door(world, body)
    assert answers == dict.fromkeys(answers, expected)
    assert len(answers) >= 6
    match.refresh_from_db()
    assert (match.status, match.version) == (MatchStatus.PENDING, 1)
    assert not ResultChange.objects.filter(match=match).exists()


def test_a_report_without_the_version_is_refused_alike_through_every_door(world):
    answers = _through_every_door(world, {"games_a": 2, "games_b": 0}, staff_doors=False)
    assert answers == dict.fromkeys(answers, (400, "version", str(VERSION_MISSING)))
    assert len(answers) == 3
    assert not ResultChange.objects.filter(match=world[1]).exists()


def test_the_console_match_page_applies_every_field_of_its_form(world, organizer):
    """Entry, then correction, from the console's match page: kind, games, penalty and reason are what the
    result, the audit log and the penalty record say (the form was validated and then ignored before)."""
    event, match, _player, staff = world
    url = f"/events/{event.pk}/console/matches/{match.pk}/"
    page = staff.get(url)
    assert {"games_a", "games_b", "games_drawn", "kind", "penalized", "reason", "version"} <= set(
        page.context["form"].fields
    )

    def save(**fields) -> ResultChange:
        assert staff.post(url, {**fields, "version": match.version}).status_code == 302
        match.refresh_from_db()
        return ResultChange.objects.filter(match=match).last()

    change = save(
        games_a=2, games_b=1, games_drawn=0, kind="game_loss", penalized="b", reason="Marked sleeves"
    )
    assert (match.status, match.kind, match.games_a, match.games_b) == ("confirmed", "game_loss", 2, 1)
    assert (match.penalized_id, match.winner_id) == (match.player_b_id, match.player_a_id)
    assert (change.action, change.reason, change.changed_by_id) == (
        "staff_entry",
        "Marked sleeves",
        organizer.pk,
    )
    penalties = Penalty.objects.filter(match=match).values_list("kind", "registration_id", "reason")
    assert list(penalties) == [("game_loss", match.player_b_id, "Marked sleeves")]
    # the page shows the result as it is now, for a correction
    form = staff.get(url).context["form"]
    assert (form["kind"].value(), form["penalized"].value(), form["version"].value()) == ("game_loss", "b", 2)
    change = save(
        games_a=0,
        games_b=0,
        games_drawn=1,
        kind="intentional_draw",
        penalized="",
        reason="  Both players agreed  ",
    )
    assert (change.action, change.reason) == ("correction", "Both players agreed")
    assert (match.kind, match.games_drawn) == ("intentional_draw", 1)
    assert match.penalized_id is None and match.winner_id is None


def test_the_event_page_names_the_penalized_player_by_side(world):
    event, match, _player, staff = world
    body = {"action": "enter", "games_a": 0, "games_b": 0, "kind": "match_loss", "penalized": "a"}
    response = staff.post(
        f"/events/{event.pk}/matches/{match.pk}/result/", {**body, "version": match.version},
        HTTP_HX_REQUEST="true",
    )  # fmt: skip
    assert response["X-Result-Status"] == "200"
    match.refresh_from_db()
    assert (match.kind, match.penalized_id, match.winner_id) == (
        "match_loss",
        match.player_a_id,
        match.player_b_id,
    )


@pytest.mark.parametrize("door", ["API enter", "event page", "console grid"])
def test_a_staff_entry_settles_the_dispute_through_every_door(world, door):
    event, match, player, staff = world
    services.match_report_result(
        match=match, user=match.player_a.player, games_a=2, games_b=0, version=match.version
    )
    from tournaments.services.day import match_dispute

    match_dispute(match=match, user=match.player_b.player, reason="It was 2-1")
    body = {"games_a": 2, "games_b": 1, "version": 2}
    if door == "API enter":
        answer = staff.post(f"/api/matches/{match.pk}/enter/", body, content_type="application/json")
    elif door == "event page":
        answer = staff.post(f"/events/{event.pk}/matches/{match.pk}/result/", {**body, "action": "enter"})
    else:
        answer = staff.post(f"/events/{event.pk}/console/matches/{match.pk}/result/", body)
    assert answer.status_code in (200, 302)
    assert MatchDispute.objects.get(match=match).resolved_at is not None
    assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED


def test_the_reporter_withdraws_a_report_until_it_is_confirmed(world):
    """Issue 17: undo a report until the opponent confirms — through the phone, the event page and the API,
    with the version seen (400 without it, 409 when stale); the opponent cannot, nor can anyone once it is
    confirmed; the withdrawal is in the audit log and settles the opponent's dispute."""
    from tournaments.services.day import match_dispute

    event, match, player, staff = world
    opponent = Client()
    opponent.force_login(match.player_b.player)
    withdraw = f"/events/{event.pk}/me/withdraw/"
    assert player.post(withdraw, {"version": 1}).status_code == 409  # nothing reported yet
    services.match_report_result(match=match, user=match.player_a.player, games_a=2, games_b=0, version=1)
    match_dispute(match=match, user=match.player_b.player, reason="It was 2-1")
    assert player.post(withdraw).status_code == 400
    assert player.post(withdraw, {"version": 1}).status_code == 409
    assert opponent.post(withdraw, {"version": 2}).status_code == 403
    assert player.post(withdraw, {"version": 2}).status_code == 302
    match.refresh_from_db()
    assert (match.status, match.kind, match.games_a, match.reported_by_id, match.version) == (
        "pending",
        "",
        0,
        None,
        3,
    )
    change = ResultChange.objects.filter(match=match).last()
    assert (change.before["status"], change.after["status"], change.reason) == (
        "reported",
        "pending",
        "Report withdrawn",
    )
    assert MatchDispute.objects.get(match=match).resolved_at is not None
    # the event page's row and the API: the same write
    services.match_report_result(match=match, user=match.player_a.player, games_a=2, games_b=1, version=3)
    row = player.post(
        f"/events/{event.pk}/matches/{match.pk}/result/", {"action": "withdraw", "version": 4},
        HTTP_HX_REQUEST="true",
    )  # fmt: skip
    assert row["X-Result-Status"] == "200" and Match.objects.get(pk=match.pk).status == "pending"
    services.match_report_result(match=match, user=match.player_a.player, games_a=2, games_b=1, version=5)
    api = f"/api/matches/{match.pk}/withdraw/"
    missing = player.post(api, {}, content_type="application/json")
    assert missing.status_code == 400 and missing.json()["errors"][0]["path"] == "/version"
    assert player.post(api, {"version": 6}, content_type="application/json").json()["status"] == "pending"
    # once confirmed, it is a judge's to change
    services.match_report_result(match=match, user=match.player_a.player, games_a=2, games_b=1, version=7)
    services.match_confirm_result(match=match, user=match.player_b.player, version=8)
    assert player.post(withdraw, {"version": 9}).status_code == 409
    assert Match.objects.get(pk=match.pk).status == "confirmed"
