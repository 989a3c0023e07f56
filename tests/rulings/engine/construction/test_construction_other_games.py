"""Vanguard (by rule set), RaymanTCG and Arrows deck construction, and the dispatcher."""

from __future__ import annotations

import sys

import pytest

from rulings.engine.construction import UnknownRuleset, check_deck, ruleset_flags
from rulings.engine.decklists import Banlist, ResolvedCard, ResolvedDeck, ResolvedEntry


def card(name: str, *tags: str, kind: str = "unit", max_copies: int | None = None) -> ResolvedCard:
    return ResolvedCard(
        identity=name.lower(),
        name=name,
        kind=kind,
        ids=frozenset({name}),
        tags=frozenset(tags),
        max_copies=max_copies,
    )


def deck(**sections) -> ResolvedDeck:
    return ResolvedDeck.from_sections(
        {name: [ResolvedEntry(c, n) for c, n in items] for name, items in sections.items()}
    )


def codes(problems):
    return sorted(p.code for p in problems)


# --- Vanguard ----------------------------------------------------------------------

CRIT = card("Crit", "trigger", "critical")
DRAW = card("Draw", "trigger", "draw")
STAND = card("Stand", "trigger", "stand")
HEAL = card("Heal", "trigger", "heal")
HEAL_2 = card("Other Heal", "trigger", "heal")
FRONT = card("Front", "trigger", "front")
OVER = card("Over", "trigger", "over")
OVER_2 = card("Other Over", "trigger", "over")
SENTINELS = [card(f"Sentinel {i}", "sentinel") for i in range(2)]
UNITS = [card(f"Unit {i}") for i in range(12)]
RULES = card("Cardfight!! Vanguard Rules", "rules_card", kind="rules")


def vanguard_main(triggers, units: int = 34, sentinels: int = 0):
    entries = list(triggers)
    for sentinel in SENTINELS:
        take = min(4, sentinels)
        if take:
            entries.append((sentinel, take))
            sentinels -= take
            units -= take
    for unit in UNITS:
        take = min(4, units)
        if take:
            entries.append((unit, take))
            units -= take
    return entries


ORIGINAL_TRIGGERS = [(CRIT, 4), (DRAW, 4), (STAND, 4), (HEAL, 4)]
STANDARD_TRIGGERS = [(CRIT, 4), (DRAW, 4), (FRONT, 3), (HEAL, 4), (OVER, 1)]


def test_vanguard_legal_decks_in_both_rule_sets():
    assert check_deck("vanguard", deck(main=vanguard_main(ORIGINAL_TRIGGERS)), ruleset="original") == []
    standard = deck(ride=[(UNITS[11], 4)], main=vanguard_main(STANDARD_TRIGGERS, units=30, sentinels=4))
    assert check_deck("vanguard", standard, ruleset="standard") == []


def test_vanguard_deck_size_counts_the_ride_deck():
    (problem,) = check_deck("vanguard", deck(ride=[(UNITS[11], 4)], main=vanguard_main(ORIGINAL_TRIGGERS)))
    assert problem.code == "deck_too_large"
    assert problem.message == "The deck (Ride Deck included) has 54 cards; it needs exactly 50"
    (problem,) = check_deck("vanguard", deck(main=vanguard_main(ORIGINAL_TRIGGERS, units=33)))
    assert (problem.code, problem.message) == ("deck_too_small", "The deck has 49 cards; it needs exactly 50")


def test_vanguard_trigger_count_must_be_exact():
    fifteen = [(CRIT, 4), (DRAW, 4), (STAND, 3), (HEAL, 4)]
    (problem,) = check_deck("vanguard", deck(main=vanguard_main(fifteen, units=35)))
    assert (problem.code, problem.message) == (
        "too_few_triggers",
        "The deck has 15 trigger units; it needs exactly 16",
    )
    seventeen = [(CRIT, 4), (DRAW, 4), (STAND, 4), (HEAL, 4), (card("Crit 2", "trigger", "critical"), 1)]
    assert codes(check_deck("vanguard", deck(main=vanguard_main(seventeen, units=33)))) == [
        "too_many_triggers"
    ]


