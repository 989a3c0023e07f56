"""The Vanguard state: immutable cards, small slotted containers, cheap structural copies.

Cards and units are never modified once built (a change builds a new ``Unit``), so a copy of
the state only copies the lists and dicts that hold them. ``parse_state`` reads the JSON of
``situations.md`` and reports every problem with its JSON Pointer; ``state_to_json`` writes
the same schema back, so state → JSON → state is the identity.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..base import JSON, CardLookup, MalformedDocument, PathError
from .catalogue import RULESETS

PLAYERS = ("A", "B")
PHASES = ("setup", "stand", "draw", "ride", "main", "battle", "end")
CIRCLES = ("V", "FL", "BL", "BC", "FR", "BR")
REAR_CIRCLES = ("FL", "BL", "BC", "FR", "BR")
FRONT_CIRCLES = ("V", "FL", "FR")
BEHIND = {"V": "BC", "FL": "BL", "FR": "BR"}
COLUMN_PARTNER = {"FL": "BL", "BL": "FL", "FR": "BR", "BR": "FR"}
LIST_ZONES = ("damage", "hand", "drop", "soul", "guardians", "removed")
BATTLE_STEPS = ("guard", "drive", "damage")
CHECK_KINDS = ("drive", "damage")

CARD_FIELDS = ("name", "grade", "power", "shield", "critical", "clan", "trigger", "sentinel", "skills")
UNIT_FIELDS = (*CARD_FIELDS, "stand", "power_bonus", "critical_bonus", "skills_used")
PLAYER_FIELDS = (
    "damage",
    "deck",
    "hand",
    "drop",
    "soul",
    "guardians",
    "removed",
    "circles",
    "rode_this_turn",
    "mulligan_done",
    "damage_face_down",
)
STATE_FIELDS = ("turn", "turn_player", "phase", "draw_done", "players", "battle", "pending_skills")
PENDING_FIELDS = ("player", "unit", "skill", "name", "timing")
BATTLE_FIELDS = (
    "attacker",
    "target",
    "booster",
    "step",
    "drive_checks_left",
    "damage_checks_left",
    "hit",
    "drive_checks",
    "damage_checks",
    "trigger",
    "hit_skills_done",
)
TRIGGER_FIELDS = ("player", "card", "check")


# --------------------------------------------------------------------------------------------- skills
#
# Vanguard skills as data: a small closed vocabulary, not scripts (``docs/situations.md``, Skills).
#
# A card may carry ``"skills"``: a list of objects, each one skill::
#
#     {"kind": "ACT" | "AUTO" | "CONT", "name": "...", "on": "V" | "RC" | "any" | "GC",
#      "timing": "placed" | "attack" | "boost" | "attacked" | "hit" | "battle_end",   (AUTO only)
#      "once_per_turn": false,
#      "cost": {"counter_blast": 0, "soul_blast": 0, "rest": false},                   (ACT, AUTO)
#      "condition": {"vanguard_grade_at_least": 3, "damage_at_least": 4, ...},
#      "effects": [{"power": 5000, "to": "self"}, {"draw": 1}, ...]}
#
# The words of each part are listed below; anything else is a malformed document. The engine applies
# them in ``rules.py`` (the skills section). A card without skills is the card it always was: its JSON
# has no ``skills`` key.

SKILL_KINDS = ("ACT", "AUTO", "CONT")
SKILL_PLACES = ("V", "RC", "any", "GC")  # GC: a CONT skill of a guardian (its shield)
SKILL_TIMINGS = ("placed", "attack", "boost", "attacked", "hit", "battle_end")
SKILL_COSTS = ("counter_blast", "soul_blast", "rest")
SKILL_CONDITIONS: dict[str, str] = {
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
SKILL_EFFECTS: dict[str, tuple[str, ...]] = {
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
    if kind not in SKILL_KINDS:
        bad("/kind", f"required: one of {', '.join(SKILL_KINDS)}, got {kind!r}")
    name = data.get("name", "")
    if not isinstance(name, str):
        bad("/name", f"a string, got {name!r}")
    on = data.get("on", "any")
    if on not in SKILL_PLACES or (on == "GC" and kind != "CONT"):
        bad("/on", f"one of V, RC, any (GC for a CONT skill of a guardian), got {on!r}")
    timing = data.get("timing")
    if kind == "AUTO" and timing not in SKILL_TIMINGS:
        bad("/timing", f"required for an AUTO skill: one of {', '.join(SKILL_TIMINGS)}, got {timing!r}")
    elif kind != "AUTO" and timing is not None:
        bad("/timing", "only an AUTO skill has a timing")
    once = data.get("once_per_turn", False)
    if not isinstance(once, bool):
        bad("/once_per_turn", f"true or false, got {once!r}")
    cost: dict[str, int] = {}
    raw_cost = data.get("cost", {})
    if not isinstance(raw_cost, dict):
        bad("/cost", f"an object with {', '.join(SKILL_COSTS)}")
    else:
        if raw_cost and kind == "CONT":
            bad("/cost", "a CONT skill has no cost")
        for key, value in raw_cost.items():
            if key not in SKILL_COSTS:
                bad(f"/cost/{key}", f"unknown cost {key!r}; expected one of {', '.join(SKILL_COSTS)}")
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
        bad("/condition", f"an object with some of {', '.join(SKILL_CONDITIONS)}")
    else:
        for key, value in raw_condition.items():
            shape = SKILL_CONDITIONS.get(key)
            ok = (
                (shape == "count" and _count(value))
                or (shape == "turn" and value in ("own", "opponent"))
                or (shape == "true" and value is True)
                or (shape == "target" and value in ("vanguard", "rear-guard"))
            )
            if shape is None:
                bad(
                    f"/condition/{key}",
                    f"unknown condition {key!r}; expected one of {', '.join(SKILL_CONDITIONS)}",
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
    verbs = [k for k in item if k in SKILL_EFFECTS] if isinstance(item, dict) else []
    if not isinstance(item, dict) or len(verbs) != 1 or set(item) - {verbs[0], "to"}:
        bad(where, f'one effect: one of {", ".join(SKILL_EFFECTS)} (and "to" for its target)')
        return None
    verb = verbs[0]
    targets = SKILL_EFFECTS[verb]
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


def other(player: str) -> str:
    return "B" if player == "A" else "A"


class Card:
    """A card's printed characteristics. Never modified after construction."""

    __slots__ = (
        "name",
        "grade",
        "power",
        "shield",
        "critical",
        "clan",
        "trigger",
        "sentinel",
        "hidden",
        "skills",
    )

    def __init__(
        self,
        name: str,
        grade: int,
        power: int,
        shield: int | None = None,
        critical: int = 1,
        clan: str | None = None,
        trigger: str | None = None,
        sentinel: bool = False,
        hidden: bool = False,
        skills: tuple[Skill, ...] = (),
    ):
        self.name = name
        self.grade = grade
        self.power = power
        self.shield = shield
        self.critical = critical
        self.clan = clan
        self.trigger = trigger
        self.sentinel = sentinel
        self.hidden = hidden
        self.skills = skills

    def to_json(self) -> JSON:
        if self.hidden:
            return {"hidden": True}
        if self.skills:
            return {**self._json(), "skills": [skill.to_json() for skill in self.skills]}
        return self._json()

    def _json(self) -> JSON:
        return {
            "name": self.name,
            "grade": self.grade,
            "power": self.power,
            "shield": self.shield,
            "critical": self.critical,
            "clan": self.clan,
            "trigger": self.trigger,
            "sentinel": self.sentinel,
        }

    def __repr__(self) -> str:
        return "Card(hidden)" if self.hidden else f"Card({self.name!r}, G{self.grade}, {self.power})"


