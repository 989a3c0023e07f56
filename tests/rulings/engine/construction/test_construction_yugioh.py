"""Yu-Gi-Oh! deck construction: sizes, copies, sections and banlists."""

from __future__ import annotations

import pytest

from rulings.engine.construction import UnknownRuleset, check_deck
from rulings.engine.decklists import Banlist, ResolvedCard, ResolvedDeck, ResolvedEntry


def card(name: str, *ids: str, extra: bool = False, kind: str = "monster") -> ResolvedCard:
    return ResolvedCard(
        identity=name.lower(),
        name=name,
        kind=kind,
        ids=frozenset(ids or {name}),
        tags=frozenset({"extra_deck"} if extra else ()),
    )


FILLER = [card(f"Filler {i}", str(1000 + i)) for i in range(30)]
POT = card("Pot of Greed", "55144522", kind="spell")
CALLED = card("Called by the Grave", "24224830", kind="spell")
DROLL = card("Droll & Lock Bird", "94145021", "94145022")
DECODE = card("Decode Talker", "1861629", "1861630", extra=True)
UTOPIA = card("Number 39: Utopia", "84013237", extra=True)
BANLIST = Banlist.named("2026.02 TCG", {"55144522": 0, "24224830": 1, "94145021": 2})


def deck(main=(), extra=(), side=(), **others) -> ResolvedDeck:
    def entries(items):
        return [ResolvedEntry(c, n) for c, n in items]

    sections = {"main": entries(main), "extra": entries(extra), "side": entries(side)}
    sections.update({name: entries(items) for name, items in others.items()})
    return ResolvedDeck.from_sections(sections)


def main_of(size: int, *extra_entries):
    used = sum(n for _, n in extra_entries)
    entries = list(extra_entries)
    remaining = size - used
    for filler in FILLER:
        if remaining <= 0:
            break
        take = min(3, remaining)
        entries.append((filler, take))
        remaining -= take
    return entries


def codes(problems):
    return [p.code for p in problems]


def test_a_legal_deck_has_no_problems():
    legal = deck(
        main=main_of(40, (CALLED, 1), (DROLL, 2)), extra=[(DECODE, 3), (UTOPIA, 2)], side=[(DROLL, 1)]
    )
    assert check_deck("yugioh", legal, banlist=None) == []


@pytest.mark.parametrize(
    ("size", "code", "message"),
    [
        (39, "main_too_small", "Main Deck has 39 cards; it needs 40 to 60"),
        (61, "main_too_large", "Main Deck has 61 cards; it needs 40 to 60"),
    ],
)
def test_main_deck_size(size, code, message):
    (problem,) = check_deck("yugioh", deck(main=main_of(size)))
    assert (problem.code, problem.message, problem.section) == (code, message, "main")


@pytest.mark.parametrize("size", [40, 60])
def test_main_deck_bounds_are_inclusive(size):
    assert check_deck("yugioh", deck(main=main_of(size))) == []


def test_extra_and_side_limits():
    extras = [(card(f"Link {i}", str(9000 + i), extra=True), 1) for i in range(16)]
    sides = [(card(f"Side {i}", str(8000 + i)), 1) for i in range(16)]
    problems = check_deck("yugioh", deck(main=main_of(40), extra=extras, side=sides))
    by_code = {p.code: p for p in problems}
    assert by_code["extra_too_large"].message == "Extra Deck has 16 cards; it needs at most 15"
    assert by_code["side_too_large"].message == "Side Deck has 16 cards; it needs at most 15"
    assert check_deck("yugioh", deck(main=main_of(40), extra=extras[:15], side=sides[:15])) == []


def test_copies_count_across_all_three_sections_and_alternate_artworks():
    other_art = ResolvedCard(identity=DROLL.identity, name=DROLL.name, ids=frozenset({"94145022"}))
    problems = check_deck("yugioh", deck(main=main_of(40, (DROLL, 2)), side=[(other_art, 2)]))
    (problem,) = problems
    assert problem.code == "too_many_copies"
    assert problem.card == "Droll & Lock Bird"
    assert "4 copies" in problem.message and "at most 3" in problem.message


