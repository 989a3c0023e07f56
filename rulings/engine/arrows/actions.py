"""Arrows actions: their JSON shape (checked here) and their slotted in-memory form."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..common import validate as v
from ..common.actions import ActionFields, Ref, action_json_head, named_card, parse_action_head
from .state import CARD_ZONES, EFFECT_KINDS, EFFECT_SOURCES, LINES, State

# type -> (required fields, optional fields), besides "type" and "player"
ACTION_FIELDS: ActionFields = {
    "place": (("card", "line"), ("space",)),
    "move": (("card", "line"), ("space",)),
    "attack": (("attacker", "target"), ()),
    "trigger_effect": (("card", "effect"), ("target", "amount")),
    "steal": (("card",), ("line",)),
    "damage_monster": (("card", "amount"), ()),
    "destroy": (("card",), ()),
    "halve_lp": (("of",), ("at_end_of_turn", "source")),
    "inflict_damage": (("to", "amount"), ("at_end_of_turn", "source")),
    "next_phase": ((), ()),
    "end_turn": ((), ()),
}


class Action(NamedTuple):
    """Immutable and cheap to build: legal_actions creates many of them."""

    type: str
    player: str
    card: Ref | None = None
    target: Ref | None = None
    line: str | None = None
    space: int | None = None
    amount: int | None = None
    effect: str | None = None
    to: str | None = None
    deferred: bool = False
    source: str | None = None


def _existing_ref(state: State, value: Any, path: str) -> Ref:
    ref, cards = named_card(state, value, path, CARD_ZONES)
    owner, zone, index = ref
    if index >= len(cards):
        raise v.fail(path, f"{value!r}: there is no such card ({owner}.{zone} has {len(cards)})")
    if cards[index] is None:
        raise v.fail(path, f"{value!r}: that space is empty")
    return ref


def parse_action(state: State, data: Any, *, path: str) -> Action:
    action_type, player, fields = parse_action_head(
        state, data, path, action_fields=ACTION_FIELDS, existing_ref=_existing_ref
    )
    if "line" in data:
        fields["line"] = v.choice(data["line"], v.pointer(path, "line"), LINES)
    if "space" in data:
        fields["space"] = v.integer(data["space"], v.pointer(path, "space"), minimum=0)
        if fields["space"] >= state.spaces:
            raise v.fail(
                v.pointer(path, "space"), f"a line has {state.spaces} spaces (0 to {state.spaces - 1})"
            )
    if "amount" in data:
        fields["amount"] = v.integer(
            data["amount"], v.pointer(path, "amount"), minimum=0 if action_type != "trigger_effect" else None
        )
    if "effect" in data:
        fields["effect"] = v.choice(data["effect"], v.pointer(path, "effect"), EFFECT_KINDS)
    if "of" in data:
        fields["to"] = v.player(data["of"], v.pointer(path, "of"))
    if "to" in data:
        fields["to"] = v.choice(data["to"], v.pointer(path, "to"), ("A", "B", "both"))
    if "at_end_of_turn" in data:
        fields["deferred"] = v.boolean(data["at_end_of_turn"], v.pointer(path, "at_end_of_turn"))
    if "source" in data:
        fields["source"] = v.choice(data["source"], v.pointer(path, "source"), EFFECT_SOURCES)
    return Action(action_type, player, **fields)


def action_to_json(action: Action) -> dict[str, Any]:
    out = action_json_head(action)
    kind = action.type
    if kind == "attack":
        return out
    if action.line is not None:
        out["line"] = action.line
    if action.space is not None:
        out["space"] = action.space
    if kind == "trigger_effect":
        out["effect"] = action.effect
        if action.target is not None:
            out["target"] = v.ref_text(action.target)
    if action.amount is not None:
        out["amount"] = action.amount
    if kind == "halve_lp":
        out["of"] = action.to
    elif kind == "inflict_damage":
        out["to"] = action.to
    if action.deferred:
        out["at_end_of_turn"] = True
    if action.source is not None:
        out["source"] = action.source
    return out
