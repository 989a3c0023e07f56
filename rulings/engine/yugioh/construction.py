"""Yu-Gi-Oh! deck construction: Main 40–60, Extra ≤15, Side ≤15, ≤3 per card, banlists.

Both rule sets (``current``, ``classic``) share these limits (official-rules-notes.md);
the banlist passed in decides Forbidden/Limited/Semi-Limited.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulings.engine.base import DeckProblem
from rulings.engine.construction import (
    copies_and_banlist_problems,
    ruleset_flags,
    section_size_problems,
    section_title,
    unknown_sections,
)
from rulings.engine.decklists import Banlist, ResolvedCard, ResolvedDeck

SECTIONS = ("main", "extra", "side")
MAIN_MIN, MAIN_MAX = 40, 60
EXTRA_MAX = 15
SIDE_MAX = 15
MAX_COPIES = 3
RULESETS = ("current", "classic")

# Cards that never go in a deck: tokens and the ygopro-cv style rules pseudo-cards.
NOT_DECK_KINDS = {"token", "rules"}


def _copy_limit(card: ResolvedCard) -> tuple[int | None, str]:
    if card.max_copies is not None:
        return min(card.max_copies, MAX_COPIES), ""
    return MAX_COPIES, " (Main, Extra and Side Deck together)"


def _misplaced(card: ResolvedCard, section: str) -> tuple[str, str] | None:
    """Why ``card`` cannot stand in ``section``, as (code, message); None where it may."""
    if card.kind in NOT_DECK_KINDS or card.has("rules_card"):
        return (
            "not_a_deck_card",
            f"{card.name} is a {card.kind or 'special'} card and cannot be put in a deck",
        )
    if section == "main" and card.has("extra_deck"):
        return (
            "wrong_section",
            f"{card.name} is an Extra Deck monster; it belongs in the Extra Deck, not the Main Deck",
        )
    if section == "extra" and not card.has("extra_deck"):
        return (
            "wrong_section",
            f"{card.name} is not a Fusion, Synchro, Xyz or Link Monster; "
            f"it belongs in the Main Deck, not the {section_title(section)}",
        )
    return None


def check_deck(
    deck: ResolvedDeck, *, ruleset: str | None, banlist: Banlist | None, config: Mapping[str, Any]
) -> list[DeckProblem]:
    # The rule sets differ in play, not in deck building; this only rejects unknown keys.
    ruleset_flags("yugioh", ruleset, {key: {} for key in RULESETS}, "current")
    problems = unknown_sections(deck, SECTIONS, "Yu-Gi-Oh!")
    problems += section_size_problems(
        deck, {"main": (MAIN_MIN, MAIN_MAX), "extra": (None, EXTRA_MAX), "side": (None, SIDE_MAX)}
    )
    reported: set[tuple[str, str]] = set()
    for section, entry in deck.entries(*SECTIONS):
        card = entry.card
        key = (section, card.identity)
        if key in reported or card.has("unknown"):
            continue
        misplaced = _misplaced(card, section)
        if misplaced is not None:
            reported.add(key)
            code, message = misplaced
            problems.append(DeckProblem(code, message, section=section, card=card.name))
    problems += copies_and_banlist_problems(deck, SECTIONS, limit_for=_copy_limit, banlist=banlist)
    return problems
