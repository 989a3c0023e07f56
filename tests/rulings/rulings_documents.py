"""Situation documents shared by the rulings tests (one per game, and a few malformed ones)."""

from __future__ import annotations

import copy


def ygo_monster(name: str, atk: int, level: int = 4, def_: int = 1000, **extra) -> dict:
    return {"name": name, "kind": "monster", "level": level, "atk": atk, "def": def_, **extra}


YGO_BATTLE = {
    "game": "yugioh",
    "state": {
        "turn": 3,
        "turn_player": "A",
        "phase": "battle",
        "players": {
            "A": {
                "lp": 8000,
                "deck": 30,
                "monsters": [ygo_monster("Gene-Warped Warwolf", 2000, position="attack")],
            },
            "B": {
                "lp": 8000,
                "deck": 30,
                "monsters": [ygo_monster("Mystic Tomato", 1400, position="attack")],
            },
        },
    },
    "actions": [{"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": "B.monsters.0"}],
    "query": {"kind": "legal_actions", "player": "A"},
}

YGO_ILLEGAL_TRIBUTE = {
    "game": "yugioh",
    "state": {
        "turn": 2,
        "turn_player": "A",
        "phase": "main1",
        "players": {
            "A": {"lp": 8000, "deck": 30, "hand": [ygo_monster("Summoned Skull", 2500, level=6)]},
            "B": {"lp": 8000, "deck": 30},
        },
    },
    "actions": [{"player": "A", "type": "normal_summon", "card": "A.hand.0"}],
}


def document(doc: dict) -> dict:
    return copy.deepcopy(doc)
