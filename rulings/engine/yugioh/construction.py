"""Yu-Gi-Oh! deck construction: Main 40–60, Extra ≤15, Side ≤15, ≤3 per card, banlists.

Both rule sets (``current``, ``classic``) share these limits (official-rules-notes.md);
the banlist passed in decides Forbidden/Limited/Semi-Limited.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulings.engine.base import DeckProblem
from rulings.engine.construction import (
    banlist_problems,
    copies_by_identity,
    copy_limit_problems,
    ruleset_flags,
    section_title,
    size_problems,
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


def check_deck(
    deck: ResolvedDeck, *, ruleset: str | None, banlist: Banlist | None, config: Mapping[str, Any]
) -> list[DeckProblem]:
    # The rule sets differ in play, not in deck building; this only rejects unknown keys.
    ruleset_flags("yugioh", ruleset, {key: {} for key in RULESETS}, "current")
    problems = unknown_sections(deck, SECTIONS, "Yu-Gi-Oh!")
    problems += size_problems(
        deck.size("main"),
        minimum=MAIN_MIN,
        maximum=MAIN_MAX,
        what="Main Deck",
        code_prefix="main",
        section="main",
    )
    problems += size_problems(
        deck.size("extra"),
        minimum=None,
        maximum=EXTRA_MAX,
        what="Extra Deck",
        code_prefix="extra",
        section="extra",
    )
    problems += size_problems(
        deck.size("side"),
        minimum=None,
        maximum=SIDE_MAX,
        what="Side Deck",
        code_prefix="side",
        section="side",
    )
    reported: set[tuple[str, str]] = set()
    for section, entry in deck.entries(*SECTIONS):
        card = entry.card
        key = (section, card.identity)
        if key in reported or card.has("unknown"):
            continue
        if card.kind in NOT_DECK_KINDS or card.has("rules_card"):
            reported.add(key)
            problems.append(
                DeckProblem(
                    "not_a_deck_card",
                    f"{card.name} is a {card.kind or 'special'} card and cannot be put in a deck",
                    section=section,
                    card=card.name,
                )
            )
        elif section == "main" and card.has("extra_deck"):
            reported.add(key)
            problems.append(
                DeckProblem(
                    "wrong_section",
                    f"{card.name} is an Extra Deck monster; it belongs in the Extra Deck, not the Main Deck",
                    section=section,
                    card=card.name,
                )
            )
        elif section == "extra" and not card.has("extra_deck"):
            reported.add(key)
            problems.append(
                DeckProblem(
                    "wrong_section",
                    f"{card.name} is not a Fusion, Synchro, Xyz or Link Monster; "
                    f"it belongs in the Main Deck, not the {section_title(section)}",
                    section=section,
                    card=card.name,
                )
            )
    totals = copies_by_identity(deck, SECTIONS)
    problems += copy_limit_problems(totals, limit_for=_copy_limit, where="in the deck")
    problems += banlist_problems(totals, banlist)
    return problems
