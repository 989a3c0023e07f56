"""Fixed cases: small events played to exhaustion, drops, tables and the seeded first round."""

from __future__ import annotations

import pytest

from tournaments.pairing.swiss import PlayerState, pair_round

from .helpers import assert_legal_round, brute_force_best, produced_score


def play_event(count: int, rounds: int, *, seed: int) -> list[tuple]:
    """Pair `rounds` rounds where the lower id always wins; return each round's (players, result)."""
    ids = [f"p{k}" for k in range(count)]
    points = dict.fromkeys(ids, 0)
    opponents: dict[str, set[str]] = {i: set() for i in ids}
    byes = dict.fromkeys(ids, 0)
    history = []
    for number in range(1, rounds + 1):
        players = [
            PlayerState(id=i, points=points[i], opponents=frozenset(opponents[i]), byes=byes[i]) for i in ids
        ]
        result = pair_round(round_number=number, seed=seed, players=players)
        history.append((players, result))
        for pairing in result.pairings:
            opponents[pairing.a].add(pairing.b)
            opponents[pairing.b].add(pairing.a)
            points[min(pairing.a, pairing.b)] += 3
        if result.bye:
            points[result.bye] += 3
            byes[result.bye] += 1
    return history


@pytest.mark.parametrize("count", [4, 5, 6])
def test_small_events_over_many_rounds_stay_optimal_and_never_crash(count):
    history = play_event(count, rounds=count + 3, seed=42)
    for players, result in history:
        assert_legal_round(result, players)
        assert produced_score(result, players) == brute_force_best(players)


def test_four_players_play_a_round_robin_then_must_rematch():
    history = play_event(4, rounds=4, seed=3)
    assert [result.rematches for _, result in history] == [0, 0, 0, 2]


def test_five_players_get_five_different_byes_in_five_rounds():
    history = play_event(5, rounds=5, seed=9)
    byes = [result.bye for _, result in history]
    assert sorted(byes) == ["p0", "p1", "p2", "p3", "p4"]
    # Round 6: everyone had a bye, so the second bye is unavoidable (and reported as such by the score).
    sixth = play_event(5, rounds=6, seed=9)[-1]
    assert sixth[1].bye is not None
    assert produced_score(sixth[1], sixth[0])[1] == 1


def test_six_players_six_rounds_last_round_is_all_rematches():
    history = play_event(6, rounds=6, seed=5)
    players, last = history[-1]
    met_everyone = all(len(p.opponents) == 5 for p in players)
    if met_everyone:
        assert last.rematches == 3
    assert last.rematches == brute_force_best(players)[0]


def test_everyone_dropped_but_two_who_already_met_are_paired_anyway():
    players = [
        PlayerState(id="a", points=6, opponents=frozenset({"b", "c"})),
        PlayerState(id="b", points=3, opponents=frozenset({"a"})),
        PlayerState(id="c", points=3, opponents=frozenset({"a"}), dropped=True),
        PlayerState(id="d", points=0, dropped=True),
    ]
    result = pair_round(round_number=4, seed=1, players=players)
    assert result.to_dict() == {
        "pairings": [{"table": 1, "a": "a", "b": "b"}],
        "bye": None,
        "rematches": 1,
        "cost": 9,
    }


def test_no_active_player_and_a_single_active_player():
    assert pair_round(round_number=1, seed=0, players=[]).to_dict() == {
        "pairings": [],
        "bye": None,
        "rematches": 0,
        "cost": 0,
    }
    alone = pair_round(
        round_number=2,
        seed=0,
        players=[PlayerState(id="x", points=3), PlayerState(id="y", points=0, dropped=True)],
    )
    assert alone.bye == "x" and alone.pairings == [] and alone.cost == 9


def test_round_one_is_a_seeded_random_draw():
    players = [PlayerState(id=f"p{k:02d}", points=0) for k in range(16)]
    draws = {
        seed: frozenset(
            frozenset((p.a, p.b)) for p in pair_round(round_number=1, seed=seed, players=players).pairings
        )
        for seed in range(8)
    }
    assert len(set(draws.values())) > 1, "different seeds must be able to give different draws"
    again = pair_round(round_number=1, seed=3, players=players)
    assert frozenset(frozenset((p.a, p.b)) for p in again.pairings) == draws[3]
    # Not simply neighbours in id order, which would mean the seed is ignored.
    assert draws[0] != frozenset(frozenset((f"p{k:02d}", f"p{k + 1:02d}")) for k in range(0, 16, 2))


