"""validate_deck_list: resolution through a CardIndex, suggestions, the JSON report, and
the verdicts of the real deck files against the real card files and banlists."""

from __future__ import annotations

from pathlib import Path

import pytest

from decks.cardfiles import read_banlists, read_cards, shared_data_dir
from decks.formats import DeckList, parse_deck, parse_text
from decks.names import normalise_name, suggest
from decks.validation import CardIndex, InMemoryCardIndex, resolve_record, validate_deck_list

FIXTURES = Path(__file__).resolve().parents[2] / "decks" / "fixtures"
DATA = shared_data_dir()
needs_shared = pytest.mark.skipif(
    DATA is None, reason="/work/shared/data is absent (set TABLESIDE_SHARED to the shared folder)"
)


@pytest.fixture(scope="module")
def yugioh_index():
    return InMemoryCardIndex(read_cards(FIXTURES / "yugioh-cards.json", game="yugioh"))


@pytest.fixture(scope="module")
def fixture_banlists():
    return {b.name: b for b in read_banlists((FIXTURES / "banlist.lflist.conf").read_bytes())}


LEGAL_MAIN = """Main Deck:
3 Ash Blossom & Joyous Spring
3 Blue-Eyes White Dragon
3 Dark Magician
3 Kuriboh
3 Summoned Skull
3 Celtic Guardian
3 Gaia The Fierce Knight
3 Effect Veiler
3 Nibiru, the Primal Being
3 Mystical Space Typhoon
3 Book of Moon
3 Torrential Tribute
3 Infinite Impermanence
1 Sangan
"""


# --- names -------------------------------------------------------------------------


def test_normalise_name():
    assert normalise_name("Ash Blossom & Joyous Spring") == normalise_name("ash blossom and joyous-spring")
    assert normalise_name("Dragon Blanc aux Yeux Bleus") == normalise_name("DRAGON BLANC AUX YEUX BLEUS")
    assert normalise_name("Appelé par la Tombe") == "appele par la tombe"
    assert normalise_name("Dragon's Roar") == normalise_name("Dragons Roar")
    assert normalise_name("Œil de Fée") == "oeil de fee"
    assert normalise_name("Pot of Greed") != normalise_name("Pot of Desires")


def test_suggest():
    names = ["Ash Blossom & Joyous Spring", "Pot of Greed", "Blue-Eyes White Dragon"]
    assert suggest("Ash Blosom", names) == "Ash Blossom & Joyous Spring"
    assert suggest("blue eyes white dragn", names) == "Blue-Eyes White Dragon"
    assert suggest("Qwertyuiop zxcv", names) is None
    assert suggest("anything", []) is None


# --- index -------------------------------------------------------------------------


def test_in_memory_index_lookups(yugioh_index):
    assert isinstance(yugioh_index, CardIndex)
    assert yugioh_index.by_id("14558128")["name"] == "Ash Blossom & Joyous Spring"  # alternate artwork
    assert yugioh_index.by_name("floraison de cendres et joyeux printemps")["key"] == "14558127"
    assert yugioh_index.by_name("ASH BLOSSOM and Joyous Spring")["key"] == "14558127"
    assert yugioh_index.by_name("Nope") is None
    assert yugioh_index.suggest("Pot of Gred") == "Pot of Greed"


def test_resolve_record_follows_aliases(yugioh_index):
    goat = {
        **yugioh_index.by_id("89631139"),
        "key": "504700999",
        "name": "Blue-Eyes White Dragon (GOAT)",
        "alias_of": "89631139",
        "alternate_keys": [],
    }
    resolved = resolve_record(goat, game="yugioh", cards=yugioh_index)
    assert resolved.identity == "blue eyes white dragon"
    assert {"504700999", "89631139"} <= resolved.ids


# --- reports -----------------------------------------------------------------------


def test_legal_deck_report(yugioh_index, fixture_banlists):
    deck = parse_text(
        LEGAL_MAIN + "Extra Deck:\n1 Decode Talker\n2 Stardust Dragon\nSide:\n1 Called by the Grave\n"
    )
    report = validate_deck_list(
        deck, game="yugioh", cards=yugioh_index, banlist=fixture_banlists["2026.02 TCG"]
    )
    assert report.to_json() == {"legal": True, "counts": {"main": 40, "extra": 3, "side": 1}, "problems": []}


