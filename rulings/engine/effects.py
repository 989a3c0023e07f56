"""Card effects by kind: the small declarative vocabulary a judge picks from menus (no scripts).

Generic (no game rule in it): Yu-Gi-Oh! applies it in ``yugioh/rules.py``.

A card may carry ``"effects": [...]``; each effect is an object::

    {"timing": "ignition | quick | trigger | continuous | flip",
     "trigger": "when | if",            # trigger effects only: "when ... you can" may miss the timing
     "optional": false,                 # trigger/flip: "you can" (optional) or mandatory (the default)
     "event": "normal_summoned | ...",  # trigger effects only: what makes it trigger (EVENTS)
     "speed": 1,                        # optional; default: quick 2, a Counter Trap's 3, else 1
     "cost": [{"op": "pay_lp", "amount": 1000}],
     "condition": "free text, shown to the judge",
     "does": [{"op": "destroy", "card": "attacker"}]}

``does`` and ``cost`` are lists of operations from the closed list ``OPS``. A card operand is a reference
(``"B.monsters.0"``), ``"self"``, ``"attacker"``, ``"attack_target"``, ``"summoned"`` (the monster whose
summon is being negated) or ``"target"`` (the ``target`` of the ``activate`` action); a player operand is
``"you"``, ``"opponent"``, ``"both"``, ``"A"`` or ``"B"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TIMINGS = ("ignition", "quick", "trigger", "continuous", "flip")
EVENTS = (
    "normal_summoned", "flip_summoned", "special_summoned", "summoned", "flipped", "destroyed",
    "destroyed_by_battle", "sent_to_graveyard", "leaves_field", "position_changed", "attack_declared",
    "attacked", "battle_damage",
)  # fmt: skip
# Triggers on a card moving, flipping or changing position: they may activate in the Damage Step.
MOVE_EVENTS = frozenset(
    (
        "normal_summoned", "flip_summoned", "special_summoned", "summoned", "flipped", "destroyed",
        "destroyed_by_battle", "sent_to_graveyard", "leaves_field", "position_changed",
    )
)  # fmt: skip
CARD_OPERANDS = ("self", "attacker", "attack_target", "summoned", "target")
PLAYER_OPERANDS = ("you", "opponent", "both", "A", "B")
# op -> its parameters: name -> kind ("card", "player", "amount", "signed", "count", "position", "phase")
OPS: dict[str, dict[str, str]] = {
    "destroy": {"card": "card"},
    "negate_activation": {},
    "negate_summon": {},
    "negate_effect": {},
    "banish": {"card": "card"},
    "return_to_hand": {"card": "card"},
    "return_to_deck": {"card": "card"},
    "return_to_extra_deck": {"card": "card"},
    "change_position": {"card": "card"},
    "change_control": {"card": "card"},
    "modify_atk": {"card": "card", "amount": "signed"},
    "modify_def": {"card": "card", "amount": "signed"},
    "draw": {"player": "player", "count": "count"},
    "inflict_damage": {"to": "player", "amount": "amount"},
    "gain_lp": {"to": "player", "amount": "amount"},
    "pay_lp": {"amount": "amount"},
    "special_summon": {"card": "card", "position": "position"},
    "discard": {"card": "card"},
    "end_battle_phase": {},
    "extra_battle_phase": {},
    "skip_phase": {"phase": "phase", "player": "player"},
}
OPTIONAL_PARAMS = {"player": "you", "count": 1, "position": "attack", "to": "opponent"}
# An operation whose optional parameter has another default: skip_phase without a player skips a phase of
# the current turn (now or later in it); with one, that player's next such phase.
OP_DEFAULTS: dict[str, dict[str, Any]] = {"skip_phase": {"player": None}}
NEGATIONS = frozenset(("negate_activation", "negate_effect", "negate_summon"))
STAT_CHANGES = frozenset(("modify_atk", "modify_def"))
EFFECT_FIELDS = ("timing", "trigger", "optional", "event", "speed", "cost", "condition", "does")


class Effect:
    """One effect of a card, parsed. Immutable and shared like the card."""

    __slots__ = ("timing", "trigger", "optional", "event", "speed", "cost", "condition", "does", "json")

    def __init__(self, data: dict[str, Any], counter_trap: bool = False):
        self.json = data
        self.timing = data["timing"]
        self.trigger = data.get("trigger", "if")
        self.optional = bool(data.get("optional", False))
        self.event = data.get("event")
        default = 3 if counter_trap else 2 if self.timing == "quick" else 1
        self.speed = data.get("speed", default)
        self.cost = tuple(_op(o) for o in data.get("cost", ()))
        self.condition = data.get("condition", "")
        self.does = tuple(_op(o) for o in data.get("does", ()))

    @property
    def ops(self) -> frozenset[str]:
        return frozenset(op for op, _ in self.does)

    @property
    def mandatory(self) -> bool:
        return self.timing in ("trigger", "flip") and not self.optional

    @property
    def can_miss_timing(self) -> bool:
        """Only an optional 'when … you can' trigger misses the timing."""
        return self.timing == "trigger" and self.optional and self.trigger == "when"


def _op(data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    name = data["op"]
    defaults = OP_DEFAULTS.get(name, OPTIONAL_PARAMS)
    params = {key: data.get(key, defaults.get(key, OPTIONAL_PARAMS.get(key))) for key in OPS[name]}
    return name, params


def parsed_effects(data: list[dict[str, Any]], counter_trap: bool = False) -> tuple[Effect, ...]:
    return tuple(Effect(item, counter_trap) for item in data)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_effects(
    data: Any,
    path: str,
    error: Callable[[str, str], None],
    *,
    is_ref: Callable[[Any], bool],
    phases: tuple[str, ...],
) -> None:
    """Report every problem of a card's ``effects`` list (``error(path, message)``)."""
    if not isinstance(data, list) or len(data) > 10:
        error(path, "effects is a list of effects (at most 10)")
        return
    for i, effect in enumerate(data):
        at = f"{path}/{i}"
        if not isinstance(effect, dict):
            error(at, 'an effect is an object such as {"timing": "quick", "does": [...]}')
            continue
        for key in effect:
            if key not in EFFECT_FIELDS:
                error(f"{at}/{key}", f"unknown effect field {key!r}; one of {', '.join(EFFECT_FIELDS)}")
        timing = effect.get("timing")
        if timing not in TIMINGS:
            error(f"{at}/timing", f"the timing is one of {', '.join(TIMINGS)}")
            continue
        if timing == "trigger":
            if effect.get("event") not in EVENTS:
                error(f"{at}/event", f"a trigger effect needs its event, one of {', '.join(EVENTS)}")
            if effect.get("trigger", "if") not in ("when", "if"):
                error(f"{at}/trigger", '"when" or "if"')
        else:
            for key in ("event", "trigger"):
                if key in effect:
                    error(f"{at}/{key}", "only trigger effects have an event and a when/if wording")
        if "optional" in effect and not isinstance(effect["optional"], bool):
            error(f"{at}/optional", "must be true or false")
        if "optional" in effect and timing not in ("trigger", "flip"):
            error(f"{at}/optional", "only trigger and flip effects are mandatory or optional")
        if "speed" in effect:
            speed = effect["speed"]
            allowed = (2, 3) if timing == "quick" else (1,)
            if not _is_int(speed) or speed not in allowed:
                names = " or ".join(str(v) for v in allowed)
                error(f"{at}/speed", f"a {timing} effect has Spell Speed {names}")
        if "condition" in effect and not isinstance(effect["condition"], str):
            error(f"{at}/condition", "a condition is a text")
        for key in ("cost", "does"):
            if key not in effect:
                if key == "does":
                    error(f"{at}/does", "an effect needs what it does: a list of operations")
                continue
            ops = effect[key]
            if not isinstance(ops, list) or len(ops) > 10 or (key == "does" and not ops):
                error(f"{at}/{key}", 'a list of operations such as {"op": "destroy", "card": "attacker"}')
                continue
            for j, op in enumerate(ops):
                _check_op(op, f"{at}/{key}/{j}", error, is_ref, phases)


