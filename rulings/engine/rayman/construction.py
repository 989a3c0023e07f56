"""RaymanTCG deck construction (raymantcg-regles.txt, "7) Le deck").

"Un deck doit être composé de 60 cartes" — exactly 60; "jusqu'à 4 cartes identiques";
Boss, Unique and Invocation cards once only; the six premium terrains as many times
as wanted. The numbers come from the rule set's flags in
``rulings.engine.rayman.catalogue`` when it imports, else from ``FALLBACK_FLAGS``.

A card is a premium terrain when its card file tags it ``premium_terrain`` or when it
is a terrain named like one of the six (Forêt des Songes, Ciel Chromatique, Montagnes
Bleues, Cité des Images, Caves de Skops, Château des Délices).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from rulings.engine.base import DeckProblem
from rulings.engine.construction import (
    copies_and_banlist_problems,
    ruleset_flags,
    size_problems,
    unknown_sections,
)
from rulings.engine.decklists import Banlist, ResolvedCard, ResolvedDeck

SECTIONS = ("main",)
PREMIUM_TERRAINS = (
    "Forêt des Songes",
    "Ciel Chromatique",
    "Montagnes Bleues",
    "Cité des Images",
    "Caves de Skops",
    "Château des Délices",
)
FALLBACK_FLAGS: Mapping[str, Mapping[str, Any]] = {
    "standard": {
        "deck_size": 60,
        "max_copies": 4,
        "single_copy_types": ("Boss", "Unique", "Invocation"),
        "unlimited_copies": PREMIUM_TERRAINS,
    }
}
FALLBACK_DEFAULT = "standard"


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if unicodedata.category(c) != "Mn").split())


def check_deck(
    deck: ResolvedDeck, *, ruleset: str | None, banlist: Banlist | None, config: Mapping[str, Any]
) -> list[DeckProblem]:
    _, flags = ruleset_flags("rayman", ruleset, FALLBACK_FLAGS, FALLBACK_DEFAULT)
    problems = unknown_sections(deck, SECTIONS, "RaymanTCG")
    size = flags["deck_size"]
    problems += size_problems(
        deck.size(*SECTIONS), minimum=size, maximum=size, what="The deck", code_prefix="deck", section=None
    )
    single_copy = {kind.casefold(): kind for kind in flags["single_copy_types"]}
    premium = {_plain(name) for name in flags["unlimited_copies"]}
    max_copies = flags["max_copies"]

    def limit_for(card: ResolvedCard) -> tuple[int | None, str]:
        if card.has("premium_terrain") or (card.kind == "terrain" and _plain(card.name) in premium):
            return None, ""
        for tag, label in single_copy.items():
            if card.has(tag):
                article = "an" if label[:1].upper() in "AEIO" else "a"  # "a Unique"
                return 1, f" ({article} {label} card)"
        if card.max_copies is not None:
            return card.max_copies, ""
        return max_copies, " of the same card"

    problems += copies_and_banlist_problems(deck, SECTIONS, limit_for=limit_for, banlist=banlist)
    return problems
