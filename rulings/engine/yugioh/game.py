"""The Yu-Gi-Oh! game object the registry and the replay use."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import JSON, CardLookup, Event, Outcome, Rule, RuleSet
from . import queries, rules
from .actions import Action, parse_action
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .state import Card, OnField, Player, State, parse_state, state_json


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

    def initial_state(self, *, rng: random.Random, ruleset: str | None = None, varied: bool = False) -> State:
        """A duel about to start: two 40-card decks, 5 cards in hand each.

        By default the decks are vanilla monsters (the benchmark's workload); ``varied`` mixes in
        Equip, Quick-Play, Field and Polymerization spells, traps of each type and Fusion Monsters, so
        that random play reaches every kind of action (the property tests use it).
        """
        ruleset = ruleset or DEFAULT_RULESET
        data = {
            "turn": 1,
            "turn_player": "A",
            "phase": "draw",
            "players": {side: _random_player(rng, varied) for side in ("A", "B")},
        }
        return _build_state(data, ruleset)


def _build_state(data: JSON, ruleset: str) -> State:
    """The generated data is valid by construction: build it without the validating parser, which
    would dominate the self-play benchmark (parse_state(state_to_json(s)) gives the same state)."""
    state = State()
    state.turn, state.turn_player, state.phase = data["turn"], data["turn_player"], data["phase"]
    state.ruleset, state.flags = ruleset, RULESETS[ruleset].flags
    state.draw_done, state.chain, state.ended = False, (), None
    state.players = {}
    for side, p_data in data["players"].items():
        p = Player()
        p.lp = p_data["lp"]
        p.deck = [Card(c) for c in p_data["deck"]]
        p.deck_count = len(p.deck)
        p.hand = [Card(c) for c in p_data["hand"]]
        p.monsters, p.spells, p.field_spell = [None] * 5, [None] * 5, None
        p.graveyard, p.banished = [], []
        p.extra = [Card(c) for c in p_data["extra_deck"]]
        p.ns_used = False
        state.players[side] = p
    return state


def _random_player(rng: random.Random, varied: bool) -> JSON:
    """Mostly vanilla monsters, with a few Equip, Quick-Play, Field and Polymerization spells, Normal,
    Continuous and Counter traps, and Fusion Monsters made of two of the deck's monsters."""
    deck: list[JSON] = []
    for i in range(40):
        roll = rng.random() if varied else 0.0
        if roll < 0.72:
            level = rng.choice((1, 2, 3, 4, 4, 4, 5, 6, 7, 8))
            atk, defense = rng.randrange(0, 3100, 100), rng.randrange(0, 3100, 100)
            deck.append(
                {"name": f"Vanilla {i}", "kind": "monster", "level": level, "atk": atk, "def": defense}
            )
        elif roll < 0.80:
            deck.append({"name": f"Equip {i}", "kind": "spell", "spell_type": "equip", "atk_modifier": 500})
        elif roll < 0.85:
            deck.append({"name": f"Quick {i}", "kind": "spell", "spell_type": "quick-play"})
        elif roll < 0.88:
            deck.append({"name": f"Field {i}", "kind": "spell", "spell_type": "field"})
        elif roll < 0.91:
            deck.append({"name": "Polymerization", "kind": "spell", "spell_type": "normal"})
        else:
            trap_type = rng.choice(("normal", "continuous", "counter"))
            deck.append({"name": f"Trap {i}", "kind": "trap", "trap_type": trap_type})
    rng.shuffle(deck)
    names = [card["name"] for card in deck if card["kind"] == "monster"]
    extra = [
        {
            "name": f"Fusion {n}",
            "kind": "monster",
            "monster_type": "fusion",
            "level": 7,
            "atk": 2800,
            "def": 2000,
            "materials": rng.sample(names, 2),
        }
        for n in range(3)
        if len(names) >= 2
    ]
    return {"lp": 8000, "deck": deck[5:], "hand": deck[:5], "extra_deck": extra}


# ``Player`` and ``OnField`` are re-exported for the tests and the benchmark.
__all__ = ["OnField", "Player", "YugiohGame"]