def _check_op(
    op: Any, at: str, error: Callable[[str, str], None], is_ref: Callable[[Any], bool], phases
) -> None:
    if not isinstance(op, dict) or op.get("op") not in OPS:
        error(f"{at}/op", f"an operation is one of {', '.join(OPS)}")
        return
    params = OPS[op["op"]]
    for key in op:
        if key != "op" and key not in params:
            error(f"{at}/{key}", f"unknown field {key!r} for {op['op']}")
    for key, kind in params.items():
        if key not in op:
            if key not in OPTIONAL_PARAMS:
                error(f"{at}/{key}", f"{op['op']} needs {key}")
            continue
        value = op[key]
        if kind == "card" and value not in CARD_OPERANDS and not is_ref(value):
            error(f"{at}/{key}", f"a card reference or one of {', '.join(CARD_OPERANDS)}")
        elif kind == "player" and value not in PLAYER_OPERANDS:
            error(f"{at}/{key}", f"one of {', '.join(PLAYER_OPERANDS)}")
        elif kind in ("amount", "count") and (
            not _is_int(value) or not (0 if kind == "amount" else 1) <= value <= 1_000_000
        ):
            error(f"{at}/{key}", "a whole number" + (", 0 or more" if kind == "amount" else ", 1 or more"))
        elif kind == "signed" and (not _is_int(value) or abs(value) > 1_000_000):
            error(f"{at}/{key}", "a whole number (negative lowers the stat)")
        elif kind == "position" and value not in ("attack", "defense"):
            error(f"{at}/{key}", "attack or defense")
        elif kind == "phase" and value not in phases:
            error(f"{at}/{key}", f"one of {', '.join(phases)}")
