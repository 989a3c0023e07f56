"""Data the deck-construction checks work on: resolved decks and banlists.

Pure Python, no Django. The decks app turns a player's list into a ``ResolvedDeck``
(every reference already matched to a card) and hands it to
``rulings.engine.construction.check_deck`` together with an optional ``Banlist``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

# Canonical section order. Yu-Gi-Oh! uses main/extra/side, Vanguard ride/main.
SECTION_ORDER: tuple[str, ...] = ("ride", "main", "extra", "side")

SECTION_TITLES: Mapping[str, str] = {
    "ride": "Ride Deck",
    "main": "Main Deck",
    "extra": "Extra Deck",
    "side": "Side Deck",
}

# Banlist counts as written in EDOPro lflist.conf files.
FORBIDDEN, LIMITED, SEMI_LIMITED, UNLIMITED = 0, 1, 2, 3

LIMIT_LABELS: Mapping[int, str] = {
    FORBIDDEN: "Forbidden",
    LIMITED: "Limited",
    SEMI_LIMITED: "Semi-Limited",
    UNLIMITED: "Unlimited",
}


@dataclass(frozen=True)
class ResolvedCard:
    """A card as the construction rules see it.

    ``identity`` is what "the same card" means for the copy limit: the normalised name,
    after following an alias (alternate artwork, GOAT version) to the card it stands
    for. ``ids`` holds every id the card is known by (alternate artworks included),
    which is how banlists find it. ``tags`` carries the game-specific properties the
    rules look at (``extra_deck``, ``trigger``, ``heal``, ``over``, ``sentinel``,
    ``boss``, ``unique``, ``invocation``, ``premium_terrain``, ``rules_card`` …).
    """

    identity: str
    name: str
    kind: str = ""
    ids: frozenset[str] = frozenset()
    tags: frozenset[str] = frozenset()
    max_copies: int | None = None  # a per-card limit printed or set by the organisers
    stats: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def has(self, tag: str) -> bool:
        return tag in self.tags


@dataclass(frozen=True)
class ResolvedEntry:
    card: ResolvedCard
    count: int
    reference: str = ""  # what the player wrote, for messages


@dataclass(frozen=True)
class ResolvedDeck:
    """Sections in canonical order, each an ordered tuple of entries."""

    sections: Mapping[str, tuple[ResolvedEntry, ...]]

    @classmethod
    def from_sections(cls, sections: Mapping[str, Iterable[ResolvedEntry]]) -> ResolvedDeck:
        ordered = {name: tuple(sections[name]) for name in SECTION_ORDER if name in sections}
        unknown = set(sections) - set(SECTION_ORDER)
        if unknown:
            raise ValueError(f"unknown deck sections: {sorted(unknown)}")
        return cls(sections=ordered)

    def section(self, name: str) -> tuple[ResolvedEntry, ...]:
        return tuple(self.sections.get(name, ()))

    def size(self, *names: str) -> int:
        return sum(entry.count for name in names for entry in self.section(name))

    def entries(self, *names: str) -> Iterator[tuple[str, ResolvedEntry]]:
        for name in names or tuple(self.sections):
            for entry in self.section(name):
                yield name, entry


def _parse_list_date(name: str) -> dt.date | None:
    """``2026.02 TCG`` → 2026-02-01, ``2026.07.01 Rush`` → 2026-07-01, ``2005.4 GOAT`` → 2005-04-01."""
    head = name.strip().split(" ", 1)[0]
    parts = head.split(".")
    if not 2 <= len(parts) <= 3 or not all(p.isdigit() for p in parts):
        return None
    year, month = int(parts[0]), int(parts[1])
    day = int(parts[2]) if len(parts) == 3 else 1
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


@dataclass(frozen=True)
class Banlist:
    """One Forbidden & Limited list (an EDOPro ``!name`` block).

    ``limits`` maps a card id (passcode as text) to the copies allowed: 0 Forbidden,
    1 Limited, 2 Semi-Limited, 3 Unlimited. In a whitelist only listed cards are legal.
    """

    name: str
    limits: Mapping[str, int] = field(default_factory=dict)
    whitelist: bool = False
    date: dt.date | None = None
    game: str = "yugioh"

    @classmethod
    def named(cls, name: str, limits: Mapping[str, int], *, whitelist: bool = False) -> Banlist:
        return cls(name=name, limits=dict(limits), whitelist=whitelist, date=_parse_list_date(name))

    def limit_for(self, ids: Iterable[str]) -> int | None:
        """Copies allowed for a card known by ``ids``; None when the list says nothing.

        Alternate artworks are listed separately in EDOPro lists, so the strictest
        listed id wins.
        """
        found = [self.limits[i] for i in ids if i in self.limits]
        return min(found) if found else None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "date": self.date.isoformat() if self.date else None,
            "whitelist": self.whitelist,
            "limits": dict(self.limits),
        }
