"""validate_deck: the JSON report, exit codes 0/1/2, --banlist NAME|FILE, --cards FILE, standard input."""

from __future__ import annotations

import base64
import io
import json
import struct
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.decks.conftest import FIXTURES, LEGAL_TEXT, LEGAL_YDK

pytestmark = pytest.mark.django_db


def validate(path, *args, stdin: bytes | None = None, monkeypatch=None) -> tuple[int, dict]:
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    try:
        call_command("validate_deck", str(path), *args, stdout=out)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, json.loads(out.getvalue())


def test_legal_ydk_against_the_database(tmp_path, yugioh_cards, banlists):
    deck = tmp_path / "legal.ydk"
    deck.write_text(LEGAL_YDK)
    code, report = validate(deck, "--game", "yugioh", "--banlist", "2026.02 TCG")
    assert code == 0
    assert report == {"legal": True, "counts": {"main": 40, "extra": 3, "side": 0}, "problems": []}


def test_every_problem_at_once_with_exit_1(tmp_path, yugioh_cards, banlists):
    text = LEGAL_TEXT.replace("1 Kuriboh\n", "1 Pot of Greed\n").replace("3 Sangan\n", "2 Sangan\n")
    text += "\nSide Deck:\n1 Dark Magicain\n"
    deck = tmp_path / "list.txt"
    deck.write_text(text)
    code, report = validate(deck, "--game", "yugioh", "--banlist", "2026.02 TCG")
    assert code == 1
    codes = [p["code"] for p in report["problems"]]
    assert "main_too_small" in codes and "forbidden" in codes and "unknown_card" in codes
    assert report["counts"] == {"main": 39, "extra": 3, "side": 1}
    unknown = next(p for p in report["problems"] if p["code"] == "unknown_card")
    assert unknown["suggestion"] == "Dark Magician"
    small = next(p for p in report["problems"] if p["code"] == "main_too_small")
    assert "39" in small["message"] and "40" in small["message"]


def test_banlist_from_a_file_and_cards_from_a_file_without_the_database(tmp_path):
    from decks.models import Card

    deck = tmp_path / "legal.ydk"
    deck.write_text(LEGAL_YDK.replace("40640057\n", "55144522\n"))
    code, report = validate(
        deck,
        "--game",
        "yugioh",
        "--banlist",
        str(FIXTURES / "banlist.lflist.conf"),
        "--cards",
        str(FIXTURES / "yugioh-cards.json"),
    )
    assert code == 1
    assert [p["code"] for p in report["problems"]] == ["forbidden"]
    assert "Pot of Greed" in report["problems"][0]["message"]
    assert not Card.objects.exists()


def test_standard_input_and_ydke(yugioh_cards, monkeypatch):
    codes = [int(line) for line in LEGAL_YDK.splitlines() if line.isdigit()]
    main, extra = codes[:40], codes[40:]

    def part(values):
        return base64.b64encode(struct.pack(f"<{len(values)}I", *values)).decode()

    link = f"ydke://{part(main)}!{part(extra)}!!"
    code, report = validate("-", "--game", "yugioh", stdin=link.encode(), monkeypatch=monkeypatch)
    assert code == 0 and report["counts"] == {"main": 40, "extra": 3, "side": 0}


def test_vanguard_csv_pool(tmp_path):
    from decks.cardfiles import read_cards

    cards = list(read_cards(FIXTURES / "vanguard-trial-deck.csv", game="vanguard"))
    deck = tmp_path / "vg.txt"
    deck.write_text("".join(f"1 {card['name']}\n" for card in cards[:3]))
    code, report = validate(deck, "--game", "vanguard", "--cards", str(FIXTURES / "vanguard-trial-deck.csv"))
    assert code == 1 and any(p["code"] == "deck_too_small" for p in report["problems"])


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("deck.ydk", b"#main\n89631139\nnot-a-passcode\n", "Line 3"),
        ("link.txt", b"ydke://%%%!!!", "base64"),
        ("deck.ydk", b"", "empty"),
        ("deck.ydk", b"#main\n" + b"89631139\n" * 8000, "64 KB"),
    ],
    ids=["malformed-ydk-line", "broken-ydke", "empty", "over-64kb"],
)
def test_unreadable_input_exits_2_with_the_reason(tmp_path, name, content, message, yugioh_cards):
    deck = tmp_path / name
    deck.write_bytes(content)
    with pytest.raises(CommandError) as error:
        call_command("validate_deck", str(deck), "--game", "yugioh")
    assert error.value.returncode == 2
    assert message in str(error.value)


