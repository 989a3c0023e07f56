"""Vanguard actions: their JSON shape, parsing (shape and references, not legality) and output."""

from __future__ import annotations

from typing import Any

from ..base import JSON, MalformedDocument, PathError
from .state import CIRCLES, HIDDEN, PLAYERS, Card, State, _Errors, parse_card

# Action type → the fields it takes besides "player" and "type" (required ones first in the docs).
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "mulligan": ("cards", "drawn"),
    "ride": ("card",),
    "call": ("card", "circle"),
    "move": ("card", "circle"),
    "attack": ("attacker", "target", "booster", "drive_checks", "damage_checks"),
    "guard": ("cards",),
    "intercept": ("card",),
    "assign_trigger": ("power_to", "critical_to", "stand_to", "heal"),
    "next_phase": (),
    "end_turn": (),
    "activate": ("card", "skill", "target"),
    "resolve_skill": ("card", "skill", "pay", "target"),
}
REQUIRED = {
    "mulligan": ("cards",),
    "ride": ("card",),
    "call": ("card", "circle"),
    "move": ("card", "circle"),
    "attack": ("attacker", "target"),
    "guard": ("cards",),
    "intercept": ("card",),
    "activate": ("card",),
    "resolve_skill": ("card",),
}
# Reference fields and the zone each must point into (None: any zone).
_REF_FIELDS = {
    "card": None,
    "attacker": "circles",
    "target": "circles",
    "booster": "circles",
    "power_to": "circles",
    "critical_to": "circles",
    "stand_to": "circles",
    "heal": "damage",
}


class Action:
    """One action. Unset fields read as None from the class; only the given ones are stored."""

    card: str | None = None
    circle: str | None = None
    attacker: str | None = None
    target: str | None = None
    booster: str | None = None
    cards: tuple[str, ...] | None = None
    power_to: str | None = None
    critical_to: str | None = None
    stand_to: str | None = None
    heal: str | None = None
    skill: int | None = None  # activate / resolve_skill: the index of the skill in its card's skills
    pay: bool | None = None  # resolve_skill: false declines the cost (the skill then does nothing)
    drawn: list[Card] | None = None
    drive_checks: list[Card] | None = None
    damage_checks: list[Card] | None = None
    path: str = "/actions/0"  # where the action sits in its document, for error paths

    def __init__(self, type: str, player: str, *, path: str = "/actions/0", **fields: Any):
        self.type = type
        self.player = player
        self.path = path
        if fields:
            self.__dict__.update(fields)

    def to_json(self) -> JSON:
        out: JSON = {"player": self.player, "type": self.type}
        for name in ACTION_FIELDS[self.type]:
            value = getattr(self, name)
            if value is None:
                continue
            if name == "cards":
                out[name] = list(value)
            elif name in ("drawn", "drive_checks", "damage_checks"):
                out[name] = [c.to_json() for c in value]
            else:
                out[name] = value
        return out

    def __repr__(self) -> str:
        return f"Action({self.to_json()!r})"


action_to_json = Action.to_json  # (action) -> JSON


_new = object.__new__


def make(fields: dict[str, Any]) -> Action:
    """A fast constructor for the hot loop: ``fields`` holds type, player and the given fields."""
    action = _new(Action)
    action.__dict__ = fields
    return action


# Reference strings built once, so listing actions does not format strings.
HAND_REFS = {p: [f"{p}.hand.{i}" for i in range(64)] for p in PLAYERS}
CIRCLE_REFS = {p: {c: f"{p}.circles.{c}" for c in CIRCLES} for p in PLAYERS}


def hand_ref(player: str, index: int) -> str:
    refs = HAND_REFS[player]
    return refs[index] if index < len(refs) else f"{player}.hand.{index}"


def resolve(state: State, ref: str) -> tuple[str, str, str, Any]:
    """A reference → (player, zone, key, the card or unit there, or None when nothing is there)."""
    player, zone, key = ref.split(".")
    side = state.players[player]
    if zone == "circles":
        return player, zone, key, side.circles.get(key)
    if zone == "deck":
        deck = side.deck
        items: Any = deck if isinstance(deck, list) else []
    else:
        items = getattr(side, zone)
    index = int(key)
    return player, zone, key, items[index] if 0 <= index < len(items) else None


_ZONES = ("hand", "damage", "drop", "soul", "guardians", "removed", "circles")


def _check_reference(state: State, value: Any, path: str, errors: _Errors, zone: str | None) -> str | None:
    if not isinstance(value, str) or value.count(".") != 2:
        errors.add(path, f'a card reference such as "A.{zone or "hand"}.0", got {value!r}')
        return None
    player, ref_zone, key = value.split(".")
    if player not in PLAYERS or ref_zone not in _ZONES:
        errors.add(path, f"unknown player or zone in {value!r}; zones: {', '.join(_ZONES)}")
        return None
    if zone is not None and ref_zone != zone:
        errors.add(path, f'expected a reference into "{zone}", got {value!r}')
        return None
    if ref_zone == "circles":
        if key not in CIRCLES:
            errors.add(path, f"unknown circle {key!r}; circles: {', '.join(CIRCLES)}")
            return None
    elif not key.isdigit() or key != str(int(key)):
        errors.add(path, f"the index in {value!r} must be a whole number ≥ 0")
        return None
    if resolve(state, value)[3] is None:
        errors.add(path, f"no card at {value!r}")
        return None
    return value


