"""Card-name normalisation for search and matching, and "did you mean" suggestions."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from rapidfuzz import fuzz, process

# Below this similarity (0-100) a suggestion is more confusing than helpful.
SUGGESTION_CUTOFF = 80.0

_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "&": " and ", "’": "'", "‘": "'"})


def normalise_name(name: str) -> str:
    """Casefold, strip accents, turn punctuation into spaces, collapse whitespace.

    "Ash Blossom & Joyous Spring" and "ash blossom and joyous-spring" compare equal,
    as do "Dragon Blanc aux Yeux Bleus" and "dragon blanc aux yeux bleus".
    """
    text = unicodedata.normalize("NFKD", name.casefold().translate(_LIGATURES))
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category == "Mn":  # combining accent
            continue
        if char == "'":  # "Dragon's" and "Dragons" match
            continue
        kept.append(char if category[0] in "LN" else " ")
    return " ".join("".join(kept).split())


def suggest(name: str, candidates: Iterable[str], *, cutoff: float = SUGGESTION_CUTOFF) -> str | None:
    """The candidate most like ``name`` (compared normalised), or None if nothing is close."""
    choices = list(dict.fromkeys(candidates))
    if not choices:
        return None
    index = best_match(normalise_name(name), [normalise_name(choice) for choice in choices], cutoff=cutoff)
    return None if index is None else choices[index]


def best_match(
    normalised: str, normalised_choices: Sequence[str], *, cutoff: float = SUGGESTION_CUTOFF
) -> int | None:
    """Index of the closest already-normalised choice, or None. For indexes that
    normalise their names once, up front."""
    if not normalised or not normalised_choices:
        return None
    best = process.extractOne(normalised, normalised_choices, scorer=fuzz.WRatio, score_cutoff=cutoff)
    return None if best is None else best[2]
