"""The RaymanTCG game: the engine skeleton with RaymanTCG's modules and its self-play hook."""

from __future__ import annotations

import random
from functools import cache

from ..skeleton import GameEngine
from . import actions, queries, rules, state
from .catalogue import CATALOGUE, DEFAULT_RULESET, PREMIUM_TERRAINS, RULESETS
from .state import TERRAIN_TYPES, Card, State


class RaymanGame(GameEngine, state=state, actions=actions, rules=rules, queries=queries):
    key = "rayman"
    name = "RaymanTCG"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE

    def initial_state(self, *, rng: random.Random, ruleset: str | None = None) -> State:
        """A new game between two random 60-card decks, seven cards each, A to draw (benchmarks)."""
        ruleset = ruleset or DEFAULT_RULESET
        flags = RULESETS[ruleset].flags
        state = State(ruleset=ruleset, flags=flags)
        state.phase = "draw"
        for key in ("A", "B"):
            player = state.players[key]
            player.deck = random_deck(rng, flags["deck_size"])
            player.hand = player.deck[: flags["opening_hand"]]
            del player.deck[: flags["opening_hand"]]
        return state


@cache
def card_pool() -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """(terrains, creatures, magic cards) for self-play; cards never change in place, so decks share them."""
    rng = random.Random(0)
    terrains = []
    for name, terrain_type in PREMIUM_TERRAINS.items():
        card = Card("terrain", name)
        card.terrain = terrain_type
        terrains.append(card)
    creatures = []
    for number in range(120):
        card = Card("creature", f"Creature {number}")
        card.atk = 100 * rng.randrange(0, 12)
        card.def_ = 100 * rng.randrange(0, 12)
        card.hp = card.max_hp = 100 * rng.randrange(1, 12)
        total = rng.randrange(0, 4)
        card.cost = {rng.choice(TERRAIN_TYPES): 1, "any": total} if rng.random() < 0.3 else total
        card.advantage = rng.random() < 0.1
        creatures.append(card)
    magic = []
    for number in range(40):
        card = Card("magic", f"Magic {number}")
        card.cost = rng.randrange(0, 3)
        card.magic_type = rng.choice(("ephemeral", "permanent"))
        magic.append(card)
    return tuple(terrains), tuple(creatures), tuple(magic)


def random_deck(rng: random.Random, size: int) -> list[Card]:
    """Two fifths terrains, two fifths creatures, one fifth magic cards, shuffled."""
    terrains, creatures, magic = card_pool()
    terrain_count = creature_count = 2 * size // 5
    deck = [
        *rng.choices(terrains, k=terrain_count),
        *rng.choices(creatures, k=creature_count),
        *rng.choices(magic, k=size - terrain_count - creature_count),
    ]
    rng.shuffle(deck)
    return deck


GAME = RaymanGame()
