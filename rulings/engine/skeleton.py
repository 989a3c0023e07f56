"""The one engine skeleton every game subclasses: the :class:`~rulings.engine.base.Game` protocol, once.

Every game folder has the same files with the same roles::

    <game>/__init__.py      exports GAME (the registry reads it)
    <game>/game.py          the GameEngine subclass: the game's name, rule sets, catalogue, modules,
                            and the self-play hook ``initial_state``
    <game>/state.py         the state: parse_state(data, *, ruleset, cards=None, path="/state"), state_to_json
    <game>/actions.py       the actions: parse_action(state, data, *, path), action_to_json
    <game>/rules.py         start, apply, legal_actions(state, player=None), outcome; optional settle and
                            check_given (a state given in a document may already be decided)
    <game>/queries.py       answer(state, query, *, path="/query")
    <game>/catalogue.py     RULESETS, DEFAULT_RULESET, CATALOGUE
    <game>/construction.py  deck-construction rules

A subclass names its modules in its class statement
(``class RaymanGame(GameEngine, state=state, actions=actions, rules=rules, queries=queries)``) and the
skeleton binds their functions as the game's hooks. The hot hooks (``apply``, ``legal_actions``,
``outcome``) are the rules module's functions themselves, bound as static methods: self-play calls them
with no forwarding in between.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar

from .base import JSON, CardLookup, Event, IllegalAction, MalformedDocument, Outcome, Rule, RuleSet

# module role -> the functions each game's module of that role provides; OPTIONAL_HOOKS have defaults.
HOOKS: dict[str, tuple[str, ...]] = {
    "state": ("parse_state", "state_to_json"),
    "actions": ("parse_action", "action_to_json"),
    "rules": ("start", "apply", "legal_actions", "outcome"),
    "queries": ("answer",),
}


def no_settle(state: Any, next_action: Any) -> tuple[Any, list[Event]]:
    """Nothing happens between two actions but what the players do."""
    return state, []


def no_check(state: Any) -> None:
    """A state given in a document is decided only by what it says."""


def refused(apply: Callable[..., Any], parse_action: Callable[..., Any], state: Any, data: Any) -> bool:
    """Whether the next action (raw JSON) would be refused in ``state``; a malformed one is left to the
    replay, which reports it where it is. A game's ``settle`` asks it before finishing anything on the
    next action's behalf: a refused action shows nothing was passed, so nothing is finished."""
    try:
        apply(state, parse_action(state, data, path="/actions/0"))
    except IllegalAction:
        return True
    except MalformedDocument:
        return False
    return False


OPTIONAL_HOOKS: dict[str, dict[str, Callable[..., Any]]] = {
    "rules": {"settle": no_settle, "check_given": no_check}
}


class GameEngine:
    """A game: its identity (``key``, ``name``, ``rulesets``, ``default_ruleset``, ``catalogue``) and its
    hooks, bound from its ``state``, ``actions``, ``rules`` and ``queries`` modules."""

    key: ClassVar[str]  # "yugioh", "vanguard", "rayman", "arrows"
    name: ClassVar[str]
    rulesets: ClassVar[Mapping[str, RuleSet]]
    default_ruleset: ClassVar[str]
    catalogue: ClassVar[Mapping[str, Rule]]  # rule id -> Rule

    # --- hooks, bound by __init_subclass__ from the game's modules (see HOOKS) ---
    _parse_state: ClassVar[Callable[..., Any]]  # state.parse_state
    state_to_json: ClassVar[Callable[[Any], JSON]]
    parse_action: ClassVar[Callable[..., Any]]  # (state, data, *, path)
    action_to_json: ClassVar[Callable[[Any], JSON]]
    start: ClassVar[Callable[[Any], list[Event]]]
    settle: ClassVar[Callable[[Any, Any], tuple[Any, list[Event]]]]
    _check_given: ClassVar[Callable[[Any], None]]  # rules.check_given
    legal_actions: ClassVar[Callable[..., list[Any]]]  # (state, player=None)
    apply: ClassVar[Callable[[Any, Any], tuple[Any, list[Event]]]]
    outcome: ClassVar[Callable[[Any], Outcome]]
    answer: ClassVar[Callable[..., JSON]]  # (state, query, *, path="/query")

    def __init_subclass__(
        cls,
        *,
        state: ModuleType,
        actions: ModuleType,
        rules: ModuleType,
        queries: ModuleType,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        modules = {"state": state, "actions": actions, "rules": rules, "queries": queries}
        found: dict[str, Callable[..., Any]] = {}
        for role, names in HOOKS.items():
            for name in names:
                try:
                    found[name] = getattr(modules[role], name)
                except AttributeError:
                    raise TypeError(f"{cls.__name__}: {role}.py must define {name}") from None
        for role, defaults in OPTIONAL_HOOKS.items():
            for name, default in defaults.items():
                found[name] = getattr(modules[role], name, default)
        for name, function in found.items():
            private = name in ("parse_state", "check_given")
            setattr(cls, f"_{name}" if private else name, staticmethod(function))

    # --- what every game does the same way ---

    def parse_state(
        self, data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state"
    ) -> Any:
        """Build a state from the spec's JSON; raise MalformedDocument with paths."""
        state = self._parse_state(data, ruleset=ruleset, cards=cards, path=path)
        self._check_given(state)
        return state

    def copy(self, state: Any) -> Any:
        return state.copy()
