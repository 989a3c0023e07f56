"""Races through real HTTP requests and database connections, on SQLite and PostgreSQL: both players
reporting one match at once, "pair next round" pressed twice at once, deck lists at the deadline second."""

from __future__ import annotations

import datetime
import threading
from pathlib import Path
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks.models import DeckAuditEntry, DeckListVersion
from decks.services.cards import cards_import_file
from decks.services.decklists import DeckRefused, decklist_submit
from tests.trust.world import build_world
from tournaments import services
from tournaments.models import Match, MatchStatus, ResultChange, Round

pytestmark = pytest.mark.django_db(transaction=True)

FIXTURES = Path(__file__).resolve().parents[2] / "decks" / "fixtures"
LEGAL_MAIN = [5318639, 6368038, 10045474, 12580477, 14087893, 14532163, 14558127, 20721928, 24094653,
              24299458, 26202165, 27204311, 36996508]  # fmt: skip
LEGAL_YDK = "#main\n" + "".join(f"{code}\n" * 3 for code in LEGAL_MAIN) + "40640057\n#extra\n!side\n"


def race(*works):
    """Run the callables at the same instant, each in its own thread (and database connection)."""
    barrier = threading.Barrier(len(works))
    outcomes: list = [None] * len(works)

    def run(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = works[index]()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(works))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_both_players_report_one_match_at_once():
    world = build_world(players=4)
    match = world.match
    seen = match.version
    url = reverse("api-match-report", kwargs={"pk": match.pk})
    player, opponent = _client(world.users["player"]), _client(world.opponent)
    player_wins = {"games_a": 2, "games_b": 0} if match.player_a.player_id == world.users["player"].pk else {
        "games_a": 0, "games_b": 2}  # fmt: skip
    opponent_wins = {"games_a": player_wins["games_b"], "games_b": player_wins["games_a"]}

    def report(client, body):
        return lambda: client.post(url, {**body, "version": seen}, content_type="application/json")

    answers = race(report(player, player_wins), report(opponent, opponent_wins))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 409], [(a.status_code, a.content[:200]) for a in answers]
    match.refresh_from_db()
    assert match.status == MatchStatus.REPORTED
    assert match.version == seen + 1
    assert ResultChange.objects.filter(match=match).count() == 1
    winner = next(a for a in answers if a.status_code == 200).json()
    assert (match.games_a, match.games_b) == (winner["games_a"], winner["games_b"])
    # the loser of the race is told what to do next, in the API error shape
    conflict = next(a for a in answers if a.status_code == 409).json()["errors"][0]
    assert conflict["code"] in ("conflict", "reported", "stale")


def test_next_round_pressed_twice_at_once_makes_one_round():
    world = build_world(players=8)
    organizer = world.users["organizer"]
    for m in Match.objects.filter(round=world.round, status=MatchStatus.PENDING, player_b__isnull=False):
        services.match_enter_result(match=m, user=organizer, games_a=2, games_b=1)
    url = reverse("api-event-pair-next", kwargs={"pk": world.event.pk})
    organizer_tab, admin_tab = _client(organizer), _client(world.users["admin"])
    answers = race(
        lambda: organizer_tab.post(url, {}, content_type="application/json"),
        lambda: admin_tab.post(url, {}, content_type="application/json"),
    )
    assert all(a.status_code < 500 for a in answers), [a.content[:300] for a in answers]
    assert any(a.status_code in (200, 201) for a in answers)
    assert Round.objects.filter(event=world.event).count() == 2
    second = Round.objects.get(event=world.event, number=2)
    assert second.matches.count() == 4  # eight players: four tables, no half-made round
    paired = [r for m in second.matches.all() for r in (m.player_a_id, m.player_b_id) if r]
    assert len(paired) == len(set(paired)) == 8


@pytest.fixture
def legal_deck_world():
    cards_import_file(path=FIXTURES / "yugioh-cards.json", game="yugioh")
    world = build_world(players=4)
    deadline = timezone.now().replace(microsecond=0) + datetime.timedelta(hours=1)
    world.event.decklist_deadline = deadline
    world.event.save(update_fields=["decklist_deadline"])
    return world, deadline


def _at(moment):
    return mock.patch("django.utils.timezone.now", return_value=moment)


def test_deck_list_at_the_deadline_second(legal_deck_world):
    world, deadline = legal_deck_world
    registration = world.event.registrations.get(player=world.users["other_player"])
    user = world.users["other_player"]
    with _at(deadline - datetime.timedelta(microseconds=1)):
        version = decklist_submit(registration=registration, user=user, data=LEGAL_YDK, format="ydk")
    assert version.number == 1
    with _at(deadline), pytest.raises(DeckRefused) as refused:
        decklist_submit(registration=registration, user=user, data=LEGAL_YDK, format="ydk")
    assert refused.value.status == 409 and refused.value.code == "locked"
    assert DeckListVersion.objects.filter(deck_list__registration=registration).count() == 1
    # a judge may still correct it, and that is logged
    with _at(deadline + datetime.timedelta(seconds=1)):
        decklist_submit(registration=registration, user=world.users["judge"], data=LEGAL_YDK, format="ydk")
    actions = list(
        DeckAuditEntry.objects.filter(deck_list__registration=registration).values_list("action", flat=True)
    )
    assert actions.count("submit") == 2 and set(actions) <= {"submit", "refused"}  # a refusal may be logged
    assert actions[0] == actions[-1] == "submit"


def test_two_submissions_at_once_keep_two_whole_versions(legal_deck_world):
    world, _deadline = legal_deck_world
    registration = world.event.registrations.get(player=world.users["other_player"])
    user = world.users["other_player"]

    def submit():
        return decklist_submit(registration=registration, user=user, data=LEGAL_YDK, format="ydk").number

    outcomes = race(submit, submit)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert sorted(outcomes) == [1, 2]
    versions = DeckListVersion.objects.filter(deck_list__registration=registration)
    assert sorted(versions.values_list("number", flat=True)) == [1, 2]
    assert DeckAuditEntry.objects.filter(deck_list__registration=registration, action="submit").count() == 2
