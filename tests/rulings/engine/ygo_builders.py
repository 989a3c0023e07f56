"""Small builders for Yu-Gi-Oh! situation documents used by the engine tests."""

from __future__ import annotations

from typing import Any


def monster(name: str = "Warwolf", atk: int = 2000, defense: int = 100, level: int = 4, **extra: Any) -> dict:
    return {"name": name, "kind": "monster", "level": level, "atk": atk, "def": defense, **extra}


def on_field(card: dict, position: str = "attack", face_up: bool = True, **flags: Any) -> dict:
    return {**card, "position": position, "face_up": face_up, **flags}


def player(**fields: Any) -> dict:
    out = {"lp": 8000, "deck": 30, "hand": []}
    out.update(fields)
    for zone in ("monsters", "spells_traps"):
        if zone in out:
            out[zone] = list(out[zone]) + [None] * (5 - len(out[zone]))
    return out


def state(
    turn: int = 3, turn_player: str = "A", phase: str = "main1", a: dict | None = None, b: dict | None = None
) -> dict:
    return {
        "turn": turn,
        "turn_player": turn_player,
        "phase": phase,
        "players": {"A": a or player(), "B": b or player()},
    }


def document(st: dict, actions: list | None = None, query: dict | None = None, **envelope: Any) -> dict:
    doc = {"game": "yugioh", "state": st, "actions": actions or []}
    if query is not None:
        doc["query"] = query
    doc.update(envelope)
    return doc
