"""The RaymanTCG game object the registry, the replay and the benchmarks use."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from ..base import JSON, CardLookup, Event, IllegalAction, Outcome
from ..common import validate as v
from .actions import Action, action_to_json, parse_action
from .catalogue import CATALOGUE, DEFAULT_RULESET, PREMIUM_TERRAINS, RULESETS
from .engine import OTHER, apply, check_attack, check_tings, draw, legal_actions, resolve_attack
from .state import TERRAIN_TYPES, Card, State, parse_state, state_to_json

NOT_FINISHED = Outcome()
QUERY_KINDS = ("damage", "legal_actions", "deck_out", "setup")


class RaymanGame:
    key = "rayman"
    name = "RaymanTCG"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE

    # --- documents ---

    def parse_state(
        self, data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state"
    ) -> State:
        state = parse_state(data, ruleset=ruleset, flags=RULESETS[ruleset].flags, cards=cards, path=path)
        check_tings(state, [])  # a state given at 5000 tings or more is already won
        return state

    def parse_action(self, state: State, data: Any, *, path: str) -> Action:
        return parse_action(state, data, path=path)

    def state_to_json(self, state: State) -> JSON:
        return state_to_json(state)

    def action_to_json(self, action: Action) -> JSON:
        return action_to_json(action)

    def copy(self, state: State) -> State:
        return state.copy()

    # --- play ---

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
        if kind == "deck_out":
            return self._deck_out(state, key)
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

    def _damage(self, state: State, query: dict, path: str) -> JSON:
        v.obj(query, path, required=("kind", "attacker"), optional=("target",))
        attacker = v.card_ref(query["attacker"], v.pointer(path, "attacker"), ("creatures",))
        key = attacker[0]
        if attacker[2] >= len(state.players[key].creatures):
            raise v.fail(v.pointer(path, "attacker"), f"{query['attacker']!r}: there is no such creature")
        target = None
        if query.get("target") is not None:
            target = v.card_ref(query["target"], v.pointer(path, "target"), ("creatures",))
            if target[0] != OTHER[key]:
                raise v.fail(
                    v.pointer(path, "target"), "the target must be a creature of the attacker's opponent"
                )
            if target[2] >= len(state.players[target[0]].creatures):
                raise v.fail(v.pointer(path, "target"), f"{query['target']!r}: there is no such creature")
        legality: JSON = {"legal": True}
        try:
            if state.result is not None:
                raise IllegalAction(state.result[2], "The game is already over.")
            if state.turn_player != key:
                raise IllegalAction(("RAY-TURN",), f"It is {state.turn_player}'s turn, not {key}'s.")
            check_attack(state.copy(), Action("attack", key, attacker, target))
        except IllegalAction as error:
            legality = {"legal": False, "not_legal": {"rules": error.rules, "explanation": error.explanation}}
        simulation = state.copy()
        simulation.result = None
        events = resolve_attack(simulation, attacker, target)
        combat = events[0].data
        rules = list(dict.fromkeys(rule for event in events for rule in event.rules))
        return {
            "damage_to_target": combat.get("damage_to_target", combat.get("amount", 0)),
            "damage_to_attacker": combat.get("damage_to_attacker", 0),
            "destroyed": [event.data["card"] for event in events if event.type == "destroyed"],
            "tings_gained": {k: simulation.players[k].tings - state.players[k].tings for k in ("A", "B")},
            "tings_after": {k: simulation.players[k].tings for k in ("A", "B")},
            "winner": simulation.result[0] if simulation.result else None,
            "rules": rules,
            **legality,
        }

    def _deck_out(self, state: State, key: str) -> JSON:
        """Like Yu-Gi-Oh!: ``loses`` says whether the player's next draw finds the deck empty."""
        deck = state.players[key].deck_size()
        rules = ["RAY-DECK-OUT", "RAY-DRAW"]
        if state.result is not None and "RAY-DECK-OUT" in state.result[2] and state.result[0] == OTHER[key]:
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
