"""The Game scaffolding RaymanTCG and Arrows share: parsing, copy, start, outcome, query dispatch.

A subclass names its game's ``engine``, ``state`` and ``actions`` modules in its class statement
(``class RaymanGame(TurnGame, engine=…, state=…, actions=…)``) and fills in what is
its own: the check of a given state's result, the cards an attack names, the damage figures and any
extra query kinds. ``apply`` is the engine's function itself, and ``legal_actions`` one call away
from it, as before: self-play pays nothing for the sharing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar

from ..base import JSON, CardLookup, Event, IllegalAction, Outcome, Rule, RuleSet
from ..messages import msg
from . import validate as v
from .turns import OTHER

NOT_FINISHED = Outcome()


class TurnGame:
    """Two players A and B, a draw phase, a result stored on the state as (winner, draw, rules)."""

    key: ClassVar[str]
    name: ClassVar[str]
    rulesets: ClassVar[Mapping[str, RuleSet]]
    default_ruleset: ClassVar[str]
    catalogue: ClassVar[Mapping[str, Rule]]

    query_kinds: ClassVar[tuple[str, ...]]
    turn_rule: ClassVar[str]  # cited when a player who is not the turn player would attack
    deck_out_rules: ClassVar[tuple[str, str]]  # (the deck-out rule, the rule on draws)

    # A given state may already be won (or drawn): each game's own check, (state, events) -> None.
    _check_result: ClassVar[Callable[[Any, list[Event]], None]]
    # Bound by __init_subclass__ from the game's modules.
    _parse_state: ClassVar[Callable[..., Any]]
    _draw: ClassVar[Callable[[Any, list[Event]], None]]
    _resolve_attack: ClassVar[Callable[[Any, Any, Any], list[Event]]]
    parse_action: ClassVar[Callable[..., Any]]
    state_to_json: ClassVar[Callable[[Any], JSON]]
    action_to_json: ClassVar[Callable[[Any], JSON]]
    apply: ClassVar[Callable[[Any, Any], tuple[Any, list[Event]]]]
    legal_actions: Callable[..., list[Any]]  # (state, player=None): the Game protocol's parameter name

    def __init_subclass__(
        cls, *, engine: ModuleType, state: ModuleType, actions: ModuleType, **kwargs: Any
    ) -> None:
        super().__init_subclass__(**kwargs)
        cls._parse_state = staticmethod(state.parse_state)
        cls.state_to_json = staticmethod(state.state_to_json)
        cls.parse_action = staticmethod(actions.parse_action)
        cls.action_to_json = staticmethod(actions.action_to_json)
        cls._draw = staticmethod(engine.draw)
        cls._resolve_attack = staticmethod(engine.resolve_attack)
        cls.apply = staticmethod(engine.apply)
        engine_legal_actions = engine.legal_actions

        def legal_actions(self: TurnGame, state: Any, player: str | None = None) -> list[Any]:
            return engine_legal_actions(state, player)

        legal_actions.__qualname__ = f"{cls.__qualname__}.legal_actions"
        cls.legal_actions = legal_actions  # type: ignore[method-assign]

    # --- documents ---

    def parse_state(
        self, data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state"
    ) -> Any:
        state = self._parse_state(
            data, ruleset=ruleset, flags=self.rulesets[ruleset].flags, cards=cards, path=path
        )
        self._check_result(state, [])
        return state

    def copy(self, state: Any) -> Any:
        return state.copy()

    # --- play ---

    def start(self, state: Any) -> list[Event]:
        """A state given in the draw phase has not drawn yet: the draw happens now."""
        events: list[Event] = []
        if state.phase == "draw" and not state.draw_done and state.result is None:
            self._draw(state, events)
        return events

    def outcome(self, state: Any) -> Outcome:
        if state.result is None:
            return NOT_FINISHED
        winner, draw_, rules = state.result
        return Outcome(finished=True, winner=winner, draw=draw_, rules=rules)

    # --- queries ---

    def answer(self, state: Any, query: Any, *, path: str = "/query") -> JSON:
        if not isinstance(query, dict):
            raise v.fail(path, 'a query is an object such as {"kind": "legal_actions", "player": "A"}')
        kind = v.choice(query.get("kind"), v.pointer(path, "kind"), self.query_kinds)
        if kind == "damage":
            return self._damage(state, query, path)
        v.obj(query, path, required=("kind",), optional=("player",))
        key = v.player(query.get("player", state.turn_player), v.pointer(path, "player"))
        if kind == "legal_actions":
            return {"actions": [self.action_to_json(action) for action in self.legal_actions(state, key)]}
        if kind == "deck_out":
            return self._deck_out(state, key)
        return self._player_query(state, kind, key)

    def _player_query(self, state: Any, kind: str, key: str) -> JSON:
        """A game's own query kinds beyond damage, legal_actions and deck_out."""
        raise NotImplementedError(kind)

    def _deck_out(self, state: Any, key: str) -> JSON:
        """Like Yu-Gi-Oh!: ``loses`` says whether the player's next draw finds the deck empty."""
        deck = state.players[key].deck_size()
        deck_out_rule = self.deck_out_rules[0]
        rules = list(self.deck_out_rules)
        if state.result is not None and deck_out_rule in state.result[2] and state.result[0] == OTHER[key]:
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

    def _damage(self, state: Any, query: dict, path: str) -> JSON:
        """What an attack would do, on a copy, and whether it is legal now."""
        v.obj(query, path, required=("kind", "attacker"), optional=("target",))
        attacker = self._fighter_ref(state, query["attacker"], v.pointer(path, "attacker"), owner=None)
        key = attacker[0]
        target = None
        if query.get("target") is not None:
            target = self._fighter_ref(state, query["target"], v.pointer(path, "target"), owner=OTHER[key])
        legality: JSON = {"legal": True}
        try:
            if state.result is not None:
                raise IllegalAction(state.result[2], msg("The game is already over."))
            if state.turn_player != key:
                raise IllegalAction(
                    (self.turn_rule,),
                    msg(
                        "It is {turn_player}'s turn, not {player}'s.",
                        turn_player=state.turn_player,
                        player=key,
                    ),
                )
            self._check_attack(state, key, attacker, target)
        except IllegalAction as error:
            legality = {"legal": False, "not_legal": {"rules": error.rules, "explanation": error.message}}
        simulation = state.copy()
        simulation.result = None
        events = self._resolve_attack(simulation, attacker, target)
        return {
            **self._damage_figures(state, simulation, events),
            "winner": simulation.result[0] if simulation.result else None,
            "rules": list(dict.fromkeys(rule for event in events for rule in event.rules)),
            **legality,
        }

    def _fighter_ref(self, state: Any, value: Any, path: str, *, owner: str | None) -> tuple[str, str, int]:
        """A card on the field that can attack or be attacked; when ``owner`` is given, it must be theirs."""
        raise NotImplementedError

    def _check_attack(self, state: Any, key: str, attacker: Any, target: Any) -> None:
        """Raise IllegalAction when ``key``'s attack is not legal now; ``state`` stays untouched."""
        raise NotImplementedError

    def _damage_figures(self, state: Any, simulation: Any, events: list[Event]) -> JSON:
        """The game's own answer fields, before winner, rules and legality."""
        raise NotImplementedError
