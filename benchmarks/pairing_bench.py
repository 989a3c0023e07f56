"""Figures for the Django-free tournament maths, printed as JSON.

    .venv/bin/python benchmarks/pairing_bench.py [--players 8192] [--check-players 512]

1. pair round 9 of an event of --players after 8 simulated rounds of random results (targets: < 1 s);
2. standings for --players x 15 rounds under each policy (target: < 0.5 s);
3. the optimality check: round 9 of a --check-players event against a blossom on the complete graph with
   the lexicographic weights folded into one integer.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rustworkx  # noqa: E402

from tournaments.pairing.standings import MatchRecord, compute_standings, settings_for_policy  # noqa: E402
from tournaments.pairing.swiss import PlayerState, pair_round, round_score  # noqa: E402


def simulate(count: int, rounds: int, seed: int, *, draw_rate: float = 0.03, drop_rate: float = 0.01):
    """Pair `rounds` rounds with the engine, random results; return (players, match records, timings)."""
    rng = random.Random(seed)
    ids = [f"p{k:05d}" for k in range(count)]
    points = dict.fromkeys(ids, 0)
    opponents: dict[str, list[str]] = {i: [] for i in ids}
    byes = dict.fromkeys(ids, 0)
    dropped: set[str] = set()
    records: list[MatchRecord] = []
    timings = []

    def state():
        return [
            PlayerState(
                id=i, points=points[i], opponents=frozenset(opponents[i]), byes=byes[i], dropped=i in dropped
            )
            for i in ids
        ]

    for number in range(1, rounds + 1):
        started = time.perf_counter()
        result = pair_round(round_number=number, seed=seed + number, players=state())
        timings.append((number, result.method, round(time.perf_counter() - started, 4)))
        for pairing in result.pairings:
            opponents[pairing.a].append(pairing.b)
            opponents[pairing.b].append(pairing.a)
            roll = rng.random()
            if roll < draw_rate:
                points[pairing.a] += 1
                points[pairing.b] += 1
                games = (1, 1)
            elif roll < (1 + draw_rate) / 2:
                points[pairing.a] += 3
                games = (2, rng.choice((0, 1)))
            else:
                points[pairing.b] += 3
                games = (rng.choice((0, 1)), 2)
            records.append(
                MatchRecord(
                    round=number, player_a=pairing.a, player_b=pairing.b, games_a=games[0], games_b=games[1]
                )
            )
        if result.bye is not None:
            points[result.bye] += 3
            byes[result.bye] += 1
            records.append(MatchRecord(round=number, player_a=result.bye, player_b=None))
        for i in ids:
            if i not in dropped and rng.random() < drop_rate:
                dropped.add(i)
    return state(), records, timings


def complete_graph_optimum(players: list[PlayerState]) -> tuple[int, int, int]:
    people = [p for p in players if not p.dropped]
    n = len(people)
    met: dict[str, set[str]] = {p.id: set() for p in players}
    for p in players:
        for o in p.opponents:
            met[p.id].add(o)
            met[o].add(p.id)
    max_points = max(p.points for p in people)
    unit_bye = (n // 2 + 1) * max_points**2 + 1
    unit_rematch = 2 * unit_bye
    top = unit_rematch + max_points**2 + 1
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(n + n % 2))
    edges = [
        (
            x,
            y,
            top
            - (people[x].points - people[y].points) ** 2
            - (unit_rematch if people[y].id in met[people[x].id] else 0),
        )
        for x in range(n)
        for y in range(x + 1, n)
    ]
    if n % 2:
        edges += [(x, n, top - people[x].points ** 2 - (unit_bye if people[x].byes else 0)) for x in range(n)]
    graph.add_edges_from(edges)
    matching = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    pairs = [(people[x].id, people[y].id) for x, y in matching if n not in (x, y)]
    bye = next((people[min(x, y)].id for x, y in matching if n in (x, y)), None)
    return round_score(pairs=pairs, bye=bye, players=players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8192)
    parser.add_argument("--check-players", type=int, default=512)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    figures: dict = {}

    players, _, history = simulate(args.players, 8, args.seed)
    started = time.perf_counter()
    result = pair_round(round_number=9, seed=args.seed, players=players)
    elapsed = time.perf_counter() - started
    figures["pairing"] = {
        "players": args.players,
        "active": sum(not p.dropped for p in players),
        "round": 9,
        "seconds": round(elapsed, 4),
        "method": result.method,
        "rematches": result.rematches,
        "cost": result.cost,
        "earlier_rounds": [{"round": r, "method": m, "seconds": s} for r, m, s in history],
    }

    _, records, _ = simulate(args.players, 15, args.seed + 1, drop_rate=0.0)
    standings = {}
    for policy in ("konami", "magic", "pokemon"):
        started = time.perf_counter()
        rows = compute_standings(records=records, settings=settings_for_policy(policy))
        standings[policy] = round(time.perf_counter() - started, 4)
        assert len(rows) == args.players
    figures["standings"] = {
        "players": args.players,
        "rounds": 15,
        "records": len(records),
        "seconds": standings,
    }

    check_players, _, _ = simulate(args.check_players, 8, args.seed + 2, draw_rate=0.08, drop_rate=0.02)
    started = time.perf_counter()
    produced = pair_round(round_number=9, seed=args.seed, players=check_players)
    engine_seconds = time.perf_counter() - started
    started = time.perf_counter()
    reference = complete_graph_optimum(check_players)
    reference_seconds = time.perf_counter() - started
    produced_score = round_score(
        pairs=[(p.a, p.b) for p in produced.pairings], bye=produced.bye, players=check_players
    )
    figures["optimality"] = {
        "players": args.check_players,
        "engine": {"score": produced_score, "method": produced.method, "seconds": round(engine_seconds, 4)},
        "complete_graph": {"score": reference, "seconds": round(reference_seconds, 4)},
        "optimal": produced_score == reference,
    }
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
