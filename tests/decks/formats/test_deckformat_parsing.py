"""Parsing and exporting each deck format, on hand-written inputs."""

from __future__ import annotations

import pytest

from decks.formats import (
    DeckExportError,
    DeckFormatError,
    DeckList,
    detect_format,
    export_deck,
    export_text,
    export_vanguard,
    export_ydk,
    export_ydke,
    parse_deck,
    parse_text,
    parse_vanguard,
    parse_ydk,
    parse_ydke,
)


def test_ydk_sections_comments_and_merged_copies():
    text = (
        "#created by someone\n#main\n89631139\n89631139\n14558127\n89631139\n"
        "#extra\n1861629\n!side\n5318639\n"
    )
    deck = parse_ydk(text)
    assert deck.section("main") == ((89631139, 3), (14558127, 1))
    assert deck.section("extra") == ((1861629, 1),)
    assert deck.section("side") == ((5318639, 1),)
    assert deck.count("main") == 4


def test_ydk_crlf_blank_lines_no_side_and_no_final_newline():
    text = "#main\r\n89631139\r\n\r\n  55144522  \r\n#extra\r\n1861629"
    deck = parse_ydk(text.encode())
    assert deck == DeckList.of(main=[89631139, 55144522], extra=[1861629])
    assert "side" not in deck.sections


def test_ydk_names_after_passcodes_are_ignored():
    assert parse_ydk("#main\n89631139 Blue-Eyes White Dragon\n") == DeckList.of(main=[89631139])


def test_ydk_utf8_bom_is_ignored():
    assert parse_ydk("\ufeff#main\n89631139\n".encode()) == DeckList.of(main=[89631139])


def test_ydk_export_is_canonical():
    deck = DeckList.of(main=[(89631139, 2), 14558127], side=[5318639])
    assert (
        export_ydk(deck)
        == "#created by Tableside\n#main\n89631139\n89631139\n14558127\n#extra\n!side\n5318639\n"
    )


def test_ydke_matches_documented_test_vectors():
    deck = DeckList.of(main=[89631139, 36996508], extra=[44508094], side=[5318639])
    assert export_ydke(deck) == "ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!"
    assert parse_ydke("ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!") == deck
    assert parse_ydke("ydke://rvTMAhLZoAI=!/WccAA==!!") == DeckList.of(
        main=[46986414, 44095762], extra=[1861629]
    )


def test_ydke_without_trailing_bang_is_accepted():
    assert parse_ydke("ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==") == parse_ydke(
        "ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!"
    )


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("3 Ash Blossom & Joyous Spring", ("Ash Blossom & Joyous Spring", 3)),
        ("3x Ash Blossom & Joyous Spring", ("Ash Blossom & Joyous Spring", 3)),
        ("3 x Ash Blossom & Joyous Spring", ("Ash Blossom & Joyous Spring", 3)),
        ("2× Pot of Greed", ("Pot of Greed", 2)),
        ("Ash Blossom & Joyous Spring x3", ("Ash Blossom & Joyous Spring", 3)),
        ("Ash Blossom & Joyous Spring x 2", ("Ash Blossom & Joyous Spring", 2)),
        ("Pot of Greed", ("Pot of Greed", 1)),
        ("1 Xyz Change Tactics", ("Xyz Change Tactics", 1)),
        ("3 89631139", (89631139, 3)),
        ("1 Number 39: Utopia", ("Number 39: Utopia", 1)),
        ("89631139", (89631139, 1)),
    ],
)
def test_text_card_lines(line, expected):
    assert parse_text(line).section("main") == (expected,)


def test_text_headers_comments_and_blank_lines():
    text = """// my deck
Main Deck (41 cards):
3 Ash Blossom & Joyous Spring
Monsters
1 Sangan

Spells: 2
2 Pot of Greed
# a comment
Extra Deck
1 Decode Talker
Side:
2x Nibiru, the Primal Being
#side
Droll & Lock Bird
"""
    deck = parse_text(text)
    assert deck.section("main") == (
        ("Ash Blossom & Joyous Spring", 3),
        ("Sangan", 1),
        ("Pot of Greed", 2),
    )
    assert deck.section("extra") == (("Decode Talker", 1),)
    assert deck.section("side") == (("Nibiru, the Primal Being", 2), ("Droll & Lock Bird", 1))