# An unknown card drawn from a deck given as a count (see VG-HIDDEN-CARD).
HIDDEN = Card("?", 0, 0, hidden=True)


class Unit:
    """A card on a circle with its standing state and its bonuses until the end phase."""

    __slots__ = ("card", "stand", "power_bonus", "critical_bonus", "used")

    def __init__(
        self,
        card: Card,
        stand: bool = True,
        power_bonus: int = 0,
        critical_bonus: int = 0,
        used: tuple[int, ...] = (),
    ):
        self.card = card
        self.stand = stand
        self.power_bonus = power_bonus
        self.critical_bonus = critical_bonus
        self.used = used  # indexes of the card's once-per-turn skills used this turn

    @property
    def power(self) -> int:
        return self.card.power + self.power_bonus

    @property
    def critical(self) -> int:
        return self.card.critical + self.critical_bonus

    def rested(self) -> Unit:
        return Unit(self.card, False, self.power_bonus, self.critical_bonus, self.used)

    def stood(self) -> Unit:
        return Unit(self.card, True, self.power_bonus, self.critical_bonus, self.used)

    def plus(self, power: int = 0, critical: int = 0) -> Unit:
        return Unit(
            self.card, self.stand, self.power_bonus + power, self.critical_bonus + critical, self.used
        )

    def using(self, index: int) -> Unit:
        return Unit(self.card, self.stand, self.power_bonus, self.critical_bonus, (*self.used, index))

    def to_json(self) -> JSON:
        """``power`` and ``critical`` are the current values; the bonuses say how much of them lasts only
        until the end phase."""
        out = {
            **self.card.to_json(),
            "power": self.card.power + self.power_bonus,
            "critical": self.card.critical + self.critical_bonus,
            "stand": self.stand,
            "power_bonus": self.power_bonus,
            "critical_bonus": self.critical_bonus,
        }
        if self.card.skills:
            out["skills_used"] = list(self.used)
        return out


