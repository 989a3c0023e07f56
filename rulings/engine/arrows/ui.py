"""How the judge's tablet presents Arrows: phases, zones, card fields, action and query builders.

Presentation only (which inputs to show); every rule stays in the engine. Labels are English msgids
(msgctxt "tablet" in the engine's catalogue); ``rulings.games_ui`` translates them for the site.
"""

from __future__ import annotations

from ..plugin import ATTACK, PLAYER_QUERY, CardField, Param, TabletUI

UI = TabletUI(
    key="arrows",
    phases=("draw", "main", "attack", "end"),
    zones=("attackers", "defenders", "hand", "graveyard"),
    field_zones=("attackers", "defenders"),
    slot_zones=("attackers", "defenders"),
    card_fields=(
        CardField("name", "Name", "text"),
        CardField("kind", "Kind", "choice", ("monster", "magic"), default="monster"),
        CardField("atk", "ATK"),
        CardField("def", "DEF"),
        CardField("arrows", "Arrows"),
    ),
    actions={
        "place": (Param("card", "ref"), Param("line", "line")),
        "move": (Param("card", "ref"), Param("line", "line")),
        "attack": ATTACK,
        "halve_lp": (Param("of", "player"),),
        "inflict_damage": (Param("to", "to"), Param("amount", "int")),
        "next_phase": (),
        "end_turn": (),
        "damage_monster": (Param("card", "ref"), Param("amount", "int")),
        "destroy": (Param("card", "ref"),),
        "steal": (Param("card", "ref"), Param("line", "line", required=False)),
        "trigger_effect": (
            Param("card", "ref"),
            Param("effect", "choice", choices=("atk", "def", "ret")),
            Param("target", "ref", required=False),
            Param("amount", "int", required=False),
        ),
    },
    queries={
        "damage": ATTACK,
        "deck_out": PLAYER_QUERY,
        "legal_actions": PLAYER_QUERY,
    },
    empty_state={
        "turn": 3,
        "turn_player": "A",
        "phase": "main",
        "players": {p: {"lp": 20, "hand": [], "deck": 20} for p in ("A", "B")},
    },
    zone_labels={
        "attackers": "Attackers",
        "defenders": "Defenders",
        "hand": "Hand",
        "graveyard": "Graveyard",
    },
)
