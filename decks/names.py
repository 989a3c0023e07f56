"""Card-name normalisation for search and matching, and "did you mean" suggestions."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from rapidfuzz import fuzz, process

# Below this similarity (0-100) a suggestion is more confusing than helpful.
SUGGESTION_CUTOFF = 80.0

_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "&": " and ", "’": "'", "‘": "'"})


class _Folding(dict):
    """What ``normalise_name`` keeps of each character, computed once per character: ``str.translate``
    then walks a name in C (the per-character loop in Python was a fifth of a card import's CPU)."""

    def __missing__(self, code: int) -> str | None:
        char = chr(code)
        category = unicodedata.category(char)
        # a combining accent goes, and so does "'" ("Dragon's" and "Dragons" match)
        kept = None if category == "Mn" or char == "'" else char if category[0] in "LN" else " "
        self[code] = kept
        return kept


_FOLDING = _Folding()


def normalise_name(name: str) -> str:
    """Casefold, strip accents, turn punctuation into spaces, collapse whitespace.

    "Ash Blossom & Joyous Spring" and "ash blossom and joyous-spring" compare equal,
    as do "Dragon Blanc aux Yeux Bleus" and "dragon blanc aux yeux bleus".
    """
    text = unicodedata.normalize("NFKD", name.casefold().translate(_LIGATURES))
    return " ".join(text.translate(_FOLDING).split())


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
