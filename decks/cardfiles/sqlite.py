"""SQLite card files (``.cdb``, ``.db``) read from bytes, in memory."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from .records import CardFileError


@contextmanager
def sqlite_file(data: bytes) -> Iterator[sqlite3.Connection]:
    """An in-memory copy of an SQLite file, closed after the ``with`` block."""
    if not data.startswith(b"SQLite format 3\x00"):
        raise CardFileError("not an SQLite database (wrong file header)", where="file header")
    connection = sqlite3.connect(":memory:")
    try:
        connection.deserialize(data)
        yield connection
    finally:
        connection.close()


def table_columns(connection: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}  # noqa: S608
