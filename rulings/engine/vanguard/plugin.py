"""The plug-in of Vanguard: what the site knows about the game (see ``rulings/engine/plugin.py``)."""

from __future__ import annotations

from ..plugin import CsvColumns, EventDefaults, GamePlugin
from . import construction
from .cards import situation_card
from .ui import UI

PLUGIN = GamePlugin(
    key="vanguard",
    name="Cardfight!! Vanguard",
    check_deck=construction.check_deck,
    deck_sections=construction.SECTIONS,
    card_to_situation=situation_card,
    ui=UI,
    csv_columns=CsvColumns(
        int=("grade", "power", "shield", "critical"),
        text=("trigger", "sentinel", "nation", "clan"),
        kinds={"unit": "unit", "order": "order", "token": "token"},
    ),
    card_files={
        ".cdb": "decks.cardfiles.vanguard:read_cdb_file",  # ygopro-cv or vgdpro
        ".db": "decks.cardfiles.vanguard:read_engine_db_file",  # VanguardEngine cards.db
    },
    event_defaults=EventDefaults(
        # Bushiroad's current events: Swiss best of 1, 25-minute rounds, the current ("standard") rules.
        best_of=1,
        round_minutes=25,
        tiebreak_policy="vanguard",
        structure="vanguard",
        rule_set="standard",
    ),
)