class PlayerState:
    __slots__ = (
        "damage",
        "deck",
        "hand",
        "drop",
        "soul",
        "guardians",
        "removed",
        "circles",
        "rode",
        "mulligan_done",
        "face_down",
    )

    def __init__(self) -> None:
        self.damage: list[Card] = []
        self.deck: list[Card] | int = 0  # a list (top first) or a count of unknown cards
        self.hand: list[Card] = []
        self.drop: list[Card] = []
        self.soul: list[Card] = []
        self.guardians: list[Card] = []
        self.removed: list[Card] = []
        self.circles: dict[str, Unit | None] = dict.fromkeys(CIRCLES)
        self.rode = False
        self.mulligan_done = False
        self.face_down = 0  # damage cards turned face down by counter blasts (the first ones listed)

    def copy(self) -> PlayerState:
        new = PlayerState.__new__(PlayerState)
        new.damage = self.damage.copy()
        deck = self.deck
        new.deck = deck if deck.__class__ is int else deck.copy()
        new.hand = self.hand.copy()
        new.drop = self.drop.copy()
        new.soul = self.soul.copy()
        new.guardians = self.guardians.copy()
        new.removed = self.removed.copy()
        new.circles = self.circles.copy()
        new.rode = self.rode
        new.mulligan_done = self.mulligan_done
        new.face_down = self.face_down
        return new

    def deck_size(self) -> int:
        deck = self.deck
        return deck if deck.__class__ is int else len(deck)

    def to_json(self) -> JSON:
        deck = self.deck
        out = {
            "damage": [c.to_json() for c in self.damage],
            "deck": deck if isinstance(deck, int) else [c.to_json() for c in deck],
            "hand": [c.to_json() for c in self.hand],
            "drop": [c.to_json() for c in self.drop],
            "soul": [c.to_json() for c in self.soul],
            "guardians": [c.to_json() for c in self.guardians],
            "removed": [c.to_json() for c in self.removed],
            "circles": {name: (u.to_json() if u is not None else None) for name, u in self.circles.items()},
            "rode_this_turn": self.rode,
            "mulligan_done": self.mulligan_done,
        }
        if self.face_down:
            out["damage_face_down"] = self.face_down
        return out


class PendingSkill:
    """An AUTO skill that has triggered and waits to resolve (``state.pending``)."""

    __slots__ = ("player", "circle", "index", "name", "timing")

    def __init__(self, player: str, circle: str, index: int, name: str, timing: str):
        self.player = player
        self.circle = circle  # where the unit was when the skill triggered
        self.index = index  # the skill's index in its card's skills
        self.name = name  # the card's name: the skill resolves only if that card is still there
        self.timing = timing

    def to_json(self) -> JSON:
        return {
            "player": self.player,
            "unit": f"{self.player}.circles.{self.circle}",
            "skill": self.index,
            "name": self.name,
            "timing": self.timing,
        }


class PendingTrigger:
    """An effective trigger revealed by a check, waiting for its player's ``assign_trigger``."""

    __slots__ = ("player", "card", "check")

    def __init__(self, player: str, card: Card, check: str):
        self.player = player
        self.card = card
        self.check = check

    def to_json(self) -> JSON:
        return {"player": self.player, "card": self.card.to_json(), "check": self.check}


