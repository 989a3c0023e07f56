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
    SECTION_ORDER,
    SECTION_TITLES,
    CardRef,
    DeckEntry,
    DeckExportError,
    DeckFormatError,
    DeckList,
    decode_deck_text,
)
from .text import export_text, export_vanguard, parse_text, parse_vanguard
from .ydk import YDKE_PREFIX, export_ydk, export_ydke, parse_ydk, parse_ydke

PARSERS: dict[str, Callable[[str | bytes], DeckList]] = {
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


def detect_format(data: str | bytes, *, filename: str | None = None) -> str:
    """Guess the format from the file name, then from the content."""
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
    cards = [line for line in lines if not line.startswith(("#", "!"))]
    # Every card line a bare passcode: a .ydk. "3 Pot of Greed" lines are a text list.
    if cards and all(line.isdigit() for line in cards) and (has_marker or len(cards) > 1):
        return "ydk"
    return "text"


def parse_deck(data: str | bytes, *, format: str | None = None, filename: str | None = None) -> DeckList:
    """Parse any supported deck list; ``format`` overrides detection."""
    chosen = format or detect_format(data, filename=filename)
    try:
        parser = PARSERS[chosen]
    except KeyError:
        raise DeckFormatError(
            f"Unknown deck format {chosen!r}; expected one of {', '.join(FORMATS)}."
        ) from None
    return parser(data)


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
    "PARSERS",
    "SECTION_ORDER",
    "SECTION_TITLES",
    "CardRef",
    "DeckEntry",
    "DeckExportError",
    "DeckFormatError",
    "DeckList",
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
