"""The large-event path (blocks, merged regions, cut relaxation) forced onto small instances.

With tiny blocks every certificate is exercised constantly, so an unsound lower bound would show up as a
round worse than the complete-graph optimum.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import swiss

from .helpers import assert_legal_round, complete_matching_best, produced_score, simulate
from .test_swiss_properties import player_states


@pytest.fixture
def tiny_blocks(monkeypatch):
    # The patched constants are the same for every generated input, so sharing the fixture is harmless.
    monkeypatch.setattr(swiss, "COMPLETE_GRAPH_LIMIT", 0)
    monkeypatch.setattr(swiss, "BLOCK_PAIRS", 2)
    monkeypatch.setattr(swiss, "MAX_REGION", 12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    players=player_states(min_size=1, max_size=40, max_points=12),
    seed=st.integers(0, 2**32),
)
def test_block_path_reaches_the_complete_graph_optimum(tiny_blocks, players, seed):
    result = swiss.pair_round(round_number=4, seed=seed, players=players)
    assert_legal_round(result, players)
    assert produced_score(result, players) == complete_matching_best(players)


@pytest.mark.parametrize("seed", range(6))
def test_block_path_on_simulated_events(tiny_blocks, seed):
    players = simulate(count=37 + seed * 7, rounds=5, seed=seed, draw_rate=0.15, drop_rate=0.05)
    result = swiss.pair_round(round_number=6, seed=seed, players=players)
    assert_legal_round(result, players)
    assert produced_score(result, players) == complete_matching_best(players)


def test_cut_relaxation_certifies_a_forced_pair_down(monkeypatch):
    """Two 2-point players who already met must both pair down: the line bound (0) cannot prove it,
    the cut relaxation (2) does, without a global solve."""
    monkeypatch.setattr(swiss, "COMPLETE_GRAPH_LIMIT", 0)
    monkeypatch.setattr(swiss, "BLOCK_PAIRS", 2)
    monkeypatch.setattr(swiss, "MAX_REGION", 8)
    players = [swiss.PlayerState(id=f"t{k}", points=3) for k in range(8)]
    players += [
        swiss.PlayerState(id="two-a", points=2, opponents=frozenset({"two-b"})),
        swiss.PlayerState(id="two-b", points=2),
    ]
    players += [swiss.PlayerState(id=f"o{k}", points=1) for k in range(8)]
    players += [swiss.PlayerState(id=f"z{k}", points=0) for k in range(8)]
    result = swiss.pair_round(round_number=3, seed=11, players=players)
    assert result.rematches == 0
    assert result.cost == 2
    assert result.method == "regions-certified"
    assert produced_score(result, players) == complete_matching_best(players)