def test_unknown_passcode_is_a_problem_not_a_crash(tmp_path, yugioh_cards):
    deck = tmp_path / "deck.ydk"
    deck.write_bytes(LEGAL_YDK.replace("40640057", "12345678").encode().replace(b"\n", b"\r\n"))
    code, report = validate(deck, "--game", "yugioh")
    assert code == 1
    assert report["problems"] == [
        {
            "code": "unknown_card",
            "message": "Card not found: passcode 12345678",
            "section": "main",
            "card": "12345678",
        }
    ]


def test_unknown_banlist_name_and_missing_file_exit_2(tmp_path, yugioh_cards):
    deck = tmp_path / "legal.ydk"
    deck.write_text(LEGAL_YDK)
    with pytest.raises(CommandError, match="no banlist named") as error:
        call_command("validate_deck", str(deck), "--game", "yugioh", "--banlist", "1999 Nope")
    assert error.value.returncode == 2
    with pytest.raises(CommandError, match="cannot read") as error:
        call_command("validate_deck", str(tmp_path / "missing.ydk"), "--game", "yugioh")
    assert error.value.returncode == 2


def test_a_whitelist_naming_only_the_goat_version_accepts_the_usual_passcode(tmp_path, yugioh_cards):
    """GOAT lists name the GOAT entries (which alias the real card); a deck with the real passcode passes."""
    import sqlite3

    from decks.formats import DeckList
    from decks.services.cards import cards_import_file
    from decks.services.validation import deck_validate
    from rulings.engine.decklists import Banlist

    path = tmp_path / "goat.cdb"
    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER,"
        " type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER,"
        " category INTEGER);"
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT);"
        "INSERT INTO datas VALUES (504700001, 8, 89631139, 221, 17, 3000, 2500, 8, 8192, 16, 0);"
        "INSERT INTO texts VALUES (504700001, 'Blue-Eyes White Dragon (GOAT)', '');"
    )
    connection.commit()
    connection.close()
    cards_import_file(path=path, game="yugioh")
    goat = Banlist.named("2005.4 Test GOAT", {"504700001": 3}, whitelist=True)
    deck = DeckList.of(main=[(89631139, 3), (40640057, 1)])
    problems = deck_validate(deck=deck, game="yugioh", banlist=goat).to_json()["problems"]
    codes = {(p["code"], p.get("card")) for p in problems}
    assert ("not_on_whitelist", "Blue-Eyes White Dragon") not in codes
    assert ("not_on_whitelist", "Kuriboh") in codes


