"""The Arrows game: the engine skeleton with Arrows' modules and its self-play hook."""

from __future__ import annotations

import random
from functools import cache

from ..skeleton import GameEngine
from . import actions, queries, rules, state
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .state import Card, State

# Random self-play only: the rule text fixes neither life points nor decks.
SELF_PLAY_LP = 8000
SELF_PLAY_DECK = 40
SELF_PLAY_HAND = 5


class ArrowsGame(GameEngine, state=state, actions=actions, rules=rules, queries=queries):
    key = "arrows"
    name = "Arrows"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE

    def initial_state(self, *, rng: random.Random, ruleset: str | None = None) -> State:
        """A new game between two random decks of monsters, A to draw (benchmarks)."""
        ruleset = ruleset or DEFAULT_RULESET
        flags = RULESETS[ruleset].flags
        state = State(ruleset=ruleset, flags=flags, spaces=flags["line_spaces"])
        state.phase = "draw"
        for key in ("A", "B"):
            player = state.players[key]
            player.lp = SELF_PLAY_LP
            player.deck = rng.choices(monster_pool(), k=SELF_PLAY_DECK)
            player.hand = player.deck[:SELF_PLAY_HAND]
            del player.deck[:SELF_PLAY_HAND]
        return state


@cache
def monster_pool() -> tuple[Card, ...]:
    """Card objects are never changed in place, so self-play decks can share them."""
    rng = random.Random(0)
    return tuple(random_monster(rng) for _ in range(300))


def random_monster(rng: random.Random) -> Card:
    card = Card("monster", f"Monster {rng.randrange(100)}")
    card.atk = 100 * rng.randrange(0, 30)
    card.def_ = 100 * rng.randrange(0, 30)
    card.arrows = rng.randrange(0, 10)
    if rng.random() < 0.2:
        card.effects = {rng.choice(("atk", "def", "ret")): rng.choice((-300, 200, 500, 1))}
    return card


GAME = ArrowsGame()
