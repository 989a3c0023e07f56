"""The Cardfight!! Vanguard game: the engine skeleton with Vanguard's modules and its self-play hook.

State, actions and queries follow ``/work/shared/specs/situations.md``; the rules catalogue
(``catalogue.py``) ties every ``VG-…`` id to a passage of ``vanguard-regles.txt``.
"""

from __future__ import annotations

import random

from ..skeleton import GameEngine
from . import actions, queries, rules, state
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .state import Card, State, Unit

__all__ = ["GAME", "VanguardGame", "sample_deck"]


class VanguardGame(GameEngine, state=state, actions=actions, rules=rules, queries=queries):
    key = "vanguard"
    name = "Cardfight!! Vanguard"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE

    def initial_state(self, *, rng: random.Random, ruleset: str | None = None) -> State:
        """A fresh game in the setup phase: two 50-card decks, grade 0 vanguards, five-card hands."""
        ruleset = ruleset or DEFAULT_RULESET
        state = State(ruleset, 1, "A", "setup")
        for player, clan in (("A", "Royal Paladin"), ("B", "Kagero")):
            deck = sample_deck(clan, ruleset)
            side = state.players[player]
            side.circles["V"] = Unit(deck.pop(0))
            rng.shuffle(deck)
            side.hand = deck[:5]
            side.deck = deck[5:]
        return state


def sample_deck(clan: str, ruleset: str = DEFAULT_RULESET) -> list[Card]:
    """A legal 50-card deck of one clan, starting vanguard first (16 triggers, 4 heals at most)."""
    if ruleset == "standard":
        triggers = {"critical": 6, "draw": 4, "heal": 4, "front": 1, "over": 1}
    else:
        triggers = {"critical": 4, "draw": 4, "stand": 4, "heal": 4}
    deck = [Card(f"{clan} Starter", 0, 6000, 10000, 1, clan)]
    for kind, count in triggers.items():
        shield = 50000 if kind == "over" else 10000
        deck += [Card(f"{clan} {kind.title()} Trigger", 0, 5000, shield, 1, clan, kind) for _ in range(count)]
    deck += [Card(f"{clan} Grade 1", 1, 8000, 5000, 1, clan) for _ in range(14)]
    deck += [Card(f"{clan} Grade 2", 2, 10000, 5000, 1, clan) for _ in range(11)]
    deck += [Card(f"{clan} Grade 3", 3, 11000, None, 1, clan) for _ in range(8)]
    return deck


GAME = VanguardGame()
