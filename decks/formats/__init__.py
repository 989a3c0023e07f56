"""Deck list formats: parse into a ``DeckList`` and export back, with exact round-trips.

Formats: ``ydk`` (YGOPro/EDOPro files), ``ydke`` (ydke:// links), ``text`` (pasted
lists, Yu-Gi-Oh! or Vanguard) and ``vanguard`` (VanguardEngine ``#RideDeck`` files).
See docs/deck-formats.md.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from .model import (
    MAX_DECK_BYTES,
    MAX_DECK_CARDS,
    MAX_DECK_ENTRIES,
    SECTION_ORDER,
    SECTION_TITLES,
    CardRef,
    DeckEntry,
    DeckExportError,
    DeckFormatError,
    DeckList,
    DeckTooLarge,
    check_deck_size,
    decode_deck_text,
)
from .text import (
    _COUNT_FIRST,
    _COUNT_LAST,
    MIN_BARE_PASSCODE_DIGITS,
    export_text,
    export_vanguard,
    parse_text,
    parse_vanguard,
)
from .ydk import YDKE_PREFIX, export_ydk, export_ydke, parse_ydk, parse_ydke

# Each parser takes (data, *, max_cards=None, max_entries=None); `parse_deck` passes the caps.
PARSERS: dict[str, Callable[..., DeckList]] = {
    "ydk": parse_ydk,
    "ydke": parse_ydke,
    "text": parse_text,
    "vanguard": parse_vanguard,
}
EXPORTERS: dict[str, Callable[[DeckList], str]] = {
    "ydk": export_ydk,
    "ydke": export_ydke,
    "text": export_text,
    "vanguard": export_vanguard,
}
FORMATS = tuple(PARSERS)


def _ydk_like(line: str) -> bool:
    """A .ydk card line: a passcode, maybe followed by the card's name as some editors write it."""
    token = line.split(None, 1)[0]
    return line.isdigit() or (token.isdigit() and len(token) >= MIN_BARE_PASSCODE_DIGITS)


def _text_like(line: str) -> bool:
    """A text-list card line: "3 Name", "3x Name", "Name x3" (a count of a few digits and a name)."""
    first = _COUNT_FIRST.match(line)
    if first is not None and len(first.group("count")) < MIN_BARE_PASSCODE_DIGITS:
        return True
    return _COUNT_LAST.match(line) is not None


def detect_format(data: str | bytes, *, filename: str | None = None) -> str:
    """Guess the format from the file name, then from the content.

    Pasted .ydk content (no file name) is recognised by its markers (``#main``, ``#extra``, ``!side``,
    ``#created by``) when its card lines are mostly passcodes rather than "3 Card Name" lines, so that one bad
    line is reported with its .ydk line number instead of as an unknown card name.
    """
    text = decode_deck_text(data)
    suffix = PurePath(filename).suffix.lower() if filename else ""
    if suffix == ".ydk":
        return "ydk"
    stripped = text.strip()
    if stripped.lower().startswith(YDKE_PREFIX):
        return "ydke"
    lines = [line.strip().lower() for line in stripped.split("\n") if line.strip()]
    if any(line in ("#ridedeck", "#maindeck") for line in lines):
        return "vanguard"
    has_marker = any(line in ("#main", "#extra", "!side") for line in lines)
    created_by = any(line.startswith("#created by") for line in lines)
    cards = [line for line in lines if not line.startswith(("#", "!"))]
    if has_marker or created_by:
        ydk_lines = sum(1 for line in cards if _ydk_like(line))
        text_lines = sum(1 for line in cards if _text_like(line))
        if ydk_lines > text_lines or (created_by and text_lines == 0):
            return "ydk"
    # Every card line a bare passcode: a .ydk. "3 Pot of Greed" lines are a text list.
    if cards and all(line.isdigit() for line in cards) and (has_marker or len(cards) > 1):
        return "ydk"
    return "text"


def parse_deck(
    data: str | bytes,
    *,
    format: str | None = None,
    filename: str | None = None,
    max_cards: int | None = MAX_DECK_CARDS,
    max_entries: int | None = MAX_DECK_ENTRIES,
) -> DeckList:
    """Parse any supported deck list; ``format`` overrides detection. A list over the caps (copies, different
    cards) is refused while it is read, before anything resolves its cards (DeckTooLarge)."""
    chosen = format or detect_format(data, filename=filename)
    try:
        parser = PARSERS[chosen]
    except KeyError:
        raise DeckFormatError(
            f"Unknown deck format {chosen!r}; expected one of {', '.join(FORMATS)}."
        ) from None
    deck = parser(data, max_cards=max_cards, max_entries=max_entries)
    return check_deck_size(deck, max_cards=max_cards, max_entries=max_entries)


def export_deck(deck: DeckList, *, format: str) -> str:
    try:
        exporter = EXPORTERS[format]
    except KeyError:
        raise DeckExportError(
            f"Unknown deck format {format!r}; expected one of {', '.join(FORMATS)}."
        ) from None
    return exporter(deck)


__all__ = [
    "EXPORTERS",
    "FORMATS",
    "MAX_DECK_BYTES",
    "MAX_DECK_CARDS",
    "MAX_DECK_ENTRIES",
    "PARSERS",
    "SECTION_ORDER",
    "SECTION_TITLES",
    "CardRef",
    "DeckEntry",
    "DeckExportError",
    "DeckFormatError",
    "DeckList",
    "DeckTooLarge",
    "check_deck_size",
    "detect_format",
    "export_deck",
    "export_text",
    "export_vanguard",
    "export_ydk",
    "export_ydke",
    "parse_deck",
    "parse_text",
    "parse_vanguard",
    "parse_ydk",
    "parse_ydke",
]
