"""The Arrows game object the registry, the replay and the benchmarks use."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from ..base import JSON, CardLookup, Event, IllegalAction, Outcome
from ..common import validate as v
from .actions import Action, action_to_json, parse_action
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .engine import OTHER, apply, check_attack, check_life_points, draw, legal_actions, resolve_attack
from .state import LINES, Card, State, parse_state, state_to_json

NOT_FINISHED = Outcome()
QUERY_KINDS = ("damage", "legal_actions", "deck_out")

# Random self-play only: the rule text fixes neither life points nor decks.
SELF_PLAY_LP = 8000
SELF_PLAY_DECK = 40
SELF_PLAY_HAND = 5


class ArrowsGame:
    key = "arrows"
    name = "Arrows"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE

    def parse_state(
        self, data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state"
    ) -> State:
        state = parse_state(data, ruleset=ruleset, flags=RULESETS[ruleset].flags, cards=cards, path=path)
        check_life_points(state, [])
        return state

    def parse_action(self, state: State, data: Any, *, path: str) -> Action:
        return parse_action(state, data, path=path)

    def state_to_json(self, state: State) -> JSON:
        return state_to_json(state)

    def action_to_json(self, action: Action) -> JSON:
        return action_to_json(action)

    def copy(self, state: State) -> State:
        return state.copy()

    def start(self, state: State) -> list[Event]:
        """A state given in the draw phase has not drawn yet: the draw happens now."""
        events: list[Event] = []
        if state.phase == "draw" and not state.draw_done and state.result is None:
            draw(state, events)
        return events

    def legal_actions(self, state: State, player: str | None = None) -> list[Action]:
        return legal_actions(state, player)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        return apply(state, action)

    def outcome(self, state: State) -> Outcome:
        if state.result is None:
            return NOT_FINISHED
        winner, draw_, rules = state.result
        return Outcome(finished=True, winner=winner, draw=draw_, rules=rules)

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

    def answer(self, state: State, query: Any, *, path: str = "/query") -> JSON:
        if not isinstance(query, dict):
            raise v.fail(path, 'a query is an object such as {"kind": "legal_actions", "player": "A"}')
        kind = v.choice(query.get("kind"), v.pointer(path, "kind"), QUERY_KINDS)
        if kind == "damage":
            return self._damage(state, query, path)
        v.obj(query, path, required=("kind",), optional=("player",))
        key = v.player(query.get("player", state.turn_player), v.pointer(path, "player"))
        if kind == "legal_actions":
            return {"actions": [action_to_json(action) for action in legal_actions(state, key)]}
        return self._deck_out(state, key)

    def _deck_out(self, state: State, key: str) -> JSON:
        """Like Yu-Gi-Oh!: ``loses`` says whether the player's next draw finds the deck empty."""
        deck = state.players[key].deck_size()
        rules = ["ARR-DECK-OUT", "ARR-TURN"]
        if state.result is not None and "ARR-DECK-OUT" in state.result[2] and state.result[0] == OTHER[key]:
            return {"deck": deck, "loses": True, "when": f"already lost (turn {state.turn})", "rules": rules}
        if state.turn_player == key:
            next_draw = state.turn if state.phase == "draw" and not state.draw_done else state.turn + 2
        else:
            next_draw = state.turn + 1
        return {
            "deck": deck,
            "loses": deck == 0 and bool(state.flags["empty_deck_draw_loses"]),
            "when": f"draw phase of turn {next_draw + 2 * deck}",
            "rules": rules,
        }

    def _monster_ref(self, state: State, value: Any, path: str) -> tuple[str, str, int]:
        ref = v.card_ref(value, path, LINES)
        line = state.players[ref[0]].zone(ref[1])
        if ref[2] >= len(line) or line[ref[2]] is None:
            raise v.fail(path, f"{value!r}: there is no monster there")
        return ref

    def _damage(self, state: State, query: dict, path: str) -> JSON:
        v.obj(query, path, required=("kind", "attacker"), optional=("target",))
        attacker = self._monster_ref(state, query["attacker"], v.pointer(path, "attacker"))
        key = attacker[0]
        target = None
        if query.get("target") is not None:
            target = self._monster_ref(state, query["target"], v.pointer(path, "target"))
            if target[0] != OTHER[key]:
                raise v.fail(
                    v.pointer(path, "target"), "the target must be a monster of the attacker's opponent"
                )
        legality: JSON = {"legal": True}
        try:
            if state.result is not None:
                raise IllegalAction(state.result[2], "The game is already over.")
            if state.turn_player != key:
                raise IllegalAction(("ARR-TURN",), f"It is {state.turn_player}'s turn, not {key}'s.")
            check_attack(state, Action("attack", key, attacker, target))
        except IllegalAction as error:
            legality = {"legal": False, "not_legal": {"rules": error.rules, "explanation": error.explanation}}
        simulation = state.copy()
        simulation.result = None
        events = resolve_attack(simulation, attacker, target)
        damage = {"A": 0, "B": 0}
        for event in events:
            if event.type == "damage":
                damage[event.data["player"]] += event.data["amount"]
        return {
            "damage": damage,
            "destroyed": [event.data["card"] for event in events if event.type == "destroyed"],
            "flipped": [],
            "lp_after": {k: simulation.players[k].lp for k in ("A", "B")},
            "winner": simulation.result[0] if simulation.result else None,
            "rules": list(dict.fromkeys(rule for event in events for rule in event.rules)),
            **legality,
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
