"""RaymanTCG actions: their JSON shape (checked here) and their slotted in-memory form."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..common import validate as v
from ..common.actions import ActionFields, Ref, action_json_head, named_card, parse_action_head
from .state import CARD_ZONES, State

# type -> (required fields, optional fields), besides "type" and "player"
ACTION_FIELDS: ActionFields = {
    "play_terrain": (("card",), ("terrains",)),
    "play_creature": (("card",), ("terrains",)),
    "play_magic": (("card",), ("terrains",)),
    "attack": (("attacker", "target"), ()),
    "ability_damage": (("card", "amount"), ("source",)),
    "modify_stats": (("card",), ("atk", "def")),
    "destroy": (("card",), ()),
    "gain_tings": (("to", "amount"), ()),
    "lose_tings": (("to", "amount"), ()),
    "next_phase": ((), ()),
    "end_turn": ((), ()),
}


class Action(NamedTuple):
    """Immutable and cheap to build: legal_actions creates many of them."""

    type: str
    player: str
    card: Ref | None = None
    target: Ref | None = None
    terrains: tuple[Ref, ...] = ()
    amount: int = 0
    source: Ref | None = None
    atk: int | None = None
    def_: int | None = None
    to: str | None = None


def _existing_ref(state: State, value: Any, path: str) -> Ref:
    ref, cards = named_card(state, value, path, CARD_ZONES)
    owner, zone, index = ref
    if index >= len(cards):
        raise v.fail(path, f"{value!r}: there is no such card ({owner}.{zone} holds {len(cards)})")
    return ref


def parse_action(state: State, data: Any, *, path: str) -> Action:
    action_type, player, fields = parse_action_head(
        state, data, path, action_fields=ACTION_FIELDS, existing_ref=_existing_ref
    )
    if "source" in data and data["source"] is not None:
        fields["source"] = _existing_ref(state, data["source"], v.pointer(path, "source"))
    if "terrains" in data:
        terrains_path = v.pointer(path, "terrains")
        refs = v.array(data["terrains"], terrains_path)
        fields["terrains"] = tuple(
            _existing_ref(state, ref, v.pointer(terrains_path, i)) for i, ref in enumerate(refs)
        )
    if "amount" in data:
        fields["amount"] = v.integer(data["amount"], v.pointer(path, "amount"), minimum=0)
    if "to" in data:
        fields["to"] = v.player(data["to"], v.pointer(path, "to"))
    if "atk" in data:
        fields["atk"] = v.integer(data["atk"], v.pointer(path, "atk"))
    if "def" in data:
        fields["def_"] = v.integer(data["def"], v.pointer(path, "def"))
    return Action(action_type, player, **fields)


def action_to_json(action: Action) -> dict[str, Any]:
    out = action_json_head(action)
    kind = action.type
    if kind == "attack":
        return out
    if kind in ("play_creature", "play_magic"):
        out["terrains"] = [v.ref_text(ref) for ref in action.terrains]
    if kind == "ability_damage":
        out["amount"] = action.amount
        if action.source is not None:
            out["source"] = v.ref_text(action.source)
    if kind in ("gain_tings", "lose_tings"):
        out["to"] = action.to
        out["amount"] = action.amount
    if kind == "modify_stats":
        if action.atk is not None:
            out["atk"] = action.atk
        if action.def_ is not None:
            out["def"] = action.def_
    return out
