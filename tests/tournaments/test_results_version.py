"""A player's report and confirmation name the version of the match they saw (API, phone, service): missing
is a 400 naming `version`, stale a 409, and nothing is reported or confirmed either way. The race of the
finding: a score changed a moment before must not be confirmed by someone who saw the old one."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.trust.test_concurrency import race
from tests.trust.world import build_world
from tournaments import services
from tournaments.models import Match, MatchStatus, ResultChange
from tournaments.services.errors import TournamentError


def _clients(world) -> tuple[Client, Client]:
    player, opponent = Client(), Client()
    player.force_login(world.users["player"])
    opponent.force_login(world.opponent)
    return player, opponent


def _score(world, mine: int, theirs: int) -> dict:
    """games_a/games_b for `player` winning `mine` games to `theirs`."""
    if world.match.player_a.player_id == world.users["player"].pk:
        return {"games_a": mine, "games_b": theirs}
    return {"games_a": theirs, "games_b": mine}


def _post(client: Client, name: str, pk: int, body: dict):
    return client.post(reverse(name, kwargs={"pk": pk}), body, content_type="application/json")


@pytest.mark.django_db
def test_the_api_refuses_a_report_or_a_confirmation_without_the_version():
    world = build_world(players=4)
    player, opponent = _clients(world)
    match = world.match
    missing = _post(player, "api-match-report", match.pk, _score(world, 2, 0))
    assert missing.status_code == 400
    assert [e["path"] for e in missing.json()["errors"]] == ["/version"]
    assert not ResultChange.objects.filter(match=match).exists()
    reported = _post(player, "api-match-report", match.pk, {**_score(world, 2, 0), "version": match.version})
    assert reported.status_code == 200
    missing = _post(opponent, "api-match-confirm", match.pk, {})
    assert missing.status_code == 400
    assert [e["path"] for e in missing.json()["errors"]] == ["/version"]
    assert Match.objects.get(pk=match.pk).status == MatchStatus.REPORTED


@pytest.mark.django_db
def test_a_score_changed_a_moment_before_is_not_confirmed_with_the_old_version():
    world = build_world(players=4)
    player, opponent = _clients(world)
    match = world.match
    first = _post(player, "api-match-report", match.pk, {**_score(world, 2, 0), "version": match.version})
    seen = first.json()["version"]  # what the opponent's screen shows: 2-0
    changed = _post(player, "api-match-report", match.pk, {**_score(world, 2, 1), "version": seen})
    assert changed.status_code == 200 and changed.json()["version"] == seen + 1
    # the finding: without a version, the changed score (2-1) was confirmed by someone who saw 2-0
    unseen = _post(opponent, "api-match-confirm", match.pk, {})
    assert unseen.status_code == 400 and unseen.json()["errors"][0]["path"] == "/version"
    stale = _post(opponent, "api-match-confirm", match.pk, {"version": seen})
    assert stale.status_code == 409
    assert stale.json()["errors"][0]["path"] == "/version"
    match.refresh_from_db()
    assert match.status == MatchStatus.REPORTED and match.confirmed_by_id is None
    assert (match.games_a + match.games_b, match.version) == (3, seen + 1)
    assert list(ResultChange.objects.filter(match=match).values_list("action", flat=True)) == [
        "report",
        "report",
    ]
    # with the version of the changed score, the confirmation goes through
    assert _post(opponent, "api-match-confirm", match.pk, {"version": seen + 1}).status_code == 200


@pytest.mark.django_db
def test_the_phone_sends_the_version_and_is_refused_without_it():
    world = build_world(players=4)
    player, opponent = _clients(world)
    event = world.event
    report_url = reverse("tournaments:player_report", kwargs={"event_id": event.pk})
    confirm_url = reverse("tournaments:player_confirm", kwargs={"event_id": event.pk})
    assert player.post(report_url, {"result": "2-0"}).status_code == 400
    assert player.post(report_url, {"result": "2-0", "version": "²"}).status_code == 400
    assert not ResultChange.objects.filter(match=world.match).exists()
    assert player.post(report_url, {"result": "2-0", "version": world.match.version}).status_code == 302
    seen = Match.objects.get(pk=world.match.pk).version
    assert player.post(report_url, {"result": "2-1", "version": seen}).status_code == 302
    assert opponent.post(confirm_url).status_code == 400
    assert opponent.post(confirm_url, {"version": seen}).status_code == 409
    assert Match.objects.get(pk=world.match.pk).status == MatchStatus.REPORTED
    assert opponent.post(confirm_url, {"version": seen + 1}).status_code == 302
    assert Match.objects.get(pk=world.match.pk).status == MatchStatus.CONFIRMED


@pytest.mark.django_db
def test_the_service_itself_requires_the_version_of_players():
    world = build_world(players=4)
    match, player = world.match, world.users["player"]
    with pytest.raises(TypeError):
        services.match_report_result(match=match, user=player, **_score(world, 2, 0))  # no version at all
    with pytest.raises(TournamentError) as refused:
        services.match_report_result(match=match, user=player, **_score(world, 2, 0), version=None)
    assert (refused.value.status, refused.value.field) == (400, "version")
    match = services.match_report_result(match=match, user=player, **_score(world, 2, 0), version=1)
    with pytest.raises(TournamentError) as refused:
        services.match_confirm_result(match=match, user=world.opponent, version=None)
    assert (refused.value.status, refused.value.field) == (400, "version")
    assert Match.objects.get(pk=match.pk).status == MatchStatus.REPORTED


@pytest.mark.django_db(transaction=True)
def test_a_confirmation_racing_a_change_never_confirms_a_score_unseen():
    """Both at the same instant, with the version both saw: either the confirmation wins (the score seen is
    confirmed, the change is a 409) or the change wins (the confirmation is a 409) — never both."""
    world = build_world(players=4)
    player, opponent = _clients(world)
    match = world.match
    seen = _post(
        player, "api-match-report", match.pk, {**_score(world, 2, 0), "version": match.version}
    ).json()["version"]
    # a confirmation without the version it saw cannot take part in the race at all
    assert _post(opponent, "api-match-confirm", match.pk, {}).status_code == 400
    change, confirm = race(
        lambda: _post(player, "api-match-report", match.pk, {**_score(world, 2, 1), "version": seen}),
        lambda: _post(opponent, "api-match-confirm", match.pk, {"version": seen}),
    )
    codes = (change.status_code, confirm.status_code)
    assert sorted(codes) == [200, 409], [(a.status_code, a.content[:200]) for a in (change, confirm)]
    match.refresh_from_db()
    assert match.version == seen + 1
    if confirm.status_code == 200:
        assert match.status == MatchStatus.CONFIRMED and match.games_a + match.games_b == 2
    else:
        assert match.status == MatchStatus.REPORTED and match.games_a + match.games_b == 3
        assert match.confirmed_by_id is None