def test_exit_codes_and_stderr_of_the_real_process(tmp_path):
    """0 legal, 1 not legal, 2 unreadable (reason on stderr), through `python manage.py`; no database used."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    legal = tmp_path / "legal.ydk"
    legal.write_text(LEGAL_YDK)
    illegal = tmp_path / "illegal.ydk"
    illegal.write_text(LEGAL_YDK.replace("40640057\n", "55144522\n"))
    broken = tmp_path / "broken.ydk"
    broken.write_text("#main\n89631139\nabc\n")
    common = [
        "--game",
        "yugioh",
        "--cards",
        str(FIXTURES / "yugioh-cards.json"),
        "--banlist",
        str(FIXTURES / "banlist.lflist.conf"),
    ]

    def run(*args, stdin=None):
        return subprocess.run(
            [sys.executable, "manage.py", "validate_deck", *args, *common],
            cwd=root,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )

    ok = run(str(legal))
    assert ok.returncode == 0 and json.loads(ok.stdout)["legal"] is True
    bad = run(str(illegal))
    assert bad.returncode == 1 and json.loads(bad.stdout)["problems"][0]["code"] == "forbidden"
    unreadable = run(str(broken))
    assert unreadable.returncode == 2 and unreadable.stdout == ""
    assert "Line 3" in unreadable.stderr and "abc" in unreadable.stderr
    piped = run("-", stdin=LEGAL_YDK)
    assert piped.returncode == 0


def _goat_cdb(path):
    """A card file with Blue-Eyes, Kuriboh and a GOAT entry of Blue-Eyes (alias 89631139)."""
    import sqlite3

    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER,"
        " type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER,"
        " category INTEGER);"
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT);"
        "INSERT INTO datas VALUES (89631139, 3, 0, 221, 17, 3000, 2500, 8, 8192, 16, 0);"
        "INSERT INTO texts VALUES (89631139, 'Blue-Eyes White Dragon', '');"
        "INSERT INTO datas VALUES (40640057, 3, 0, 0, 33, 300, 200, 1, 8, 32, 0);"
        "INSERT INTO texts VALUES (40640057, 'Kuriboh', '');"
        "INSERT INTO datas VALUES (504700001, 8, 89631139, 221, 17, 3000, 2500, 8, 8192, 16, 0);"
        "INSERT INTO texts VALUES (504700001, 'Blue-Eyes White Dragon (GOAT)', '');"
    )
    connection.commit()
    connection.close()
    return path


def test_cards_file_lends_goat_passcodes_like_the_database(tmp_path):
    """--cards FILE (in-memory index) follows the database's alias rule: the GOAT whitelist names only the
    GOAT entry, and a deck with the usual passcode is not refused for it."""
    cards = _goat_cdb(tmp_path / "goat.cdb")
    whitelist = tmp_path / "goat.lflist.conf"
    whitelist.write_text("!2005.4 Test GOAT\n$whitelist\n504700001 3 --Blue-Eyes White Dragon (GOAT)\n")
    deck = tmp_path / "deck.ydk"
    deck.write_text("#main\n89631139\n89631139\n89631139\n40640057\n#extra\n!side\n")
    code, report = validate(deck, "--game", "yugioh", "--cards", str(cards), "--banlist", str(whitelist))
    assert code == 1  # far from 40 cards, and Kuriboh is not on the list
    codes = {(p["code"], p.get("card")) for p in report["problems"]}
    assert ("not_on_whitelist", "Kuriboh") in codes
    assert ("not_on_whitelist", "Blue-Eyes White Dragon") not in codes


def test_in_memory_and_database_indexes_share_the_alias_rule(tmp_path):
    from decks.cardfiles import read_cards
    from decks.formats import DeckList
    from decks.selectors import DatabaseCardIndex
    from decks.services.cards import cards_import_file
    from decks.validation import InMemoryCardIndex, lend_alias_keys

    path = _goat_cdb(tmp_path / "goat.cdb")
    records = list(read_cards(path.read_bytes(), game="yugioh", filename=path.name))
    memory = InMemoryCardIndex(records)
    cards_import_file(path=path, game="yugioh")
    database = DatabaseCardIndex("yugioh").preload(DeckList.of(main=[(89631139, 1), (504700001, 1)]))
    for index in (memory, database):
        assert "504700001" in index.by_id("89631139")["alternate_keys"]
        # The GOAT passcode still finds the GOAT entry itself, which keeps its own ids.
        assert index.by_id("504700001")["name"] == "Blue-Eyes White Dragon (GOAT)"
        assert index.by_id("40640057")["alternate_keys"] == []
    # The records handed to the in-memory index are not changed.
    assert all("504700001" not in r["alternate_keys"] for r in records)
    # The rule itself: once per key, never a card's own key.
    record = {"key": "1", "alternate_keys": ["2"]}
    lend_alias_keys([record], [("1", "2"), ("1", "3"), ("1", "3"), ("1", "1")])
    assert record["alternate_keys"] == ["2", "3"]