class Battle:
    """One attack in progress: the sub-steps guard → drive → damage, then close."""

    __slots__ = (
        "player",
        "attacker",
        "target",
        "booster",
        "step",
        "drive_left",
        "damage_left",
        "hit",
        "drive_reveals",
        "damage_reveals",
        "trigger",
        "source",
        "hit_done",
    )

    def __init__(self, player: str, attacker: str, target: str, booster: str | None):
        self.player = player  # the attacking player
        self.attacker = attacker  # circle names
        self.target = target
        self.booster = booster
        self.step = "guard"
        self.drive_left = 0
        self.damage_left = 0
        self.hit: bool | None = None
        # Cards revealed by checks from a deck given as a count (None: the deck is a list or none given).
        self.drive_reveals: list[Card] | None = None
        self.damage_reveals: list[Card] | None = None
        self.trigger: PendingTrigger | None = None
        self.source = "/state/battle"  # where the reveals came from, for error paths
        self.hit_done = False  # the attacker's "hit" AUTO skills have triggered

    def copy(self) -> Battle:
        new = Battle.__new__(Battle)
        new.player = self.player
        new.attacker = self.attacker
        new.target = self.target
        new.booster = self.booster
        new.step = self.step
        new.drive_left = self.drive_left
        new.damage_left = self.damage_left
        new.hit = self.hit
        new.drive_reveals = None if self.drive_reveals is None else self.drive_reveals.copy()
        new.damage_reveals = None if self.damage_reveals is None else self.damage_reveals.copy()
        new.trigger = self.trigger
        new.source = self.source
        new.hit_done = self.hit_done
        return new

    def to_json(self) -> JSON:
        defender = other(self.player)
        out = {
            "attacker": f"{self.player}.circles.{self.attacker}",
            "target": f"{defender}.circles.{self.target}",
            "booster": None if self.booster is None else f"{self.player}.circles.{self.booster}",
            "step": self.step,
            "drive_checks_left": self.drive_left,
            "damage_checks_left": self.damage_left,
            "hit": self.hit,
            "drive_checks": None if self.drive_reveals is None else [c.to_json() for c in self.drive_reveals],
            "damage_checks": None
            if self.damage_reveals is None
            else [c.to_json() for c in self.damage_reveals],
            "trigger": None if self.trigger is None else self.trigger.to_json(),
        }
        if self.hit_done:
            out["hit_skills_done"] = True
        return out


class State:
    __slots__ = (
        "ruleset",
        "flags",
        "turn",
        "turn_player",
        "phase",
        "draw_done",
        "players",
        "battle",
        "pending",
    )

    def __init__(self, ruleset: str, turn: int, turn_player: str, phase: str):
        self.ruleset = ruleset
        self.flags: Mapping[str, Any] = RULESETS[ruleset].flags
        self.turn = turn
        self.turn_player = turn_player
        self.phase = phase
        self.draw_done = False  # in the draw phase: the turn's draw has been made
        self.players: dict[str, PlayerState] = {"A": PlayerState(), "B": PlayerState()}
        self.battle: Battle | None = None
        self.pending: list[PendingSkill] = []  # triggered AUTO skills, in the order they resolve

    def copy(self, sides: str = "AB") -> State:
        """A copy sharing the cards; only the zones of the players in ``sides`` are copied (the others
        are shared, so the caller must not modify them)."""
        new = State.__new__(State)
        new.ruleset = self.ruleset
        new.flags = self.flags
        new.turn = self.turn
        new.turn_player = self.turn_player
        new.phase = self.phase
        new.draw_done = self.draw_done
        players = self.players
        a, b = players["A"], players["B"]
        new.players = {"A": a.copy() if "A" in sides else a, "B": b.copy() if "B" in sides else b}
        new.battle = None if self.battle is None else self.battle.copy()
        pending = self.pending
        new.pending = pending.copy() if pending else []
        return new

    def to_json(self) -> JSON:
        out = {
            "turn": self.turn,
            "turn_player": self.turn_player,
            "phase": self.phase,
            "draw_done": self.draw_done and self.phase == "draw",
            "players": {p: self.players[p].to_json() for p in PLAYERS},
            "battle": None if self.battle is None else self.battle.to_json(),
        }
        if self.pending:
            out["pending_skills"] = [p.to_json() for p in self.pending]
        return out


state_to_json = State.to_json  # (state) -> JSON


# --------------------------------------------------------------------------------------------- parsing


