"""The Arrows game object the registry, the replay and the benchmarks use."""

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
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .engine import check_attack, check_life_points
from .state import LINES, Card, State

# Random self-play only: the rule text fixes neither life points nor decks.
SELF_PLAY_LP = 8000
SELF_PLAY_DECK = 40
SELF_PLAY_HAND = 5


class ArrowsGame(TurnGame, engine=engine_module, state=state_module, actions=actions_module):
    key = "arrows"
    name = "Arrows"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE
    query_kinds = ("damage", "legal_actions", "deck_out")
    turn_rule = "ARR-TURN"
    deck_out_rules = ("ARR-DECK-OUT", "ARR-TURN")

    _check_result = staticmethod(check_life_points)

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

    # --- queries ---

    def _fighter_ref(self, state: State, value: Any, path: str, *, owner: str | None) -> tuple[str, str, int]:
        ref = v.card_ref(value, path, LINES)
        line = state.players[ref[0]].zone(ref[1])
        if ref[2] >= len(line) or line[ref[2]] is None:
            raise v.fail(path, f"{value!r}: there is no monster there")
        if owner is not None and ref[0] != owner:
            raise v.fail(path, "the target must be a monster of the attacker's opponent")
        return ref

    def _check_attack(self, state: State, key: str, attacker: Any, target: Any) -> None:
        check_attack(state, Action("attack", key, attacker, target))

    def _damage_figures(self, state: State, simulation: State, events: list[Event]) -> JSON:
        damage = {"A": 0, "B": 0}
        for event in events:
            if event.type == "damage":
                damage[event.data["player"]] += event.data["amount"]
        return {
            "damage": damage,
            "destroyed": [event.data["card"] for event in events if event.type == "destroyed"],
            "flipped": [],
            "lp_after": {k: simulation.players[k].lp for k in ("A", "B")},
        }


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
