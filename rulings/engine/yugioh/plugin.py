"""The plug-in of Yu-Gi-Oh!: what the site knows about the game (see ``rulings/engine/plugin.py``)."""

from __future__ import annotations

from ..plugin import CsvColumns, GamePlugin, PenaltyGuide, PlayerIdSpec
from . import construction
from .cards import situation_card
from .ui import UI

PLUGIN = GamePlugin(
    key="yugioh",
    name="Yu-Gi-Oh! TCG",
    check_deck=construction.check_deck,
    deck_sections=construction.SECTIONS,
    card_to_situation=situation_card,
    ui=UI,
    csv_columns=CsvColumns(
        int=("atk", "def", "level", "rank", "link_rating", "scale"),
        text=("frame", "attribute", "race", "type"),
        kinds={"monster": "monster", "spell": "spell", "trap": "trap", "skill": "skill", "token": "token"},
    ),
    card_files={
        ".cdb": "decks.cardfiles.yugioh:read_cdb_file",  # EDOPro
        ".json": "decks.cardfiles.yugioh:read_ygoprodeck_json",  # YGOPRODeck cardinfo
    },
    # The Konami Card Game Network ID ("CARD GAME ID", formerly the COSSY ID): 10 digits, leading zeros kept.
    player_id=PlayerIdSpec(label="KONAMI ID", pattern=r"[0-9]{10}", example="0123456789", format="10 digits"),
    # The infraction categories of the Yu-Gi-Oh! TCG Penalty Guidelines (Konami) and their penalties.
    penalties=PenaltyGuide(
        infractions={
            "procedural_error": "Procedural error",
            "tardiness": "Tardiness",
            "deck_problem": "Deck problem",
            "marked_cards": "Marked cards",
            "drawing_extra_cards": "Drawing extra cards",
            "unsporting_conduct": "Unsporting conduct",
            "cheating": "Cheating",
        }
    ),
)
