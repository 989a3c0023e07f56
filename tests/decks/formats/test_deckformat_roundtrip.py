"""parse(export(d)) == d for every format, and export(parse(text)) is a fixed point."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from decks.formats import (
    DeckList,
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

passcodes = st.integers(min_value=0, max_value=2**32 - 1)
counts = st.integers(min_value=1, max_value=5)


def _section(refs):
    return st.lists(st.tuples(refs, counts), max_size=8)


@st.composite
def ydk_decks(draw):
    deck = DeckList(
        {
            "main": draw(_section(passcodes)),
            "extra": draw(_section(passcodes)),
            "side": draw(_section(passcodes)),
        }
    )
    if deck.is_empty():
        deck = DeckList.of(main=[draw(passcodes)])
    return deck


_HEADER_WORD = re.compile(r"^(main|extra|side|ride|monsters?|spells?|traps?)(\s*deck)?$", re.IGNORECASE)

card_names = (
    st.text(
        alphabet=st.characters(
            whitelist_categories=("L", "N", "P", "S", "Zs"),
            blacklist_characters="\u2028\u2029\x85",
        ),
        min_size=1,
        max_size=30,
    )
    .map(str.strip)
    .filter(
        lambda name: (
            name
            and name[0].isalpha()
            and name[0] not in "xX×"
            and not name.isdigit()
            and not _HEADER_WORD.match(name)
        )
    )
)


@st.composite
def text_decks(draw, sections=("main", "extra", "side")):
    refs = st.one_of(card_names, passcodes)
    deck = DeckList({name: draw(_section(refs)) for name in sections})
    if deck.is_empty():
        deck = DeckList.of(main=[draw(card_names)])
    return deck


vanguard_ids = st.from_regex(r"[a-z]{2,5}[0-9]{2}_[0-9]{3}", fullmatch=True)


@st.composite
def vanguard_decks(draw):
    deck = DeckList({"ride": draw(_section(vanguard_ids)), "main": draw(_section(vanguard_ids))})
    if deck.is_empty():
        deck = DeckList.of(main=[draw(vanguard_ids)])
    return deck


@settings(max_examples=150, deadline=None)
@given(ydk_decks())
def test_ydk_round_trip(deck):
    text = export_ydk(deck)
    assert parse_ydk(text) == deck
    assert parse_deck(text) == deck  # detection finds the format too
    assert export_ydk(parse_ydk(text)) == text


@settings(max_examples=150, deadline=None)
@given(ydk_decks())
def test_ydke_round_trip(deck):
    url = export_ydke(deck)
    assert parse_ydke(url) == deck
    assert export_ydke(parse_ydke(url)) == url
    assert parse_ydk(export_ydk(parse_ydke(url))) == deck


@settings(max_examples=150, deadline=None)
@given(text_decks())
def test_text_round_trip(deck):
    text = export_text(deck)
    assert parse_text(text) == deck
    assert export_text(parse_text(text)) == text


@settings(max_examples=100, deadline=None)
@given(text_decks(sections=("ride", "main")))
def test_vanguard_text_round_trip(deck):
    assert parse_text(export_text(deck)) == deck


@settings(max_examples=100, deadline=None)
@given(vanguard_decks())
def test_vanguard_engine_round_trip(deck):
    text = export_vanguard(deck)
    assert parse_vanguard(text) == deck
    assert parse_deck(text) == deck
    assert export_vanguard(parse_vanguard(text)) == text


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Pot of Greed", "Sangan", "Kuriboh"]), counts), min_size=1))
def test_messy_text_becomes_a_fixed_point(lines):
    # Duplicates, suffix counts and "3x" prefixes all settle on one canonical text.
    messy = "\n".join(
        f"{name} x{count}" if i % 2 else f"{count}x {name}" for i, (name, count) in enumerate(lines)
    )
    canonical = export_text(parse_text(messy))
    assert export_text(parse_text(canonical)) == canonical
    assert parse_text(canonical).count("main") == sum(count for _, count in lines)
