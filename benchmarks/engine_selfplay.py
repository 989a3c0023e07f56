"""Random legal self-play for any registered game: how many actions per second the engine applies.

    python benchmarks/engine_selfplay.py --game yugioh --seconds 5

Each counted action is one ``legal_actions(state)`` call plus one ``apply``. The game must provide the
optional ``initial_state(*, rng, ruleset)`` hook (see ``rulings.engine.base.Game``).
Yu-Gi-Oh! and Vanguard decks carry effects and skills (issue 16's workload); ``--vanilla`` plays them without
(the engine's first benchmark). Prints ``{"game": ..., "actions_per_second": ...}`` (plus the raw counts) as
JSON.

``--game chess`` runs the same loop with python-chess (``chess`` on PyPI, benchmarks/requirements.txt) as a
reference: one legal-move generation (``list(board.legal_moves)``) and one ``push`` per counted move, a new
game at mate, stalemate, insufficient material or 200 plies.
"""

from __future__ import annotations

import argparse
import inspect
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulings.engine.registry import get_game  # noqa: E402


def has_effects_option(game_key: str) -> bool:
    """Whether the game's self-play decks carry effects that ``initial_state(effects=False)`` leaves out."""
    initial_state = getattr(get_game(game_key), "initial_state", None)
    return initial_state is not None and "effects" in inspect.signature(initial_state).parameters


def self_play(
    game_key: str, *, seconds: float, seed: int = 0, ruleset: str | None = None, vanilla: bool = False
) -> dict:
    game = get_game(game_key)
    initial_state = getattr(game, "initial_state", None)
    if initial_state is None:
        raise SystemExit(f"{game_key} has no initial_state(*, rng, ruleset) hook for self-play")
    rng = random.Random(seed)
    ruleset = ruleset or game.default_ruleset
    options = {"effects": False} if vanilla and has_effects_option(game_key) else {}

    def new_game():
        state = initial_state(rng=rng, ruleset=ruleset, **options)
        game.start(state)
        return state

    state = new_game()
    actions = games = stuck = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        for _ in range(200):
            choices = game.legal_actions(state)
            if not choices or game.outcome(state).finished:
                stuck += not choices and not game.outcome(state).finished
                games += 1
                state = new_game()
                continue
            state, _events = game.apply(state, rng.choice(choices))
            actions += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    return {
        "game": game_key,
        "ruleset": ruleset,
        "decks": "vanilla" if options else "with effects" if has_effects_option(game_key) else "the game's",
        "actions_per_second": round(actions / elapsed),
        "actions": actions,
        "games": games,
        "games_without_legal_actions": stuck,
        "seconds": round(elapsed, 3),
    }


def chess_self_play(*, seconds: float, seed: int = 0, max_plies: int = 200) -> dict:
    """The reference: python-chess's legal-move generation over random self-play, moves per second."""
    import chess  # only in .venv-bench (benchmarks/requirements.txt)

    rng = random.Random(seed)
    board = chess.Board()
    moves = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        for _ in range(200):
            choices = list(board.legal_moves)
            if not choices or board.ply() >= max_plies or board.is_insufficient_material():
                games += 1
                board = chess.Board()
                continue
            board.push(rng.choice(choices))
            moves += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    return {
        "game": "chess",
        "library": f"python-chess {chess.__version__}",
        "actions_per_second": round(moves / elapsed),
        "actions": moves,
        "games": games,
        "seconds": round(elapsed, 3),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="yugioh")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", default=None)
    parser.add_argument(
        "--vanilla", action="store_true", help="decks without effects (games whose self-play decks have some)"
    )
    args = parser.parse_args(argv)
    if args.game == "chess":
        print(json.dumps(chess_self_play(seconds=args.seconds, seed=args.seed)))
        return
    figures = self_play(
        args.game, seconds=args.seconds, seed=args.seed, ruleset=args.ruleset, vanilla=args.vanilla
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
