"""Card-file readers on our fixtures and on small databases built in the test."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from decks.cardfiles import CardFileError, read_cards

FIXTURES = Path(__file__).resolve().parents[3] / "decks" / "fixtures"


def _by_name(records):
    return {record["name"]: record for record in records}


# --- YGOPRODeck JSON ---------------------------------------------------------------


def test_ygoprodeck_fixture():
    cards = _by_name(read_cards(FIXTURES / "yugioh-cards.json", game="yugioh"))
    ash = cards["Ash Blossom & Joyous Spring"]
    assert ash["key"] == "14558127"
    assert ash["name_fr"] == "Floraison de Cendres et Joyeux Printemps"
    assert ash["alternate_keys"] == ["14558128"]
    assert ash["kind"] == "monster"
    assert "tuner" in ash["tags"] and "extra_deck" not in ash["tags"]
    assert ash["stats"]["level"] == 3 and ash["stats"]["def"] == 1800
    assert ash["limits"] == {"ocg": "Semi-Limited"}
    assert cards["Pot of Greed"]["limits"] == {"tcg": "Forbidden", "ocg": "Forbidden"}
    assert cards["Pot of Greed"]["kind"] == "spell"
    decode = cards["Decode Talker"]
    assert "extra_deck" in decode["tags"]
    assert decode["stats"]["link_rating"] == 3
    assert decode["stats"]["link_arrows"] == ["Top", "Bottom-Left", "Bottom-Right"]
    assert "def" not in decode["stats"]
    assert cards["Number 39: Utopia"]["stats"]["rank"] == 4
    assert "extra_deck" in cards["Stardust Dragon"]["tags"]
    assert "extra_deck" in cards["Blue-Eyes Ultimate Dragon"]["tags"]
    assert cards["Astrograph Sorcerer"]["stats"]["scale_left"] == 1
    assert "unofficial_passcode" in cards["Obelisk the Tormentor"]["tags"]
    assert len(cards["Blue-Eyes White Dragon"]["alternate_keys"]) == 7


@pytest.mark.parametrize(
    ("document", "where", "field"),
    [
        (b'{"data": [{"id": "x", "name": "A", "type": "Spell Card"}]}', "card #1", "id"),
        (b'{"data": [{"id": 1, "name": "", "type": "Spell Card"}]}', "card #1 (id 1)", "name"),
        (b'{"data": [{"id": 1, "name": "A"}]}', "card #1 (id 1)", "type"),
        (
            b'{"data": [{"id": 1, "name": "A", "type": "Spell Card"}, '
            b'{"id": 2, "name": "B", "type": "Spell Card",'
            b' "banlist_info": {"ban_tcg": "Sometimes"}}]}',
            "card #2 (id 2)",
            "ban_tcg",
        ),
        (
            b'{"data": [{"id": 1, "name": "A", "type": "Spell Card", "card_images": [{"x": 1}]}]}',
            "card #1 (id 1)",
            "card_images",
        ),
    ],
)
def test_ygoprodeck_errors_name_card_and_field(document, where, field):
    with pytest.raises(CardFileError) as caught:
        list(read_cards(document, game="yugioh", filename="cards.json"))
    assert caught.value.where == where
    assert caught.value.field == field


def test_ygoprodeck_not_json():
    with pytest.raises(CardFileError, match="not valid JSON"):
        list(read_cards(b"{nope", game="yugioh", filename="cards.json"))
    with pytest.raises(CardFileError, match="expected"):
        list(read_cards(b'{"cards": 1}', game="yugioh", filename="cards.json"))


# --- EDOPro cdb --------------------------------------------------------------------


def _cdb(rows, *, extra_column: bool = False) -> bytes:
    connection = sqlite3.connect(":memory:")
    extra = ', "country" INTEGER' if extra_column else ""
    connection.execute(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, "
        "type INTEGER, "
        f"atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, category INTEGER{extra})"
    )
    connection.execute(
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT, "
        + ", ".join(f"str{i} TEXT" for i in range(1, 17))
        + ")"
    )
    for row in rows:
        values = row[:10] + (0,) + ((0,) if extra_column else ())
        connection.execute(f"INSERT INTO datas VALUES ({', '.join('?' * len(values))})", values)
        connection.execute("INSERT INTO texts (id, name, desc) VALUES (?, ?, ?)", (row[0], row[10], row[11]))
    connection.commit()
    return connection.serialize()


def test_cdb_decodes_bitmasks():
    data = _cdb(
        [
            # id, ot, alias, setcode, type, atk, def, level, race, attribute, name, desc
            (89631139, 0x3, 0, 0xDD, 0x11, 3000, 2500, 8, 0x2000, 0x10, "Blue-Eyes White Dragon", ""),
            (
                1861629,
                0x3,
                0,
                0x101,
                0x4000021,
                2300,
                0x80 | 0x1 | 0x4,
                3,
                0x1000000,
                0x20,
                "Decode Talker",
                "",
            ),
            (84013237, 0x3, 0, 0x107F, 0x800021, 2500, 2000, 4, 0x1, 0x10, "Number 39: Utopia", ""),
            (
                76794549,
                0x3,
                0,
                0,
                0x1000021,
                1200,
                2400,
                (1 << 24) | (1 << 16) | 7,
                0x2,
                0x20,
                "Astrograph",
                "",
            ),
            (504700003, 0x8, 980973, 0, 0x21, -2, -2, 3, 0x2000, 0x4, "Armed Dragon LV3 (GOAT)", ""),
            (24224830, 0x3, 0, 0, 0x10002, 0, 0, 0, 0, 0, "Called by the Grave", ""),
            (300101001, 0x40, 0, 0, 0x8000000, 0, 0, 0, 0, 0, "Skill", ""),
        ]
    )
    cards = _by_name(read_cards(data, game="yugioh", filename="x.cdb"))
    blue_eyes = cards["Blue-Eyes White Dragon"]
    assert blue_eyes["kind"] == "monster"
    assert blue_eyes["stats"]["race"] == "Dragon" and blue_eyes["stats"]["attribute"] == "LIGHT"
    assert blue_eyes["stats"]["level"] == 8 and blue_eyes["stats"]["types"] == ["monster", "normal"]
    assert blue_eyes["scopes"] == ["ocg", "tcg"]
    assert blue_eyes["stats"]["setcodes"] == [0xDD]
    decode = cards["Decode Talker"]
    assert "extra_deck" in decode["tags"]
    assert decode["stats"]["link_rating"] == 3
    assert decode["stats"]["link_arrows"] == ["Top", "Bottom-Left", "Bottom-Right"]
    assert cards["Number 39: Utopia"]["stats"]["rank"] == 4
    assert cards["Number 39: Utopia"]["stats"]["setcodes"] == [0x107F]
    astro = cards["Astrograph"]["stats"]
    assert (astro["level"], astro["scale_left"], astro["scale_right"]) == (7, 1, 1)
    goat = cards["Armed Dragon LV3 (GOAT)"]
    assert goat["alias_of"] == "980973"
    assert goat["stats"]["atk"] is None and goat["stats"]["def"] is None  # printed "?"
    assert goat["scopes"] == ["illegal"]
    called = cards["Called by the Grave"]
    assert called["kind"] == "spell" and "quick_play" in called["stats"]["types"]
    assert cards["Skill"]["kind"] == "skill"


def test_cdb_bad_value_names_the_card_and_field():
    connection = sqlite3.connect(":memory:")
    connection.executescript(
        "CREATE TABLE datas (id, ot, alias, setcode, type, atk, def, level, race, attribute, category);"
        "CREATE TABLE texts (id, name, desc);"
        "INSERT INTO datas VALUES (5, 3, 0, 0, 'monster', 0, 0, 4, 1, 1, 0);"
        "INSERT INTO texts VALUES (5, 'Broken', '');"
    )
    with pytest.raises(CardFileError) as caught:
        list(read_cards(connection.serialize(), game="yugioh", filename="bad.cdb"))
    assert caught.value.where == "card id 5"
    assert caught.value.field == "type"


def test_cdb_without_tables():
    connection = sqlite3.connect(":memory:")
    connection.execute("CREATE TABLE other (x)")
    with pytest.raises(CardFileError, match="not an EDOPro card database"):
        list(read_cards(connection.serialize(), game="yugioh", filename="x.cdb"))


def test_not_sqlite():
    with pytest.raises(CardFileError, match="not an SQLite database"):
        list(read_cards(b"hello", game="yugioh", filename="x.cdb"))


# --- Vanguard ----------------------------------------------------------------------


def _engine_db(rows, texts) -> bytes:
    connection = sqlite3.connect(":memory:")
    connection.executescript(
        'CREATE TABLE text ("id" INTEGER, "name" TEXT, "text" TEXT, str1 TEXT, str2 TEXT, str3 TEXT, '
        "str4 TEXT, str5 TEXT, str6 TEXT);"
        'CREATE TABLE data ("id" TEXT UNIQUE, grade INTEGER, skill INTEGER, unitType INTEGER, '
        "orderType INTEGER, "
        "power INTEGER, shield INTEGER, critical INTEGER, nation INTEGER, dualNation INTEGER, clan INTEGER, "
        "race INTEGER, trigger INTEGER, triggerPower INTEGER, personaRide INTEGER, format INTEGER);"
    )
    connection.executemany(f"INSERT INTO data VALUES ({', '.join('?' * 16)})", rows)
    connection.executemany("INSERT INTO text (id, name, text) VALUES (?, ?, '')", texts)
    connection.commit()
    return connection.serialize()


def test_vanguard_engine_db():
    data = _engine_db(
        [
            ("dsd01_013", 0, 0, 1, -1, 5000, 15000, 1, 2, -1, -1, -1, 3, 10000, 0, 2),
            ("dsd01_008", 1, 1, 2, -1, 7000, 0, 1, 2, -1, -1, -1, -1, 0, 0, 2),
            ("dbt01_013", 0, 0, 1, -1, 5000, 50000, 1, 2, -1, "1-", -1, 5, 100000000, 0, 2),
            ("dsd01_001", 3, 2, 0, -1, 13000, 0, 1, 2, 4, 3, -1, -1, 0, 1, 2),
            ("dsd04_015", -1, -1, -1, 0, -1, -1, -1, 3, -1, -1, -1, -1, 0, 0, 2),
            ("dsd02_019", 1, 0, 0, -1, 8000, 5000, 1, 4, -1, -1, -1, -1, 0, 0, 2),
        ],
        [
            ("dsd01_013", "Heal Dragon"),
            ("dsd01_013", "Heal Dragon (second wording)"),
            ("dsd01_008", "Sentinel Dragon"),
            ("dbt01_013", "Over Dragon"),
            ("dsd01_001", "Grade 3 Dragon"),
            ("dsd04_015", "An Order"),
        ],
    )
    cards = {record["key"]: record for record in read_cards(data, game="vanguard", filename="cards.db")}
    assert cards["dsd01_013"]["name"] == "Heal Dragon"  # first text row wins
    assert cards["dsd01_013"]["tags"] == ["trigger", "heal"]
    assert cards["dsd01_013"]["stats"]["shield"] == 15000
    assert "sentinel" in cards["dsd01_008"]["tags"]
    assert cards["dbt01_013"]["tags"] == ["trigger", "over"]
    assert cards["dbt01_013"]["stats"]["clan"] is None  # the '1-' upstream quirk is tolerated
    grade3 = cards["dsd01_001"]
    assert grade3["stats"]["nation"] == "Dragon Empire / Dark States"
    assert grade3["stats"]["clan"] == "Kagero"
    assert "persona_ride" in grade3["tags"]
    assert cards["dsd04_015"]["kind"] == "order"
    assert cards["dsd04_015"]["stats"]["power"] is None
    assert cards["dsd02_019"]["name"] == "dsd02_019"  # no text row


def test_vanguard_engine_db_bad_unit_type():
    data = _engine_db([("x_001", 0, 0, 9, -1, 0, 0, 1, 0, -1, -1, -1, -1, 0, 0, 2)], [("x_001", "X")])
    with pytest.raises(CardFileError) as caught:
        list(read_cards(data, game="vanguard", filename="cards.db"))
    assert (caught.value.where, caught.value.field) == ("card 'x_001'", "unitType")


def test_ygopro_cv_layout():
    data = _cdb(
        [
            (10000000, 3, 0, 0, 0, 0, 0, 0, 0, 0, "Cardfight!! Vanguard Rules", ""),
            (10001005, 3, 0, 0, 0x3, 9000, 5000, 2, 0, 0x1, "Blaster Blade", ""),
            (10001014, 3, 0, 0, 0x85, 5000, 10000, 0, 0, 0x1, "Yggdrasil Maiden, Elaine", ""),
        ]
    )
    cards = {r["key"]: r for r in read_cards(data, game="vanguard", filename="cards.cdb")}
    assert cards["10000000"]["tags"] == ["rules_card"]
    blade = cards["10001005"]
    assert (blade["stats"]["grade"], blade["stats"]["power"], blade["stats"]["shield"]) == (2, 9000, 5000)
    assert blade["stats"]["nation"] == "United Sanctuary"
    assert cards["10001014"]["tags"] == ["trigger", "heal"]


def test_vgdpro_layout_is_recognised_by_its_country_column():
    data = _cdb([(10401001, 1, 0, 0, 0x81, 5000, 15000, 1, 0x8, 0, "治愈", "")], extra_column=True)
    (card,) = read_cards(data, game="vanguard", filename="cards.cdb")
    assert card["source"] == "vgdpro"
    assert card["stats"]["grade"] == 0
    assert card["tags"] == ["trigger", "heal"]


# --- read_cards dispatch -----------------------------------------------------------


def test_dispatch_errors():
    with pytest.raises(CardFileError, match="expected a .cdb"):
        read_cards(b"", game="yugioh", filename="cards.xlsx")
    with pytest.raises(CardFileError, match="does not hold rayman cards"):
        read_cards(b"", game="rayman", filename="cards.json")
    with pytest.raises(CardFileError, match="unknown game"):
        read_cards(b"", game="chess", filename="cards.csv")
    with pytest.raises(ValueError, match="filename"):
        read_cards(b"", game="yugioh")
