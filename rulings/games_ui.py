"""How the judge's tablet presents each game: phases, zones, card fields, action and query builders.

This is presentation only (which inputs to show); every rule stays in ``rulings.engine``, which checks
whatever the tablet builds and answers with JSON Pointer paths when something is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class CardField:
    name: str
    label: Any
    kind: str = "int"  # int | text | choice | bool | cost
    choices: tuple[str, ...] = ()
    on_field_only: bool = False
    default: str = ""


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # ref | ref? | refs | player | to | int | choice | circle | line
    required: bool = True
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameUI:
    key: str
    phases: tuple[str, ...]
    zones: tuple[str, ...]  # card zones, in the order shown
    field_zones: tuple[str, ...]  # zones whose cards carry on-field flags
    slot_zones: tuple[str, ...] = ()  # fixed slots (null = empty)
    keyed_zones: dict[str, tuple[str, ...]] = field(default_factory=dict)  # zone -> keys
    single_zones: tuple[str, ...] = ()
    card_fields: tuple[CardField, ...] = ()
    actions: dict[str, tuple[Param, ...]] = field(default_factory=dict)
    queries: dict[str, tuple[Param, ...]] = field(default_factory=dict)
    empty_state: dict[str, Any] = field(default_factory=dict)


YES_NO = ("yes", "no")
PLAYER_QUERY = (Param("player", "player"),)

YUGIOH = GameUI(
    key="yugioh",
    phases=("draw", "standby", "main1", "battle", "main2", "end"),
    zones=("monsters", "spells_traps", "field_spell", "hand", "graveyard", "banished", "extra_deck"),
    field_zones=("monsters", "spells_traps", "field_spell"),
    slot_zones=("monsters", "spells_traps"),
    single_zones=("field_spell",),
    card_fields=(
        CardField("name", _("Name"), "text"),
        CardField("kind", _("Kind"), "choice", ("monster", "spell", "trap"), default="monster"),
        CardField("level", _("Level")),
        CardField("atk", _("ATK")),
        CardField("def", _("DEF")),
        CardField("monster_type", _("Monster type"), "choice", ("", "normal", "effect", "fusion", "ritual")),
        CardField(
            "spell_type",
            _("Spell type"),
            "choice",
            ("", "normal", "quick-play", "continuous", "equip", "field", "ritual"),
        ),
        CardField("trap_type", _("Trap type"), "choice", ("", "normal", "continuous", "counter")),
        CardField(
            "position", _("Position"), "choice", ("attack", "defense"), on_field_only=True, default="attack"
        ),
        CardField("face_up", _("Face-up"), "choice", YES_NO, on_field_only=True, default="yes"),
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
            Param("target", "ref", required=False),
            Param("in_response_to", "int", required=False),
        ),
        "attack": (Param("attacker", "ref"), Param("target", "ref?")),
        "next_phase": (),
        "end_turn": (),
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
        "damage": (Param("attacker", "ref"), Param("target", "ref?")),
        "hand_limit": PLAYER_QUERY,
        "deck_out": PLAYER_QUERY,
        "legal_actions": PLAYER_QUERY,
    },
    empty_state={
        "turn": 3,
        "turn_player": "A",
        "phase": "main1",
        "players": {p: {"lp": 8000, "deck": 30, "hand": []} for p in ("A", "B")},
    },
)

VG_CIRCLES = ("V", "FL", "FR", "BL", "BC", "BR")
VANGUARD = GameUI(
    key="vanguard",
    phases=("setup", "stand", "draw", "ride", "main", "battle", "end"),
    zones=("circles", "guardians", "hand", "damage", "soul", "drop"),
    field_zones=("circles",),
    keyed_zones={"circles": VG_CIRCLES},
    card_fields=(
        CardField("name", _("Name"), "text"),
        CardField("grade", _("Grade")),
        CardField("power", _("Power")),
        CardField("shield", _("Shield")),
        CardField("critical", _("Critical"), default="1"),
        CardField("clan", _("Clan"), "text"),
        CardField(
            "trigger", _("Trigger"), "choice", ("", "critical", "draw", "stand", "heal", "front", "over")
        ),
        CardField("sentinel", _("Sentinel"), "choice", ("no", "yes"), default="no"),
        CardField("stand", _("Standing"), "choice", YES_NO, on_field_only=True, default="yes"),
    ),
    actions={
        "mulligan": (Param("cards", "refs"), Param("drawn", "checks", required=False)),
        "ride": (Param("card", "ref"),),
        "call": (Param("card", "ref"), Param("circle", "circle")),
        "move": (Param("card", "ref"), Param("circle", "circle")),
        "attack": (
            Param("attacker", "ref"),
            Param("target", "ref"),
            Param("booster", "ref", required=False),
            Param("drive_checks", "checks", required=False),
            Param("damage_checks", "checks", required=False),
        ),
        "guard": (Param("cards", "refs"),),
        "intercept": (Param("card", "ref"),),
        "assign_trigger": (
            Param("power_to", "ref", required=False),
            Param("critical_to", "ref", required=False),
            Param("stand_to", "ref", required=False),
            Param("heal", "ref", required=False),
        ),
        "next_phase": (),
        "end_turn": (),
    },
    queries={
        "damage": (
            Param("attacker", "ref"),
            Param("target", "ref"),
            Param("booster", "ref", required=False),
            Param("guardians", "refs", required=False),
            Param("interceptors", "refs", required=False),
        ),
        "deck_out": PLAYER_QUERY,
        "legal_actions": PLAYER_QUERY,
    },
    empty_state={
        "turn": 3,
        "turn_player": "A",
        "phase": "main",
        "players": {
            p: {
                "deck": 30,
                "hand": [],
                "circles": {"V": {"name": "Vanguard", "grade": 0, "power": 5000, "shield": 0, "critical": 1}},
            }
            for p in ("A", "B")
        },
    },
)

RAYMAN = GameUI(
    key="rayman",
    phases=("draw", "main", "attack", "end"),
    zones=("creatures", "terrains", "magic", "hand", "graveyard"),
    field_zones=("creatures", "terrains", "magic"),
    card_fields=(
        CardField("name", _("Name"), "text"),
        CardField("kind", _("Kind"), "choice", ("creature", "magic", "terrain"), default="creature"),
        CardField("cost", _("Cost"), "cost"),
        CardField("atk", _("ATK")),
        CardField("def", _("DEF")),
        CardField("hp", _("HP")),
        CardField("max_hp", _("Max HP")),
        CardField(
            "terrain", _("Terrain type"), "choice", ("", "Terre", "Air", "Eau", "Bon", "Feu", "Mauvais")
        ),
    ),
    actions={
        "play_terrain": (Param("card", "ref"),),
        "play_creature": (Param("card", "ref"), Param("terrains", "refs", required=False)),
        "play_magic": (Param("card", "ref"), Param("terrains", "refs", required=False)),
        "attack": (Param("attacker", "ref"), Param("target", "ref?")),
        "ability_damage": (Param("card", "ref"), Param("amount", "int")),
        "next_phase": (),
        "end_turn": (),
    },
    queries={
        "damage": (Param("attacker", "ref"), Param("target", "ref?")),
        "deck_out": PLAYER_QUERY,
        "legal_actions": PLAYER_QUERY,
    },
    empty_state={
        "turn": 3,
        "turn_player": "A",
        "phase": "main",
        "players": {p: {"tings": 0, "hand": [], "deck": 20} for p in ("A", "B")},
    },
)

ARROWS = GameUI(
    key="arrows",
    phases=("draw", "main", "attack", "end"),
    zones=("attackers", "defenders", "hand", "graveyard"),
    field_zones=("attackers", "defenders"),
    slot_zones=("attackers", "defenders"),
    card_fields=(
        CardField("name", _("Name"), "text"),
        CardField("kind", _("Kind"), "choice", ("monster", "magic"), default="monster"),
        CardField("atk", _("ATK")),
        CardField("def", _("DEF")),
        CardField("arrows", _("Arrows")),
    ),
    actions={
        "place": (Param("card", "ref"), Param("line", "line")),
        "move": (Param("card", "ref"), Param("line", "line")),
        "attack": (Param("attacker", "ref"), Param("target", "ref?")),
        "halve_lp": (Param("of", "player"),),
        "inflict_damage": (Param("to", "to"), Param("amount", "int")),
        "next_phase": (),
        "end_turn": (),
    },
    queries={
        "damage": (Param("attacker", "ref"), Param("target", "ref?")),
        "deck_out": PLAYER_QUERY,
        "legal_actions": PLAYER_QUERY,
    },
    empty_state={
        "turn": 3,
        "turn_player": "A",
        "phase": "main",
        "players": {p: {"lp": 20, "hand": [], "deck": 20} for p in ("A", "B")},
    },
)

GAMES_UI: dict[str, GameUI] = {ui.key: ui for ui in (YUGIOH, VANGUARD, RAYMAN, ARROWS)}

ZONE_LABELS = {
    "hand": _("Hand"),
    "monsters": _("Monster Zones"),
    "spells_traps": _("Spell & Trap Zones"),
    "field_spell": _("Field Zone"),
    "graveyard": _("Graveyard"),
    "banished": _("Banished"),
    "extra_deck": _("Extra Deck"),
    "circles": _("Circles"),
    "guardians": _("Guardian circle"),
    "damage": _("Damage zone"),
    "soul": _("Soul"),
    "drop": _("Drop zone"),
    "creatures": _("Creatures"),
    "terrains": _("Terrains"),
    "magic": _("Magic"),
    "attackers": _("Attackers"),
    "defenders": _("Defenders"),
}

QUERY_LABELS = {
    "legal_summons": _("Legal summons"),
    "damage": _("Damage of an attack"),
    "hand_limit": _("Hand limit"),
    "deck_out": _("Deck-out"),
    "legal_actions": _("What can this player do now?"),
}
