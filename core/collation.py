"""Sorting people by name the way a reader of the page's language expects (docs/tournament-day.md, "Names").

`str.casefold` alone sorts by code point: "Émile" comes after "Nadia" (É is U+00C9) and "Ødegaard" after
"Zoé". Readers of English and French expect letters first, then accents, then case — what the Unicode
Collation Algorithm's root order (CLDR) does, and what both languages use (modern French sorts accents
forward, like English). The key here is that order without ICU: pure Python (`unicodedata`), the same on
every server (`locale.strxfrm` depends on the locales the machine happens to have installed, and PyICU needs
the ICU library and a compiler).

A key compares in three levels, like the UCA's:

1. the letters: NFKD decomposition, combining marks dropped, case folded (ß → ss), and the letters that do
   not decompose spelled out (Æ → ae, Œ → oe, Ø → o, Đ → d, Ł → l, Þ → th); "Émile" sorts between "Eddy"
   and "Fanny";
2. the accents: at equal letters, the unaccented name first ("Emile" before "Émile");
3. the case: at equal letters and accents, lower case first ("emile" before "Emile"); then the text itself,
   so the order is total and stable.

`LANGUAGE_TAILORINGS` holds the per-language changes to the root order (a Swedish page would put å, ä, ö
after z; a German phone book would expand ä to ae). English and French need none.

Where the database sorts by name (`order_by("player__…")`) it compares bytes or its own collation, which
differs between SQLite and PostgreSQL: lists of people are fetched (they are bounded: one event's
registrations) and sorted here instead.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar

from django.utils import translation

T = TypeVar("T")

# Letters that NFKD does not decompose into a base letter and a mark, spelled as a reader alphabetises them.
_EXPANSIONS = str.maketrans(
    {
        "æ": "ae",
        "œ": "oe",
        "ø": "o",
        "đ": "d",
        "ð": "d",
        "ł": "l",
        "þ": "th",
        "ı": "i",
        "ħ": "h",
        "ŧ": "t",
        "ŀ": "l",
        "ĸ": "q",
    }
)

# language code -> letters (after case folding) moved to the end of the alphabet, in that order.
# (No language of the site needs one; Swedish is here as the example the tests use.)
LANGUAGE_TAILORINGS: dict[str, str] = {"sv": "åäö"}

_AFTER_Z = "\U0010fff0"  # sorts after every letter of the root order


def _strip_marks(text: str) -> str:
    return "".join(c for c in text if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Lower case without accents, for matching what someone typed: "Éloïse" and "eloise" fold alike."""
    return _strip_marks(unicodedata.normalize("NFKD", text.casefold()))


@lru_cache(maxsize=65536)
def _key(text: str, language: str) -> tuple[str, str, str, str]:
    text = " ".join(text.split())  # runs of spaces count as one; leading and trailing ones not at all
    folded = unicodedata.normalize("NFC", text.casefold())
    tailored = LANGUAGE_TAILORINGS.get(language, "")
    if tailored:
        # Keep the tailored letters whole (å stays å, not a + ring) and move them after z.
        for index, letter in enumerate(tailored):
            folded = folded.replace(letter, f"{_AFTER_Z}{index:02d}")
    decomposed = unicodedata.normalize("NFKD", folded)
    primary = _strip_marks(decomposed).translate(_EXPANSIONS)
    secondary = decomposed  # the marks still there: at equal letters the unaccented name first
    tertiary = text.swapcase()  # at equal letters and accents, lower case first
    return primary, secondary, tertiary, text


def _language(language: str | None) -> str:
    code = language or translation.get_language() or "en"
    return code.split("-")[0].lower()


def collation_key(text: str | None, language: str | None = None) -> tuple[str, str, str, str]:
    """The sort key of a name for readers of `language` (default: the active language)."""
    return _key(str(text or ""), _language(language))


def sort_by_name(
    items: Iterable[T], name: Callable[[T], object] | None = None, language: str | None = None
) -> list[T]:
    """The items sorted by `name(item)` (default: the item itself; None counts as "") for readers of
    `language` (default: the active language)."""
    code = _language(language)
    get = name or (lambda item: item)
    return sorted(items, key=lambda item: _key(str(get(item) or ""), code))
