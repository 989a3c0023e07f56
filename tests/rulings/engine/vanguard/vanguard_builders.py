"""Card and state builders shared by the Vanguard engine tests (pure Python, no Django)."""

from __future__ import annotations

from typing import Any


def card(
    name: str,
    grade: int,
    power: int,
    shield: int | None = None,
    *,
    clan: str = "Royal Paladin",
    trigger: str | None = None,
    critical: int = 1,
) -> dict[str, Any]:
    return {
        "name": name,
        "grade": grade,
        "power": power,
        "shield": shield,
        "critical": critical,
        "clan": clan,
        "trigger": trigger,
        "sentinel": False,
    }


G1 = card("Little Sage, Marron", 1, 8000, 5000)
G2 = card("Blaster Blade", 2, 9000, 5000)
G3 = card("King of Knights, Alfred", 3, 10000)
CRIT = card("Bringer of Good Luck, Epona", 0, 5000, 10000, trigger="critical")
STAND = card("Flogal", 0, 5000, 10000, trigger="stand")
HEAL = card("Yggdrasil Maiden, Elaine", 0, 5000, 10000, trigger="heal")
K0 = card("Lizard Runner, Undeux", 0, 6000, 10000, clan="Kagero")
K1 = card("Embodiment of Armor, Bahr", 1, 6000, 5000, clan="Kagero")
K2 = card("Berserk Dragon", 2, 9000, 5000, clan="Kagero")


def unit(c: dict[str, Any], stand: bool = True) -> dict[str, Any]:
    return {**c, "stand": stand}


def player(
    vanguard: dict[str, Any],
    *,
    hand: list | None = None,
    deck: Any = 20,
    damage: list | None = None,
    **circles: Any,
) -> dict[str, Any]:
    all_circles = {"V": vanguard, "FL": None, "BL": None, "BC": None, "FR": None, "BR": None, **circles}
    return {
        "damage": damage or [],
        "deck": deck,
        "hand": hand or [],
        "drop": [],
        "soul": [],
        "guardians": [],
        "circles": all_circles,
    }


def document(phase: str, a: dict, b: dict, actions: list | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "game": "vanguard",
        "state": {"turn": 3, "turn_player": "A", "phase": phase, "players": {"A": a, "B": b}},
        "actions": actions or [],
        **extra,
    }
