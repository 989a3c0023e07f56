"""The Yu-Gi-Oh! game object the registry and the replay use."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import JSON, CardLookup, Event, Outcome, Rule, RuleSet
from . import queries, rules
from .actions import Action, parse_action
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .state import OnField, Player, State, parse_state, state_json


class YugiohGame:
    key = "yugioh"
    name = "Yu-Gi-Oh! TCG"
    rulesets: Mapping[str, RuleSet] = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue: Mapping[str, Rule] = CATALOGUE

    def parse_state(
        self, data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state"
    ) -> State:
        return parse_state(data, ruleset=ruleset, flags=RULESETS[ruleset].flags, cards=cards, path=path)

    def parse_action(self, state: State, data: Any, *, path: str) -> Action:
        return parse_action(state, data, path=path)

    def state_to_json(self, state: State) -> JSON:
        return state_json(state)

    def copy(self, state: State) -> State:
        return state.copy()

    def start(self, state: State) -> list[Event]:
        """A state in the Draw Phase has not drawn yet: the draw (or its first-turn skip) happens now.

        Like ``apply``, this returns events and leaves the state to the caller to replace: the draw
        is made on the state itself because the replay owns that state and nobody else holds it.
        """
        events: list[Event] = []
        if state.phase == "draw" and state.ended is None:
            rules.enter_draw_phase(state, events)
        return events

    def settle(self, state: State, next_action: Any) -> tuple[State, list[Event]]:
        """Resolve an open chain unless the next action adds a link to it."""
        if not state.chain:
            return state, []
        if (
            isinstance(next_action, dict)
            and next_action.get("type") == "activate"
            and "in_response_to" in next_action
        ):
            return state, []
        settled = state.copy()
        events: list[Event] = []
        rules.resolve_chain(settled, events)
        end = rules.check_end(settled)
        if end is not None:
            events.append(end)
        return settled, events

    def legal_actions(self, state: State, player: str | None = None) -> list[Action]:
        return rules.legal_actions(state, player)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        return rules.apply(state, action)

    def outcome(self, state: State) -> Outcome:
        if state.ended is None:
            return Outcome()
        winner, draw, rule_ids = state.ended
        return Outcome(finished=True, winner=winner, draw=draw, rules=rule_ids)

    def action_to_json(self, action: Action) -> JSON:
        return action.to_json()

    def answer(self, state: State, query: Any, *, path: str = "/query") -> JSON:
        return queries.answer(state, query, path=path)

    def initial_state(self, *, rng: random.Random, ruleset: str | None = None) -> State:
        """A duel about to start: two 40-card vanilla decks (a few spells and traps), 5 cards each."""
        ruleset = ruleset or DEFAULT_RULESET
        data = {
            "turn": 1,
            "turn_player": "A",
            "phase": "draw",
            "players": {side: _random_player(rng) for side in ("A", "B")},
        }
        return self.parse_state(data, ruleset=ruleset)


def _random_player(rng: random.Random) -> JSON:
    deck: list[JSON] = []
    for i in range(40):
        roll = rng.random()
        if roll < 0.75:
            level = rng.choice((1, 2, 3, 4, 4, 4, 5, 6, 7, 8))
            deck.append(
                {
                    "name": f"Vanilla {i}",
                    "kind": "monster",
                    "level": level,
                    "atk": rng.randrange(0, 3100, 100),
                    "def": rng.randrange(0, 3100, 100),
                }
            )
        elif roll < 0.85:
            deck.append({"name": f"Equip {i}", "kind": "spell", "spell_type": "equip", "atk_modifier": 500})
        elif roll < 0.92:
            deck.append({"name": f"Quick {i}", "kind": "spell", "spell_type": "quick-play"})
        else:
            deck.append({"name": f"Trap {i}", "kind": "trap", "trap_type": rng.choice(("normal", "counter"))})
    return {"lp": 8000, "deck": deck[5:], "hand": deck[:5]}


# ``Player`` and ``OnField`` are re-exported for the tests and the benchmark.
__all__ = ["OnField", "Player", "YugiohGame"]
