"""How the judge's tablet presents RaymanTCG: phases, zones, card fields, action and query builders.

Presentation only (which inputs to show); every rule stays in the engine. Labels are English msgids
(msgctxt "tablet" in the engine's catalogue); ``rulings.games_ui`` translates them for the site.
"""

from __future__ import annotations

from ..plugin import ATTACK, PLAYER_QUERY, CardField, Param, TabletUI

UI = TabletUI(
    key="rayman",
    phases=("draw", "main", "attack", "end"),
    zones=("creatures", "terrains", "magic", "hand", "graveyard"),
    field_zones=("creatures", "terrains", "magic"),
    card_fields=(
        CardField("name", "Name", "text"),
        CardField("kind", "Kind", "choice", ("creature", "magic", "terrain"), default="creature"),
        CardField("cost", "Cost", "cost"),
        CardField("atk", "ATK"),
        CardField("def", "DEF"),
        CardField("hp", "HP"),
        CardField("max_hp", "Max HP"),
        CardField("terrain", "Terrain type", "choice", ("", "Terre", "Air", "Eau", "Bon", "Feu", "Mauvais")),
    ),
    actions={
        "play_terrain": (Param("card", "ref"),),
        "play_creature": (Param("card", "ref"), Param("terrains", "refs", required=False)),
        "play_magic": (Param("card", "ref"), Param("terrains", "refs", required=False)),
        "attack": ATTACK,
        "ability_damage": (Param("card", "ref"), Param("amount", "int")),
        "next_phase": (),
        "end_turn": (),
        "destroy": (Param("card", "ref"),),
        "gain_tings": (Param("to", "player"), Param("amount", "int")),
        "lose_tings": (Param("to", "player"), Param("amount", "int")),
        "modify_stats": (
            Param("card", "ref"),
            Param("atk", "int", required=False),
            Param("def", "int", required=False),
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
        "players": {p: {"tings": 0, "hand": [], "deck": 20} for p in ("A", "B")},
    },
    zone_labels={
        "creatures": "Creatures",
        "terrains": "Terrains",
        "magic": "Magic",
        "hand": "Hand",
        "graveyard": "Graveyard",
    },
)