class _Errors:
    def __init__(self) -> None:
        self.items: list[PathError] = []

    def add(self, path: str, message: str) -> None:
        self.items.append(PathError(path, message))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _unknown_fields(data: Mapping[str, Any], allowed: tuple[str, ...], path: str, errors: _Errors) -> None:
    for key in data:
        if key not in allowed:
            errors.add(f"{path}/{key}", f"unknown field {key!r}; expected one of {', '.join(allowed)}")


def parse_card(
    data: Any,
    path: str,
    errors: _Errors,
    *,
    ruleset: str,
    cards: CardLookup | None = None,
    extra: tuple[str, ...] = (),
) -> tuple[Card | None, dict[str, Any]]:
    """A card object; ``extra`` names the unit fields allowed besides the card's (returned raw)."""
    if not isinstance(data, dict):
        errors.add(
            path, "a card is an object with name, grade, power, shield, critical, clan, trigger, sentinel"
        )
        return None, {}
    if data.get("hidden") is True and set(data) - set(extra) == {"hidden"}:
        return HIDDEN, {k: data[k] for k in extra if k in data}
    reference = {k: data[k] for k in ("id", "name") if k in data}
    if cards is not None and reference and set(data) <= {"id", "name", *extra}:
        # A bare reference ({"id": …} or {"name": …}, plus unit fields on a circle): ask the database.
        found = cards("vanguard", reference)
        if found is None:
            errors.add(path, f"unknown card {reference!r} in the card database")
            return None, {}
        data = {
            **{k: v for k, v in found.items() if k in CARD_FIELDS},
            **{k: data[k] for k in extra if k in data},
        }
    allowed = (*CARD_FIELDS, *extra)
    before = len(errors.items)
    _unknown_fields(data, allowed, path, errors)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        errors.add(f"{path}/name", "required: the card's name (a non-empty string)")
    for key in ("grade", "power"):
        value = data.get(key)
        if not _is_int(value) or value < 0:
            errors.add(f"{path}/{key}", f"required: a whole number ≥ 0, got {value!r}")
    shield = data.get("shield")
    if shield is not None and (not _is_int(shield) or shield < 0):
        errors.add(f"{path}/shield", f"a whole number ≥ 0 or null, got {shield!r}")
    critical = data.get("critical", 1)
    if not _is_int(critical) or critical < 0:
        errors.add(f"{path}/critical", f"a whole number ≥ 0, got {critical!r}")
    clan = data.get("clan")
    if clan is not None and not isinstance(clan, str):
        errors.add(f"{path}/clan", f"a string or null, got {clan!r}")
    trigger = data.get("trigger")
    known_triggers = RULESETS[ruleset].flags["triggers"]
    if trigger is not None and trigger not in known_triggers:
        errors.add(
            f"{path}/trigger",
            f"unknown trigger {trigger!r} in the {ruleset} rule set; expected null or one of "
            + ", ".join(known_triggers),
        )
    sentinel = data.get("sentinel", False)
    if not isinstance(sentinel, bool):
        errors.add(f"{path}/sentinel", f"true or false, got {sentinel!r}")
    skills = _parse_skills(data.get("skills", []), path, errors)
    if len(errors.items) > before:
        return None, {}
    card = Card(
        name, data["grade"], data["power"], shield, critical, clan, trigger, sentinel, False, tuple(skills)
    )
    return card, {k: data[k] for k in extra if k in data}


# Parsed skill lists by their JSON text: the same card's skills are read many times (a deck, a replay).
_SKILL_CACHE: dict[str, tuple[Skill, ...]] = {}


def _parse_skills(raw: Any, path: str, errors: _Errors) -> tuple[Skill, ...]:
    if isinstance(raw, list) and not raw:
        return ()
    if not isinstance(raw, list):
        errors.add(f"{path}/skills", "a list of skills (see docs/situations.md, Skills)")
        return ()
    try:
        key = json.dumps(raw, sort_keys=True)
    except (TypeError, ValueError):
        key = None
    found = _SKILL_CACHE.get(key) if key is not None else None
    if found is not None:
        return found
    before = len(errors.items)
    skills = []
    for i, item in enumerate(raw):
        skill = parse_skill(item, f"{path}/skills/{i}", errors.add)
        if skill is not None:
            skills.append(skill)
    out = tuple(skills)
    if key is not None and len(errors.items) == before:
        if len(_SKILL_CACHE) > 1024:
            _SKILL_CACHE.clear()
        _SKILL_CACHE[key] = out
    return out


