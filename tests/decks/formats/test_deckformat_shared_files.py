"""Every real deck file in /work/shared/data parses, with the section sizes its README gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from decks.cardfiles import shared_data_dir
from decks.formats import detect_format, export_deck, export_ydke, parse_deck, parse_ydke

DATA = shared_data_dir()
pytestmark = pytest.mark.skipif(
    DATA is None, reason="/work/shared/data is absent (set TABLESIDE_SHARED to the shared folder)"
)


def _files(pattern: str) -> list[Path]:
    return sorted(DATA.glob(pattern)) if DATA else []


# main / extra / side, from the data README's table (a sample across the odd cases)
EXPECTED_YDK_SIZES = {
    "AI_Albaz.ydk": (40, 15, 5),  # no final newline
    "AI_Maliss.ydk": (40, 15, 0),  # no !side, no final newline
    "AI_Yubel.ydk": (40, 15, 0),
    "AI_ChainBurn.ydk": (56, 3, 8),
    "AI_Witchcraft.ydk": (60, 15, 2),
    "AI_Salamangreat.ydk": (40, 15, 1),  # CRLF
    "Starter Deck - Dark Legion.ydk": (41, 0, 0),
    "Structure Deck - Marik.ydk": (42, 0, 0),
    "Starter Deck - Kaiba Reloaded.ydk": (50, 0, 0),
    "Witchcrafters.ydk": (40, 15, 15),
    "[Tactical-Try Deck] Eldlich the Conqueror.ydk": (40, 10, 0),  # CRLF
}


def test_all_yugioh_decks_are_there():
    assert len(_files("yugioh/decks/*.ydk")) == 47


@pytest.mark.parametrize("path", _files("yugioh/decks/*.ydk"), ids=lambda p: p.name)
def test_yugioh_ydk_parses_and_round_trips(path):
    data = path.read_bytes()
    assert detect_format(data, filename=path.name) == "ydk"
    deck = parse_deck(data, filename=path.name)
    sizes = (deck.count("main"), deck.count("extra"), deck.count("side"))
    if path.name in EXPECTED_YDK_SIZES:
        assert sizes == EXPECTED_YDK_SIZES[path.name]
    assert 40 <= sizes[0] <= 60
    exported = export_deck(deck, format="ydk")
    assert parse_deck(exported, format="ydk") == deck
    assert parse_ydke(export_ydke(deck)) == deck
    # Every copy in the file is accounted for.
    lines = [line.strip() for line in data.decode().splitlines()]
    assert sum(sizes) == sum(1 for line in lines if line.isdigit())


@pytest.mark.parametrize("path", _files("vanguard/ygopro-cv/decks/*.ydk"), ids=lambda p: p.name)
def test_vanguard_ygopro_cv_decks(path):
    deck = parse_deck(path.read_bytes(), filename=path.name)
    # 50 cards plus the rules pseudo-card 10000000
    assert deck.count("main") == 51
    assert (10000000, 1) in deck.section("main")


@pytest.mark.parametrize("path", _files("vanguard/decks/*.txt"), ids=lambda p: p.name)
def test_vanguard_engine_decks(path):
    data = path.read_bytes()
    assert detect_format(data) == "vanguard"
    deck = parse_deck(data)
    assert deck.count("ride") == 4
    assert deck.count("main") == 46
    assert parse_deck(export_deck(deck, format="vanguard")) == deck
    assert parse_deck(export_deck(deck, format="text"), format="text") == deck