def test_banlist_forbidden_limited_semi_limited():
    problems = check_deck(
        "yugioh",
        deck(main=main_of(40, (POT, 1), (CALLED, 2)), side=[(DROLL, 3)]),
        banlist=BANLIST,
    )
    assert sorted(codes(problems)) == ["forbidden", "limited", "semi_limited"]
    by_code = {p.code: p for p in problems}
    assert by_code["forbidden"].message == "Pot of Greed is Forbidden on the 2026.02 TCG list"
    assert by_code["limited"].message == (
        "Called by the Grave is Limited on the 2026.02 TCG list: 2 copies; at most 1 allowed"
    )
    assert "Semi-Limited" in by_code["semi_limited"].message


def test_banlist_finds_alternate_artwork_passcodes():
    apollousa = card("Apollousa, Bow of the Goddess", "4280258", "4280259", extra=True)
    listed = Banlist.named("L", {"4280259": 0})
    assert codes(check_deck("yugioh", deck(main=main_of(40), extra=[(apollousa, 1)]), banlist=listed)) == [
        "forbidden"
    ]


def test_within_banlist_limits_is_fine():
    legal = deck(main=main_of(40, (CALLED, 1), (DROLL, 2)))
    assert check_deck("yugioh", legal, banlist=BANLIST) == []


def test_whitelist_rejects_unlisted_cards():
    whitelist = Banlist.named("2005.4 GOAT", {f"{1000 + i}": 3 for i in range(30)}, whitelist=True)
    problems = check_deck("yugioh", deck(main=main_of(40, (POT, 1))), banlist=whitelist)
    (problem,) = problems
    assert problem.code == "not_on_whitelist" and problem.card == "Pot of Greed"
    assert "2005.4 GOAT" in problem.message


def test_wrong_section_both_ways_and_side_holds_anything():
    problems = check_deck(
        "yugioh",
        deck(main=main_of(40, (DECODE, 1)), extra=[(DROLL, 1)], side=[(UTOPIA, 1), (POT, 1)]),
    )
    assert codes(problems) == ["wrong_section", "wrong_section"]
    assert problems[0].section == "main" and problems[0].card == "Decode Talker"
    assert "belongs in the Extra Deck" in problems[0].message
    assert problems[1].section == "extra" and "belongs in the Main Deck" in problems[1].message


def test_all_problems_at_once():
    bad = deck(
        main=main_of(35, (POT, 1), (DECODE, 1), (FILLER[29], 4)),
        extra=[(card(f"Link {i}", str(9000 + i), extra=True), 1) for i in range(16)],
    )
    assert set(codes(check_deck("yugioh", bad, banlist=BANLIST))) == {
        "main_too_small",
        "extra_too_large",
        "wrong_section",
        "too_many_copies",
        "forbidden",
    }


def test_tokens_and_other_sections():
    token = card("Sheep Token", "73915052", kind="token")
    problems = check_deck("yugioh", deck(main=main_of(40, (token, 1)), ride=[(FILLER[0], 1)]))
    assert sorted(codes(problems)) == ["not_a_deck_card", "unknown_section"]


def test_rule_sets():
    assert check_deck("yugioh", deck(main=main_of(40)), ruleset="classic") == []
    with pytest.raises(UnknownRuleset):
        check_deck("yugioh", deck(main=main_of(40)), ruleset="goat")
    with pytest.raises(ValueError, match="unknown game"):
        check_deck("chess", deck(main=main_of(40)))


def test_problems_serialise_to_json():
    (problem,) = check_deck("yugioh", deck(main=main_of(39)))
    assert problem.to_json() == {
        "code": "main_too_small",
        "message": "Main Deck has 39 cards; it needs 40 to 60",
        "section": "main",
    }
