"""Yu-Gi-Oh!'s common situations: the tablet's "Start from a common situation" menu (pure data).

Each is a situation document the judge loads in one tap and then edits (an ATK, a Level, a count). Titles
are English msgids (msgctxt "tablet"); tests/rulings/test_rulings_situations.py replays every one.
"""

from __future__ import annotations

from typing import Any

from ..plugin import Situation


def _monster(name: str, level: int, atk: int, defense: int, **field: Any) -> dict[str, Any]:
    return {"name": name, "kind": "monster", "level": level, "atk": atk, "def": defense, **field}


def _player(**zones: Any) -> dict[str, Any]:
    return {"lp": 8000, "deck": 30, "hand": [], **zones}


def _state(phase: str, a: dict[str, Any], b: dict[str, Any], turn: int = 3, **top: Any) -> dict[str, Any]:
    return {"turn": turn, "turn_player": "A", "phase": phase, "players": {"A": a, "B": b}, **top}


def _unknown(count: int) -> list[dict[str, Any]]:
    return [{"kind": "unknown"} for _ in range(count)]


ON_FIELD = {"position": "attack", "face_up": True}
SET = {"position": "defense", "face_up": False}

SITUATIONS = (
    Situation(
        "tribute_summon",
        "Tribute Summon",
        {
            "state": _state(
                "main1",
                _player(
                    hand=[
                        _monster("Level 5 monster", 5, 2300, 1000),
                        _monster("Level 7 monster", 7, 2500, 2100),
                    ],
                    monsters=[_monster("Monster 1", 4, 1000, 1000, **ON_FIELD)],
                ),
                _player(),
            ),
            "query": {"kind": "legal_summons", "player": "A"},
        },
    ),
    Situation(
        "attack_set_monster",
        "Attack on a Set monster",
        {
            "state": _state(
                "battle",
                _player(monsters=[_monster("Attacker", 4, 1800, 1000, **ON_FIELD)]),
                _player(monsters=[_monster("Set monster", 4, 0, 2000, **SET)]),
            ),
            "query": {"kind": "damage", "attacker": "A.monsters.0", "target": "B.monsters.0"},
        },
    ),
    Situation(
        "end_phase_hand",
        "Hand size at the End Phase",
        {
            "state": _state("main2", _player(hand=_unknown(8)), _player()),
            "query": {"kind": "hand_limit", "player": "A"},
        },
    ),
    Situation(
        "deck_out_draw",
        "Deck-out on the draw",
        {
            "state": _state("end", _player(), _player(deck=0), turn=4),
            "query": {"kind": "deck_out", "player": "B"},
        },
    ),
    Situation(
        "chain_order",
        "Chain: a trigger and a quick effect",
        {
            "state": _state(
                "battle",
                _player(
                    monsters=[
                        _monster(
                            "Watcher",
                            4,
                            1000,
                            1000,
                            monster_type="effect",
                            **ON_FIELD,
                            effects=[
                                {
                                    "timing": "trigger",
                                    "event": "destroyed",
                                    "trigger": "when",
                                    "optional": True,
                                    "does": [{"op": "draw"}],
                                }
                            ],
                        )
                    ]
                ),
                _player(
                    spells_traps=[
                        {
                            "name": "Breaker",
                            "kind": "trap",
                            "trap_type": "normal",
                            "face_up": False,
                            "effects": [{"timing": "quick", "does": [{"op": "destroy", "card": "attacker"}]}],
                        }
                    ]
                ),
                battle_steps=True,
            ),
            "actions": [
                {"player": "A", "type": "attack", "attacker": "A.monsters.0"},
                {"player": "B", "type": "activate", "card": "B.spells_traps.0", "effect": 0},
            ],
            "query": {"kind": "chain"},
        },
    ),
)
