"""Yu-Gi-Oh! actions: their shapes (validated against the state they apply to) and their JSON."""

from __future__ import annotations

from typing import Any

from ..base import JSON, MalformedDocument, PathError
from .state import PHASES, OnField, State, lookup, parse_ref


class Action:
    """One player action. ``args`` holds the spec's fields as JSON values (references as strings)."""

    __slots__ = ("player", "type", "args")

    def __init__(self, player: str, type: str, args: JSON | None = None):
        self.player = player
        self.type = type
        self.args = args if args is not None else {}

    def to_json(self) -> JSON:
        return {"player": self.player, "type": self.type, **self.args}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Action({self.to_json()!r})"

    __hash__ = None  # type: ignore[assignment]


action_to_json = Action.to_json  # (action) -> JSON


# field -> kind of value; "ref" must point to a card that is there, "ref?" may be null
SCHEMAS: dict[str, dict[str, tuple[str, bool]]] = {
    "normal_summon": {"card": ("ref", True), "tributes": ("refs", False)},
    "set_monster": {"card": ("ref", True), "tributes": ("refs", False)},
    "flip_summon": {"card": ("ref", True)},
    "change_position": {"card": ("ref", True), "position": ("position", False)},
    "special_summon": {"card": ("ref", True), "position": ("position", True)},
    "fusion_summon": {
        "spell": ("ref", True),
        "fusion": ("ref", True),
        "materials": ("refs", True),
        "position": ("position", False),
    },
    "set_spell_trap": {"card": ("ref", True)},
    "activate": {
        "card": ("ref", True),
        "in_response_to": ("link", False),
        "target": ("ref", False),
        "effect": ("index", False),
    },
    "attack": {"attacker": ("ref", True), "target": ("ref?", False)},
    "next_phase": {"phase": ("phase", False)},
    "end_turn": {},
    "draw": {"count": ("count", False)},
    "discard": {"cards": ("refs", True)},
    "inflict_damage": {"to": ("target", True), "amount": ("amount", True)},
    "gain_lp": {"to": ("target", True), "amount": ("amount", True)},
    "destroy": {"card": ("ref", True)},
    "send_to_graveyard": {"card": ("ref", True)},
    "mill": {"of": ("player", True), "count": ("count", True)},
    # step-by-step battle and triggers (docs/situations.md): "both players pass"; triggers put on a chain
    "pass": {},
    "chain_triggers": {"optional": ("refs", False)},
}
PLAYABLE = {"normal_summon", "set_monster", "special_summon", "set_spell_trap", "activate"}


def _check_ref(state: State, value: Any, path: str, errors: list[PathError], *, playable: bool) -> None:
    ref = parse_ref(value)
    if ref is None:
        errors.append(
            PathError(path, f'a card reference such as "A.hand.0" or "B.monsters.2", not {value!r}')
        )
        return
    found = lookup(state, ref)
    if found is None:
        errors.append(PathError(path, f"there is no card at {value} in the state when this action applies"))
        return
    card = found.card if isinstance(found, OnField) else found
    if playable and card.kind == "unknown":
        errors.append(
            PathError(path, f"{value} is a card drawn from a deck given as a count: give the deck as a list")
        )


def missing_refs(state: State, action: Action) -> list[str]:
    """The references of a parsed action that no longer point to a card (a chain resolved since)."""
    out = []
    for key, (value_kind, _required) in SCHEMAS[action.type].items():
        value = action.args.get(key)
        if value is None or value_kind not in ("ref", "ref?", "refs"):
            continue
        for item in value if value_kind == "refs" else (value,):
            ref = parse_ref(item)
            if ref is None or lookup(state, ref) is None:
                out.append(item)
    return out


def parse_action(state: State, data: Any, *, path: str) -> Action:
    if not isinstance(data, dict):
        raise MalformedDocument(
            PathError(path, 'an action is an object such as {"player": "A", "type": ...}')
        )
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise MalformedDocument(
            PathError(f"{path}/type", f"unknown action type {kind!r}; expected one of {', '.join(SCHEMAS)}")
        )
    schema = SCHEMAS[kind]
    errors: list[PathError] = []
    player = data.get("player", state.turn_player)
    if player not in ("A", "B"):
        errors.append(PathError(f"{path}/player", 'the player is "A" or "B"'))
    for key in data:
        if key not in schema and key not in ("type", "player"):
            errors.append(PathError(f"{path}/{key}", f"unknown field {key!r} for {kind}"))
    args: JSON = {}
    for key, (value_kind, required) in schema.items():
        at = f"{path}/{key}"
        if key not in data:
            if required:
                errors.append(PathError(at, f"{kind} needs {key}"))
            continue
        value = data[key]
        args[key] = value
        if value_kind == "ref":
            _check_ref(state, value, at, errors, playable=kind in PLAYABLE)
        elif value_kind == "ref?":
            if value is not None:
                _check_ref(state, value, at, errors, playable=False)
        elif value_kind == "refs":
            if not isinstance(value, list) or len(value) > 60:
                errors.append(PathError(at, "a list of card references"))
                continue
            for i, item in enumerate(value):
                _check_ref(state, item, f"{at}/{i}", errors, playable=kind == "fusion_summon")
            if len({v for v in value if isinstance(v, str)}) != len(value):
                errors.append(PathError(at, "the same card is listed twice"))
            else:
                args[key] = list(value)
        elif value_kind == "position":
            if value not in ("attack", "defense"):
                errors.append(PathError(at, "attack or defense"))
        elif value_kind == "phase":
            if value not in PHASES:
                errors.append(PathError(at, f"one of {', '.join(PHASES)}"))
        elif value_kind == "index":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10:
                errors.append(PathError(at, "the index of one of the card's effects, from 0"))
        elif value_kind in ("count", "amount", "link"):
            low = 1 if value_kind in ("count", "link") else 0
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 1_000_000:
                errors.append(PathError(at, f"a whole number, {low} or more"))
        elif value_kind == "target":
            if value not in ("A", "B", "both"):
                errors.append(PathError(at, '"A", "B" or "both"'))
        elif value_kind == "player" and value not in ("A", "B"):
            errors.append(PathError(at, '"A" or "B"'))
    if errors:
        raise MalformedDocument(errors)
    return Action(player, kind, args)
