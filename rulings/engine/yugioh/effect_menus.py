"""Yu-Gi-Oh! card effects on the judge's tablet: the "Add an effect" menus, the effect they build, and an
effect in plain words ("Quick effect (Spell Speed 2): destroy the attacking monster").

The vocabulary (timings, events, operations and their operands) is ``rulings.engine.effects``'s, read
when the tablet is shown: nothing is listed twice. The labels are English msgids (msgctxt ``"tablet"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import effects as fx
from ..effect_form import EffectInput, EffectInputError, joined, one_then_another
from ..messages import Message, msg, msg_plural, terms
from ..plugin import EffectMenus, Param
from .state import PHASES, parse_ref

WORDS = terms(
    "tablet",
    {
        # the effect's fields and its lists of operations
        "timing": "Timing", "trigger": "“When” or “If”", "event": "Event", "optional": "Optional",
        "speed": "Spell Speed", "condition": "Condition (free text)", "cost": "Cost", "does": "Does",
        # the operands
        "card": "Card", "player": "Player", "to": "To", "amount": "Amount", "count": "Count",
        "position": "Position", "phase": "Phase",
        # timings
        "timing:ignition": "Ignition effect", "timing:quick": "Quick effect",
        "timing:trigger": "Trigger effect",
        "timing:continuous": "Continuous effect", "timing:flip": "Flip effect",
        "trigger:when": "“When …” (can miss the timing)", "trigger:if": "“If …”",
        "optional:yes": "optional (“you can”)", "optional:no": "mandatory",
        "speed:": "default (Quick 2, Counter Trap 3, others 1)", "speed:1": "Spell Speed 1",
        "speed:2": "Spell Speed 2", "speed:3": "Spell Speed 3",
        # events: what happened to this card (or the attack)
        "event:normal_summoned": "this card is Normal Summoned",
        "event:flip_summoned": "this card is Flip Summoned",
        "event:special_summoned": "this card is Special Summoned", "event:summoned": "this card is summoned",
        "event:flipped": "this card is flipped face-up", "event:destroyed": "this card is destroyed",
        "event:destroyed_by_battle": "this card is destroyed by battle",
        "event:sent_to_graveyard": "this card is sent to the Graveyard",
        "event:leaves_field": "this card leaves the field",
        "event:position_changed": "this card changes its battle position",
        "event:attack_declared": "the opponent declares an attack", "event:attacked": "this card is attacked",
        "event:battle_damage": "this card inflicts battle damage",
        # operations
        "op:destroy": "Destroy", "op:negate_activation": "Negate the activation",
        "op:negate_summon": "Negate the summon", "op:negate_effect": "Negate the effect",
        "op:banish": "Banish",
        "op:return_to_hand": "Return to the hand", "op:return_to_deck": "Return to the Deck",
        "op:return_to_extra_deck": "Return to the Extra Deck",
        "op:change_position": "Change the battle position",
        "op:change_control": "Take control", "op:modify_atk": "Change ATK", "op:modify_def": "Change DEF",
        "op:draw": "Draw", "op:inflict_damage": "Inflict damage", "op:gain_lp": "Gain LP",
        "op:pay_lp": "Pay LP",
        "op:special_summon": "Special Summon", "op:discard": "Discard",
        "op:end_battle_phase": "End the Battle Phase", "op:skip_phase": "Skip a phase",
        "op:extra_battle_phase": "Another Battle Phase",
        # operands' choices
        "card:self": "this card", "card:attacker": "the attacking monster",
        "card:attack_target": "the attack target",
        "card:summoned": "the summoned monster", "card:target": "the chosen target",
        "player:you": "you", "player:opponent": "your opponent", "player:both": "both players",
        "player:A": "player A", "player:B": "player B",
        "position:attack": "Attack Position", "position:defense": "Defense Position",
        "phase:draw": "Draw Phase", "phase:standby": "Standby Phase", "phase:main1": "Main Phase 1",
        "phase:battle": "Battle Phase", "phase:main2": "Main Phase 2", "phase:end": "End Phase",
    },
)  # fmt: skip


def menus() -> EffectMenus:
    return EffectMenus(
        card_key="effects",
        title="Add an effect",
        fields=(
            Param("timing", "choice", choices=fx.TIMINGS),
            Param(
                "trigger", "choice", choices=("when", "if"), shown_if=("timing", ("trigger",)), default="if"
            ),
            Param("event", "choice", choices=fx.EVENTS, shown_if=("timing", ("trigger",))),
            Param(
                "optional",
                "bool",
                choices=("no", "yes"),
                shown_if=("timing", ("trigger", "flip")),
                default="no",
            ),
            Param("speed", "choice", required=False, choices=("", "1", "2", "3")),
            Param("condition", "text", required=False),
        ),
        lists=(("cost", 2), ("does", 4)),
        ops=fx.OPS,  # the engine's own mapping: an operation added there is offered at once
        kinds={
            "card": fx.CARD_OPERANDS,
            "player": fx.PLAYER_OPERANDS,
            "position": ("attack", "defense"),
            "phase": PHASES,
        },
        labels={key: term.id for key, term in WORDS.items()},
        build="rulings.engine.yugioh.effect_menus:build",
        describe="rulings.engine.yugioh.effect_menus:describe",
    )


def build(form: EffectInput) -> dict[str, Any]:
    """The effect's JSON from the typed menus, checked as a card's effect is (paths under ``/effect``)."""
    fields = form.fields
    effect: dict[str, Any] = {"timing": fields["timing"]}
    if effect["timing"] == "trigger":
        effect["trigger"] = fields.get("trigger", "if")
        if "event" in fields:
            effect["event"] = fields["event"]
    if "optional" in fields:
        effect["optional"] = fields["optional"]
    if "speed" in fields:
        effect["speed"] = int(fields["speed"])
    if fields.get("condition"):
        effect["condition"] = fields["condition"]
    for name in ("cost", "does"):
        ops = [{"op": op, **operands} for op, operands in form.lists.get(name, [])]
        if ops or name == "does":
            effect[name] = ops
    errors: list[tuple[str, str]] = []

    def error(path: str, message: str) -> None:
        errors.append(("/effect" + path.removeprefix("/effect/0"), message))

    fx.check_effects([effect], "/effect", error, is_ref=lambda v: parse_ref(v) is not None, phases=PHASES)
    if errors:
        raise EffectInputError(errors)
    return effect


def _word(key: str) -> Message:
    return WORDS.get(key) or Message(key.split(":")[-1].replace("_", " "))


def _operand(kind: str, value: Any, names: Mapping[str, str]) -> Any:
    if kind == "card":
        return WORDS.get(f"card:{value}") or names.get(value, value)
    if kind in ("player", "position", "phase"):
        return _word(f"{kind}:{value}")
    if kind == "signed":
        return f"{value:+d}"
    return value


def _op_words(op: str, given: Mapping[str, Any], names: Mapping[str, str]) -> Message:
    p = {
        key: _operand(kind, given.get(key, fx.OPTIONAL_PARAMS.get(key)), names)
        for key, kind in fx.OPS.get(op, {}).items()
    }
    phrases = {
        "destroy": lambda: msg("destroy {card}", **p),
        "negate_activation": lambda: msg("negate the activation"),
        "negate_summon": lambda: msg("negate the summon"),
        "negate_effect": lambda: msg("negate the effect"),
        "banish": lambda: msg("banish {card}", **p),
        "return_to_hand": lambda: msg("return {card} to the hand", **p),
        "return_to_deck": lambda: msg("return {card} to the Deck", **p),
        "return_to_extra_deck": lambda: msg("return {card} to the Extra Deck", **p),
        "change_position": lambda: msg("change the battle position of {card}", **p),
        "change_control": lambda: msg("take control of {card}", **p),
        "modify_atk": lambda: msg("{amount} ATK to {card}", **p),
        "modify_def": lambda: msg("{amount} DEF to {card}", **p),
        "draw": lambda: msg_plural("draw {count} card ({player})", "draw {count} cards ({player})",
                                   p["count"] if isinstance(p["count"], int) else 2, **p),
        "inflict_damage": lambda: msg("inflict {amount} damage to {to}", **p),
        "gain_lp": lambda: msg("gain {amount} LP ({to})", **p),
        "pay_lp": lambda: msg("pay {amount} LP", **p),
        "special_summon": lambda: msg("Special Summon {card} in {position}", **p),
        "discard": lambda: msg("discard {card}", **p),
        "end_battle_phase": lambda: msg("end the Battle Phase"),
        "skip_phase": lambda: msg("skip the {phase}", **p)
        if given.get("player") is None
        else msg("skip the next {phase} of {player}", **p),
        "extra_battle_phase": lambda: msg("conduct another Battle Phase this turn"),
    }  # fmt: skip
    phrase = phrases.get(op)
    if phrase is not None:
        return phrase()
    # an operation of the vocabulary without its sentence yet: its label and operands
    return joined([_word(f"op:{op}"), *(p[key] for key in p)], " ")


def _default_speed(timing: str, card: Mapping[str, Any] | None) -> int:
    counter = bool(card) and card.get("kind") == "trap" and card.get("trap_type") == "counter"
    return 3 if counter else 2 if timing == "quick" else 1


def describe(
    effect: Mapping[str, Any], names: Mapping[str, str], card: Mapping[str, Any] | None = None
) -> Message:
    """An effect in plain words: "Quick effect (Spell Speed 2): destroy the attacking monster"."""
    timing = effect["timing"]
    if timing == "continuous":
        head: list[Any] = [_word("timing:continuous")]
    else:
        speed = effect.get("speed", _default_speed(timing, card))
        head = [msg("{timing} (Spell Speed {speed})", timing=_word(f"timing:{timing}"), speed=speed)]
    if timing == "trigger":
        event = _word(f"event:{effect.get('event')}")
        when = effect.get("trigger") == "when"
        head.append(msg("when {event}", event=event) if when else msg("if {event}", event=event))
    if timing in ("trigger", "flip"):
        head.append(_word("optional:yes" if effect.get("optional") else "optional:no"))
    if effect.get("cost"):
        cost = joined([_op_words(o["op"], o, names) for o in effect["cost"]], ", ")
        head.append(msg("cost: {cost}", cost=cost))
    if effect.get("condition"):
        head.append(msg("condition: {condition}", condition=effect["condition"]))
    does = one_then_another([_op_words(op["op"], op, names) for op in effect.get("does", [])])
    return msg("{head}: {does}", head=joined(head, ", "), does=does)
