"""How the judge's tablet presents Yu-Gi-Oh!: phases, zones, card fields, action and query builders.

Presentation only (which inputs to show); every rule stays in the engine. Labels are English msgids
(msgctxt "tablet" in the engine's catalogue); ``rulings.games_ui`` translates them for the site.
"""

from __future__ import annotations

from ..plugin import ATTACK, PLAYER_QUERY, QUERY_LABELS, YES_NO, CardField, Param, TabletUI
from .effect_menus import menus
from .situations import SITUATIONS

UI = TabletUI(
    key="yugioh",
    phases=("draw", "standby", "main1", "battle", "main2", "end"),
    zones=("monsters", "spells_traps", "field_spell", "hand", "graveyard", "banished", "extra_deck"),
    field_zones=("monsters", "spells_traps", "field_spell"),
    slot_zones=("monsters", "spells_traps"),
    single_zones=("field_spell",),
    card_fields=(
        CardField("name", "Name", "text"),
        CardField("kind", "Kind", "choice", ("monster", "spell", "trap"), default="monster"),
        CardField("level", "Level"),
        CardField("atk", "ATK"),
        CardField("def", "DEF"),
        CardField("monster_type", "Monster type", "choice", ("", "normal", "effect", "fusion", "ritual")),
        CardField(
            "spell_type",
            "Spell type",
            "choice",
            ("", "normal", "quick-play", "continuous", "equip", "field", "ritual"),
        ),
        CardField("trap_type", "Trap type", "choice", ("", "normal", "continuous", "counter")),
        CardField(
            "position",
            "Position",
            "choice",
            ("attack", "defense"),
            on_field_only=True,
            default="attack",
            for_kinds=("monster",),
        ),
        CardField("face_up", "Face-up", "choice", YES_NO, on_field_only=True, default="yes"),
        # an Equip Spell's change to its monster (docs/situations.md): whole numbers, negative lowers
        CardField("atk_modifier", "Equip: ATK change", "signed", for_kinds=("spell",)),
        CardField("def_modifier", "Equip: DEF change", "signed", for_kinds=("spell",)),
        CardField("equipped_to", "Equipped to", "ref", on_field_only=True, for_kinds=("spell",)),
    ),  # fmt: skip
    actions={
        "normal_summon": (Param("card", "ref"), Param("tributes", "refs", required=False)),
        "set_monster": (Param("card", "ref"), Param("tributes", "refs", required=False)),
        "flip_summon": (Param("card", "ref"),),
        "change_position": (Param("card", "ref"),),
        "special_summon": (Param("card", "ref"), Param("position", "choice", choices=("attack", "defense"))),
        "fusion_summon": (Param("spell", "ref"), Param("fusion", "ref"), Param("materials", "refs")),
        "set_spell_trap": (Param("card", "ref"),),
        "activate": (
            Param("card", "ref"),
            Param("effect", "effect", required=False),
            Param("target", "ref", required=False),
            Param("in_response_to", "link", required=False),
        ),
        "attack": ATTACK,
        "next_phase": (),
        "end_turn": (),
        "pass": (),
        "chain_triggers": (Param("optional", "pending", required=False),),
        "draw": (Param("count", "int", required=False),),
        "discard": (Param("cards", "refs"),),
        "inflict_damage": (Param("to", "to"), Param("amount", "int")),
        "gain_lp": (Param("to", "to"), Param("amount", "int")),
        "destroy": (Param("card", "ref"),),
        "send_to_graveyard": (Param("card", "ref"),),
        "mill": (Param("of", "player"), Param("count", "int")),
    },
    queries={
        "legal_summons": PLAYER_QUERY,
        "damage": ATTACK,
        "hand_limit": PLAYER_QUERY,
        "deck_out": PLAYER_QUERY,
        "legal_actions": PLAYER_QUERY,
        "can_activate": (
            Param("card", "ref"),
            Param("effect", "effect", required=False),
            Param("in_response_to", "link", required=False),
        ),
        "chain": (),
        "triggers": (),
        "missed_timing": (Param("card", "ref"),),
    },
    empty_state={
        "turn": 3,
        "turn_player": "A",
        "phase": "main1",
        "players": {p: {"lp": 8000, "deck": 30, "hand": []} for p in ("A", "B")},
    },
    zone_labels={
        "monsters": "Monster Zones",
        "spells_traps": "Spell & Trap Zones",
        "field_spell": "Field Zone",
        "hand": "Hand",
        "graveyard": "Graveyard",
        "banished": "Banished",
        "extra_deck": "Extra Deck",
    },
    query_labels={
        **QUERY_LABELS,
        "legal_summons": "Legal summons",
        "hand_limit": "Hand limit",
        "can_activate": "Can this be activated now?",
        "chain": "What does the chain resolve to?",
        "triggers": "Which triggers, in which order?",
        "missed_timing": "Did it miss the timing?",
    },
    effects=menus(),
    situations=SITUATIONS,
    unknown_card={"kind": "unknown"},
    state_flags=("battle_steps",),
)
