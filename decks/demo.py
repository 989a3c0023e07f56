"""Demo card pools for `make run` (idempotent): the fixture cards of every game and the demo banlists."""

from __future__ import annotations

from pathlib import Path

from decks.services.cards import banlists_import_file, cards_import_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CARD_FILES = [
    ("yugioh", "yugioh-cards.json"),
    ("vanguard", "vanguard-trial-deck.csv"),
    ("rayman", "rayman-pool.csv"),
    ("arrows", "arrows-pool.csv"),
]
BANLIST_FILE = "banlist.lflist.conf"


def load_demo(stdout=None) -> None:
    for game, filename in CARD_FILES:
        result = cards_import_file(path=FIXTURES / filename, game=game)
        if stdout is not None:
            stdout.write(f"  cards: {filename} ({game}) — {result.created} new, {result.updated} updated")
    result = banlists_import_file(path=FIXTURES / BANLIST_FILE)
    if stdout is not None:
        stdout.write(f"  banlists: {', '.join(result.names)}")
