"""Every kind of unreadable deck list raises DeckFormatError with a line, the text and a clear message."""

from __future__ import annotations

import base64
import struct

import pytest

from decks.formats import (
    MAX_DECK_BYTES,
    DeckFormatError,
    parse_deck,
    parse_text,
    parse_vanguard,
    parse_ydk,
    parse_ydke,
)


def test_non_numeric_passcode_names_line_and_text():
    with pytest.raises(DeckFormatError) as caught:
        parse_ydk("#main\n89631139\nAsh Blossom\n")
    error = caught.value
    assert error.line == 3
    assert error.text == "Ash"
    assert "not a passcode" in error.message
    assert str(error).startswith("Line 3: ")


def test_passcode_too_large():
    with pytest.raises(DeckFormatError, match="too large") as caught:
        parse_ydk("#main\n99999999999\n")
    assert caught.value.line == 2


def test_unknown_bang_section():
    with pytest.raises(DeckFormatError, match="Unknown section") as caught:
        parse_ydk("#main\n1\n!sideboard\n2\n")
    assert caught.value.line == 3


@pytest.mark.parametrize("text", ["", "   \n\n", "#main\n#extra\n!side\n", "# only a comment\n"])
def test_empty_lists(text):
    with pytest.raises(DeckFormatError, match="empty"):
        parse_deck(text, format="ydk")
    with pytest.raises(DeckFormatError, match="empty"):
        parse_deck(text, format="text")


def test_empty_ydke():
    with pytest.raises(DeckFormatError, match="empty"):
        parse_ydke("ydke://!!!")


def test_too_large_bytes_and_text():
    big = b"#main\n" + b"89631139\n" * (MAX_DECK_BYTES // 9 + 1)
    assert len(big) > MAX_DECK_BYTES
    with pytest.raises(DeckFormatError, match="64 KB"):
        parse_ydk(big)
    with pytest.raises(DeckFormatError, match="64 KB"):
        parse_text(big.decode())
    # Just under the limit is fine.
    fits = b"#main\n" + b"89631139\n" * ((MAX_DECK_BYTES - 6) // 9)
    assert parse_ydk(fits).count("main") == (MAX_DECK_BYTES - 6) // 9


def test_not_utf8_names_the_line():
    with pytest.raises(DeckFormatError, match="UTF-8") as caught:
        parse_text(b"3 Pot of Greed\n1 Dragon Blanc aux Yeux Bleus\n2 M\xe9canicien\n")
    assert caught.value.line == 3


def test_binary_data():
    with pytest.raises(DeckFormatError, match="binary"):
        parse_text("3 Pot\x00 of Greed")


@pytest.mark.parametrize(
    ("url", "fragment"),
    [
        ("https://example.com", "starts with ydke://"),
        ("ydke://o6lXBZyFNAI=!viOnAg==", "three parts"),
        ("ydke://a!b!c!d!e", "three parts"),
        ("ydke://o6lX$ZyFNAI=!!!", "not valid base64"),
        ("ydke://o6lXBZyFNAI!!!", "not valid base64"),  # missing padding: cut short
        ("ydke://" + base64.b64encode(b"\x01\x02\x03\x04\x05").decode() + "!!!", "4-byte"),
    ],
)
def test_broken_ydke(url, fragment):
    with pytest.raises(DeckFormatError, match=fragment) as caught:
        parse_ydke(url)
    assert caught.value.line == 1


def test_ydke_part_errors_name_the_section():
    extra = base64.b64encode(struct.pack("<I", 5) + b"\x00").decode()
    with pytest.raises(DeckFormatError, match="extra part"):
        parse_ydke(f"ydke://!{extra}!!")


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("3 Pot of Greed\n0 Sangan\n", 2, "at least 1"),
        ("3 Pot of Greed\n1000 Sangan\n", 2, "not a deck count"),
        ("Main\n3\n", 2, "no card name"),
        ("Main\n3 ---\n", 2, "does not name a card"),
    ],
)
def test_malformed_text_lines(text, line, fragment):
    with pytest.raises(DeckFormatError, match=fragment) as caught:
        parse_text(text)
    assert caught.value.line == line


def test_malformed_vanguard_lines():
    with pytest.raises(DeckFormatError, match="starts with #RideDeck") as caught:
        parse_vanguard("dsd01_001\n")
    assert caught.value.line == 1
    with pytest.raises(DeckFormatError, match="not a card id") as caught:
        parse_vanguard("#MainDeck\ndsd01_001\nBlaster Blade\n")
    assert caught.value.line == 3


def test_unknown_format_name():
    with pytest.raises(DeckFormatError, match="Unknown deck format"):
        parse_deck("3 Pot of Greed", format="mtga")


def test_error_json_for_the_api():
    with pytest.raises(DeckFormatError) as caught:
        parse_ydk("#main\nabc\n")
    assert caught.value.to_json() == {
        "message": caught.value.message,
        "line": 2,
        "text": "abc",
    }
