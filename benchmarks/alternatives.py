"""Side by side with the alternatives a user would pick, same inputs, printed as JSON (issue 15, item 5).

    .venv-bench/bin/python benchmarks/alternatives.py [--players 512] [--seconds 3]

Needs benchmarks/requirements.txt (cardarena-tournament-core, chess): `make bench` installs them in
.venv-bench, never in the project's requirements.

1. Pairing, round 9 of one simulated event (--players, 8 rounds of random results with draws and drops first,
   benchmarks/pairing_bench.py's simulate): tournaments/pairing/swiss.py's pair_round, cardarena's greedy
   Swiss (`Swiss.from_history(...)`, then `pair()`, from the same 8 rounds), and rustworkx's max-weight
   matching on the complete graph (pairing_bench.complete_graph_optimum). Each round is checked (every active
   player paired once, at most one bye, no dropped player) and scored the same way: rematches, repeat byes,
   cost (sum of squared point differences, swiss.round_score) and point-group mismatches (pairs across
   different points). Ratios are the alternative's over ours.
2. Engine: random self-play actions per second of each game (engine_selfplay.self_play) and python-chess's
   legal-move generation (engine_selfplay.chess_self_play), and the ratio ours / chess.

os.getloadavg() is printed before and after each part.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_selfplay import chess_self_play, self_play  # noqa: E402
from pairing_bench import complete_graph_optimum, simulate  # noqa: E402

from rulings.engine.registry import game_keys  # noqa: E402
from tournaments.pairing.standings import MatchRecord  # noqa: E402
from tournaments.pairing.swiss import PlayerState, met_relation, pair_round, round_score  # noqa: E402

GAMES = game_keys()  # every game of the registry


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def quality(pairs: list[tuple[str, str]], bye: str | None, players: list[PlayerState]) -> dict:
    """Check a round (every active player once, no dropped player, a bye only for an odd count), score it."""
    active = {p.id for p in players if not p.dropped}
    seated = [x for pair in pairs for x in pair] + ([bye] if bye is not None else [])
    problems = []
    if sorted(seated) != sorted(active):
        missing, extra = active - set(seated), set(seated) - active
        twice = len(seated) - len(set(seated))
        problems.append(
            f"not every active player once: {len(missing)} missing, {len(extra)} extra, {twice} twice"
        )
    if (bye is None) != (len(active) % 2 == 0):
        problems.append("a bye for an even count, or none for an odd one")
    by_id = {p.id: p for p in players}
    rematches, repeat_byes, cost = round_score(pairs=pairs, bye=bye, players=players)
    return {
        "valid": not problems,
        "problems": problems,
        "rematches": rematches,
        "repeat_byes": repeat_byes,
        "cost": cost,
        "point_group_mismatches": sum(by_id[a].points != by_id[b].points for a, b in pairs),
    }


def cardarena_round(players: list[PlayerState], records: list[MatchRecord], rounds: int):
    """cardarena's greedy Swiss rebuilt from the same history (its own API), then its next round."""
    from cardarena_tournament_core import Matchup, MatchupOutcome, Player, Round, Swiss

    people = {p.id: Player(id=p.id, name=p.id) for p in players}
    history = []
    for number in range(1, rounds + 1):
        matchups = []
        for r in (r for r in records if r.round == number):
            if r.player_b is None:
                matchups.append(Matchup(player1=people[r.player_a], player2=None))
                continue
            outcome = (
                MatchupOutcome.PLAYER1_WINS
                if r.games_a > r.games_b
                else MatchupOutcome.PLAYER2_WINS
                if r.games_b > r.games_a
                else MatchupOutcome.DRAW
            )
            matchups.append(Matchup(player1=people[r.player_a], player2=people[r.player_b], outcome=outcome))
        history.append(Round(round_number=number, matchups=matchups))
    active = {p.id for p in players if not p.dropped}
    swiss = Swiss.from_history(
        participants=list(people.values()), rounds=history, active_participant_ids=active
    )
    started = time.perf_counter()
    produced = swiss.pair()
    seconds = time.perf_counter() - started
    pairs = [(m.player1.id, m.player2.id) for m in produced.matchups if m.player2 is not None]
    byes = [m.player1.id for m in produced.matchups if m.player2 is None]
    return pairs, (byes[0] if byes else None), seconds, len(byes), swiss


def pairing(count: int, seed: int) -> dict:
    before = load()
    players, records, _ = simulate(count, 8, seed, draw_rate=0.08, drop_rate=0.02)
    # The simulation's points are the same 3/1/0 (bye 3) cardarena uses: check that both see the same event.
    started = time.perf_counter()
    ours = pair_round(round_number=9, seed=seed, players=players)
    ours_seconds = time.perf_counter() - started
    ours_pairs = [(p.a, p.b) for p in ours.pairings]
    figures = {"players": count, "active": sum(not p.dropped for p in players), "round": 9}
    figures["tableside"] = {"seconds": round(ours_seconds, 4), "method": ours.method}
    figures["tableside"].update(quality(ours_pairs, ours.bye, players))

    pairs, bye, seconds, bye_count, swiss = cardarena_round(players, records, 8)
    internal_points = swiss._points  # noqa: SLF001 -- only to check both engines read the same standings
    same_points = all(internal_points[p.id] == p.points for p in players)
    figures["cardarena_greedy"] = {"seconds": round(seconds, 4), "same_points_as_ours": same_points}
    figures["cardarena_greedy"].update(quality(pairs, bye, players))
    if bye_count > 1:
        figures["cardarena_greedy"]["problems"].append(f"{bye_count} byes")
        figures["cardarena_greedy"]["valid"] = False

    started = time.perf_counter()
    reference = complete_graph_optimum(players)
    figures["rustworkx_complete_graph"] = {
        "seconds": round(time.perf_counter() - started, 4),
        "rematches": reference[0],
        "repeat_byes": reference[1],
        "cost": reference[2],
    }
    ours_fig = figures["tableside"]
    for name in ("cardarena_greedy", "rustworkx_complete_graph"):
        other = figures[name]
        other["time_ratio_to_tableside"] = round(other["seconds"] / max(ours_fig["seconds"], 1e-9), 2)
        other["cost_ratio_to_tableside"] = round(other["cost"] / max(ours_fig["cost"], 1), 3)
        other["rematches_minus_tableside"] = other["rematches"] - ours_fig["rematches"]
    figures["tableside_is_optimal"] = (
        ours_fig["rematches"],
        ours_fig["repeat_byes"],
        ours_fig["cost"],
    ) == reference
    figures["met_pairs_before_round"] = sum(len(v) for v in met_relation(players).values()) // 2
    figures["load_before"], figures["load_after"] = before, load()
    return figures


def engine(seconds: float) -> dict:
    before = load()
    chess = chess_self_play(seconds=seconds)
    games = {game: self_play(game, seconds=seconds)["actions_per_second"] for game in GAMES}
    return {
        "seconds_each": seconds,
        "chess_moves_per_second": chess["actions_per_second"],
        "chess_library": chess["library"],
        "actions_per_second": games,
        "ratio_to_chess": {
            game: round(value / chess["actions_per_second"], 2) for game, value in games.items()
        },
        "load_before": before,
        "load_after": load(),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=2028)
    args = parser.parse_args(argv)
    figures = {"pairing": pairing(args.players, args.seed), "engine": engine(args.seconds)}
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