@pytest.mark.parametrize("ruleset", ["original", "standard"])
def test_vanguard_at_most_four_heal(ruleset):
    triggers = [(CRIT, 4), (DRAW, 4), (HEAL, 4), (HEAL_2, 1), (STAND if ruleset == "original" else FRONT, 3)]
    problems = check_deck("vanguard", deck(main=vanguard_main(triggers)), ruleset=ruleset)
    assert codes(problems) == ["too_many_heal"]
    assert problems[0].message == f"The deck has 5 Heal triggers; the {ruleset} rule set allows at most 4"


def test_vanguard_four_per_name():
    problems = check_deck(
        "vanguard", deck(main=[*ORIGINAL_TRIGGERS, (UNITS[0], 5), *vanguard_main([], 29)[1:]])
    )
    assert "too_many_copies" in codes(problems)


def test_vanguard_standard_over_and_sentinel_limits():
    triggers = [(CRIT, 4), (DRAW, 4), (FRONT, 2), (HEAL, 4), (OVER, 1), (OVER_2, 1)]
    main = vanguard_main(triggers, units=34, sentinels=8)
    problems = check_deck("vanguard", deck(main=main), ruleset="standard")
    assert codes(problems) == ["too_many_over", "too_many_sentinels"]
    # The original rule set has neither limit, but knows no Over or Front triggers either.
    original = check_deck("vanguard", deck(main=main), ruleset="original")
    assert codes(original) == ["trigger_not_in_ruleset"] * 3


def test_vanguard_ignores_the_rules_pseudo_card():
    assert check_deck("vanguard", deck(main=[(RULES, 1), *vanguard_main(ORIGINAL_TRIGGERS)])) == []


def test_vanguard_side_deck_is_unknown():
    problems = check_deck("vanguard", deck(main=vanguard_main(ORIGINAL_TRIGGERS), side=[(UNITS[0], 1)]))
    assert "unknown_section" in codes(problems)


def test_vanguard_banlist():
    banned = Banlist.named("Vanguard restricted", {"Crit": 0}, whitelist=False)
    problems = check_deck("vanguard", deck(main=vanguard_main(ORIGINAL_TRIGGERS)), banlist=banned)
    assert codes(problems) == ["forbidden"]


def test_vanguard_flags_come_from_the_catalogue_or_the_fallback(monkeypatch):
    key, flags = ruleset_flags("vanguard", "standard", {}, "original")
    assert key == "standard" and flags["max_sentinels"] == 4 and flags["max_over_triggers"] == 1
    from rulings.engine.vanguard import construction as vanguard_rules

    monkeypatch.setitem(sys.modules, "rulings.engine.vanguard.catalogue", None)  # import now fails
    key, flags = ruleset_flags(
        "vanguard", None, vanguard_rules.FALLBACK_FLAGS, vanguard_rules.FALLBACK_DEFAULT
    )
    assert key == "original" and flags["max_sentinels"] is None and flags["deck_size"] == 50
    with pytest.raises(UnknownRuleset, match="premium"):
        check_deck("vanguard", deck(main=vanguard_main(ORIGINAL_TRIGGERS)), ruleset="premium")


# --- RaymanTCG ---------------------------------------------------------------------

DREAM_FOREST = card("Forêt des Songes", "premium_terrain", kind="terrain")
BLUE_MOUNTAINS_UNTAGGED = card("Montagnes Bleues", kind="terrain")
SWAMP = card("Marais du Réveil", kind="terrain")
MR_DARK = card("M. Sinistre", "boss", kind="creature")
BETILLA = card("Betilla", "unique", kind="creature")
TEENSIES = card("Invocation des Ptizêtres", "invocation", kind="magic")
CREATURES = [card(f"Créature {i}", kind="creature") for i in range(10)]


def rayman_deck(*entries, size: int = 60):
    entries = list(entries)
    remaining = size - sum(n for _, n in entries)
    for creature in CREATURES:
        take = min(4, remaining)
        if take > 0:
            entries.append((creature, take))
            remaining -= take
    return deck(main=entries)