def test_bye_goes_to_the_lowest_scoring_player_without_one():
    players = [
        PlayerState(id="top", points=6),
        PlayerState(id="mid", points=3),
        PlayerState(id="low-had-bye", points=0, byes=1),
        PlayerState(id="low", points=0),
        PlayerState(id="mid2", points=3),
    ]
    result = pair_round(round_number=3, seed=4, players=players)
    assert result.bye == "low"


def test_score_groups_are_kept_together():
    players = [PlayerState(id=f"w{k}", points=6) for k in range(4)] + [
        PlayerState(id=f"l{k}", points=0) for k in range(4)
    ]
    result = pair_round(round_number=3, seed=8, players=players)
    assert result.cost == 0
    for pairing in result.pairings:
        assert pairing.a[0] == pairing.b[0]
    assert {p.table for p in result.pairings if p.a.startswith("w")} == {1, 2}


def test_tables_follow_points_then_rank_and_the_better_player_is_a():
    players = [
        PlayerState(id="a", points=3, rank=4),
        PlayerState(id="b", points=3, rank=1),
        PlayerState(id="c", points=6, rank=3, opponents=frozenset({"d"})),
        PlayerState(id="d", points=6, rank=2),
        PlayerState(id="e", points=0, rank=5),
        PlayerState(id="f", points=0, rank=6),
    ]
    result = pair_round(round_number=3, seed=2, players=players)
    # c and d met, so each 6-point player pairs down to a 3-point one; table 1 holds the best-ranked 6.
    first = result.pairings[0]
    assert first.table == 1 and first.a == "d"
    assert [p.table for p in result.pairings] == [1, 2, 3]
    assert result.pairings[-1].a in ("e", "f") and {result.pairings[-1].a, result.pairings[-1].b} == {
        "e",
        "f",
    }


def test_fixed_tables_are_honoured_when_they_exist():
    players = [PlayerState(id=f"t{k}", points=12 - 3 * (k // 2), rank=k + 1) for k in range(8)]
    # The last pairing wants table 1; a player on table 3 by standings wants table 9, which does not exist.
    players[7] = PlayerState(id="t7", points=3, rank=8, fixed_table=1)
    players[4] = PlayerState(id="t4", points=6, rank=5, fixed_table=9)
    result = pair_round(round_number=5, seed=1, players=players)
    by_table = {p.table: {p.a, p.b} for p in result.pairings}
    assert by_table[1] == {"t6", "t7"}
    assert by_table[2] == {"t0", "t1"}
    assert by_table[3] == {"t2", "t3"}
    assert by_table[4] == {"t4", "t5"}


def test_two_fixed_players_paired_together_sit_at_the_smaller_table():
    players = [
        PlayerState(id="a", points=3, fixed_table=3),
        PlayerState(id="b", points=3, fixed_table=2),
        PlayerState(id="c", points=9),
        PlayerState(id="d", points=9),
        PlayerState(id="e", points=6),
        PlayerState(id="f", points=6),
    ]
    result = pair_round(round_number=4, seed=0, players=players)
    by_pair = {frozenset((p.a, p.b)): p.table for p in result.pairings}
    assert by_pair[frozenset("ab")] == 2
    assert by_pair[frozenset("cd")] == 1
    assert by_pair[frozenset("ef")] == 3


def test_fixed_table_is_ignored_for_the_bye():
    players = [
        PlayerState(id="a", points=3),
        PlayerState(id="b", points=3),
        PlayerState(id="c", points=0, fixed_table=1),
    ]
    result = pair_round(round_number=2, seed=0, players=players)
    assert result.bye == "c"
    assert result.pairings[0].table == 1 and {result.pairings[0].a, result.pairings[0].b} == {"a", "b"}


def test_same_document_and_seed_give_the_same_round_across_processes(tmp_path):
    """String hashing is randomised per process; the round must not depend on it."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    document = {
        "round": 1,
        "seed": "spring-open",
        "players": [{"id": f"p{k:03d}", "points": 0} for k in range(40)],
    }
    path = tmp_path / "round.json"
    path.write_text(json.dumps(document))
    script = (
        "import json, sys; from tournaments.pairing import pair_swiss_document; "
        "print(json.dumps(pair_swiss_document(open(sys.argv[1]).read())))"
    )
    root = Path(__file__).resolve().parents[3]
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        done = subprocess.run(
            [sys.executable, "-c", script, str(path)], capture_output=True, text=True, env=env, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert json.loads(outputs.pop())["pairings"][0]["table"] == 1
