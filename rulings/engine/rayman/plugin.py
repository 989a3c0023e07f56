"""The plug-in of RaymanTCG: what the site knows about the game (see ``rulings/engine/plugin.py``)."""

from __future__ import annotations

from ..plugin import CsvColumns, GamePlugin
from . import construction
from .cards import situation_card
from .ui import UI

PLUGIN = GamePlugin(
    key="rayman",
    name="RaymanTCG",
    check_deck=construction.check_deck,
    deck_sections=construction.SECTIONS,
    card_to_situation=situation_card,
    ui=UI,
    csv_columns=CsvColumns(
        int=("cost", "attack", "defense", "hp"),
        text=("element", "edition"),
        kinds={
            "creature": "creature",
            "créature": "creature",
            "magic": "magic",
            "magie": "magic",
            "terrain": "terrain",
        },
    ),
)
