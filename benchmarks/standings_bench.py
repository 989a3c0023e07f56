"""Standings against the plain loop, side by side on the same records, printed as JSON.

    .venv/bin/python benchmarks/standings_bench.py [--sizes 8192 32768] [--rounds 15] [--runs 7]

For each size, one event of --rounds Swiss rounds is simulated with the engine's own pairing (seeded, random
results, no drops: benchmarks/pairing_bench.py's simulate), then on those same records, for every policy:

- `plain`: the plain 30-line loop below (points, OMW% with the policy's MWP floor, OOMW%, and the order),
  the least a standings page needs, without validation, game records, byes out or caps;
- `compute_standings`: tournaments.pairing.standings with the policy's published settings (every field of
  every row: GWP, OGW%, the Konami number, ranks, head-to-head for Pokemon).

Each is timed best of --runs (wall clock, the two interleaved so that a busy moment hits both), and the ratio
compute_standings / plain is printed (issue 15: at most 1.5). os.getloadavg() is printed before and after
each size, since other work on the machine changes every figure. The plain loop's points and OMW% are checked
against compute_standings' (Konami) so that both compute the same thing.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pairing_bench import simulate  # noqa: E402

from tournaments.pairing.standings import compute_standings, settings_for_policy  # noqa: E402

POLICIES = ("konami", "magic", "pokemon", "vanguard")
TARGET_RATIO = 1.5


def plain_standings(records, *, floor=0.0, win=3, draw=1, bye=3, ordered=True):
    """The plain loop: points, OMW% (MWP floored) and OOMW% from the records, then the order."""
    points = defaultdict(int)
    rounds = defaultdict(int)
    opponents = defaultdict(list)
    for r in records:
        a, b = r.player_a, r.player_b
        rounds[a] += 1
        if b is None:
            points[a] += bye
            continue
        rounds[b] += 1
        opponents[a].append(b)
        opponents[b].append(a)
        if r.games_a > r.games_b:
            points[a] += win
        elif r.games_b > r.games_a:
            points[b] += win
        else:
            points[a] += draw
            points[b] += draw
    mwp = {p: max(points[p] / (3 * n), floor) for p, n in rounds.items()}
    omw = {p: sum(mwp[o] for o in opponents[p]) / len(opponents[p]) if opponents[p] else 0.0 for p in rounds}
    oomw = {p: sum(omw[o] for o in opponents[p]) / len(opponents[p]) if opponents[p] else 0.0 for p in rounds}
    if not ordered:
        return points, omw, oomw
    order = sorted(rounds, key=lambda p: (-points[p], -omw[p], -oomw[p], p))
    return [(p, points[p], omw[p], oomw[p]) for p in order]


PLAIN_FLOORS = {"konami": 0.0, "magic": 0.33, "pokemon": 0.25, "vanguard": 0.0}


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def best_of(runs: int, functions: dict) -> dict[str, float]:
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(runs):
        for name, function in functions.items():
            gc.collect()
            started = time.perf_counter()
            function()
            best[name] = min(best[name], time.perf_counter() - started)
    return best


def check_same_figures(records) -> None:
    """The plain loop computes what compute_standings does (points exactly, percentages to 1e-12)."""
    rows = compute_standings(records=records, settings=settings_for_policy("konami"))
    plain = {p: (points, omw, oomw) for p, points, omw, oomw in plain_standings(records)}
    for row in rows:
        points, omw, oomw = plain[row.player]
        if row.points != points or abs(row.omw - omw) > 1e-12 or abs(row.oomw - oomw) > 1e-12:
            raise SystemExit(f"plain loop and compute_standings disagree on {row.player}")


def measure(size: int, rounds: int, runs: int, seed: int) -> dict:
    generated = time.perf_counter()
    _, records, _ = simulate(size, rounds, seed, drop_rate=0.0)
    generated = time.perf_counter() - generated
    check_same_figures(records)
    before = load()
    figures: dict = {}
    for policy in POLICIES:
        settings = settings_for_policy(policy)
        floor = PLAIN_FLOORS[policy]
        best = best_of(
            runs,
            {
                "plain": lambda floor=floor: plain_standings(records, floor=floor),
                "compute_standings": lambda settings=settings: compute_standings(
                    records=records, settings=settings
                ),
            },
        )
        figures[policy] = {
            "plain_seconds": round(best["plain"], 4),
            "seconds": round(best["compute_standings"], 4),
            "ratio": round(best["compute_standings"] / best["plain"], 3),
        }
    unordered = best_of(runs, {"plain": lambda: plain_standings(records, ordered=False)})["plain"]
    return {
        "players": size,
        "rounds": rounds,
        "records": len(records),
        "records_generated_in_seconds": round(generated, 2),
        "runs": runs,
        "load_before": before,
        "load_after": load(),
        "policies": figures,
        "max_ratio": max(f["ratio"] for f in figures.values()),
        # For the record: the plain loop without its final sort (points and percentages only).
        "plain_unordered_seconds": round(unordered, 4),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[8192, 32768])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2027)
    args = parser.parse_args(argv)
    sizes = {str(size): measure(size, args.rounds, args.runs, args.seed) for size in args.sizes}
    print(
        json.dumps(
            {
                "target_ratio": TARGET_RATIO,
                "sizes": sizes,
                "max_ratio": max(s["max_ratio"] for s in sizes.values()),
                "cpu_count": os.cpu_count(),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
