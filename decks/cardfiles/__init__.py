"""Read card files into plain ``CardRecord`` dicts (no Django), and banlists.

``read_cards(source, game=…, filename=…)`` picks the reader by extension:

* ``.cdb`` — EDOPro SQLite (game ``yugioh``), or for ``vanguard`` the ygopro-cv
  layout (original series) or the vgdpro layout (has a ``country`` column);
* ``.json`` — YGOPRODeck ``cardinfo`` shape (game ``yugioh``);
* ``.db`` — VanguardEngine ``cards.db`` (game ``vanguard``);
* ``.csv`` — our documented CSV for any game (docs/deck-formats.md).

Which game reads which extension is said by each game's plug-in (``card_files``, ``csv_columns``:
``rulings/engine/<game>/plugin.py``); the readers of one game's own formats may live anywhere.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from rulings.engine.registry import UnknownGame, game_keys, get_plugin, plugins

from .csvfiles import read_csv_cards
from .lflist import BanlistError, read_banlists
from .records import CardFileError, CardRecord

CSV = ".csv"  # our own format: every game has it (its columns are in the game's plug-in)


def card_file_extensions() -> list[str]:
    """Every extension some game reads (each plug-in's ``card_files``), then ``.csv``."""
    found = [extension for plugin in plugins() for extension in plugin.card_files]
    return list(dict.fromkeys([*found, CSV]))


def read_cards(
    source: str | os.PathLike[str] | bytes, *, game: str, filename: str | None = None
) -> Iterator[CardRecord]:
    """Yield every card of a card file. ``filename`` is needed when ``source`` is bytes."""
    if isinstance(source, bytes):
        data = source
        if filename is None:
            raise ValueError("pass filename= when reading bytes, so the format can be chosen")
    else:
        path = Path(source)
        data = path.read_bytes()
        filename = filename or path.name
    try:
        plugin = get_plugin(game)
    except UnknownGame:
        raise CardFileError(f"unknown game {game!r}; expected one of {', '.join(game_keys())}") from None
    extension = Path(filename).suffix.lower()
    if extension == CSV:
        return read_csv_cards(data, game=game)
    reader = plugin.card_reader(extension)
    if reader is None:
        extensions = card_file_extensions()
        if extension not in extensions:
            listed = ", ".join(extensions[:-1]) + f" or {extensions[-1]}"
            raise CardFileError(f"cannot read {filename!r}: expected a {listed} card file", where=filename)
        raise CardFileError(f"a {extension} file does not hold {game} cards", where=filename)
    return reader(data)


def shared_data_dir() -> Path | None:
    """The real-world data folder (``…/shared/data``), or None when it is not there.

    ``TABLESIDE_SHARED`` names the ``shared`` folder; by default it sits next to the
    repository (``<repo>/../shared``).
    """
    configured = os.environ.get("TABLESIDE_SHARED")
    base = Path(configured) if configured else Path(__file__).resolve().parents[2].parent / "shared"
    data = base / "data"
    return data if data.is_dir() else None


__all__ = [
    "BanlistError",
    "CardFileError",
    "CardRecord",
    "card_file_extensions",
    "read_banlists",
    "read_cards",
    "shared_data_dir",
]