def _parse_card_list(
    data: Any, path: str, errors: _Errors, ruleset: str, cards: CardLookup | None
) -> list[Card]:
    if not isinstance(data, list):
        errors.add(path, "a list of cards")
        return []
    out = []
    for i, item in enumerate(data):
        card, _ = parse_card(item, f"{path}/{i}", errors, ruleset=ruleset, cards=cards)
        if card is not None:
            out.append(card)
    return out


def parse_unit(data: Any, path: str, errors: _Errors, ruleset: str, cards: CardLookup | None) -> Unit | None:
    card, extra = parse_card(
        data,
        path,
        errors,
        ruleset=ruleset,
        cards=cards,
        extra=("stand", "power_bonus", "critical_bonus", "skills_used"),
    )
    if card is None:
        return None
    if card.hidden:
        errors.add(path, "a unit on a circle must be described (a hidden card cannot be on a circle)")
        return None
    stand = extra.get("stand", True)
    if not isinstance(stand, bool):
        errors.add(f"{path}/stand", f"true (standing) or false (rested), got {stand!r}")
        return None
    bonuses = []
    for key, total in (("power_bonus", card.power), ("critical_bonus", card.critical)):
        value = extra.get(key, 0)
        if not _is_int(value) or value < 0:
            errors.add(f"{path}/{key}", f"a whole number ≥ 0, got {value!r}")
            return None
        if value > total:
            what = key.removesuffix("_bonus")
            errors.add(f"{path}/{key}", f"the bonus is part of the unit's {what} ({total}): at most {total}")
            return None
        bonuses.append(value)
    # On a circle, power and critical are the current values: the printed ones are without the bonuses.
    printed = Card(
        card.name,
        card.grade,
        card.power - bonuses[0],
        card.shield,
        card.critical - bonuses[1],
        card.clan,
        card.trigger,
        card.sentinel,
        False,
        card.skills,
    )
    used = extra.get("skills_used", [])
    if not isinstance(used, list) or not all(
        _is_int(i) and 0 <= i < len(card.skills) and card.skills[i].once for i in used
    ):
        errors.add(
            f"{path}/skills_used",
            "a list of the indexes of the unit's once-per-turn skills used this turn",
        )
        return None
    return Unit(printed, stand, bonuses[0], bonuses[1], tuple(dict.fromkeys(used)))


def _parse_player(
    data: Any, path: str, errors: _Errors, ruleset: str, cards: CardLookup | None, phase: str
) -> PlayerState:
    player = PlayerState()
    if not isinstance(data, dict):
        errors.add(path, "a player is an object with damage, deck, hand, drop, soul, guardians and circles")
        return player
    _unknown_fields(data, PLAYER_FIELDS, path, errors)
    for zone in LIST_ZONES:
        setattr(player, zone, _parse_card_list(data.get(zone, []), f"{path}/{zone}", errors, ruleset, cards))
    deck = data.get("deck")
    if deck is None:
        errors.add(
            f"{path}/deck", "required: a count of cards or a list of cards (an empty deck loses at once)"
        )
    elif _is_int(deck):
        if deck < 0:
            errors.add(f"{path}/deck", f"a count ≥ 0 or a list of cards, got {deck!r}")
        player.deck = max(deck, 0)
    elif isinstance(deck, list):
        player.deck = _parse_card_list(deck, f"{path}/deck", errors, ruleset, cards)
    else:
        errors.add(f"{path}/deck", "a count of cards or a list of cards (top first)")
    circles = data.get("circles", {})
    if not isinstance(circles, dict):
        errors.add(f"{path}/circles", f"an object with the keys {', '.join(CIRCLES)}")
    else:
        _unknown_fields(circles, CIRCLES, f"{path}/circles", errors)
        for name in CIRCLES:
            unit_data = circles.get(name)
            if unit_data is not None:
                player.circles[name] = parse_unit(unit_data, f"{path}/circles/{name}", errors, ruleset, cards)
        vanguard = player.circles["V"]
        if phase == "setup" and vanguard is not None and vanguard.card.grade != 0:
            errors.add(
                f"{path}/circles/V",
                "in the setup phase the starting vanguard is a grade 0 (VG-SETUP-VANGUARD)",
            )
        if vanguard is None and not any(e.path.startswith(f"{path}/circles/V") for e in errors.items):
            errors.add(f"{path}/circles/V", "required: every player has a vanguard on the V circle")
    face_down = data.get("damage_face_down", 0)
    if not _is_int(face_down) or not 0 <= face_down <= len(player.damage):
        errors.add(
            f"{path}/damage_face_down",
            f"the number of face-down damage cards, 0 to {len(player.damage)}, got {face_down!r}",
        )
    else:
        player.face_down = face_down
    for flag, attr in (("rode_this_turn", "rode"), ("mulligan_done", "mulligan_done")):
        value = data.get(flag, False)
        if not isinstance(value, bool):
            errors.add(f"{path}/{flag}", f"true or false, got {value!r}")
        else:
            setattr(player, attr, value)
    return player


