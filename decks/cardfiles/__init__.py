"""Read card files into plain ``CardRecord`` dicts (no Django), and banlists.

``read_cards(source, game=…, filename=…)`` picks the reader by extension:

* ``.cdb`` — EDOPro SQLite (game ``yugioh``), or for ``vanguard`` the ygopro-cv
  layout (original series) or the vgdpro layout (has a ``country`` column);
* ``.json`` — YGOPRODeck ``cardinfo`` shape (game ``yugioh``);
* ``.db`` — VanguardEngine ``cards.db`` (game ``vanguard``);
* ``.csv`` — our documented CSV for any game (docs/deck-formats.md).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from .csvfiles import read_csv_cards
from .lflist import BanlistError, read_banlists
from .records import GAMES, CardFileError, CardRecord
from .vanguard import read_engine_db, read_vgdpro, read_ygopro_cv
from .yugioh import read_cdb, read_ygoprodeck_json

READERS_BY_EXTENSION = {
    ".cdb": {"yugioh", "vanguard"},
    ".json": {"yugioh"},
    ".db": {"vanguard"},
    ".csv": set(GAMES),
}


def _open_sqlite(data: bytes) -> sqlite3.Connection:
    if not data.startswith(b"SQLite format 3\x00"):
        raise CardFileError("not an SQLite database (wrong file header)", where="file header")
    connection = sqlite3.connect(":memory:")
    connection.deserialize(data)
    return connection


def _columns(connection: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}  # noqa: S608


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
    if game not in GAMES:
        raise CardFileError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    extension = Path(filename).suffix.lower()
    games = READERS_BY_EXTENSION.get(extension)
    if games is None:
        raise CardFileError(
            f"cannot read {filename!r}: expected a .cdb, .json, .db or .csv card file", where=filename
        )
    if game not in games:
        raise CardFileError(f"a {extension} file does not hold {game} cards", where=filename)
    if extension == ".json":
        return read_ygoprodeck_json(data)
    if extension == ".csv":
        return read_csv_cards(data, game=game)
    return _read_sqlite(data, game=game, extension=extension)


def _read_sqlite(data: bytes, *, game: str, extension: str) -> Iterator[CardRecord]:
    connection = _open_sqlite(data)
    try:
        if extension == ".db":
            yield from read_engine_db(connection)
        elif game == "yugioh":
            yield from read_cdb(connection)
        elif "country" in _columns(connection, "datas"):
            yield from read_vgdpro(connection)
        else:
            yield from read_ygopro_cv(connection)
    finally:
        connection.close()


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
    "GAMES",
    "read_banlists",
    "read_cards",
    "shared_data_dir",
]
