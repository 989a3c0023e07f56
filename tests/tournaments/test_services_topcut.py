"""Top cut: seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6 from the standings; winners advance; final placings."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import play_round
from tournaments import services
from tournaments.selectors import event_standings, topcut_bracket

pytestmark = pytest.mark.django_db


def test_top_eight_through_to_the_final(event_factory, organizer, judge):
    event = event_factory(players=16, judge=judge, top_cut_override=8)
    for _ in range(4):
        play_round(event, services.round_pair_next(event=event, user=organizer), judge)
    with pytest.raises(services.TournamentError):
        services.round_pair_next(event=event, user=organizer)  # all Swiss rounds are paired
    seeds = [row.registration_id for row in event_standings(event=event)][:8]
    cut = services.topcut_start(event=event, user=organizer)
    assert services.topcut_start(event=event, user=organizer).pk == cut.pk  # idempotent
    assert cut.number == 5 and cut.stage == "top_cut"
    pairs = [(m.player_a_id, m.player_b_id) for m in cut.matches.order_by("table")]
    expected = [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert pairs == [(seeds[x - 1], seeds[y - 1]) for x, y in expected]
    with pytest.raises(services.TournamentError):
        services.match_enter_result(match=cut.matches.first(), user=judge, games_a=1, games_b=1)

    def higher_seed_wins(round_):
        for match in round_.matches.all():
            a_better = seeds.index(match.player_a_id) < seeds.index(match.player_b_id)
            services.match_enter_result(match=match, user=judge, games_a=2 if a_better else 1,
                                        games_b=1 if a_better else 2)  # fmt: skip

    higher_seed_wins(cut)
    semis = event.rounds.get(number=6)
    assert [(m.player_a_id, m.player_b_id) for m in semis.matches.order_by("table")] == [
        (seeds[0], seeds[3]), (seeds[1], seeds[2])
    ]  # fmt: skip
    higher_seed_wins(semis)
    final = event.rounds.get(number=7)
    higher_seed_wins(final)
    event.refresh_from_db()
    assert event.status == "finished"
    bracket = topcut_bracket(event=event)
    assert bracket.champion_id == seeds[0]
    assert bracket.placings[seeds[1]] == "2"
    assert {bracket.placings[seeds[2]], bracket.placings[seeds[3]]} == {"3-4"}
    assert {bracket.placings[s] for s in seeds[4:]} == {"5-8"}


def test_dropped_players_are_skipped_in_the_cut(event_factory, organizer, judge):
    event = event_factory(players=8, judge=judge, top_cut_override=4, swiss_rounds_override=3)
    for _ in range(3):
        play_round(event, services.round_pair_next(event=event, user=organizer), judge)
    leader = event_standings(event=event)[0]
    from tournaments.models import Registration

    services.registration_drop(registration=Registration.objects.get(pk=leader.registration_id), by=organizer)
    cut = services.topcut_start(event=event, user=organizer)
    in_cut = {pid for m in cut.matches.all() for pid in (m.player_a_id, m.player_b_id)}
    assert leader.registration_id not in in_cut and len(in_cut) == 4


def test_top_cut_waits_for_the_swiss(event_factory, organizer):
    event = event_factory(players=8, top_cut_override=4)
    services.round_pair_next(event=event, user=organizer)
    with pytest.raises(services.TournamentError):
        services.topcut_start(event=event, user=organizer)
