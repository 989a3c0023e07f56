"""The RaymanTCG game object the registry, the replay and the benchmarks use."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from ..base import JSON, Event
from ..common import validate as v
from ..common.game import TurnGame
from . import actions as actions_module
from . import engine as engine_module
from . import state as state_module
from .actions import Action
from .catalogue import CATALOGUE, DEFAULT_RULESET, PREMIUM_TERRAINS, RULESETS
from .engine import check_attack, check_tings
from .state import TERRAIN_TYPES, Card, State


class RaymanGame(TurnGame, engine=engine_module, state=state_module, actions=actions_module):
    key = "rayman"
    name = "RaymanTCG"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE
    query_kinds = ("damage", "legal_actions", "deck_out", "setup")
    turn_rule = "RAY-TURN"
    deck_out_rules = ("RAY-DECK-OUT", "RAY-DRAW")

    _check_result = staticmethod(check_tings)  # a state given at 5000 tings or more is already won

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

    # --- queries ---

    def _player_query(self, state: State, kind: str, key: str) -> JSON:
        # "setup": the rule set's numbers
        flags = state.flags
        return {
            "starting_tings": flags["starting_tings"],
            "tings_to_win": flags["tings_to_win"],
            "opening_hand": flags["opening_hand"],
            "deck_size": flags["deck_size"],
            "max_copies": flags["max_copies"],
            "single_copy_types": list(flags["single_copy_types"]),
            "unlimited_copies": list(flags["unlimited_copies"]),
            "rules": [
                "RAY-TINGS-START",
                "RAY-WIN-TINGS",
                "RAY-OPENING-HAND",
                "RAY-DECK-SIZE",
                "RAY-DECK-COPIES",
                "RAY-DECK-PREMIUM-TERRAINS",
            ],
        }

    def _fighter_ref(self, state: State, value: Any, path: str, *, owner: str | None) -> tuple[str, str, int]:
        ref = v.card_ref(value, path, ("creatures",))
        if owner is not None and ref[0] != owner:
            raise v.fail(path, "the target must be a creature of the attacker's opponent")
        if ref[2] >= len(state.players[ref[0]].creatures):
            raise v.fail(path, f"{value!r}: there is no such creature")
        return ref

    def _check_attack(self, state: State, key: str, attacker: Any, target: Any) -> None:
        check_attack(state.copy(), Action("attack", key, attacker, target))

    def _damage_figures(self, state: State, simulation: State, events: list[Event]) -> JSON:
        combat = events[0].data
        return {
            "damage_to_target": combat.get("damage_to_target", combat.get("amount", 0)),
            "damage_to_attacker": combat.get("damage_to_attacker", 0),
            "destroyed": [event.data["card"] for event in events if event.type == "destroyed"],
            "tings_gained": {k: simulation.players[k].tings - state.players[k].tings for k in ("A", "B")},
            "tings_after": {k: simulation.players[k].tings for k in ("A", "B")},
        }


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