def parse_reference(
    value: Any, path: str, errors: _Errors, *, zone: str | None = None
) -> tuple[str, str, str]:
    """``"A.hand.0"`` → ("A", "hand", "0"); checks the shape only."""
    if isinstance(value, str):
        parts = value.split(".")
        if len(parts) == 3 and parts[0] in PLAYERS and (zone is None or parts[1] == zone):
            return parts[0], parts[1], parts[2]
    where = f"{zone} " if zone else ""
    errors.add(path, f'a reference to a {where}card such as "A.{zone or "hand"}.0", got {value!r}')
    return "", "", ""


def _parse_battle(data: Any, path: str, errors: _Errors, state: State, cards: CardLookup | None) -> None:
    if not isinstance(data, dict):
        errors.add(path, "null, or the battle in progress")
        return
    _unknown_fields(data, BATTLE_FIELDS, path, errors)
    player, zone, attacker = parse_reference(data.get("attacker"), f"{path}/attacker", errors, zone="circles")
    if player and attacker not in FRONT_CIRCLES:
        errors.add(f"{path}/attacker", "the attacker stands on a front-row circle (V, FL, FR)")
    defender, _, target = parse_reference(data.get("target"), f"{path}/target", errors, zone="circles")
    if defender and target not in FRONT_CIRCLES:
        errors.add(f"{path}/target", "the attacked unit stands on a front-row circle (V, FL, FR)")
    if player and defender and player == defender:
        errors.add(f"{path}/target", "the attacked unit belongs to the other player")
    booster = None
    if data.get("booster") is not None:
        _, _, booster = parse_reference(data.get("booster"), f"{path}/booster", errors, zone="circles")
    step = data.get("step", "guard")
    if step not in BATTLE_STEPS:
        errors.add(f"{path}/step", f"one of {', '.join(BATTLE_STEPS)}")
    counts = []
    for key in ("drive_checks_left", "damage_checks_left"):
        value = data.get(key, 0)
        if not _is_int(value) or value < 0:
            errors.add(f"{path}/{key}", "a whole number ≥ 0")
            value = 0
        counts.append(value)
    hit = data.get("hit")
    if hit is not None and not isinstance(hit, bool):
        errors.add(f"{path}/hit", "true, false or null")
    reveals = []
    for key in ("drive_checks", "damage_checks"):
        value = data.get(key)
        reveals.append(
            None if value is None else _parse_card_list(value, f"{path}/{key}", errors, state.ruleset, cards)
        )
    trigger = None
    trigger_data = data.get("trigger")
    if trigger_data is not None:
        tpath = f"{path}/trigger"
        if not isinstance(trigger_data, dict):
            errors.add(tpath, "null, or the trigger waiting for assign_trigger")
        else:
            _unknown_fields(trigger_data, TRIGGER_FIELDS, tpath, errors)
            who = trigger_data.get("player")
            check = trigger_data.get("check")
            if who not in PLAYERS:
                errors.add(f"{tpath}/player", '"A" or "B"')
            if check not in CHECK_KINDS:
                errors.add(f"{tpath}/check", '"drive" or "damage"')
            card, _ = parse_card(trigger_data.get("card"), f"{tpath}/card", errors, ruleset=state.ruleset)
            if card is not None and card.trigger is None:
                errors.add(f"{tpath}/card", "the waiting card must be a trigger")
            elif card is not None and who in PLAYERS and check in CHECK_KINDS:
                trigger = PendingTrigger(who, card, check)
    if not player or not defender or step not in BATTLE_STEPS:
        return
    if state.players[player].circles.get(attacker) is None:
        errors.add(f"{path}/attacker", "no unit on that circle")
    if state.players[defender].circles.get(target) is None and not (hit is True and target != "V"):
        # (a hit rear-guard is retired at once: its circle is empty while the battle's last skills resolve)
        errors.add(f"{path}/target", "no unit on that circle")
    if booster is not None and (
        booster != BEHIND.get(attacker) or state.players[player].circles[booster] is None
    ):
        errors.add(f"{path}/booster", "the booster is the unit directly behind the attacker")
    if state.phase != "battle" or state.turn_player != player:
        errors.add(path, "a battle happens in the battle phase of the attacking player's turn")
    battle = Battle(player, attacker, target, booster)
    battle.step = step
    battle.drive_left, battle.damage_left = counts
    battle.hit = hit if isinstance(hit, bool) else None
    battle.drive_reveals, battle.damage_reveals = reveals
    battle.trigger = trigger
    hit_done = data.get("hit_skills_done", False)
    if not isinstance(hit_done, bool):
        errors.add(f"{path}/hit_skills_done", "true or false")
    battle.hit_done = hit_done is True
    state.battle = battle