def test_rayman_legal_deck_with_many_premium_terrains():
    legal = rayman_deck(
        (DREAM_FOREST, 15), (BLUE_MOUNTAINS_UNTAGGED, 10), (MR_DARK, 1), (BETILLA, 1), (TEENSIES, 1)
    )
    assert check_deck("rayman", legal) == []


@pytest.mark.parametrize(("size", "code"), [(59, "deck_too_small"), (61, "deck_too_large")])
def test_rayman_exactly_sixty(size, code):
    (problem,) = check_deck("rayman", rayman_deck((DREAM_FOREST, 30), size=size))
    assert problem.code == code
    assert problem.message == f"The deck has {size} cards; it needs exactly 60"


def test_rayman_copy_limits():
    problems = check_deck(
        "rayman", rayman_deck((DREAM_FOREST, 14), (SWAMP, 5), (MR_DARK, 2), (BETILLA, 2), (TEENSIES, 2))
    )
    assert codes(problems) == ["too_many_copies"] * 4
    messages = {p.card: p.message for p in problems}
    assert messages["M. Sinistre"] == "M. Sinistre: 2 copies in the deck; at most 1 allowed (a Boss card)"
    assert "(a Unique card)" in messages["Betilla"]
    assert messages["Invocation des Ptizêtres"].endswith("at most 1 allowed (an Invocation card)")
    assert messages["Marais du Réveil"].startswith("Marais du Réveil: 5 copies")


# --- Arrows ------------------------------------------------------------------------

MONSTERS = [card(f"Monster {i}", kind="monster") for i in range(25)]
GOLEM = card("Night Golem", kind="monster", max_copies=1)


def arrows_deck(size: int, *entries, per_card: int = 3, side=()):
    entries = list(entries)
    remaining = size - sum(n for _, n in entries)
    for monster in MONSTERS:
        take = min(per_card, remaining)
        if take > 0:
            entries.append((monster, take))
            remaining -= take
    return deck(main=entries, side=list(side))


def test_arrows_defaults():
    assert check_deck("arrows", arrows_deck(40)) == []
    assert check_deck("arrows", arrows_deck(60)) == []
    (problem,) = check_deck("arrows", arrows_deck(39))
    assert (problem.code, problem.message) == ("main_too_small", "Main Deck has 39 cards; it needs 40 to 60")
    assert codes(check_deck("arrows", arrows_deck(40, per_card=4))) == ["too_many_copies"] * 10
    assert codes(check_deck("arrows", arrows_deck(40, (GOLEM, 2)))) == ["too_many_copies"]
    side = [(card(f"Side {i}"), 1) for i in range(16)]
    assert codes(check_deck("arrows", arrows_deck(40, side=side))) == ["side_too_large"]


def test_arrows_event_config():
    config = {"deck_min": 30, "deck_max": 30, "max_copies": 2, "side_max": 0}
    assert check_deck("arrows", arrows_deck(30, per_card=2), config=config) == []
    problems = check_deck("arrows", arrows_deck(31, per_card=3, side=[(MONSTERS[24], 1)]), config=config)
    assert codes(problems) == ["main_too_large", "side_too_large"] + ["too_many_copies"] * 10
    with pytest.raises(ValueError, match="unknown Arrows deck settings"):
        check_deck("arrows", arrows_deck(40), config={"size": 40})
    with pytest.raises(ValueError, match="whole number"):
        check_deck("arrows", arrows_deck(40), config={"max_copies": -1})
    with pytest.raises(UnknownRuleset):
        check_deck("arrows", arrows_deck(40), ruleset="sealed")
    with pytest.raises(ValueError, match="larger than"):
        check_deck("arrows", arrows_deck(40), config={"deck_min": 50, "deck_max": 45})


# --- dispatcher --------------------------------------------------------------------


def test_the_rules_are_reached_through_the_game_plug_in():
    # The rules of each game are its plug-in's (rulings/engine/<game>/plugin.py); a game whose package
    # cannot be imported hides no other game: tests/rulings/engine/test_game_plugin.py.
    assert check_deck("rayman", rayman_deck((DREAM_FOREST, 30))) == []
    with pytest.raises(ValueError, match="unknown game 'chess'; expected one of yugioh, vanguard"):
        check_deck("chess", rayman_deck((DREAM_FOREST, 30)))