def test_french_names_and_passcodes_resolve(yugioh_index):
    deck = parse_text(
        LEGAL_MAIN.replace("3 Ash Blossom & Joyous Spring", "3 Floraison de Cendres et Joyeux Printemps")
    )
    assert validate_deck_list(deck, game="yugioh", cards=yugioh_index).legal
    by_passcode = DeckList.of(main=[(14558128, 3)])  # alternate-artwork passcode
    report = validate_deck_list(by_passcode, game="yugioh", cards=yugioh_index)
    assert [p["code"] for p in report.to_json()["problems"]] == ["main_too_small"]


def test_the_documented_report_shape(yugioh_index):
    deck = parse_text(LEGAL_MAIN.replace("1 Sangan\n", ""))
    assert validate_deck_list(deck, game="yugioh", cards=yugioh_index).to_json() == {
        "legal": False,
        "counts": {"main": 39, "extra": 0, "side": 0},
        "problems": [
            {
                "code": "main_too_small",
                "message": "Main Deck has 39 cards; it needs 40 to 60",
                "section": "main",
            }
        ],
    }


def test_unknown_cards_with_suggestions_still_count(yugioh_index):
    deck = parse_text(LEGAL_MAIN.replace("3 Ash Blossom & Joyous Spring", "3 Ash Blosom") + "1 Zzzz Qqqq\n")
    report = validate_deck_list(deck, game="yugioh", cards=yugioh_index)
    data = report.to_json()
    assert data["counts"]["main"] == 41
    assert data["problems"] == [
        {
            "code": "unknown_card",
            "message": "Card not found: 'Ash Blosom' — did you mean 'Ash Blossom & Joyous Spring'?",
            "section": "main",
            "card": "Ash Blosom",
            "suggestion": "Ash Blossom & Joyous Spring",
        },
        {
            "code": "unknown_card",
            "message": "Card not found: 'Zzzz Qqqq'",
            "section": "main",
            "card": "Zzzz Qqqq",
        },
    ]
    unknown_passcode = validate_deck_list(DeckList.of(main=[(123, 40)]), game="yugioh", cards=yugioh_index)
    # 40 copies of one card break the copy limit whatever the card is.
    assert [p.code for p in unknown_passcode.problems] == ["unknown_card", "too_many_copies"]
    assert unknown_passcode.problems[0].message == "Card not found: passcode 123"


def test_banlist_and_alternate_artworks_through_validation(yugioh_index, fixture_banlists):
    # Dark Magician appears twice in cards.json (36996508 and 46986414): still one card.
    deck = parse_text(
        LEGAL_MAIN.replace("3 Dark Magician\n", "2 36996508\n2 46986414\n").replace(
            "1 Sangan", "1 Pot of Greed"
        )
    )
    report = validate_deck_list(
        deck, game="yugioh", cards=yugioh_index, banlist=fixture_banlists["2026.02 TCG"]
    )
    assert sorted((p.code, p.card) for p in report.problems) == [
        ("forbidden", "Pot of Greed"),
        ("too_many_copies", "Dark Magician"),
    ]
    forbidden = next(p for p in report.problems if p.code == "forbidden")
    assert forbidden.message == "Pot of Greed is Forbidden on the 2026.02 TCG list"


def test_wrong_section_through_validation(yugioh_index):
    deck = parse_text(LEGAL_MAIN.replace("1 Sangan", "1 Decode Talker") + "Extra:\n1 Sangan\n")
    problems = validate_deck_list(deck, game="yugioh", cards=yugioh_index).problems
    assert [(p.code, p.card) for p in problems] == [
        ("wrong_section", "Decode Talker"),
        ("wrong_section", "Sangan"),
    ]


def test_vanguard_fixture_pool():
    index = InMemoryCardIndex(read_cards(FIXTURES / "vanguard-trial-deck.csv", game="vanguard"))
    text = """Main Deck:
4 Crimson Butterfly, Brigitte
2 Solitary Knight, Gancelot
4 Knight of Silence, Gallatin
2 Blaster Blade
4 Covenant Knight, Randolf
4 Little Sage, Marron
4 Starlight Unicorn
4 Knight of Rose, Morgana
1 Stardust Trumpeter
1 Wingal
4 Bringer of Good Luck, Epona
4 Yggdrasil Maiden, Elaine
4 Weapons Dealer, Govannon
4 Flogal
"""
    deck = parse_text(text)
    assert deck.count("main") == 46
    report = validate_deck_list(deck, game="vanguard", cards=index, ruleset="original")
    assert [p.code for p in report.problems] == ["deck_too_small"]
    full = parse_text(
        text.replace("1 Wingal", "4 Wingal").replace("1 Stardust Trumpeter", "2 Stardust Trumpeter")
    )
    assert validate_deck_list(full, game="vanguard", cards=index, ruleset="original").to_json() == {
        "legal": True,
        "counts": {"ride": 0, "main": 50},
        "problems": [],
    }
    with_over = parse_text(text.replace("4 Flogal", "3 Flogal\n1 Dragon Deity King of Resurgence, Dragveda"))
    assert validate_deck_list(with_over, game="vanguard", cards=index, ruleset="standard").problems[
        0
    ].code == ("deck_too_small")


