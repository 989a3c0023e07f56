"""Action pieces RaymanTCG and Arrows share: the JSON head of an action and its card references.

Each game keeps its own ``Action`` tuple and field table (its action vocabulary); what both read
and write the same way — ``type``, ``player`` defaulting to the turn player, ``card`` / ``attacker``
and ``target`` as ``"A.zone.0"`` references — lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import validate as v

Ref = tuple[str, str, int]
# type -> (required fields, optional fields), besides "type" and "player"
ActionFields = Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]


def named_card(state: Any, value: Any, path: str, zones: tuple[str, ...]) -> tuple[Ref, list]:
    """A card reference and the zone it points into; a deck given as a count has no named cards."""
    ref = v.card_ref(value, path, zones)
    owner, zone, _ = ref
    player = state.players[owner]
    if zone == "deck" and player.deck is None:
        raise v.fail(path, f"{value!r}: {owner}'s deck is given as a count, its cards cannot be named")
    return ref, player.zone(zone)


def parse_action_head(
    state: Any,
    data: Any,
    path: str,
    *,
    action_fields: ActionFields,
    existing_ref: Callable[[Any, Any, str], Ref],
) -> tuple[str, str, dict[str, Any]]:
    """(type, player, fields) of an action; ``fields`` holds its ``card`` (or ``attacker``) and
    ``target``, checked by ``existing_ref(state, value, path)``."""
    if not isinstance(data, dict):
        raise v.fail(path, 'an action is an object such as {"player": "A", "type": "end_turn"}')
    action_type = v.choice(data.get("type"), v.pointer(path, "type"), action_fields)
    required, optional = action_fields[action_type]
    v.obj(data, path, required=("type", *required), optional=("player", *optional))
    # Like the other games, an action without "player" is the turn player's.
    player = v.player(data.get("player", state.turn_player), v.pointer(path, "player"))
    fields: dict[str, Any] = {}
    for field in ("card", "attacker"):
        if field in data:
            fields["card"] = existing_ref(state, data[field], v.pointer(path, field))
    if data.get("target") is not None:
        fields["target"] = existing_ref(state, data["target"], v.pointer(path, "target"))
    return action_type, player, fields


def action_json_head(action: Any) -> dict[str, Any]:
    """``player`` and ``type``, then ``attacker`` and ``target`` for an attack, else its ``card`` if any."""
    out: dict[str, Any] = {"player": action.player, "type": action.type}
    if action.type == "attack":
        out["attacker"] = v.ref_text(action.card)
        out["target"] = v.ref_text(action.target)
    elif action.card is not None:
        out["card"] = v.ref_text(action.card)
    return out
