"""Cardfight!! Vanguard card files: VanguardEngine ``cards.db`` and the YGOPro-layout cdbs."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

from .records import CardFileError, CardRecord, new_record
from .sqlite import sqlite_file, table_columns

# VanguardEngine enumerations (see vanguard/SCHEMA.md)
UNIT_TYPES = {-1: "order", 0: "unit", 1: "unit", 2: "unit", 3: "unit", 4: "token"}
TRIGGERS = {0: "critical", 1: "draw", 2: "front", 3: "heal", 4: "stand", 5: "over"}
NATIONS = {
    0: "Cray Elemental",
    1: "Keter Sanctuary",
    2: "Dragon Empire",
    3: "Brandt Gate",
    4: "Dark States",
    5: "Stoicheia",
    6: "Lyrical Monasterio",
}
CLANS = {1: "Royal Paladin", 2: "Shadow Paladin", 3: "Kagero"}
SKILLS = {0: "Boost", 1: "Intercept", 2: "Twin Drive", 3: "Triple Drive"}
ORDER_TYPES = {
    0: "normal",
    1: "blitz",
    2: "set",
    3: "music",
    4: "prison",
    5: "world",
    6: "song",
    7: "gem",
    8: "meteorite",
    9: "left deity arms",
    10: "right deity arms",
    11: "fox art",
    12: "research",
}

ENGINE_QUERY = (
    "SELECT d.id, d.grade, d.skill, d.unitType, d.orderType, d.power, d.shield, d.critical, "
    "d.nation, d.dualNation, d.clan, d.race, d.trigger, d.personaRide, t.name "
    "FROM data d LEFT JOIN (SELECT id, MIN(rowid) AS first FROM text GROUP BY id) u ON u.id = d.id "
    "LEFT JOIN text t ON t.rowid = u.first ORDER BY d.id"
)


def _int(value: Any, *, where: str, field: str, tolerate: bool = False) -> int | None:
    if isinstance(value, int):
        return value
    if tolerate:
        return None  # upstream quirk (e.g. clan '1-' on dlbt02_008): unknown, not fatal
    raise CardFileError(f"{value!r} is not an integer", where=where, field=field)


def read_engine_db(connection: sqlite3.Connection) -> Iterator[CardRecord]:
    """VanguardEngine ``cards.db`` (D format). ``text`` ids repeat: the first row wins."""
    try:
        rows = connection.execute(ENGINE_QUERY).fetchall()
    except sqlite3.DatabaseError as error:
        raise CardFileError(f"not a VanguardEngine cards.db ({error})", where="data/text tables") from None
    for row in rows:
        card_id, *numbers, name = row
        where = f"card {card_id!r}"
        if not isinstance(card_id, str) or not card_id:
            raise CardFileError(f"{card_id!r} is not a card id", where=where, field="id")
        fields = ("grade", "skill", "unitType", "orderType", "power", "shield", "critical", "nation")
        fields += ("dualNation", "clan", "race", "trigger", "personaRide")
        values = {
            f: _int(v, where=where, field=f, tolerate=f == "clan")
            for f, v in zip(fields, numbers, strict=True)
        }
        unit_type = values["unitType"]
        if unit_type not in UNIT_TYPES:
            raise CardFileError(f"{unit_type!r} is not a known unit type", where=where, field="unitType")
        tags = []
        trigger = TRIGGERS.get(values["trigger"])  # type: ignore[arg-type]
        if trigger:
            tags += ["trigger", trigger]
        if unit_type == 2:
            tags.append("sentinel")
        if unit_type == 3:
            tags.append("overdress")
        if values["personaRide"] == 1:
            tags.append("persona_ride")
        nations = [NATIONS[n] for n in (values["nation"], values["dualNation"]) if n in NATIONS]
        stats = {
            "grade": values["grade"],
            "power": values["power"] if unit_type != -1 else None,
            "shield": values["shield"] if unit_type != -1 else None,
            "critical": values["critical"] if unit_type != -1 else None,
            "skill": SKILLS.get(values["skill"]),  # type: ignore[arg-type]
            "trigger": trigger,
            "nation": " / ".join(nations) or None,
            "clan": CLANS.get(values["clan"]),  # type: ignore[arg-type]
        }
        if unit_type == -1:
            stats["order_type"] = ORDER_TYPES.get(values["orderType"])  # type: ignore[arg-type]
        yield new_record(
            game="vanguard",
            key=card_id.lower(),
            # One data row (dsd02_019) has no text row: its id stands in for a name.
            name=name or card_id,
            kind=UNIT_TYPES[unit_type],
            source="vanguardengine-db",
            tags=tags,
            stats=stats,
        )


# --- ygopro-cv: original-series Vanguard in the YGOPro cdb layout -------------------

CV_TRIGGER_BITS = {0x20: "critical", 0x80: "heal", 0x100: "draw", 0x200: "stand"}
CV_NATIONS = {
    0x1: "United Sanctuary",
    0x2: "Dragon Empire",
    0x4: "Star Gate",
    0x8: "Dark Zone",
    0x10: "Magallanica",
    0x20: "Zoo",
}
CV_RULES_CARD = 10000000


def read_ygopro_cv(connection: sqlite3.Connection) -> Iterator[CardRecord]:
    try:
        rows = connection.execute(
            "SELECT d.id, d.type, d.level, d.atk, d.def, d.attribute, t.name, t.desc "
            "FROM datas d JOIN texts t ON t.id = d.id ORDER BY d.id"
        ).fetchall()
    except sqlite3.DatabaseError as error:
        raise CardFileError(f"not a YGOPro-layout card database ({error})", where="datas/texts") from None
    for code, type_, level, atk, def_, attribute, name, desc in rows:
        where = f"card id {code!r}"
        for field, value in (("id", code), ("type", type_), ("level", level), ("atk", atk), ("def", def_)):
            _int(value, where=where, field=field)
        tags: list[str] = []
        trigger = None
        if code == CV_RULES_CARD or type_ == 0:
            kind = "rules"
            tags.append("rules_card")
        else:
            kind = "unit"
            if type_ & 0x4:
                trigger = next((label for bit, label in CV_TRIGGER_BITS.items() if type_ & bit), None)
                tags += ["trigger", trigger] if trigger else ["trigger"]
            if "Sentinel" in (desc or ""):
                tags.append("sentinel")
        stats = {
            "grade": level & 0xFF if kind == "unit" else None,
            "power": atk if kind == "unit" else None,
            "shield": def_ if kind == "unit" else None,
            "critical": 1 if kind == "unit" else None,
            "trigger": trigger,
            "nation": CV_NATIONS.get(attribute),
            "has_abilities": not bool(type_ & 0x1000),
        }
        yield new_record(
            game="vanguard",
            key=str(code),
            name=name or str(code),
            kind=kind,
            source="ygopro-cv",
            tags=tags,
            stats=stats,
        )


# --- vgdpro: D/DZ-series Vanguard in the YGOPro cdb layout (Chinese names) ----------

VGD_TRIGGER_BITS = {0x2: "critical", 0x4: "draw", 0x8: "heal", 0x10: "front", 0x20: "over"}
VGD_KIND_BITS = [(0x4000, "token"), (0x2, "order"), (0x10000, "order"), (0x20000, "order"), (0x1, "unit")]


def read_vgdpro(connection: sqlite3.Connection) -> Iterator[CardRecord]:
    rows = connection.execute(
        "SELECT d.id, d.type, d.level, d.atk, d.def, d.race, t.name FROM datas d "
        "JOIN texts t ON t.id = d.id ORDER BY d.id"
    ).fetchall()
    for code, type_, level, atk, def_, race, name in rows:
        where = f"card id {code!r}"
        for field, value in (("id", code), ("type", type_), ("level", level), ("race", race)):
            _int(value, where=where, field=field)
        kind = next((label for bit, label in VGD_KIND_BITS if type_ & bit), "other")
        tags: list[str] = []
        trigger = None
        if type_ & 0x80:
            trigger = VGD_TRIGGER_BITS.get(race)
            tags += ["trigger", trigger] if trigger else ["trigger"]
        if type_ & 0x200:
            tags.append("g_unit")
        stats = {
            "grade": (level & 0xFF) - 1,
            "power": atk,
            "shield": None if def_ < 0 else def_,
            "trigger": trigger,
        }
        yield new_record(
            game="vanguard",
            key=str(code),
            name=name or str(code),
            kind=kind,
            source="vgdpro",
            tags=tags,
            stats=stats,
        )


def read_cdb_file(data: bytes) -> Iterator[CardRecord]:
    """Every card of a Vanguard ``.cdb`` file's bytes: the vgdpro layout (a ``country`` column) or the
    ygopro-cv one (original series)."""
    with sqlite_file(data) as connection:
        if "country" in table_columns(connection, "datas"):
            yield from read_vgdpro(connection)
        else:
            yield from read_ygopro_cv(connection)


def read_engine_db_file(data: bytes) -> Iterator[CardRecord]:
    """Every card of a VanguardEngine ``cards.db`` file's bytes."""
    with sqlite_file(data) as connection:
        yield from read_engine_db(connection)