def test_rayman_fixture_pool():
    index = InMemoryCardIndex(read_cards(FIXTURES / "rayman-pool.csv", game="rayman"))
    text = "20 Forêt des Songes\n12 Caves of Skops\n4 Rayman\n4 Globox\n4 Murfy\n4 Ly la Fée\n4 Robo-Pirate\n"
    text += "4 Livingstone\n2 M. Sinistre\n1 Betilla the Fairy\n1 Summoning of the Teensies\n"
    report = validate_deck_list(parse_text(text), game="rayman", cards=index)
    assert report.counts == {"main": 60}
    assert [(p.code, p.card) for p in report.problems] == [("too_many_copies", "Mr Dark")]


def test_arrows_fixture_pool_with_event_config():
    index = InMemoryCardIndex(read_cards(FIXTURES / "arrows-pool.csv", game="arrows"))
    text = (
        "3 Ember Wolf\n3 Stone Sentinel\n3 Gale Hawk\n2 Night Golem\n3 Lantern Imp\n3 Thorn Knight\n3 Fosse\n"
    )
    report = validate_deck_list(
        parse_text(text), game="arrows", cards=index, config={"deck_min": 20, "deck_max": 20}
    )
    assert report.counts == {"main": 20, "side": 0}
    assert [(p.code, p.card) for p in report.problems] == [("too_many_copies", "Night Golem")]


# --- the real files ----------------------------------------------------------------

# Official product lists that break no rule of the 2026.05 TCG list.
LEGAL_UNDER_TCG = {
    "Starter Deck - Codebreaker.ydk",
    "Starter Deck - Dark Legion.ydk",
    "Starter Deck - Kaiba Reloaded.ydk",
    "Starter Deck - Link Strike.ydk",
    "Starter Deck - Yugi Reloaded.ydk",
    "Structure Deck - HERO Strike.ydk",
    "Structure Deck - Marik.ydk",
    "Structure Deck - Master of Pendulum.ydk",
    "Structure Deck - Powercode Link.ydk",
    "Structure Deck - Saga of Blue-Eyes White Dragon.ydk",
    "Structure Deck - Seto Kaiba.ydk",
    "Structure Deck - Yugi Moto.ydk",
    "[Tactical-Try Deck] Decisive Strike Cyber Dragon.ydk",
    "[Tactical-Try Deck] Eldlich the Conqueror.ydk",
    "[Tactical-Try Deck] Super Exo-Armored Force Rescue-ACE.ydk",
}
UNKNOWN_PASSCODES = {"AI_Albaz.ydk": ["55273561", "68468460", "95515790"], "AI_GOATFormat.ydk": ["130000045"]}


@pytest.fixture(scope="module")
def real_yugioh():
    index = InMemoryCardIndex(read_cards(DATA / "yugioh" / "cards.json", game="yugioh"))
    banlists = {}
    for path in (DATA / "yugioh").glob("*.lflist.conf"):
        banlists[path.name] = read_banlists(path.read_bytes())[0]
    return index, banlists


def _ydk_files():
    return sorted((DATA / "yugioh" / "decks").glob("*.ydk")) if DATA else []


@needs_shared
@pytest.mark.parametrize("path", _ydk_files(), ids=lambda p: p.name)
def test_every_real_ydk_gets_its_verdict(path, real_yugioh):
    index, banlists = real_yugioh
    deck = parse_deck(path.read_bytes(), filename=path.name)
    report = validate_deck_list(deck, game="yugioh", cards=index, banlist=banlists["0TCG.lflist.conf"])
    # The decks are well built: any problem is about today's banlist or a card we do not know.
    assert {p.code for p in report.problems} <= {"forbidden", "limited", "semi_limited", "unknown_card"}
    unknown = [p.card for p in report.problems if p.code == "unknown_card"]
    assert unknown == UNKNOWN_PASSCODES.get(path.name, [])
    assert report.legal == (path.name in LEGAL_UNDER_TCG)
    # Without a banlist only unknown cards remain.
    plain = validate_deck_list(deck, game="yugioh", cards=index)
    assert plain.legal == (path.name not in UNKNOWN_PASSCODES)


