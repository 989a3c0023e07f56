"""Validate a parsed deck list: resolve every reference to a card, then apply the rules.

Pure Python. ``CardIndex`` is the small interface the resolver needs; the in-memory
index here serves tests, the command line and demo data, and the decks app plugs in a
database-backed one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from decks.cardfiles.records import CardRecord
from decks.formats import MAX_DECK_CARDS, MAX_DECK_ENTRIES, SECTION_TITLES, CardRef, DeckList
from decks.names import best_match, normalise_name
from rulings.engine.base import DeckProblem
from rulings.engine.construction import check_deck
from rulings.engine.decklists import Banlist, ResolvedCard, ResolvedDeck, ResolvedEntry
from rulings.engine.registry import UnknownGame, get_plugin


def report_sections(game: str) -> tuple[str, ...]:
    """The sections a game's report always counts, even when empty (its plug-in's ``deck_sections``)."""
    try:
        return get_plugin(game).deck_sections
    except UnknownGame:
        return ()


@runtime_checkable
class CardIndex(Protocol):
    """Find cards of one game by id or by name."""

    def by_id(self, key: str) -> CardRecord | None:
        """A card by its id — passcode, alternate-artwork passcode or set id."""

    def by_name(self, name: str) -> CardRecord | None:
        """A card by English or French name, compared with ``normalise_name``."""

    def suggest(self, name: str) -> str | None:
        """The closest known card name, for "did you mean …?"; None if nothing is close."""


def lend_alias_keys(records: Iterable[CardRecord], aliases: Iterable[tuple[str, str]]) -> None:
    """Cards that alias another lend their ids to it: for each ``(alias_of, key)`` pair (the card ``key``
    aliases ``alias_of`` — GOAT versions, unofficial reprints, duplicate entries), the record whose key is
    ``alias_of`` gets ``key`` among its ``alternate_keys`` (in place, once). So a banlist or whitelist that
    names only those versions still finds the card a deck lists by its usual passcode.

    The one rule both indexes use: ``InMemoryCardIndex`` (card files, ``validate_deck --cards``) and the
    database's ``decks.selectors.DatabaseCardIndex``.
    """
    lent: dict[str, list[str]] = {}
    for alias_of, key in aliases:
        if alias_of and key and alias_of != key:
            lent.setdefault(alias_of, []).append(key)
    if not lent:
        return
    for record in records:
        extra = [k for k in lent.get(record["key"], ()) if k not in record["alternate_keys"]]
        if extra:
            record["alternate_keys"] = [*record["alternate_keys"], *dict.fromkeys(extra)]


class InMemoryCardIndex:
    """A ``CardIndex`` over card records; the first record for an id or name wins. Records are copied, and
    each card is given the ids of the cards that alias it (``lend_alias_keys``), as in the database index."""

    def __init__(self, records: Iterable[CardRecord]):
        self._by_id: dict[str, CardRecord] = {}
        self._by_name: dict[str, CardRecord] = {}
        self._names: list[str] = []
        self._normalised: list[str] = []
        records = [CardRecord(**record) for record in records]
        for record in records:
            for key in (record["key"], *record["alternate_keys"]):
                self._by_id.setdefault(key.lower(), record)
            for name in (record["name"], record["name_fr"]):
                if not name:
                    continue
                normalised = normalise_name(name)
                if normalised and normalised not in self._by_name:
                    self._by_name[normalised] = record
                    self._names.append(name)
                    self._normalised.append(normalised)
        # After the id map: an alias's own passcode keeps finding the alias entry itself.
        lend_alias_keys(records, ((r["alias_of"], r["key"]) for r in records if r["alias_of"]))

    def __len__(self) -> int:
        return len({id(record) for record in self._by_id.values()})

    def by_id(self, key: str) -> CardRecord | None:
        return self._by_id.get(key.strip().lower())

    def by_name(self, name: str) -> CardRecord | None:
        return self._by_name.get(normalise_name(name))

    def suggest(self, name: str) -> str | None:
        index = best_match(normalise_name(name), self._normalised)
        return None if index is None else self._names[index]


def resolve_record(record: CardRecord, *, game: str, cards: CardIndex | None = None) -> ResolvedCard:
    """The rules' view of a card record.

    "The same card" for the copy limit means the same name (the rule counts copies by
    name), after following a cdb ``alias`` to the card it stands for when ``cards``
    knows it — so alternate artworks, duplicate entries and GOAT versions all count
    together.
    """
    named = record
    if record["alias_of"] and cards is not None:
        named = cards.by_id(record["alias_of"]) or record
    identity = normalise_name(named["name"]) or record["key"]
    ids = {record["key"], *record["alternate_keys"]}
    if record["alias_of"]:
        ids.add(record["alias_of"])
    return ResolvedCard(
        identity=identity,
        name=record["name"],
        kind=record["kind"],
        ids=frozenset(ids),
        tags=frozenset(record["tags"]),
        max_copies=record["max_copies"],
        stats=record["stats"],
    )


def _lookup(ref: CardRef, cards: CardIndex) -> CardRecord | None:
    if isinstance(ref, int):
        return cards.by_id(str(ref))
    return cards.by_id(ref) or cards.by_name(ref)


def _describe(ref: CardRef) -> str:
    return f"passcode {ref}" if isinstance(ref, int) else repr(ref)


def _oversized(deck: DeckList) -> DeckProblem | None:
    """A problem when ``deck`` is over the caps of ``decks.formats`` (decks built in code, or read with
    the caps off, come here too)."""
    entries = sum(len(section) for section in deck.sections.values())
    if deck.total > MAX_DECK_CARDS:
        return DeckProblem(
            "too_large",
            f"The deck list has {deck.total:,} cards; no deck holds more than {MAX_DECK_CARDS:,}.",
        )
    if entries > MAX_DECK_ENTRIES:
        return DeckProblem(
            "too_large",
            f"The deck list names {entries:,} different cards; no deck names more than {MAX_DECK_ENTRIES:,}.",
        )
    return None


@dataclass
class ValidationReport:
    legal: bool
    counts: dict[str, int]
    problems: list[DeckProblem]
    suggestions: dict[str, str] = field(default_factory=dict)  # unknown reference → suggested name
    deck: ResolvedDeck | None = None

    def to_json(self) -> dict[str, Any]:
        problems = []
        for problem in self.problems:
            data = problem.to_json()
            if problem.code == "unknown_card" and problem.card in self.suggestions:
                data["suggestion"] = self.suggestions[problem.card]
            problems.append(data)
        return {"legal": self.legal, "counts": dict(self.counts), "problems": problems}


def validate_deck_list(
    deck: DeckList,
    *,
    game: str,
    cards: CardIndex,
    ruleset: str | None = None,
    banlist: Banlist | None = None,
    config: Mapping[str, Any] | None = None,
) -> ValidationReport:
    """Resolve ``deck`` through ``cards`` and check it; every problem at once.

    Unknown cards are reported as ``unknown_card`` (with a suggestion when one is
    close) and still counted, as placeholders, so the size checks stay truthful.
    Rules pseudo-cards (the ygopro-cv "Cardfight!! Vanguard Rules", tag ``rules_card``)
    are dropped: they are simulator switches, not cards.
    """
    oversized = _oversized(deck)
    if oversized is not None:
        # Not worth resolving: every card would be looked up (and suggested) for a list no deck can be.
        counts = {section: deck.count(section) for section in (*report_sections(game), *deck.sections)}
        return ValidationReport(legal=False, counts=counts, problems=[oversized])
    problems: list[DeckProblem] = []
    suggestions: dict[str, str] = {}
    sections: dict[str, list[ResolvedEntry]] = {}
    unknown_seen: set[tuple[type, CardRef]] = set()
    for section, entries in deck.sections.items():
        resolved_entries = sections.setdefault(section, [])
        for ref, count in entries:
            record = _lookup(ref, cards)
            if record is not None:
                card = resolve_record(record, game=game, cards=cards)
                if card.has("rules_card"):
                    continue
            else:
                card = ResolvedCard(
                    identity=f"unknown:{ref}",
                    name=str(ref),
                    ids=frozenset({str(ref)}),
                    tags=frozenset({"unknown"}),
                )
                if (type(ref), ref) not in unknown_seen:
                    unknown_seen.add((type(ref), ref))
                    suggestion = cards.suggest(ref) if isinstance(ref, str) else None
                    message = f"Card not found: {_describe(ref)}"
                    if suggestion:
                        message += f" — did you mean {suggestion!r}?"
                        suggestions[str(ref)] = suggestion
                    problems.append(DeckProblem("unknown_card", message, section=section, card=str(ref)))
            resolved_entries.append(ResolvedEntry(card=card, count=count, reference=str(ref)))
    resolved = ResolvedDeck.from_sections(sections)
    problems += check_deck(game, resolved, ruleset=ruleset, banlist=banlist, config=config)
    always = report_sections(game)
    counted = list(always) + [s for s in resolved.sections if s not in always]
    counts = {section: resolved.size(section) for section in counted}
    return ValidationReport(
        legal=not problems, counts=counts, problems=problems, suggestions=suggestions, deck=resolved
    )


__all__ = [
    "CardIndex",
    "InMemoryCardIndex",
    "SECTION_TITLES",
    "ValidationReport",
    "report_sections",
    "resolve_record",
    "validate_deck_list",
]