def test_text_export_is_canonical_and_stable():
    messy = "Pot of Greed x2\n3x  Ash Blossom\nPot of Greed\nextra\nDecode Talker\n"
    canonical = export_text(parse_text(messy))
    assert canonical == "Main Deck:\n3 Pot of Greed\n3 Ash Blossom\n\nExtra Deck:\n1 Decode Talker\n"
    assert export_text(parse_text(canonical)) == canonical


def test_vanguard_text_list_with_ride_deck():
    deck = parse_text("Ride Deck:\n1 Blaster Blade\nMain Deck:\n4 Wingal\n")
    assert list(deck.sections) == ["ride", "main"]
    assert export_text(deck).startswith("Ride Deck:\n1 Blaster Blade\n\nMain Deck:\n4 Wingal")


def test_vanguard_engine_format():
    text = "#RideDeck\ndsd01_004\ndsd01_001\n#MainDeck\ndsd01_013\ndsd01_013\nDSD01_014"
    deck = parse_vanguard(text)
    assert deck.section("ride") == (("dsd01_004", 1), ("dsd01_001", 1))
    assert deck.section("main") == (("dsd01_013", 2), ("dsd01_014", 1))
    assert (
        export_vanguard(deck)
        == "#RideDeck\ndsd01_004\ndsd01_001\n#MainDeck\ndsd01_013\ndsd01_013\ndsd01_014\n"
    )


@pytest.mark.parametrize(
    ("text", "filename", "expected"),
    [
        ("#main\n1\n", None, "ydk"),
        ("whatever", "deck.ydk", "ydk"),
        ("ydke://!!!", None, "ydke"),
        ("#RideDeck\nx_1\n", None, "vanguard"),
        ("3 Pot of Greed\n", None, "text"),
        ("#main\n3 Pot of Greed\n", None, "text"),
        ("89631139\n89631139\n", None, "ydk"),
        # Pasted .ydk content, found by its markers even with a bad line or names after the passcodes.
        ("#created by EDOPro\n#main\n89631139\n12ab\n#extra\n!side\n", None, "ydk"),
        ("#main\n89631139\n89631139\n12ab\n!side\n", None, "ydk"),
        ("#created by hand\n#main\n12ab\n", None, "ydk"),
        ("#main\n89631139 Blue-Eyes White Dragon\n#extra\n", None, "ydk"),
        ("!side\n14558127\n", None, "ydk"),
        # Text lists with the same markers as headings stay text lists.
        ("#main\n3 Pot of Greed\n2x Raigeki\n#extra\nStardust Dragon x1\n", None, "text"),
        ("#created by hand\n#main\n3 Pot of Greed\n", None, "text"),
    ],
)
def test_detect_format(text, filename, expected):
    assert detect_format(text, filename=filename) == expected


def test_pasted_ydk_with_a_bad_line_names_the_line():
    with pytest.raises(DeckFormatError) as error:
        parse_deck("#created by EDOPro\n#main\n89631139\n89631139\n12ab\n#extra\n!side\n")
    assert error.value.line == 5 and error.value.text == "12ab"
    assert "not a passcode" in error.value.message


def test_parse_deck_uses_detection():
    assert parse_deck("3 Pot of Greed") == DeckList.of(main=[("Pot of Greed", 3)])
    assert parse_deck("#main\n55144522\n") == DeckList.of(main=[55144522])


def test_exporters_refuse_what_the_format_cannot_hold():
    with pytest.raises(DeckExportError, match="not a passcode"):
        export_ydk(DeckList.of(main=["Pot of Greed"]))
    with pytest.raises(DeckExportError, match="ride"):
        export_ydke(DeckList.of(ride=[1]))
    with pytest.raises(DeckExportError, match="side"):
        export_vanguard(DeckList.of(side=["dsd01_001"]))
    with pytest.raises(DeckExportError, match="Unknown deck format"):
        export_deck(DeckList.of(main=[1]), format="mtga")


def test_decklist_rejects_bad_counts_and_sections():
    with pytest.raises(ValueError, match="positive"):
        DeckList.of(main=[("Pot of Greed", 0)])
    with pytest.raises(ValueError, match="unknown deck sections"):
        DeckList.of(sideboard=["x"])
    assert DeckList.of(main=["a", "b", ("a", 2)]).section("main") == (("a", 3), ("b", 1))
    # A passcode and a name that looks the same are different references.
    assert DeckList.of(main=[1, "1"]).section("main") == ((1, 1), ("1", 1))
