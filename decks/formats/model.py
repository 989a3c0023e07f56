"""The common deck list every format parses into, and the errors they raise."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

MAX_DECK_BYTES = 64 * 1024

# Canonical section order (kept in step with rulings.engine.decklists.SECTION_ORDER).
SECTION_ORDER: tuple[str, ...] = ("ride", "main", "extra", "side")

SECTION_TITLES: Mapping[str, str] = {
    "ride": "Ride Deck",
    "main": "Main Deck",
    "extra": "Extra Deck",
    "side": "Side Deck",
}

MAX_PASSCODE = 2**32 - 1  # YDKE stores passcodes as unsigned 32-bit integers
MAX_COPIES_PER_LINE = 999
# The most a deck list may hold, checked while it is read (`parse_deck`), before the expensive work (decoding
# every passcode, resolving every card): copies in all sections together, and different cards. The largest
# legal deck of any game is far below (Yu-Gi-Oh!: 60 + 15 + 15 = 90 cards); room is left for listing an
# illegal deck and being told why.
MAX_DECK_CARDS = 1000
MAX_DECK_ENTRIES = 200

# A card reference: a passcode / numeric id (int) or a name or text id such as
# "dsd01_013" (str). Resolving it to a card is the CardIndex's job, not the parser's.
CardRef = int | str


class DeckEntry(NamedTuple):
    ref: CardRef
    count: int


class DeckFormatError(ValueError):
    """A deck list that cannot be read, with the line and text at fault.

    ``message`` is written for players; ``str(error)`` prefixes the line number.
    """

    def __init__(self, message: str, *, line: int | None = None, text: str | None = None):
        self.message = message
        self.line = line
        self.text = text
        super().__init__(f"Line {line}: {message}" if line is not None else message)

    def to_json(self) -> dict[str, object]:
        return {"message": self.message, "line": self.line, "text": self.text}


class DeckTooLarge(DeckFormatError):
    """More cards (copies) or more different cards than any deck list holds (MAX_DECK_CARDS/ENTRIES)."""


def too_many_cards(limit: int, *, line: int | None = None, text: str | None = None) -> DeckTooLarge:
    return DeckTooLarge(
        f"The deck list has more than {limit:,} cards; no deck is that large.", line=line, text=text
    )


def too_many_entries(limit: int, *, line: int | None = None, text: str | None = None) -> DeckTooLarge:
    return DeckTooLarge(
        f"The deck list names more than {limit:,} different cards; no deck is that large.",
        line=line,
        text=text,
    )


def check_deck_size(deck: DeckList, *, max_cards: int | None, max_entries: int | None) -> DeckList:
    """Raise DeckTooLarge when `deck` holds more copies or more different cards than allowed."""
    if max_cards is not None and deck.total > max_cards:
        raise too_many_cards(max_cards)
    if max_entries is not None and sum(len(entries) for entries in deck.sections.values()) > max_entries:
        raise too_many_entries(max_entries)
    return deck


class DeckExportError(ValueError):
    """The deck cannot be written in the requested format (e.g. names in a .ydk)."""


def _normalise_sections(
    sections: Mapping[str, Iterable[DeckEntry | tuple[CardRef, int]]],
) -> dict[str, tuple[DeckEntry, ...]]:
    unknown = set(sections) - set(SECTION_ORDER)
    if unknown:
        raise ValueError(f"unknown deck sections: {sorted(unknown)}; expected some of {SECTION_ORDER}")
    out: dict[str, tuple[DeckEntry, ...]] = {}
    for name in SECTION_ORDER:
        if name not in sections:
            continue
        # Repeated references merge into the first occurrence so every list has one
        # canonical form whatever order the copies were written in.
        merged: dict[tuple[type, CardRef], int] = {}
        for ref, count in sections[name]:
            if isinstance(ref, bool) or not isinstance(ref, int | str):
                raise TypeError(f"card reference must be int or str, not {type(ref).__name__}")
            if not isinstance(count, int) or count < 1:
                raise ValueError(f"count of {ref!r} must be a positive integer, not {count!r}")
            key = (type(ref), ref)
            merged[key] = merged.get(key, 0) + count
        if merged:
            out[name] = tuple(DeckEntry(ref, count) for (_, ref), count in merged.items())
    return out


@dataclass(frozen=True)
class DeckList:
    """Sections (canonical order, empty ones dropped) → ordered (reference, count) entries."""

    sections: Mapping[str, tuple[DeckEntry, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sections", _normalise_sections(self.sections))

    @classmethod
    def of(cls, **sections: Iterable[CardRef | tuple[CardRef, int]]) -> DeckList:
        """``DeckList.of(main=[89631139, (14558127, 3)], extra=[...])``; a bare ref is one copy."""
        built: dict[str, list[DeckEntry]] = {}
        for name, items in sections.items():
            built[name] = [
                DeckEntry(*item) if isinstance(item, tuple) else DeckEntry(item, 1) for item in items
            ]
        return cls(built)

    def section(self, name: str) -> tuple[DeckEntry, ...]:
        return self.sections.get(name, ())

    def count(self, name: str) -> int:
        return sum(entry.count for entry in self.section(name))

    def copies(self, name: str) -> Iterator[CardRef]:
        """Each reference once per copy, in list order."""
        for ref, count in self.section(name):
            for _ in range(count):
                yield ref

    @property
    def total(self) -> int:
        return sum(self.count(name) for name in self.sections)

    def is_empty(self) -> bool:
        return not self.sections

    def to_json(self) -> dict[str, list[dict[str, object]]]:
        return {
            name: [{"ref": ref, "count": count} for ref, count in entries]
            for name, entries in self.sections.items()
        }


def decode_deck_text(data: str | bytes) -> str:
    """Check size and encoding; return the text with newlines normalised to ``\\n``."""
    if isinstance(data, bytes):
        if len(data) > MAX_DECK_BYTES:
            raise DeckFormatError(
                f"The deck list is {len(data):,} bytes; the limit is {MAX_DECK_BYTES:,} bytes (64 KB)."
            )
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            bad = data[error.start : error.end + 8]
            raise DeckFormatError(
                "The file is not UTF-8 text; save it as UTF-8 and try again.",
                line=line,
                text=bad.decode("utf-8", "replace"),
            ) from None
    else:
        text = data
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_DECK_BYTES:
            raise DeckFormatError(
                f"The deck list is {size:,} bytes; the limit is {MAX_DECK_BYTES:,} bytes (64 KB)."
            )
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        raise DeckFormatError("The file contains binary data (NUL bytes); it is not a deck list.")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number from 1, stripped line) for every line, blank ones included."""
    for number, raw in enumerate(text.split("\n"), start=1):
        yield number, raw.strip()


def require_not_empty(sections: Mapping[str, list[DeckEntry]]) -> DeckList:
    deck = DeckList(sections)
    if deck.is_empty():
        raise DeckFormatError("The deck list is empty: no card was found in it.")
    return deck


def parse_passcode(token: str, *, line: int, what: str) -> int:
    if not token.isascii() or not token.isdigit():
        raise DeckFormatError(
            f"{token!r} is not a passcode: {what} lists one passcode (the number printed "
            "on the card) per line.",
            line=line,
            text=token,
        )
    value = int(token)
    if value > MAX_PASSCODE:
        raise DeckFormatError(f"{token} is too large to be a passcode.", line=line, text=token)
    return value
