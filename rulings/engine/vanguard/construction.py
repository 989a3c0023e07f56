"""Cardfight!! Vanguard deck construction, by rule set.

The limits come from the rule set's flags in ``rulings.engine.vanguard.catalogue``
(``deck_size``, ``trigger_count``, ``max_per_name``, ``max_heal_triggers``,
``max_over_triggers``, ``max_sentinels``, ``triggers``). ``FALLBACK_FLAGS`` repeats
them so deck checks keep working if that package cannot be imported.

The Ride Deck counts toward the deck size (D format). The ygopro-cv "Cardfight!!
Vanguard Rules" pseudo-card (id 10000000, tag ``rules_card``) is a simulator switch,
not a card: it is ignored, neither counted nor flagged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulings.engine.base import DeckProblem
from rulings.engine.construction import (
    copies_and_banlist_problems,
    plural,
    ruleset_flags,
    size_problems,
    unknown_sections,
)
from rulings.engine.decklists import Banlist, ResolvedCard, ResolvedDeck, ResolvedEntry

SECTIONS = ("ride", "main")

_COMMON = {"deck_size": 50, "trigger_count": 16, "max_per_name": 4, "max_heal_triggers": 4}
FALLBACK_FLAGS: Mapping[str, Mapping[str, Any]] = {
    "original": {
        **_COMMON,
        "triggers": ("critical", "draw", "stand", "heal"),
        "max_over_triggers": None,
        "max_sentinels": None,
    },
    "standard": {
        **_COMMON,
        "triggers": ("critical", "draw", "stand", "heal", "front", "over"),
        "max_over_triggers": 1,
        "max_sentinels": 4,
    },
}
FALLBACK_DEFAULT = "original"
TRIGGER_KINDS = ("critical", "draw", "stand", "heal", "front", "over")


def _without_rules_cards(deck: ResolvedDeck) -> ResolvedDeck:
    sections: dict[str, list[ResolvedEntry]] = {}
    for section, entry in deck.entries():
        if not entry.card.has("rules_card"):
            sections.setdefault(section, []).append(entry)
    return ResolvedDeck.from_sections(sections)


def _tagged(deck: ResolvedDeck, tag: str) -> int:
    return sum(entry.count for _, entry in deck.entries(*SECTIONS) if entry.card.has(tag))


def check_deck(
    deck: ResolvedDeck, *, ruleset: str | None, banlist: Banlist | None, config: Mapping[str, Any]
) -> list[DeckProblem]:
    key, flags = ruleset_flags("vanguard", ruleset, FALLBACK_FLAGS, FALLBACK_DEFAULT)
    deck = _without_rules_cards(deck)
    problems = unknown_sections(deck, SECTIONS, "Vanguard")
    size = flags["deck_size"]
    what = "The deck (Ride Deck included)" if deck.section("ride") else "The deck"
    problems += size_problems(
        deck.size(*SECTIONS), minimum=size, maximum=size, what=what, code_prefix="deck", section=None
    )
    triggers = _tagged(deck, "trigger")
    wanted = flags["trigger_count"]
    if triggers != wanted:
        code = "too_few_triggers" if triggers < wanted else "too_many_triggers"
        problems.append(
            DeckProblem(code, f"The deck has {plural(triggers, 'trigger unit')}; it needs exactly {wanted}")
        )
    allowed_triggers = set(flags.get("triggers") or ())
    reported: set[str] = set()
    for _, entry in deck.entries(*SECTIONS):
        card = entry.card
        kind = next((t for t in TRIGGER_KINDS if card.has(t)), None) if card.has("trigger") else None
        if kind and allowed_triggers and kind not in allowed_triggers and card.identity not in reported:
            reported.add(card.identity)
            problems.append(
                DeckProblem(
                    "trigger_not_in_ruleset",
                    f"{card.name} is {'an' if kind[0] in 'aeio' else 'a'} {kind.title()} trigger, "
                    f"which the {key} rule set does not have",
                    card=card.name,
                )
            )
    for tag, flag, code, label in (
        ("heal", "max_heal_triggers", "too_many_heal", "Heal triggers"),
        ("over", "max_over_triggers", "too_many_over", "Over triggers"),
        ("sentinel", "max_sentinels", "too_many_sentinels", "Sentinels"),
    ):
        limit = flags.get(flag)
        count = _tagged(deck, tag)
        if limit is not None and count > limit:
            problems.append(
                DeckProblem(code, f"The deck has {count} {label}; the {key} rule set allows at most {limit}")
            )
    max_per_name = flags["max_per_name"]

    def limit_for(card: ResolvedCard) -> tuple[int | None, str]:
        if card.max_copies is not None:
            return min(card.max_copies, max_per_name), ""
        return max_per_name, " per name"

    problems += copies_and_banlist_problems(deck, SECTIONS, limit_for=limit_for, banlist=banlist)
    return problems
