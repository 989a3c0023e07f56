"""The CSV card-pool format, one per game (documented in docs/deck-formats.md).

Every file has a header row. Common columns: ``id``, ``name`` (required), ``name_fr``,
``kind`` (required), ``rarity``, ``limit``, ``tags``, ``alternate_ids``. Each game adds
its own stat columns (``csv_columns`` of its plug-in). Unknown columns are an error, so a
typo in a header never silently drops a stat.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

from rulings.engine.registry import get_plugin

from ..names import normalise_name
from .records import CardFileError, CardRecord, new_record

COMMON_COLUMNS = ("id", "name", "name_fr", "kind", "rarity", "limit", "tags", "alternate_ids")

EXTRA_DECK_FRAMES = {"fusion", "synchro", "xyz", "link"}
VANGUARD_TRIGGERS = {"critical", "draw", "front", "heal", "stand", "over"}
# ``limit`` keywords: the tag they set and the copies they allow (None = no cap).
LIMIT_KEYWORDS: dict[str, tuple[str, int | None]] = {
    "boss": ("boss", 1),
    "unique": ("unique", 1),
    "invocation": ("invocation", 1),
    "premium": ("premium_terrain", None),
    "premium_terrain": ("premium_terrain", None),
    "unlimited": ("unlimited", None),
}
TRUE_WORDS = {"1", "yes", "y", "true", "oui", "x"}
FALSE_WORDS = {"", "0", "no", "n", "false", "non"}


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise CardFileError("the file is not UTF-8 text", where=f"line {line}") from None


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    header = text.split("\n", 1)[0]
    # Spreadsheets in French locales write ';'.
    counts = {delimiter: header.count(delimiter) for delimiter in ",;\t"}
    delimiter = max(counts, key=lambda d: counts[d])

    class Sniffed(csv.excel):
        pass

    Sniffed.delimiter = delimiter if counts[delimiter] else ","
    return Sniffed


def read_csv_cards(data: bytes, *, game: str) -> Iterator[CardRecord]:
    columns = get_plugin(game).csv_columns  # rulings/engine/<game>/plugin.py
    spec = {"int": columns.int, "text": columns.text, "kinds": columns.kinds}
    text = _decode(data)
    reader = csv.reader(io.StringIO(text), dialect=_dialect(text))
    try:
        header = [column.strip().lower() for column in next(reader)]
    except StopIteration:
        raise CardFileError("the file is empty; it needs a header row", where="row 1") from None
    allowed = set(COMMON_COLUMNS) | set(spec["int"]) | set(spec["text"])
    for column in header:
        if column not in allowed:
            raise CardFileError(
                f"unknown column {column!r}; {game} CSV columns are {', '.join(sorted(allowed))}",
                where="row 1 (header)",
                field=column,
            )
    for required in ("name", "kind"):
        if required not in header:
            raise CardFileError(
                f"the header needs a {required!r} column", where="row 1 (header)", field=required
            )
    if game == "yugioh" and "id" not in header:
        raise CardFileError(
            "a Yu-Gi-Oh! CSV needs an 'id' (passcode) column", where="row 1 (header)", field="id"
        )
    if len(set(header)) != len(header):
        raise CardFileError("a column appears twice", where="row 1 (header)")
    seen: set[str] = set()
    for row_number, row in enumerate(reader, start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise CardFileError(
                f"{len(row)} cells for {len(header)} columns (a stray delimiter?)", where=f"row {row_number}"
            )
        values = {column: (row[i].strip() if i < len(row) else "") for i, column in enumerate(header)}
        record = _csv_record(values, game=game, spec=spec, where=f"row {row_number}")
        if record["key"] in seen:
            raise CardFileError(f"id {record['key']!r} appears twice", where=f"row {row_number}", field="id")
        seen.add(record["key"])
        yield record


def _csv_int(value: str, *, where: str, field: str) -> int | None:
    if value in ("", "?", "-"):
        return None
    try:
        return int(value)
    except ValueError:
        raise CardFileError(f"{value!r} is not a whole number", where=where, field=field) from None


def _csv_record(values: dict[str, str], *, game: str, spec: dict[str, Any], where: str) -> CardRecord:
    name = values["name"]
    if not name:
        raise CardFileError("every card needs a name", where=where, field="name")
    kind_word = values["kind"].lower()
    if kind_word not in spec["kinds"]:
        raise CardFileError(
            f"{values['kind']!r} is not a {game} card kind; "
            f"use one of {', '.join(sorted(set(spec['kinds'])))}",
            where=where,
            field="kind",
        )
    kind = spec["kinds"][kind_word]
    key = values.get("id", "")
    if game == "yugioh" and not key.isdigit():
        raise CardFileError(f"{key!r} is not a passcode", where=where, field="id")
    key = key.lower() if key else normalise_name(name).replace(" ", "-")
    stats: dict[str, Any] = {}
    for column in spec["int"]:
        if column in values:
            stats[column] = _csv_int(values[column], where=where, field=column)
    for column in spec["text"]:
        if column in values:
            stats[column] = values[column] or None
    tags = [tag.strip().lower() for tag in values.get("tags", "").split(";") if tag.strip()]
    max_copies = None
    limit = values.get("limit", "").strip().lower()
    if limit:
        if limit.isdigit():
            max_copies = int(limit)
        elif limit in LIMIT_KEYWORDS:
            tag, max_copies = LIMIT_KEYWORDS[limit]
            tags.append(tag)
        else:
            raise CardFileError(
                f"{values['limit']!r} is not a copy limit; "
                f"write a number or one of {', '.join(LIMIT_KEYWORDS)}",
                where=where,
                field="limit",
            )
    if game == "yugioh" and (stats.get("frame") or "").lower().split("_")[0] in EXTRA_DECK_FRAMES:
        tags.append("extra_deck")
    if game == "vanguard":
        trigger = (stats.get("trigger") or "").lower() or None
        if trigger is not None and trigger not in VANGUARD_TRIGGERS:
            raise CardFileError(
                f"{stats['trigger']!r} is not a trigger; use one of {', '.join(sorted(VANGUARD_TRIGGERS))}",
                where=where,
                field="trigger",
            )
        stats["trigger"] = trigger
        if trigger:
            tags += ["trigger", trigger]
        sentinel = (stats.pop("sentinel", None) or "").lower()
        if sentinel in TRUE_WORDS:
            tags.append("sentinel")
        elif sentinel not in FALSE_WORDS:
            raise CardFileError(f"{sentinel!r} is not yes/no", where=where, field="sentinel")
    alternates = [a.strip() for a in values.get("alternate_ids", "").split(";") if a.strip()]
    return new_record(
        game=game,
        key=key,
        name=name,
        name_fr=values.get("name_fr") or None,
        kind=kind,
        source="csv",
        rarity=values.get("rarity") or None,
        max_copies=max_copies,
        tags=list(dict.fromkeys(tags)),
        stats=stats,
        alternate_keys=alternates,
    )
