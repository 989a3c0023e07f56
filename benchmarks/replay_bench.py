"""POST /api/rulings/replay/ with a 100-action situation document, per game, through Django's test client.

    python benchmarks/replay_bench.py [--requests 200] [--actions 100]

Each game's document is built by random legal self-play from the game's ``initial_state`` hook (seeded,
so the documents are the same on every run) and checked to replay without an illegal step. Prints
``{"replay": {"<game>": {"p50_ms", "p95_ms", ...}}, "target_p95_ms": 30}`` as JSON. The target (issue 3):
under 30 ms at p95.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

TARGET_P95_MS = 30.0


def build_document(game_key: str, actions: int, seed: int) -> dict | None:
    """A document of ``actions`` random legal actions that does not end the game, or None."""
    from rulings.engine.registry import get_game
    from rulings.engine.replay import replay

    game = get_game(game_key)
    rng = random.Random(seed)
    ruleset = game.default_ruleset
    state = game.initial_state(rng=rng, ruleset=ruleset)
    document_state = game.state_to_json(state)
    state = game.parse_state(document_state, ruleset=ruleset)
    game.start(state)
    settle = getattr(game, "settle", None)
    chosen = []
    for _ in range(actions):
        if game.outcome(state).finished:
            return None
        choices = game.legal_actions(state)
        if not choices:
            return None
        action = rng.choice(choices)
        chosen.append(game.action_to_json(action))
        state, _events = game.apply(state, action)
        if settle is not None:
            state, _events = settle(state, None)
    if game.outcome(state).finished:
        return None
    document = {"game": game_key, "ruleset": ruleset, "state": document_state, "actions": chosen}
    answer = replay(document)
    if answer["stopped_at"] is not None or len([s for s in answer["steps"] if s["action"]]) != actions:
        return None
    return document


def measure(game_key: str, *, requests: int, actions: int) -> dict:
    from django.test import Client

    document = next(
        (doc for seed in range(200) if (doc := build_document(game_key, actions, seed)) is not None), None
    )
    if document is None:
        return {"error": f"no {actions}-action game found by self-play"}
    body = json.dumps(document)
    client = Client()
    for _ in range(10):
        response = client.post("/api/rulings/replay/", data=body, content_type="application/json")
        assert response.status_code == 200, response.content[:300]
    timings = []
    for _ in range(requests):
        started = time.perf_counter()
        client.post("/api/rulings/replay/", data=body, content_type="application/json")
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    return {
        "actions": actions,
        "requests": requests,
        "document_bytes": len(body),
        "p50_ms": round(statistics.median(timings), 2),
        "p95_ms": round(timings[int(0.95 * (len(timings) - 1))], 2),
        "max_ms": round(timings[-1], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--actions", type=int, default=100)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()

    import django

    django.setup()
    from rulings.engine.registry import game_keys

    results = {}
    for key in args.game or game_keys():
        try:
            results[key] = measure(key, requests=args.requests, actions=args.actions)
        except Exception as exc:  # noqa: BLE001 - one game's failure is reported, the others still run
            results[key] = {"error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps({"replay": results, "target_p95_ms": TARGET_P95_MS}, indent=2))


if __name__ == "__main__":
    main()
