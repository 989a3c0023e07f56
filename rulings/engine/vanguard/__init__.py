"""Cardfight!! Vanguard rules engine: the module-level ``GAME`` the registry loads.

State, actions and queries follow ``/work/shared/specs/situations.md``; the rules catalogue
(``catalogue.py``) ties every ``VG-…`` id to a passage of ``vanguard-regles.txt``.
"""

from __future__ import annotations

import random
from typing import Any

from ..base import JSON, CardLookup, Event, Outcome
from . import queries, rules
from .actions import Action
from .actions import parse_action as _parse_action
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .state import Card, State, Unit
from .state import parse_state as _parse_state

__all__ = ["GAME", "VanguardGame"]


class VanguardGame:
    key = "vanguard"
    name = "Cardfight!! Vanguard"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE

    def parse_state(
        self, data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state"
    ) -> State:
        return _parse_state(data, ruleset=ruleset, cards=cards, path=path)

    def parse_action(self, state: State, data: Any, *, path: str) -> Action:
        return _parse_action(state, data, path=path)

    def state_to_json(self, state: State) -> JSON:
        return state.to_json()

    def copy(self, state: State) -> State:
        return state.copy()

    def start(self, state: State) -> list[Event]:
        return rules.start(state)

    def settle(self, state: State, next_action: Any) -> tuple[State, list[Event]]:
        return rules.settle(state, next_action)

    def legal_actions(self, state: State, player: str | None = None) -> list[Action]:
        return rules.legal_actions(state, player)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        return rules.apply(state, action)

    def outcome(self, state: State) -> Outcome:
        return rules.outcome(state)

    def action_to_json(self, action: Action) -> JSON:
        return action.to_json()

    def answer(self, state: State, query: Any, *, path: str = "/query") -> JSON:
        return queries.answer(state, query, path=path)

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
