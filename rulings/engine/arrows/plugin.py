"""The plug-in of Arrows: what the site knows about the game (see ``rulings/engine/plugin.py``)."""

from __future__ import annotations

from ..plugin import CsvColumns, GamePlugin
from . import construction
from .cards import situation_card
from .ui import UI

PLUGIN = GamePlugin(
    key="arrows",
    name="Arrows",
    check_deck=construction.check_deck,
    deck_sections=construction.SECTIONS,
    card_to_situation=situation_card,
    ui=UI,
    csv_columns=CsvColumns(
        int=("atk", "def", "ret", "level"),
        text=("arrows", "effect"),
        kinds={
            "monster": "monster",
            "monstre": "monster",
            "magic": "magic",
            "magie": "magic",
            "trap": "trap",
            "piège": "trap",
            "piege": "trap",
        },
    ),
)
