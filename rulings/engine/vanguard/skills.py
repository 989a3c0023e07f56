"""Vanguard skills as data: a small closed vocabulary, not scripts (``docs/situations.md``, Skills).

A card may carry ``"skills"``: a list of objects, each one skill::

    {"kind": "ACT" | "AUTO" | "CONT", "name": "...", "on": "V" | "RC" | "any" | "GC",
     "timing": "placed" | "attack" | "boost" | "attacked" | "hit" | "battle_end",   (AUTO only)
     "once_per_turn": false,
     "cost": {"counter_blast": 0, "soul_blast": 0, "rest": false},                   (ACT, AUTO)
     "condition": {"vanguard_grade_at_least": 3, "damage_at_least": 4, ...},
     "effects": [{"power": 5000, "to": "self"}, {"draw": 1}, ...]}

The words of each part are listed below; anything else is a malformed document. The engine applies them
in ``abilities.py``. A card without skills is the card it always was: its JSON has no ``skills`` key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import JSON

KINDS = ("ACT", "AUTO", "CONT")
PLACES = ("V", "RC", "any", "GC")  # GC: a CONT skill of a guardian (its shield)
TIMINGS = ("placed", "attack", "boost", "attacked", "hit", "battle_end")
COSTS = ("counter_blast", "soul_blast", "rest")
CONDITIONS: dict[str, str] = {
    # name -> the kind of value it takes
    "vanguard_grade_at_least": "count",
    "damage_at_least": "count",
    "opponent_damage_at_least": "count",
    "soul_at_least": "count",
    "turn": "turn",  # "own" | "opponent"
    "boosted": "true",  # this unit attacks and is boosted
    "target": "target",  # "vanguard" | "rear-guard": the unit this one attacks
}
# effect verb -> the targets it accepts ("" = no target)
EFFECTS: dict[str, tuple[str, ...]] = {
    "power": ("self", "vanguard", "front_row", "rear_guards", "chosen"),
    "critical": ("self", "vanguard", "chosen"),
    "shield": ("self",),
    "draw": ("",),
    "soul_charge": ("",),
    "counter_charge": ("",),
    "heal": ("",),
    "stand": ("self", "chosen"),
    "retire": ("chosen_opponent",),
}
# The effect verbs a CONT skill may use (it modifies values while its condition holds; nothing moves).
CONT_EFFECTS = ("power", "critical", "shield")
# Targets that need a choice, made in the action (activate / resolve_skill: ``target``).
CHOSEN = ("chosen", "chosen_opponent")
SKILL_FIELDS = ("kind", "name", "on", "timing", "once_per_turn", "cost", "condition", "effects")


class Skill:
    """One skill of a card. Never modified after construction."""

    __slots__ = ("kind", "name", "on", "timing", "once", "cost", "condition", "effects", "choice")

    def __init__(
        self,
        kind: str,
        name: str,
        on: str,
        timing: str | None,
        once: bool,
        cost: Mapping[str, int],
        condition: Mapping[str, Any],
        effects: tuple[tuple[str, int, str], ...],
    ):
        self.kind = kind
        self.name = name
        self.on = on
        self.timing = timing
        self.once = once
        self.cost = cost  # only the non-zero costs: {"counter_blast": 1, "rest": 1}
        self.condition = condition
        self.effects = effects  # (verb, amount, target); amount 1 for stand / retire
        # A target chosen by the player is needed (given in the action as ``target``).
        self.choice = next((to for _, _, to in effects if to in CHOSEN), None)

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind, "name": self.name, "on": self.on}
        if self.timing is not None:
            out["timing"] = self.timing
        out["once_per_turn"] = self.once
        out["cost"] = {k: (v if k != "rest" else bool(v)) for k, v in self.cost.items()}
        out["condition"] = dict(self.condition)
        effects = []
        for verb, amount, to in self.effects:
            item: JSON = {verb: amount if verb not in ("stand", "retire") else to}
            if verb not in ("stand", "retire") and to:
                item["to"] = to
            effects.append(item)
        out["effects"] = effects
        return out


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def parse_skill(data: Any, path: str, add: Any) -> Skill | None:
    """One skill object; ``add(path, message)`` records a problem. None when it is malformed."""
    if not isinstance(data, dict):
        add(path, "a skill is an object with kind, on, effects (and timing, cost, condition, once_per_turn)")
        return None
    problems = 0

    def bad(where: str, message: str) -> None:
        nonlocal problems
        problems += 1
        add(f"{path}{where}", message)

    for key in data:
        if key not in SKILL_FIELDS:
            bad(f"/{key}", f"unknown field {key!r}; expected one of {', '.join(SKILL_FIELDS)}")
    kind = data.get("kind")
    if kind not in KINDS:
        bad("/kind", f"required: one of {', '.join(KINDS)}, got {kind!r}")
    name = data.get("name", "")
    if not isinstance(name, str):
        bad("/name", f"a string, got {name!r}")
    on = data.get("on", "any")
    if on not in PLACES or (on == "GC" and kind != "CONT"):
        bad("/on", f"one of V, RC, any (GC for a CONT skill of a guardian), got {on!r}")
    timing = data.get("timing")
    if kind == "AUTO" and timing not in TIMINGS:
        bad("/timing", f"required for an AUTO skill: one of {', '.join(TIMINGS)}, got {timing!r}")
    elif kind != "AUTO" and timing is not None:
        bad("/timing", "only an AUTO skill has a timing")
    once = data.get("once_per_turn", False)
    if not isinstance(once, bool):
        bad("/once_per_turn", f"true or false, got {once!r}")
    cost: dict[str, int] = {}
    raw_cost = data.get("cost", {})
    if not isinstance(raw_cost, dict):
        bad("/cost", f"an object with {', '.join(COSTS)}")
    else:
        if raw_cost and kind == "CONT":
            bad("/cost", "a CONT skill has no cost")
        for key, value in raw_cost.items():
            if key not in COSTS:
                bad(f"/cost/{key}", f"unknown cost {key!r}; expected one of {', '.join(COSTS)}")
            elif key == "rest":
                if not isinstance(value, bool):
                    bad("/cost/rest", f"true or false, got {value!r}")
                elif value:
                    cost["rest"] = 1
            elif not _count(value):
                bad(f"/cost/{key}", f"a whole number ≥ 0, got {value!r}")
            elif value:
                cost[key] = value
    condition: dict[str, Any] = {}
    raw_condition = data.get("condition", {})
    if not isinstance(raw_condition, dict):
        bad("/condition", f"an object with some of {', '.join(CONDITIONS)}")
    else:
        for key, value in raw_condition.items():
            shape = CONDITIONS.get(key)
            ok = (
                (shape == "count" and _count(value))
                or (shape == "turn" and value in ("own", "opponent"))
                or (shape == "true" and value is True)
                or (shape == "target" and value in ("vanguard", "rear-guard"))
            )
            if shape is None:
                bad(
                    f"/condition/{key}", f"unknown condition {key!r}; expected one of {', '.join(CONDITIONS)}"
                )
            elif not ok:
                bad(f"/condition/{key}", f"a value {shape_text(shape)}, got {value!r}")
            else:
                condition[key] = value
    effects: list[tuple[str, int, str]] = []
    raw_effects = data.get("effects")
    if not isinstance(raw_effects, list) or not raw_effects:
        bad("/effects", 'required: a non-empty list of effects such as {"power": 5000, "to": "self"}')
    else:
        for i, item in enumerate(raw_effects):
            effect = _parse_effect(item, kind, f"/effects/{i}", bad)
            if effect is not None:
                effects.append(effect)
    if problems:
        return None
    return Skill(kind, name, on, timing, once, cost, condition, tuple(effects))


def shape_text(shape: str) -> str:
    return {
        "count": "a whole number ≥ 0",
        "turn": '"own" or "opponent"',
        "true": "true",
        "target": '"vanguard" or "rear-guard"',
    }[shape]


def _parse_effect(item: Any, kind: Any, where: str, bad: Any) -> tuple[str, int, str] | None:
    verbs = [k for k in item if k in EFFECTS] if isinstance(item, dict) else []
    if not isinstance(item, dict) or len(verbs) != 1 or set(item) - {verbs[0], "to"}:
        bad(where, f'one effect: one of {", ".join(EFFECTS)} (and "to" for its target)')
        return None
    verb = verbs[0]
    targets = EFFECTS[verb]
    if kind == "CONT" and verb not in CONT_EFFECTS:
        bad(where, f"a CONT skill only modifies {', '.join(CONT_EFFECTS)}")
        return None
    if verb in ("stand", "retire"):
        to = item[verb]
        if to not in targets or "to" in item:
            bad(f"{where}/{verb}", f"the unit to {verb}: one of {', '.join(targets)}")
            return None
        return verb, 1, to
    amount = item[verb]
    if not _count(amount) or amount == 0:
        bad(f"{where}/{verb}", f"a whole number > 0, got {amount!r}")
        return None
    to = item.get("to", targets[0])
    if to not in targets or (kind == "CONT" and to in CHOSEN):
        allowed = [t for t in targets if kind != "CONT" or t not in CHOSEN]
        bad(f"{where}/to", f"one of {', '.join(t or 'nothing' for t in allowed)}, got {to!r}")
        return None
    return verb, amount, to
