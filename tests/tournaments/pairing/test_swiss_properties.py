"""Properties every produced round must have (pairing.md, "What a correct round is")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.swiss import PlayerState, pair_round

from .helpers import assert_legal_round, brute_force_best, complete_matching_best, produced_score


@st.composite
def player_states(draw, *, min_size: int, max_size: int, max_points: int = 24):
    """Arbitrary (not necessarily history-consistent) states: points, meetings, byes and drops."""
    count = draw(st.integers(min_size, max_size))
    ids = [f"p{k:03d}" for k in range(count)]
    density = draw(st.sampled_from([0.0, 0.1, 0.3, 0.6, 0.9]))
    rng = draw(st.randoms(use_true_random=False))
    points = [draw(st.integers(0, max_points)) for _ in ids]
    players = []
    for k, pid in enumerate(ids):
        # Meetings listed on one side only: the spec says either side listing the other is enough.
        opponents = frozenset(other for other in ids[k + 1 :] if rng.random() < density)
        players.append(
            PlayerState(
                id=pid,
                points=points[k],
                opponents=opponents,
                byes=1 if rng.random() < 0.3 else 0,
                dropped=rng.random() < 0.15,
            )
        )
    return players


@settings(max_examples=150, deadline=None)
@given(players=player_states(min_size=0, max_size=9), seed=st.integers(0, 2**32))
def test_round_is_legal_and_optimal_against_brute_force(players, seed):
    result = pair_round(round_number=3, seed=seed, players=players)
    assert_legal_round(result, players)
    assert produced_score(result, players) == brute_force_best(players)


@settings(max_examples=60, deadline=None)
@given(players=player_states(min_size=8, max_size=64), seed=st.integers(0, 2**32))
def test_round_is_optimal_against_complete_matching(players, seed):
    result = pair_round(round_number=6, seed=seed, players=players)
    assert_legal_round(result, players)
    assert produced_score(result, players) == complete_matching_best(players)


@settings(max_examples=40, deadline=None)
@given(players=player_states(min_size=1, max_size=40), seed=st.integers(0, 2**32))
def test_same_input_and_seed_give_the_same_round(players, seed):
    first = pair_round(round_number=2, seed=seed, players=players)
    second = pair_round(round_number=2, seed=seed, players=list(reversed(players)))
    assert first.to_dict() == second.to_dict()


@settings(max_examples=60, deadline=None)
@given(players=player_states(min_size=1, max_size=30), seed=st.integers(0, 2**32))
def test_no_avoidable_rematch_and_no_avoidable_second_bye(players, seed):
    result = pair_round(round_number=4, seed=seed, players=players)
    rematches, repeat_byes, _ = produced_score(result, players)
    best_rematches, best_repeat_byes, _ = complete_matching_best(players)
    assert rematches == best_rematches
    assert repeat_byes == best_repeat_byes
    active = [p for p in players if not p.dropped]
    if result.bye is not None and best_repeat_byes == 0:
        assert next(p for p in active if p.id == result.bye).byes == 0


@settings(max_examples=40, deadline=None)
@given(players=player_states(min_size=2, max_size=30), seed=st.integers(0, 2**32))
def test_dropped_players_never_appear(players, seed):
    result = pair_round(round_number=5, seed=seed, players=players)
    dropped = {p.id for p in players if p.dropped}
    seated = {pid for p in result.pairings for pid in (p.a, p.b)} | {result.bye}
    assert not dropped & seated