@needs_shared
def test_dragons_roar(real_yugioh):
    index, banlists = real_yugioh
    deck = parse_deck((DATA / "yugioh" / "decks" / "Structure Deck - Dragon's Roar.ydk").read_bytes())
    report = validate_deck_list(deck, game="yugioh", cards=index, banlist=banlists["0TCG.lflist.conf"])
    assert [p.to_json() for p in report.problems] == [
        {
            "code": "forbidden",
            "message": "Pot of Greed is Forbidden on the 2026.05 TCG list",
            "card": "Pot of Greed",
        },
        {
            "code": "forbidden",
            "message": "Heavy Storm is Forbidden on the 2026.05 TCG list",
            "card": "Heavy Storm",
        },
    ]
    # Traditional Format limits instead of forbidding: one copy of each is fine.
    assert validate_deck_list(
        deck, game="yugioh", cards=index, banlist=banlists["Traditional.lflist.conf"]
    ).legal


@needs_shared
def test_witchcrafters_unofficial_passcode(real_yugioh):
    index, banlists = real_yugioh
    deck = parse_deck((DATA / "yugioh" / "decks" / "Witchcrafters.ydk").read_bytes())
    assert (10000080, 3) in deck.section("side")
    record = index.by_id("10000080")
    assert record["name"] == "The Winged Dragon of Ra - Sphere Mode"
    assert "unofficial_passcode" in record["tags"]
    report = validate_deck_list(deck, game="yugioh", cards=index, banlist=banlists["0TCG.lflist.conf"])
    assert report.counts == {"main": 40, "extra": 15, "side": 15}
    assert all(p.card != record["name"] for p in report.problems)


@needs_shared
def test_goat_deck_against_the_goat_whitelist(real_yugioh):
    index, banlists = real_yugioh
    deck = parse_deck((DATA / "yugioh" / "decks" / "AI_GOATFormat.ydk").read_bytes())
    report = validate_deck_list(deck, game="yugioh", cards=index, banlist=banlists["GOAT.lflist.conf"])
    assert sorted((p.code, p.card) for p in report.problems) == [
        ("not_on_whitelist", "Axe of Despair"),
        ("not_on_whitelist", "Ring of Destruction"),
        ("unknown_card", "130000045"),
    ]


@needs_shared
@pytest.mark.parametrize("name", ["dsd01", "dsd02", "dsd03", "dsd04", "dsd05", "dltd01"])
def test_vanguard_engine_decks(name):
    index = InMemoryCardIndex(read_cards(DATA / "vanguard" / "cards.db", game="vanguard"))
    deck = parse_deck((DATA / "vanguard" / "decks" / f"{name}.txt").read_bytes())
    standard = validate_deck_list(deck, game="vanguard", cards=index, ruleset="standard")
    assert standard.to_json() == {"legal": True, "counts": {"ride": 4, "main": 46}, "problems": []}
    # Front and Over triggers did not exist in the original game.
    original = validate_deck_list(deck, game="vanguard", cards=index, ruleset="original")
    assert {p.code for p in original.problems} == {"trigger_not_in_ruleset"}


def _cv_decks():
    return sorted((DATA / "vanguard" / "ygopro-cv" / "decks").glob("*.ydk")) if DATA else []


@needs_shared
@pytest.mark.parametrize("path", _cv_decks(), ids=lambda p: p.name[:7])
def test_vanguard_ygopro_cv_trial_decks(path):
    index = InMemoryCardIndex(read_cards(DATA / "vanguard" / "ygopro-cv" / "cards.cdb", game="vanguard"))
    deck = parse_deck(path.read_bytes(), filename=path.name)
    # The rules pseudo-card 10000000 is ignored: 51 lines, 50 cards.
    report = validate_deck_list(deck, game="vanguard", cards=index, ruleset="original")
    assert report.to_json() == {"legal": True, "counts": {"ride": 0, "main": 50}, "problems": []}


def test_normalise_name_folds_every_kind_of_character():
    assert normalise_name("Elemental HERO Neos — Alius!") == "elemental hero neos alius"
    assert normalise_name("Number 39: Utopia (Anime)") == "number 39 utopia anime"
    assert normalise_name("Crédit  d'Éveil\u0301") == "credit deveil"
    assert normalise_name("ﾌﾞﾙｰｱｲｽﾞ・ﾎﾜｲﾄ･ﾄﾞﾗｺﾞﾝ") == "フルーアイス ホワイト トラコン"
    assert normalise_name("Ｂｌｕｅ−Ｅｙｅｓ") == "blue eyes"
    assert normalise_name("   ") == ""
