"""RaymanTCG queries: damage (on a copy), legal_actions, deck_out (shared with Arrows) and setup."""

from __future__ import annotations

from typing import Any

from ..base import JSON, Event
from ..common import validate as v
from ..common.queries import make_answer
from .actions import Action, action_to_json
from .rules import check_attack, legal_actions, resolve_attack
from .state import State


def _setup(state: State, kind: str, key: str) -> JSON:
    """ "setup": the rule set's numbers."""
    flags = state.flags
    return {
        "starting_tings": flags["starting_tings"],
        "tings_to_win": flags["tings_to_win"],
        "opening_hand": flags["opening_hand"],
        "deck_size": flags["deck_size"],
        "max_copies": flags["max_copies"],
        "single_copy_types": list(flags["single_copy_types"]),
        "unlimited_copies": list(flags["unlimited_copies"]),
        "rules": [
            "RAY-TINGS-START",
            "RAY-WIN-TINGS",
            "RAY-OPENING-HAND",
            "RAY-DECK-SIZE",
            "RAY-DECK-COPIES",
            "RAY-DECK-PREMIUM-TERRAINS",
        ],
    }


def _fighter_ref(state: State, value: Any, path: str, *, owner: str | None) -> tuple[str, str, int]:
    ref = v.card_ref(value, path, ("creatures",))
    if owner is not None and ref[0] != owner:
        raise v.fail(path, "the target must be a creature of the attacker's opponent")
    if ref[2] >= len(state.players[ref[0]].creatures):
        raise v.fail(path, f"{value!r}: there is no such creature")
    return ref


def _check_attack(state: State, key: str, attacker: Any, target: Any) -> None:
    check_attack(state.copy(), Action("attack", key, attacker, target))


def _damage_figures(state: State, simulation: State, events: list[Event]) -> JSON:
    combat = events[0].data
    return {
        "damage_to_target": combat.get("damage_to_target", combat.get("amount", 0)),
        "damage_to_attacker": combat.get("damage_to_attacker", 0),
        "destroyed": [event.data["card"] for event in events if event.type == "destroyed"],
        "tings_gained": {k: simulation.players[k].tings - state.players[k].tings for k in ("A", "B")},
        "tings_after": {k: simulation.players[k].tings for k in ("A", "B")},
    }


answer = make_answer(
    query_kinds=("damage", "legal_actions", "deck_out", "setup"),
    turn_rule="RAY-TURN",
    deck_out_rules=("RAY-DECK-OUT", "RAY-DRAW"),
    legal_actions=legal_actions,
    action_to_json=action_to_json,
    resolve_attack=resolve_attack,
    fighter_ref=_fighter_ref,
    check_attack=_check_attack,
    damage_figures=_damage_figures,
    player_query=_setup,
)