def _parse_pending(data: Any, path: str, errors: _Errors, state: State) -> None:
    if not isinstance(data, list):
        errors.add(path, "a list of the AUTO skills waiting to resolve")
        return
    for i, item in enumerate(data):
        where = f"{path}/{i}"
        if not isinstance(item, dict):
            errors.add(where, "an object with player, unit, skill, name, timing")
            continue
        _unknown_fields(item, PENDING_FIELDS, where, errors)
        owner, _, circle = parse_reference(item.get("unit"), f"{where}/unit", errors, zone="circles")
        if not owner:
            continue
        if item.get("player", owner) != owner:
            errors.add(f"{where}/player", "the player whose unit the skill belongs to")
            continue
        unit = state.players[owner].circles.get(circle)
        index = item.get("skill")
        if unit is None or not _is_int(index) or not 0 <= index < len(unit.card.skills):
            errors.add(f"{where}/skill", "the index of an AUTO skill of the unit on that circle")
            continue
        skill = unit.card.skills[index]
        if skill.kind != "AUTO":
            errors.add(f"{where}/skill", "the index of an AUTO skill of the unit on that circle")
            continue
        state.pending.append(PendingSkill(owner, circle, index, unit.card.name, skill.timing or ""))


def parse_state(data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state") -> State:
    errors = _Errors()
    if not isinstance(data, dict):
        raise MalformedDocument(
            PathError(path, "the state is an object with turn, turn_player, phase, players")
        )
    _unknown_fields(data, STATE_FIELDS, path, errors)
    turn = data.get("turn", 1)
    if not _is_int(turn) or turn < 1:
        errors.add(f"{path}/turn", f"a turn number ≥ 1, got {turn!r}")
        turn = 1
    turn_player = data.get("turn_player", "A")
    if turn_player not in PLAYERS:
        errors.add(f"{path}/turn_player", f'"A" or "B", got {turn_player!r}')
        turn_player = "A"
    phase = data.get("phase", "main")
    if phase not in PHASES:
        errors.add(f"{path}/phase", f"one of {', '.join(PHASES)}, got {phase!r}")
        phase = "main"
    state = State(ruleset, turn, turn_player, phase)
    draw_done = data.get("draw_done", False)
    if not isinstance(draw_done, bool):
        errors.add(f"{path}/draw_done", f"true or false, got {draw_done!r}")
    else:
        state.draw_done = draw_done and phase == "draw"
    players = data.get("players")
    if not isinstance(players, dict):
        errors.add(f"{path}/players", 'an object with the players "A" and "B"')
    else:
        _unknown_fields(players, PLAYERS, f"{path}/players", errors)
        for p in PLAYERS:
            if p not in players:
                errors.add(f"{path}/players/{p}", "missing")
            else:
                state.players[p] = _parse_player(
                    players[p], f"{path}/players/{p}", errors, ruleset, cards, phase
                )
    if data.get("battle") is not None and not errors.items:
        _parse_battle(data["battle"], f"{path}/battle", errors, state, cards)
    if data.get("pending_skills") is not None and not errors.items:
        _parse_pending(data["pending_skills"], f"{path}/pending_skills", errors, state)
    if errors.items:
        raise MalformedDocument(errors.items)
    return state
