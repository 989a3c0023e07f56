"""The CSV card-pool format of every game, and EDOPro lflist.conf banlists."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from decks.cardfiles import BanlistError, CardFileError, read_banlists, read_cards

FIXTURES = Path(__file__).resolve().parents[3] / "decks" / "fixtures"


def _csv(text: str, game: str):
    return list(read_cards(text.encode(), game=game, filename="pool.csv"))


def test_rayman_fixture_pool():
    cards = {r["name"]: r for r in read_cards(FIXTURES / "rayman-pool.csv", game="rayman")}
    assert cards["Mr Dark"]["tags"] == ["boss"] and cards["Mr Dark"]["max_copies"] == 1
    assert cards["Mr Dark"]["name_fr"] == "M. Sinistre"
    assert cards["Betilla the Fairy"]["tags"] == ["unique"]
    assert cards["Summoning of the Teensies"]["tags"] == ["invocation"]
    assert cards["Summoning of the Teensies"]["kind"] == "magic"
    dream = cards["Dream Forest"]
    assert dream["kind"] == "terrain" and dream["tags"] == ["premium_terrain"] and dream["max_copies"] is None
    assert cards["Swamp of Awakening"]["tags"] == []
    assert cards["Rayman"]["stats"] == {
        "cost": 2,
        "attack": 400,
        "defense": 300,
        "hp": 500,
        "element": "Bon",
        "edition": "Rayman1",
    }
    assert cards["Rayman"]["rarity"] == "R"


def test_arrows_fixture_pool():
    cards = {r["key"]: r for r in read_cards(FIXTURES / "arrows-pool.csv", game="arrows")}
    assert len(cards) == 12
    assert cards["a-005"]["max_copies"] == 1
    assert cards["a-008"]["max_copies"] == 2
    assert cards["a-003"]["stats"]["ret"] == 1
    assert cards["a-011"]["kind"] == "trap"


def test_vanguard_fixture_pool():
    cards = {r["key"]: r for r in read_cards(FIXTURES / "vanguard-trial-deck.csv", game="vanguard")}
    assert cards["10001014"]["tags"] == ["trigger", "heal"]
    assert cards["dsd01_008"]["tags"] == ["sentinel"]
    assert cards["dbt01_013"]["tags"] == ["trigger", "over"]
    assert cards["10001005"]["stats"]["grade"] == 2


def test_yugioh_csv_with_semicolons_and_extra_deck_frames():
    cards = _csv(
        "id;name;name_fr;kind;frame;atk;def;level;alternate_ids\n"
        "89631139;Blue-Eyes White Dragon;Dragon Blanc aux Yeux Bleus;monster;normal;3000;2500;8;89631140\n"
        "1861629;Decode Talker;;monster;link;2300;;;\n",
        "yugioh",
    )
    assert cards[0]["alternate_keys"] == ["89631140"]
    assert cards[0]["stats"]["atk"] == 3000
    assert "extra_deck" in cards[1]["tags"] and "extra_deck" not in cards[0]["tags"]


def test_csv_key_defaults_to_the_name():
    (card,) = _csv("name,kind\nÉpée de Lumière,magic\n", "rayman")
    assert card["key"] == "epee-de-lumiere"


@pytest.mark.parametrize(
    ("text", "game", "where", "field", "fragment"),
    [
        ("name,kind,power\nA,creature,1\n", "rayman", "row 1 (header)", "power", "unknown column"),
        ("name\nA\n", "rayman", "row 1 (header)", "kind", "needs a 'kind'"),
        ("name,kind\nA,creature\n,creature\n", "rayman", "row 3", "name", "needs a name"),
        ("name,kind\nA,dragon\n", "rayman", "row 2", "kind", "not a rayman card kind"),
        ("name,kind,attack\nA,creature,lots\n", "rayman", "row 2", "attack", "not a whole number"),
        ("name,kind,limit\nA,creature,twice\n", "rayman", "row 2", "limit", "not a copy limit"),
        ("id,name,kind\n1,A,monster\n1,B,monster\n", "arrows", "row 3", "id", "appears twice"),
        ("id,name,kind,trigger\n1,A,unit,explode\n", "vanguard", "row 2", "trigger", "not a trigger"),
        ("id,name,kind,sentinel\n1,A,unit,maybe\n", "vanguard", "row 2", "sentinel", "yes/no"),
        ("id,name,kind\nabc,A,monster\n", "yugioh", "row 2", "id", "not a passcode"),
        ("name,kind\n", "yugioh", "row 1 (header)", "id", "passcode"),
        ("name,kind\nA,creature,extra\n", "rayman", "row 2", None, "stray delimiter"),
    ],
)
def test_csv_errors_name_row_and_field(text, game, where, field, fragment):
    with pytest.raises(CardFileError, match=fragment) as caught:
        _csv(text, game)
    assert caught.value.where == where
    assert caught.value.field == field


def test_csv_empty_and_non_utf8():
    with pytest.raises(CardFileError, match="header row"):
        _csv("", "rayman")
    with pytest.raises(CardFileError, match="UTF-8") as caught:
        list(read_cards(b"name,kind\nA,creature\n\xe9,creature\n", game="rayman", filename="p.csv"))
    assert caught.value.where == "line 3"


# --- banlists ----------------------------------------------------------------------


def test_fixture_banlists():
    tcg, goat = read_banlists((FIXTURES / "banlist.lflist.conf").read_text())
    assert tcg.name == "2026.02 TCG" and tcg.date == dt.date(2026, 2, 1) and not tcg.whitelist
    assert tcg.limits["55144522"] == 0 and tcg.limits["94145021"] == 2
    assert tcg.limit_for({"4280259"}) == 0
    assert tcg.limit_for({"89631139"}) is None
    assert goat.whitelist and goat.date == dt.date(2005, 4, 1)
    assert goat.limits["19613556"] == 1


def test_banlist_syntax_details():
    text = (
        "#[A][B]\r\n!2026.07.01 Rush Duel\r\n$whitelist\r\n1 -1\r\n--section label\r\n"
        "160001000 3 --Card\t\tLABEL\r\n\r\n!Custom list\r\n55144522 1\r\n$unknowndirective\r\n"
    )
    rush, custom = read_banlists(text.encode())
    assert rush.date == dt.date(2026, 7, 1) and rush.whitelist
    assert rush.limits == {"160001000": 3}  # the stray "1 -1" is ignored
    assert custom.name == "Custom list" and custom.date is None and not custom.whitelist
    assert custom.to_json() == {
        "name": "Custom list",
        "date": None,
        "whitelist": False,
        "limits": {"55144522": 1},
    }


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("55144522 0\n", 1, "before any '!name'"),
        ("!L\n55144522\n", 2, "expected '<passcode> <count>'"),
        ("!L\nPot 0\n", 2, "not a passcode"),
        ("!L\n#c\n55144522 zero\n", 3, "not a number of copies"),
        ("!\n", 1, "needs a name"),
    ],
)
def test_banlist_errors_have_line_numbers(text, line, fragment):
    with pytest.raises(BanlistError, match=fragment) as caught:
        read_banlists(text)
    assert caught.value.line == line
    assert caught.value.where == f"line {line}"


def test_banlist_not_utf8():
    with pytest.raises(BanlistError, match="UTF-8") as caught:
        read_banlists(b"!L\n1 0 --ok\n2 0 --\xff\n")
    assert caught.value.line == 3
