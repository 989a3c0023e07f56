"""How the judge's tablet presents Vanguard: phases, zones, card fields, action and query builders.

Presentation only (which inputs to show); every rule stays in the engine. Labels are English msgids
(msgctxt "tablet" in the engine's catalogue); ``rulings.games_ui`` translates them for the site.
"""

from __future__ import annotations

from ..plugin import PLAYER_QUERY, QUERY_LABELS, YES_NO, CardField, Param, TabletUI
from .effect_menus import menus
from .situations import SITUATIONS
from .state import SKILL_TIMINGS

VG_CIRCLES = ("V", "FL", "FR", "BL", "BC", "BR")
UI = TabletUI(
    key="vanguard",
    phases=("setup", "stand", "draw", "ride", "main", "battle", "end"),
    zones=("circles", "guardians", "hand", "damage", "soul", "drop"),
    field_zones=("circles",),
    keyed_zones={"circles": VG_CIRCLES},
    card_fields=(
        CardField("name", "Name", "text"),
        CardField("grade", "Grade"),
        CardField("power", "Power"),
        CardField("shield", "Shield"),
        CardField("critical", "Critical", default="1"),
        CardField("clan", "Clan", "text"),
        CardField("trigger", "Trigger", "choice", ("", "critical", "draw", "stand", "heal", "front", "over")),
        CardField("sentinel", "Sentinel", "choice", ("no", "yes"), default="no"),
        CardField("stand", "Standing", "choice", YES_NO, on_field_only=True, default="yes"),
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
        "activate": (
            Param("card", "ref"),
            Param("skill", "effect", required=False),
            Param("target", "ref", required=False),
        ),
        "resolve_skill": (
            Param("card", "ref"),
            Param("skill", "effect", required=False),
            Param("pay", "bool", required=False, choices=("", "yes", "no")),
            Param("target", "ref", required=False),
        ),
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
        "can_activate": (
            Param("card", "ref"),
            Param("skill", "effect", required=False),
            Param("target", "ref", required=False),
        ),
        "auto_order": (
            Param(
                "timing", "choice", choices=tuple(t for t in SKILL_TIMINGS if t not in ("boost", "attacked"))
            ),
            Param("card", "ref", required=False),
            Param("attacker", "ref", required=False),
            Param("target", "ref", required=False),
            Param("booster", "ref", required=False),
        ),
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
    zone_labels={
        "circles": "Circles",
        "guardians": "Guardian circle",
        "hand": "Hand",
        "damage": "Damage zone",
        "soul": "Soul",
        "drop": "Drop zone",
    },
    query_labels={
        **QUERY_LABELS,
        "can_activate": "Can this skill be activated now?",
        "auto_order": "Which AUTO skills, in which order?",
    },
    effects=menus(),
    situations=SITUATIONS,
    unknown_card={"hidden": True},
)
