"""Vanguard's common situations: the tablet's "Start from a common situation" menu (pure data).

Each is a situation document the judge loads in one tap and then edits (a power, a grade, a count).
Titles are English msgids (msgctxt "tablet"); tests/rulings/test_rulings_situations.py replays every one.
"""

from __future__ import annotations

from typing import Any

from ..plugin import Situation


def _unit(name: str, grade: int, power: int, shield: int | None = 5000, **more: Any) -> dict[str, Any]:
    return {"name": name, "grade": grade, "power": power, "shield": shield, "critical": 1, **more}


def _player(vanguard: dict[str, Any], deck: int = 20, **zones: Any) -> dict[str, Any]:
    circles = {"V": vanguard, **zones.pop("circles", {})}
    return {"deck": deck, "hand": [], "damage": [], "circles": circles, **zones}


def _state(phase: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {"turn": 3, "turn_player": "A", "phase": phase, "players": {"A": a, "B": b}}


ATTACK = {"attacker": "A.circles.V", "target": "B.circles.V"}
NO_TRIGGER = _unit("Check card", 1, 8000)

SITUATIONS = (
    Situation(
        "guard",
        "Guard against an attack",
        {
            "state": _state(
                "battle",
                _player(_unit("Attacker", 2, 10000)),
                _player(
                    _unit("Defender", 2, 9000),
                    hand=[
                        _unit("Guardian 10000", 0, 5000, 10000),
                        _unit("Guardian 5000", 1, 7000),
                        _unit("Guardian 5000", 1, 7000),
                    ],
                ),
            ),
            "query": {"kind": "damage", **ATTACK},
        },
    ),
    Situation(
        "boost",
        "Boost by a grade 2 unit",
        {
            "state": _state(
                "battle",
                _player(_unit("Attacker", 2, 9000), circles={"BC": _unit("Rear-guard", 2, 9000)}),
                _player(_unit("Defender", 2, 9000)),
            ),
            "query": {"kind": "damage", **ATTACK, "booster": "A.circles.BC"},
        },
    ),
    Situation(
        "drive_trigger",
        "Trigger on the drive check",
        {
            "state": _state(
                "battle", _player(_unit("Attacker", 2, 9000)), _player(_unit("Defender", 2, 9000))
            ),
            "actions": [
                {
                    "player": "A",
                    "type": "attack",
                    **ATTACK,
                    "drive_checks": [_unit("Critical trigger card", 0, 5000, 10000, trigger="critical")],
                    "damage_checks": [NO_TRIGGER, NO_TRIGGER],
                },
            ],
        },
    ),
    Situation(
        "sixth_damage",
        "Sixth damage",
        {
            "state": _state(
                "battle",
                _player(_unit("Attacker", 2, 9000)),
                _player(_unit("Defender", 2, 9000), damage=[NO_TRIGGER] * 5),
            ),
            "query": {
                "kind": "damage",
                **ATTACK,
                "drive_checks": [NO_TRIGGER],
                "damage_checks": [NO_TRIGGER],
            },
        },
    ),
    Situation(
        "deck_out",
        "Deck-out on the draw",
        {
            "state": _state(
                "main", _player(_unit("Attacker", 2, 9000)), _player(_unit("Defender", 2, 9000), deck=1)
            ),
            "query": {"kind": "deck_out", "player": "B"},
        },
    ),
)
