"""The real card files and banlists of /work/shared/data, against the counts in its README."""

from __future__ import annotations

import collections
import datetime as dt

import pytest

from decks.cardfiles import read_banlists, read_cards, shared_data_dir

DATA = shared_data_dir()
pytestmark = pytest.mark.skipif(
    DATA is None, reason="/work/shared/data is absent (set TABLESIDE_SHARED to the shared folder)"
)


@pytest.fixture(scope="module")
def json_cards():
    return list(read_cards(DATA / "yugioh" / "cards.json", game="yugioh"))


# How fast it reads is measured by `make bench` (benchmarks/run_all.py), never asserted here: a busy machine
# would fail a timed test and block everyone's landing.
def test_cards_json_reads_completely(json_cards):
    cards = json_cards
    assert len(cards) == 14218
    assert sum(1 + len(c["alternate_keys"]) for c in cards) == 14498
    assert sum(1 for c in cards if c["name_fr"]) == 14005
    kinds = collections.Counter(c["kind"] for c in cards)
    assert kinds == {"monster": 9287, "spell": 2861, "trap": 2070}
    assert sum(1 for c in cards if "link_rating" in c["stats"]) == 469
    assert sum(1 for c in cards if "scale_left" in c["stats"]) == 390
    tcg = collections.Counter(c["limits"].get("tcg") for c in cards if c["limits"].get("tcg"))
    assert tcg == {"Forbidden": 119, "Limited": 97, "Semi-Limited": 10}


def test_tcg_banlist_agrees_with_cards_json(json_cards):
    cards = json_cards
    (banlist,) = read_banlists((DATA / "yugioh" / "0TCG.lflist.conf").read_bytes())
    assert banlist.name == "2026.05 TCG" and banlist.date == dt.date(2026, 5, 1)
    words = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited"}
    by_id = {}
    for card in cards:
        for key in (card["key"], *card["alternate_keys"]):
            by_id[key] = card
    assert len(banlist.limits) == 229
    for passcode, count in banlist.limits.items():
        assert by_id[passcode]["limits"]["tcg"] == words[count]


# (name, whitelist, entries) from the data README
BANLISTS = {
    "0TCG.lflist.conf": ("2026.05 TCG", False),
    "OCG.lflist.conf": ("2026.07 OCG", False),
    "GOAT.lflist.conf": ("2005.4 GOAT", True),
    "Traditional.lflist.conf": ("2026.05 Traditional", False),
    "World.lflist.conf": ("2026.05 Worlds", False),
    "Speed.lflist.conf": ("2025.07 Speed Duel", True),
    "Rush.lflist.conf": ("2026.07.01 Rush Duel", True),
    "Rush-Prerelease.lflist.conf": ("2026.07.01 Rush Prereleases", True),
}


@pytest.mark.parametrize("filename", sorted(BANLISTS))
def test_every_banlist_file(filename):
    lists = read_banlists((DATA / "yugioh" / filename).read_bytes())
    assert len(lists) == 1
    name, whitelist = BANLISTS[filename]
    assert (lists[0].name, lists[0].whitelist) == (name, whitelist)
    assert lists[0].date is not None and lists[0].limits


def test_traditional_has_no_forbidden_cards():
    (traditional,) = read_banlists((DATA / "yugioh" / "Traditional.lflist.conf").read_text())
    counts = collections.Counter(traditional.limits.values())
    assert counts == {1: 219, 2: 10}


# (file, rows, monsters/spells/traps/skills) from the data README
CDBS = {
    "cards-unofficial.cdb": 5878,
    "goat-entries.cdb": 191,
    "cards-rush.cdb": 3478,
    "cards-skills.cdb": 208,
    "cards-skills-unofficial.cdb": 19,
    "prerelease-betb.cdb": 84,
    "prerelease-betb-en.cdb": 1,
    "prerelease-dbgv.cdb": 31,
    "prerelease-imph.cdb": 11,
    "prerelease-lpg2.cdb": 10,
    "prerelease-others.cdb": 25,
    "prerelease-cards-rush.cdb": 26,
}


@pytest.mark.parametrize("filename", sorted(CDBS))
def test_every_cdb(filename):
    cards = list(read_cards(DATA / "yugioh" / filename, game="yugioh"))
    assert len(cards) == CDBS[filename]
    assert all(card["name"] for card in cards)


def test_goat_entries_alias_their_originals(json_cards):
    cards = json_cards
    by_id = {key: c for c in cards for key in (c["key"], *c["alternate_keys"])}
    goat = list(read_cards(DATA / "yugioh" / "goat-entries.cdb", game="yugioh"))
    assert all(card["alias_of"] for card in goat)
    armed = next(card for card in goat if card["key"] == "504700003")
    assert armed["alias_of"] == "980973"
    original = by_id["980973"]
    assert armed["stats"]["atk"] == original["stats"]["atk"]
    assert armed["stats"]["level"] == original["stats"]["level"]
    assert armed["stats"]["attribute"] == original["stats"]["attribute"]
    link = [
        c
        for c in read_cards(DATA / "yugioh" / "cards-unofficial.cdb", game="yugioh")
        if "link_rating" in c["stats"]
    ]
    assert len(link) == 103
    assert all(len(c["stats"]["link_arrows"]) == c["stats"]["link_rating"] for c in link)


def test_vanguard_engine_cards_db():
    cards = list(read_cards(DATA / "vanguard" / "cards.db", game="vanguard"))
    assert len(cards) == 961
    tags = collections.Counter(tag for card in cards for tag in card["tags"])
    assert tags["sentinel"] == 17
    assert tags["over"] == 16
    assert tags["heal"] == 28
    assert tags["trigger"] == 24 + 24 + 23 + 28 + 16
    assert collections.Counter(card["kind"] for card in cards)["order"] == 90
    by_key = {card["key"]: card for card in cards}
    assert by_key["dlbt01_008"]["name"] == "Rondo of Eventide Moon, Feltyrosa"
    assert by_key["dsd01_013"]["stats"]["nation"] == "Dragon Empire"


def test_ygopro_cv_cards():
    cards = list(read_cards(DATA / "vanguard" / "ygopro-cv" / "cards.cdb", game="vanguard"))
    assert len(cards) == 168
    triggers = collections.Counter(card["stats"]["trigger"] for card in cards if "trigger" in card["tags"])
    assert triggers == {"critical": 10, "heal": 10, "draw": 10, "stand": 10}
    rules = [card for card in cards if "rules_card" in card["tags"]]
    assert [card["key"] for card in rules] == ["10000000"]


def test_vgdpro_cards():
    cards = list(read_cards(DATA / "vanguard" / "vgdpro" / "cards.cdb", game="vanguard"))
    assert len(cards) == 3726
    overs = [card for card in cards if "over" in card["tags"]]
    assert len(overs) == 84
