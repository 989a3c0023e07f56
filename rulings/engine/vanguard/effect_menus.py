"""Vanguard skills on the judge's tablet: the "Add a skill" menus, the skill they build, and a skill in plain
words ("ACT skill (vanguard circle), once per turn, cost: counter blast 1: +5000 power to this unit").

The vocabulary (kinds, places, timings, costs, conditions, effects and their targets) is ``state.py``'s
(``SKILL_…``), read here: nothing is listed twice. The labels are English msgids (msgctxt ``"tablet"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..effect_form import EffectInput, EffectInputError, joined, one_then_another
from ..messages import Message, msg, msg_plural, terms
from ..plugin import EffectMenus, Param
from .state import SKILL_CONDITIONS, SKILL_EFFECTS, SKILL_KINDS, SKILL_PLACES, SKILL_TIMINGS, parse_skill

# The effects whose value is the unit they act on ({"stand": "self"}), not an amount.
UNIT_VERBS = ("stand", "retire")
CONDITION_FIELDS = {"count": "int", "turn": "choice", "true": "bool", "target": "choice"}
CONDITION_CHOICES = {
    "turn": ("", "own", "opponent"),
    "target": ("", "vanguard", "rear-guard"),
    "true": ("no", "yes"),
}

WORDS = terms(
    "tablet",
    {
        "kind": "Skill kind", "name": "Name", "on": "Works on", "timing": "Timing",
        "once_per_turn": "Once per turn",
        "counter_blast": "Counter blast", "soul_blast": "Soul blast", "rest": "Rest this unit (cost)",
        "effects": "Effects", "amount": "Amount", "to": "To",
        "kind:ACT": "ACT skill", "kind:AUTO": "AUTO skill", "kind:CONT": "CONT skill",
        "on:V": "vanguard circle", "on:RC": "rear-guard circle", "on:any": "any circle",
        "on:GC": "guardian circle",
        "timing:placed": "when placed on a circle", "timing:attack": "when this unit attacks",
        "timing:boost": "when this unit boosts", "timing:attacked": "when this unit is attacked",
        "timing:hit": "when this unit's attack hits", "timing:battle_end": "at the end of the battle",
        "once_per_turn:yes": "once per turn", "once_per_turn:no": "as often as allowed",
        "rest:yes": "rest", "rest:no": "no",
        "condition_vanguard_grade_at_least": "If your vanguard's grade is at least",
        "condition_damage_at_least": "If your damage is at least",
        "condition_opponent_damage_at_least": "If the opponent's damage is at least",
        "condition_soul_at_least": "If your soul has at least",
        "condition_turn": "Whose turn", "condition_turn:own": "on your turn",
        "condition_turn:opponent": "on the opponent's turn",
        "condition_boosted": "If this unit is boosted", "condition_boosted:yes": "if this unit is boosted",
        "condition_boosted:no": "no",
        "condition_target": "If this unit attacks", "condition_target:vanguard": "if it attacks a vanguard",
        "condition_target:rear-guard": "if it attacks a rear-guard",
        "op:power": "+Power", "op:critical": "+Critical", "op:shield": "+Shield", "op:draw": "Draw",
        "op:soul_charge": "Soul charge", "op:counter_charge": "Counter charge", "op:heal": "Heal",
        "op:stand": "Stand a unit", "op:retire": "Retire a unit",
        "to:self": "this unit", "to:vanguard": "your vanguard", "to:front_row": "your front row",
        "to:rear_guards": "your rear-guards", "to:chosen": "one of your units (chosen)",
        "to:chosen_opponent": "an opponent's rear-guard (chosen)",
    },
)  # fmt: skip


def _condition_fields() -> tuple[Param, ...]:
    out = []
    for key, shape in SKILL_CONDITIONS.items():
        kind = CONDITION_FIELDS[shape]
        out.append(
            Param(f"condition_{key}", kind, required=False, choices=CONDITION_CHOICES.get(shape, ()),
                  default="no" if kind == "bool" else "")
        )  # fmt: skip
    return tuple(out)


def menus() -> EffectMenus:
    with_cost = ("kind", ("ACT", "AUTO"))
    return EffectMenus(
        card_key="skills",
        title="Add a skill",
        fields=(
            Param("kind", "choice", choices=SKILL_KINDS),
            Param("name", "text", required=False),
            Param("on", "choice", choices=SKILL_PLACES, default="any"),
            Param("timing", "choice", choices=SKILL_TIMINGS, shown_if=("kind", ("AUTO",))),
            Param("once_per_turn", "bool", choices=("no", "yes"), default="no"),
            Param("counter_blast", "int", required=False, shown_if=with_cost),
            Param("soul_blast", "int", required=False, shown_if=with_cost),
            Param("rest", "bool", choices=("no", "yes"), shown_if=with_cost, default="no"),
            *_condition_fields(),
        ),
        lists=(("effects", 3),),
        ops={
            verb: {"to": f"to_{verb}"}
            if verb in UNIT_VERBS
            else {"amount": "amount", **({"to": f"to_{verb}"} if targets != ("",) else {})}
            for verb, targets in SKILL_EFFECTS.items()
        },  # fmt: skip
        kinds={f"to_{verb}": targets for verb, targets in SKILL_EFFECTS.items() if targets != ("",)},
        labels={key: term.id for key, term in WORDS.items()},
        build="rulings.engine.vanguard.effect_menus:build",
        describe="rulings.engine.vanguard.effect_menus:describe",
    )


def build(form: EffectInput) -> dict[str, Any]:
    """The skill's JSON from the typed menus, checked as a card's skill is (paths under ``/effect``)."""
    fields = form.fields
    skill: dict[str, Any] = {"kind": fields["kind"]}
    if fields.get("name"):
        skill["name"] = fields["name"]
    skill["on"] = fields.get("on", "any")
    if "timing" in fields:
        skill["timing"] = fields["timing"]
    if fields.get("once_per_turn"):
        skill["once_per_turn"] = True
    cost = {key: fields[key] for key in ("counter_blast", "soul_blast") if fields.get(key)}
    if fields.get("rest"):
        cost["rest"] = True
    if cost:
        skill["cost"] = cost
    condition = {}
    for key in SKILL_CONDITIONS:
        value = fields.get(f"condition_{key}")
        if value in (None, "", False):
            continue
        condition[key] = value
    if condition:
        skill["condition"] = condition
    effects = []
    for verb, operands in form.lists.get("effects", []):
        if verb in UNIT_VERBS:
            effects.append({verb: operands.get("to", SKILL_EFFECTS[verb][0])})
        else:
            effects.append(
                {verb: operands.get("amount"), **({"to": operands["to"]} if "to" in operands else {})}
            )
    skill["effects"] = effects
    errors: list[tuple[str, str]] = []

    def add(path: str, message: str) -> None:
        path = path.replace("/condition/", "/condition_").replace("/cost/", "/")
        head, _, last = path.rpartition("/")
        if last in SKILL_EFFECTS and "/effects/" in head:  # the verb's value: the form's amount (or unit)
            path = f"{head}/{'to' if last in UNIT_VERBS else 'amount'}"
        errors.append((path, message))

    parse_skill(skill, "/effect", add)
    if errors:
        raise EffectInputError(errors)
    return skill


def _word(key: str) -> Message:
    return WORDS.get(key) or Message(key.split(":")[-1].replace("_", " "))


def _effect_words(item: Mapping[str, Any]) -> Message:
    verb = next(k for k in item if k in SKILL_EFFECTS)
    if verb in UNIT_VERBS:
        unit = _word(f"to:{item[verb]}")
        return msg("stand {unit}", unit=unit) if verb == "stand" else msg("retire {unit}", unit=unit)
    amount = item[verb]
    to = _word(f"to:{item.get('to', SKILL_EFFECTS[verb][0])}")
    phrases = {
        "power": lambda: msg("+{amount} power to {to}", amount=amount, to=to),
        "critical": lambda: msg("+{amount} critical to {to}", amount=amount, to=to),
        "shield": lambda: msg("+{amount} shield", amount=amount),
        "draw": lambda: msg_plural("draw {count} card", "draw {count} cards", amount, count=amount),
        "soul_charge": lambda: msg("soul charge {amount}", amount=amount),
        "counter_charge": lambda: msg("counter charge {amount}", amount=amount),
        "heal": lambda: msg("heal {amount} damage", amount=amount),
    }
    phrase = phrases.get(verb)
    return phrase() if phrase else joined([_word(f"op:{verb}"), amount], " ")


def describe(skill: Mapping[str, Any], names: Mapping[str, str], card: Any = None) -> Message:
    """A skill in plain words: "ACT skill (vanguard circle), once per turn, cost: counter blast 1: +5000
    power to this unit"."""
    head: list[Any] = [
        msg("{kind} ({on})", kind=_word(f"kind:{skill['kind']}"), on=_word(f"on:{skill.get('on', 'any')}"))
    ]
    if skill.get("timing"):
        head.append(_word(f"timing:{skill['timing']}"))
    if skill.get("once_per_turn"):
        head.append(_word("once_per_turn:yes"))
    cost = skill.get("cost") or {}
    paid = [
        msg("counter blast {n}", n=cost["counter_blast"]) if cost.get("counter_blast") else None,
        msg("soul blast {n}", n=cost["soul_blast"]) if cost.get("soul_blast") else None,
        _word("rest:yes") if cost.get("rest") else None,
    ]
    paid = [p for p in paid if p is not None]
    if paid:
        head.append(msg("cost: {cost}", cost=joined(paid, ", ")))
    for key, value in (skill.get("condition") or {}).items():
        if isinstance(value, bool) or SKILL_CONDITIONS.get(key) in ("turn", "target"):
            head.append(_word(f"condition_{key}:{'yes' if value is True else value}"))
        else:
            head.append(joined([_word(f"condition_{key}"), value], " "))
    does = one_then_another([_effect_words(item) for item in skill.get("effects", [])])
    return msg("{head}: {does}", head=joined(head, ", "), does=does)
