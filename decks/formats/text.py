"""Pasted text lists (``3 Ash Blossom & Joyous Spring``) and the VanguardEngine deck format."""

from __future__ import annotations

import re

from .model import (
    MAX_COPIES_PER_LINE,
    SECTION_TITLES,
    CardRef,
    DeckEntry,
    DeckExportError,
    DeckFormatError,
    DeckList,
    decode_deck_text,
    numbered_lines,
    require_not_empty,
    too_many_cards,
    too_many_entries,
)

# "Main Deck:", "Extra", "#main", "!side", "Side Deck (15)", "Ride Deck: 4", and the
# Monster/Spell/Trap sub-headings deck sites print inside the Main Deck.
_HEADER = re.compile(
    r"^[#!]?\s*(?P<section>main|extra|side|ride|monsters?|spells?|traps?)"
    r"(?:\s*deck)?\s*(?:\(\s*\d+\s*(?:cards?)?\s*\))?\s*:?\s*(?:\d+\s*(?:cards?)?)?$",
    re.IGNORECASE,
)
_SUBHEADING_SECTION = {"monster": "main", "spell": "main", "trap": "main"}

# A lone number this long is a passcode; a shorter one is a count with its name missing.
MIN_BARE_PASSCODE_DIGITS = 5

# "3 Name", "3x Name", "3 x Name", "3× Name"
_COUNT_FIRST = re.compile(r"^(?P<count>\d+)\s*(?:[xX×]\s+|\s+)(?P<name>\S.*)$")
# "Name x3", "Name x 3", "Name ×3"
_COUNT_LAST = re.compile(r"^(?P<name>\S.*?)\s+[xX×]\s*(?P<count>\d+)$")


def _section_of(match: re.Match[str]) -> str:
    word = match.group("section").lower().rstrip("s")
    return _SUBHEADING_SECTION.get(word, word)


def _is_comment(line: str) -> bool:
    return line.startswith(("#", "//"))


def _reference(name: str) -> CardRef:
    # A bare number in a pasted list is a passcode.
    return int(name) if name.isascii() and name.isdigit() else name


def _count(token: str, *, line: int, text: str) -> int:
    count = int(token)
    if count < 1:
        raise DeckFormatError("A card line needs at least 1 copy.", line=line, text=text)
    if count > MAX_COPIES_PER_LINE:
        raise DeckFormatError(f"{count} copies on one line is not a deck count.", line=line, text=text)
    return count


def parse_text(
    data: str | bytes,
    *,
    default_section: str = "main",
    max_cards: int | None = None,
    max_entries: int | None = None,
) -> DeckList:
    """Read a pasted list: one card per line with an optional quantity, sections by headers. Past
    ``max_entries`` card lines or ``max_cards`` copies the reading stops (DeckTooLarge, with the line)."""
    text = decode_deck_text(data)
    sections: dict[str, list[DeckEntry]] = {}
    current = default_section
    copies = entries = 0
    for number, line in numbered_lines(text):
        if not line:
            continue
        header = _HEADER.match(line)
        if header:
            current = _section_of(header)
            continue
        if _is_comment(line):
            continue
        first = _COUNT_FIRST.match(line)
        last = None if first else _COUNT_LAST.match(line)
        match = first or last
        if match:
            name, count = match.group("name").strip(), _count(match.group("count"), line=number, text=line)
        elif line.isascii() and line.isdigit() and len(line) >= MIN_BARE_PASSCODE_DIGITS:
            name, count = line, 1  # a passcode on its own line, as deck sites copy them
        elif line.isdigit() or line.lstrip("-").isdigit():
            raise DeckFormatError(
                f"{line!r} is a number with no card name; write e.g. '3 Pot of Greed'.",
                line=number,
                text=line,
            )
        else:
            name, count = line, 1
        if not any(ch.isalnum() for ch in name):
            raise DeckFormatError(f"{line!r} does not name a card.", line=number, text=line)
        copies, entries = copies + count, entries + 1
        if max_entries is not None and entries > max_entries:
            raise too_many_entries(max_entries, line=number, text=line)
        if max_cards is not None and copies > max_cards:
            raise too_many_cards(max_cards, line=number, text=line)
        sections.setdefault(current, []).append(DeckEntry(_reference(name), count))
    return require_not_empty(sections)


def _check_name(ref: CardRef, section: str) -> str:
    text = str(ref)
    if not text.strip() or "\n" in text or "\r" in text or text != text.strip():
        raise DeckExportError(f"{ref!r} in the {section} deck cannot be written on one line.")
    return text


def export_text(deck: DeckList) -> str:
    """Canonical text: ``Main Deck:`` headers, ``<count> <name or passcode>`` lines, blank lines between."""
    blocks = []
    for section, entries in deck.sections.items():
        lines = [f"{SECTION_TITLES[section]}:"]
        lines.extend(f"{count} {_check_name(ref, section)}" for ref, count in entries)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


# --- VanguardEngine deck files (#RideDeck / #MainDeck, one card id per copy) --------

_VANGUARD_MARKERS = {"#ridedeck": "ride", "#maindeck": "main"}
_VANGUARD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-/]*$")


def parse_vanguard(
    data: str | bytes, *, max_cards: int | None = None, max_entries: int | None = None
) -> DeckList:
    text = decode_deck_text(data)
    sections: dict[str, list[DeckEntry]] = {}
    current: str | None = None
    copies = 0
    for number, line in numbered_lines(text):
        if not line:
            continue
        marker = _VANGUARD_MARKERS.get(line.lower())
        if marker:
            current = marker
            continue
        if line.startswith("#"):
            continue
        if current is None:
            raise DeckFormatError(
                "A Vanguard deck file starts with #RideDeck or #MainDeck.", line=number, text=line
            )
        if not _VANGUARD_ID.match(line):
            raise DeckFormatError(
                f"{line!r} is not a card id; a Vanguard deck file lists one id such as 'dsd01_013' per line.",
                line=number,
                text=line,
            )
        copies += 1
        if max_cards is not None and copies > max_cards:
            raise too_many_cards(max_cards, line=number, text=line)
        sections.setdefault(current, []).append(DeckEntry(line.lower(), 1))
    return require_not_empty(sections)


def export_vanguard(deck: DeckList) -> str:
    extra = set(deck.sections) - {"ride", "main"}
    if extra:
        raise DeckExportError(f"A Vanguard deck file has no place for the {', '.join(sorted(extra))} deck.")
    lines = []
    for section, marker in (("ride", "#RideDeck"), ("main", "#MainDeck")):
        lines.append(marker)
        for ref in deck.copies(section):
            if not isinstance(ref, str) or not _VANGUARD_ID.match(ref) or ref != ref.lower():
                raise DeckExportError(f"{ref!r} is not a Vanguard card id such as 'dsd01_013'.")
            lines.append(ref)
    return "\n".join(lines) + "\n"
