"""Arrows queries: damage (on a copy), legal_actions and deck_out (shared with RaymanTCG)."""

from __future__ import annotations

from typing import Any

from ..base import JSON, Event
from ..common import validate as v
from ..common.queries import make_answer
from .actions import Action, action_to_json
from .rules import check_attack, legal_actions, resolve_attack
from .state import LINES, State


def _fighter_ref(state: State, value: Any, path: str, *, owner: str | None) -> tuple[str, str, int]:
    ref = v.card_ref(value, path, LINES)
    line = state.players[ref[0]].zone(ref[1])
    if ref[2] >= len(line) or line[ref[2]] is None:
        raise v.fail(path, f"{value!r}: there is no monster there")
    if owner is not None and ref[0] != owner:
        raise v.fail(path, "the target must be a monster of the attacker's opponent")
    return ref


def _check_attack(state: State, key: str, attacker: Any, target: Any) -> None:
    check_attack(state, Action("attack", key, attacker, target))


def _damage_figures(state: State, simulation: State, events: list[Event]) -> JSON:
    damage = {"A": 0, "B": 0}
    for event in events:
        if event.type == "damage":
            damage[event.data["player"]] += event.data["amount"]
    return {
        "damage": damage,
        "destroyed": [event.data["card"] for event in events if event.type == "destroyed"],
        "flipped": [],
        "lp_after": {k: simulation.players[k].lp for k in ("A", "B")},
    }


answer = make_answer(
    query_kinds=("damage", "legal_actions", "deck_out"),
    turn_rule="ARR-TURN",
    deck_out_rules=("ARR-DECK-OUT", "ARR-TURN"),
    legal_actions=legal_actions,
    action_to_json=action_to_json,
    resolve_attack=resolve_attack,
    fighter_ref=_fighter_ref,
    check_attack=_check_attack,
    damage_figures=_damage_figures,
)
