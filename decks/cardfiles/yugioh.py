"""Yu-Gi-Oh! card files: EDOPro ``.cdb`` (SQLite) and YGOPRODeck-shaped JSON."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import Any

from .records import CardFileError, CardRecord, new_record
from .sqlite import sqlite_file

# --- cdb bitmasks (see /work/shared/data/README.md §1) ------------------------------

TYPE_BITS: dict[int, str] = {
    0x1: "monster",
    0x2: "spell",
    0x4: "trap",
    0x10: "normal",
    0x20: "effect",
    0x40: "fusion",
    0x80: "ritual",
    0x100: "trap_monster",
    0x200: "spirit",
    0x400: "union",
    0x800: "gemini",
    0x1000: "tuner",
    0x2000: "synchro",
    0x4000: "token",
    0x10000: "quick_play",
    0x20000: "continuous",
    0x40000: "equip",
    0x80000: "field",
    0x100000: "counter",
    0x200000: "flip",
    0x400000: "toon",
    0x800000: "xyz",
    0x1000000: "pendulum",
    0x2000000: "special_summon",
    0x4000000: "link",
    0x8000000: "skill",
    0x10000000: "action",
}
TYPE_MONSTER, TYPE_SPELL, TYPE_TRAP = 0x1, 0x2, 0x4
TYPE_TOKEN, TYPE_XYZ, TYPE_PENDULUM, TYPE_LINK, TYPE_SKILL = 0x4000, 0x800000, 0x1000000, 0x4000000, 0x8000000
EXTRA_DECK_TYPES = 0x40 | 0x2000 | 0x800000 | 0x4000000  # Fusion, Synchro, Xyz, Link

SCOPE_BITS: dict[int, str] = {
    0x1: "ocg",
    0x2: "tcg",
    0x4: "anime",
    0x8: "illegal",
    0x10: "video_game",
    0x20: "custom",
    0x40: "speed",
    0x100: "prerelease",
    0x200: "rush",
    0x400: "legend",
    0x1000: "hidden",
}

RACE_BITS: dict[int, str] = {
    0x1: "Warrior",
    0x2: "Spellcaster",
    0x4: "Fairy",
    0x8: "Fiend",
    0x10: "Zombie",
    0x20: "Machine",
    0x40: "Aqua",
    0x80: "Pyro",
    0x100: "Rock",
    0x200: "Winged Beast",
    0x400: "Plant",
    0x800: "Insect",
    0x1000: "Thunder",
    0x2000: "Dragon",
    0x4000: "Beast",
    0x8000: "Beast-Warrior",
    0x10000: "Dinosaur",
    0x20000: "Fish",
    0x40000: "Sea Serpent",
    0x80000: "Reptile",
    0x100000: "Psychic",
    0x200000: "Divine-Beast",
    0x400000: "Creator-God",
    0x800000: "Wyrm",
    0x1000000: "Cyberse",
    0x2000000: "Illusion",
}

ATTRIBUTE_BITS: dict[int, str] = {
    0x1: "EARTH",
    0x2: "WATER",
    0x4: "FIRE",
    0x8: "WIND",
    0x10: "LIGHT",
    0x20: "DARK",
    0x40: "DIVINE",
}

# Clockwise from the top, as YGOPRODeck names them.
LINK_ARROW_BITS: dict[int, str] = {
    0x40: "Top-Left",
    0x80: "Top",
    0x100: "Top-Right",
    0x8: "Left",
    0x20: "Right",
    0x1: "Bottom-Left",
    0x2: "Bottom",
    0x4: "Bottom-Right",
}

BANLIST_WORDS = {
    "Banned": "Forbidden",
    "Forbidden": "Forbidden",
    "Limited": "Limited",
    "Semi-Limited": "Semi-Limited",
}


def bit_names(value: int, table: dict[int, str]) -> list[str]:
    return [name for bit, name in table.items() if value & bit]


def _single(value: int, table: dict[int, str]) -> str | None:
    names = bit_names(value, table)
    return names[0] if len(names) == 1 else (None if not names else "/".join(names))


def _printed(value: int) -> int | None:
    return None if value == -2 else value  # -2 is a printed "?"


def decode_cdb_row(row: sqlite3.Row | tuple[Any, ...], *, source: str = "cdb") -> CardRecord:
    """Turn one joined ``datas``+``texts`` row into a record (game ``yugioh``)."""
    code, ot, alias, setcode, type_, atk, def_, level, race, attribute, name = row
    type_words = bit_names(type_, TYPE_BITS)
    if type_ & TYPE_SKILL:
        kind = "skill"
    elif type_ & TYPE_TOKEN:
        kind = "token"
    elif type_ & TYPE_MONSTER:
        kind = "monster"
    elif type_ & TYPE_SPELL:
        kind = "spell"
    elif type_ & TYPE_TRAP:
        kind = "trap"
    else:
        kind = "other"
    stats: dict[str, Any] = {"types": type_words}
    tags = []
    if kind == "monster":
        stats.update(
            atk=_printed(atk),
            race=_single(race, RACE_BITS),
            attribute=_single(attribute, ATTRIBUTE_BITS),
        )
        if type_ & TYPE_LINK:
            stats["link_rating"] = level & 0xFF
            stats["link_arrows"] = bit_names(def_, LINK_ARROW_BITS)
        else:
            stats["def"] = _printed(def_)
            stats["rank" if type_ & TYPE_XYZ else "level"] = level & 0xFF
        if type_ & TYPE_PENDULUM:
            stats["scale_left"] = (level >> 24) & 0xFF
            stats["scale_right"] = (level >> 16) & 0xFF
        if type_ & EXTRA_DECK_TYPES:
            tags.append("extra_deck")
        if type_ & 0x1000:
            tags.append("tuner")
    elif type_ & TYPE_LINK:  # anime "Link Spells" carry arrows too
        stats["link_rating"] = level & 0xFF
        stats["link_arrows"] = bit_names(def_, LINK_ARROW_BITS)
    stats["setcodes"] = [(setcode >> (16 * i)) & 0xFFFF for i in range(4) if (setcode >> (16 * i)) & 0xFFFF]
    return new_record(
        game="yugioh",
        key=str(code),
        name=name or "",
        kind=kind,
        source=source,
        alias_of=str(alias) if alias else None,
        tags=tags,
        stats=stats,
        scopes=bit_names(ot, SCOPE_BITS),
    )


CDB_QUERY = (
    "SELECT d.id, d.ot, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, "
    "t.name FROM datas d JOIN texts t ON t.id = d.id ORDER BY d.id"
)


def read_cdb(connection: sqlite3.Connection, *, source: str = "cdb") -> Iterator[CardRecord]:
    try:
        rows = connection.execute(CDB_QUERY).fetchall()
    except sqlite3.DatabaseError as error:
        raise CardFileError(f"not an EDOPro card database ({error})", where="datas/texts tables") from None
    for row in rows:
        for field, value in zip(
            ("id", "ot", "alias", "setcode", "type", "atk", "def", "level"), row, strict=False
        ):
            if not isinstance(value, int):
                raise CardFileError(f"{value!r} is not an integer", where=f"card id {row[0]!r}", field=field)
        yield decode_cdb_row(row, source=source)


# --- YGOPRODeck JSON ---------------------------------------------------------------

_EXTRA_FRAMES = {"fusion", "synchro", "xyz", "link"}


def read_cdb_file(data: bytes) -> Iterator[CardRecord]:
    """Every card of an EDOPro ``.cdb`` file's bytes (the Yu-Gi-Oh! plug-in's ``.cdb`` reader)."""
    with sqlite_file(data) as connection:
        yield from read_cdb(connection)


def _kind_from_type(type_: str) -> str:
    if "Monster" in type_:
        return "monster"
    if type_.startswith("Spell"):
        return "spell"
    if type_.startswith("Trap"):
        return "trap"
    if type_.startswith("Skill"):
        return "skill"
    if "Token" in type_:
        return "token"
    return "other"


def _json_card(card: Any, index: int) -> CardRecord:
    where = f"card #{index + 1}"
    if not isinstance(card, dict):
        raise CardFileError("each card must be a JSON object", where=where)
    passcode = card.get("id")
    if not isinstance(passcode, int) or isinstance(passcode, bool) or passcode < 0:
        raise CardFileError(f"{passcode!r} is not a passcode", where=where, field="id")
    where = f"card #{index + 1} (id {passcode})"
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardFileError("every card needs an English name", where=where, field="name")
    name_fr = card.get("name_fr")
    if name_fr is not None and not isinstance(name_fr, str):
        raise CardFileError(f"{name_fr!r} is not text", where=where, field="name_fr")
    type_ = card.get("type")
    if not isinstance(type_, str):
        raise CardFileError(f"{type_!r} is not a type such as 'Effect Monster'", where=where, field="type")
    kind = _kind_from_type(type_)
    frame = str(card.get("frameType") or "")
    alternates = []
    for image in card.get("card_images") or ():
        other = image.get("id") if isinstance(image, dict) else None
        if not isinstance(other, int):
            raise CardFileError(f"{image!r} has no passcode", where=where, field="card_images")
        if other != passcode:
            alternates.append(str(other))
    misc = (card.get("misc_info") or [{}])[0]
    stats: dict[str, Any] = {"type": type_, "frame": frame, "race": card.get("race")}
    tags = []
    if kind == "monster":
        stats["attribute"] = card.get("attribute")
        stats["typeline"] = card.get("typeline") or []
        stats["atk"] = None if misc.get("question_atk") else card.get("atk")
        if "linkval" in card:
            stats["link_rating"] = card["linkval"]
            stats["link_arrows"] = card.get("linkmarkers") or []
        else:
            stats["def"] = None if misc.get("question_def") else card.get("def")
            stats["rank" if frame.startswith("xyz") else "level"] = card.get("level")
        if "scale" in card:
            stats["scale_left"] = stats["scale_right"] = card["scale"]
        if frame.split("_")[0] in _EXTRA_FRAMES:
            tags.append("extra_deck")
        if "Tuner" in stats["typeline"] or "Tuner" in type_:
            tags.append("tuner")
    if misc.get("unofficial_passcode"):
        tags.append("unofficial_passcode")
    limits = {}
    for field, scope in (("ban_tcg", "tcg"), ("ban_ocg", "ocg"), ("ban_goat", "goat")):
        value = (card.get("banlist_info") or {}).get(field)
        if value is not None:
            if value not in BANLIST_WORDS:
                raise CardFileError(f"{value!r} is not Banned/Limited/Semi-Limited", where=where, field=field)
            limits[scope] = BANLIST_WORDS[value]
    if misc.get("konami_id") is not None:
        stats["konami_id"] = misc["konami_id"]
    return new_record(
        game="yugioh",
        key=str(passcode),
        name=name,
        name_fr=name_fr or None,
        kind=kind,
        source="ygoprodeck-json",
        alternate_keys=alternates,
        tags=tags,
        stats=stats,
        limits=limits,
    )


def read_ygoprodeck_json(data: bytes) -> Iterator[CardRecord]:
    try:
        document = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise CardFileError(f"not valid JSON ({error})") from None
    cards = document.get("data") if isinstance(document, dict) else document
    if not isinstance(cards, list):
        raise CardFileError('expected {"data": [ … cards … ]} or a list of cards', where="top level")
    for index, card in enumerate(cards):
        yield _json_card(card, index)
