"""The plug-in of Vanguard: what the site knows about the game (see ``rulings/engine/plugin.py``)."""

from __future__ import annotations

from ..plugin import CsvColumns, EventDefaults, GamePlugin, PlayerIdSpec
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
    # Bushiroad's sanctioned Vanguard events register players by their Bushiroad ID (the Bushi Navi
    # account; Bandai's TCG+ is for Bandai's games, not Vanguard). Its format is not published: letters,
    # digits, "-" and "_", 4 to 32 characters (docs/tournaments.md, "Player IDs").
    player_id=PlayerIdSpec(
        label="Bushiroad ID",
        pattern=r"[A-Za-z0-9_-]{4,32}",
        example="fighter_0123",
        format="4 to 32 letters, digits, - or _",
    ),
    event_defaults=EventDefaults(
        # Bushiroad's current events: Swiss best of 1, 25-minute rounds, the current ("standard") rules.
        best_of=1,
        round_minutes=25,
        tiebreak_policy="vanguard",
        structure="vanguard",
        rule_set="standard",
    ),
)