def _parse_circle(value: Any, player: str, path: str, errors: _Errors) -> str | None:
    if isinstance(value, str):
        name = value
        if value.count(".") == 2:
            owner, zone, name = value.split(".")
            if owner != player or zone != "circles":
                errors.add(path, f'a circle of player {player}, such as "FL" or "{player}.circles.FL"')
                return None
        if name in CIRCLES:
            return name
    errors.add(path, f"a circle name ({', '.join(CIRCLES)}), got {value!r}")
    return None


def _parse_cards(state: State, data: Any, path: str, errors: _Errors) -> list[Card] | None:
    if not isinstance(data, list):
        errors.add(path, "a list of cards")
        return None
    out = []
    for i, item in enumerate(data):
        card, _ = parse_card(item, f"{path}/{i}", errors, ruleset=state.ruleset)
        if card is not None:
            out.append(card)
    return out


def parse_action(state: State, data: Any, *, path: str) -> Action:
    errors = _Errors()
    if not isinstance(data, dict):
        raise MalformedDocument([_path_error(path, "an action is an object with player and type")])
    kind = data.get("type")
    if kind not in ACTION_FIELDS:
        raise MalformedDocument(
            [
                _path_error(
                    f"{path}/type",
                    f"unknown action type {kind!r}; expected one of {', '.join(ACTION_FIELDS)}",
                )
            ]
        )
    player = data.get("player")
    if player is None and kind != "mulligan":
        player = default_player(state, kind)
    if player not in PLAYERS:
        errors.add(f"{path}/player", f'"A" or "B", got {player!r}')
        player = "A"
    allowed = ("player", "type", *ACTION_FIELDS[kind])
    for key in data:
        if key not in allowed:
            errors.add(
                f"{path}/{key}", f"unknown field {key!r} for {kind}; expected one of {', '.join(allowed)}"
            )
    for key in REQUIRED.get(kind, ()):
        if data.get(key) is None:
            errors.add(f"{path}/{key}", f"required for {kind}")
    fields: dict[str, Any] = {}
    for key in ACTION_FIELDS[kind]:
        value = data.get(key)
        if value is None:
            continue
        if key in _REF_FIELDS:
            fields[key] = _check_reference(state, value, f"{path}/{key}", errors, _REF_FIELDS[key])
        elif key == "circle":
            fields[key] = _parse_circle(value, player, f"{path}/circle", errors)
        elif key == "skill":
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                errors.add(
                    f"{path}/skill", f"the index of the skill in its card's skills (0, 1…), got {value!r}"
                )
            fields[key] = value
        elif key == "pay":
            if not isinstance(value, bool):
                errors.add(f"{path}/pay", f"true (pay the cost) or false (decline it), got {value!r}")
            fields[key] = value
        elif key == "cards":
            if not isinstance(value, list):
                errors.add(f"{path}/cards", "a list of card references")
                continue
            refs = [
                _check_reference(state, v, f"{path}/cards/{i}", errors, "hand") for i, v in enumerate(value)
            ]
            if all(isinstance(v, str) for v in value) and len(set(value)) != len(value):
                errors.add(f"{path}/cards", "a card is listed twice")
            fields[key] = tuple(r for r in refs if r is not None)
        else:  # drawn / drive_checks / damage_checks: revealed cards of a deck given as a count
            cards = _parse_cards(state, value, f"{path}/{key}", errors)
            if cards is not None and any(c is HIDDEN for c in cards):
                errors.add(f"{path}/{key}", "revealed cards must be described, not hidden")
            owner = player if key != "damage_checks" else _defender_of(data, player)
            if isinstance(state.players[owner].deck, list):
                errors.add(
                    f"{path}/{key}",
                    f"player {owner}'s deck is given as a list: checks and draws take its top cards; give "
                    f"{key} only with a deck given as a count",
                )
            fields[key] = cards
    if errors.items:
        raise MalformedDocument(errors.items)
    return Action(kind, player, path=path, **fields)


def default_player(state: State, kind: str) -> str:
    """Who acts when ``player`` is left out: the defender guards, a waiting trigger's player assigns it,
    and the turn player does everything else (a mulligan always names its player)."""
    battle = state.battle
    if kind == "assign_trigger" and battle is not None and battle.trigger is not None:
        return battle.trigger.player
    if kind == "resolve_skill" and state.pending:
        return state.pending[0].player
    if kind in ("guard", "intercept"):
        return "B" if state.turn_player == "A" else "A"
    return state.turn_player


def _defender_of(data: dict[str, Any], player: str) -> str:
    target = data.get("target")
    if isinstance(target, str) and target[:1] in PLAYERS:
        return target[:1]
    return "B" if player == "A" else "A"


def _path_error(path: str, message: str) -> PathError:
    return PathError(path, message)
