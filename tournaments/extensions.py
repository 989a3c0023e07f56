"""What other apps contribute to tournaments, registered from their `AppConfig.ready()`.

tournaments never imports the apps built on it (decks, rulings; a test reads the imports). Where a page, a
printout, a form or the event file needs what such an app knows, tournaments asks this registry:

- `deck_lists()`: the reads of the players' deck lists the tournament pages show (the phone page's deck
  status, the home page, the printout and public page of the lists) and the event's banlist (the event
  form's choices, event_create/event_update). decks registers `decks.tournament_hooks.DeckLists`.
- `event_file_sections()`: parts of the event file (`tableside-event` v1) owned by another app: each exports,
  checks, normalises and restores its own top-level keys (decks: `deck_settings`, `deck_lists`).
- `pairing_warning_providers()`: what the organizer should know before pairing a round (decks: players
  without a deck list, or whose latest list is not legal), shown with a "Pair anyway" button.
- Exporters (files a staff member downloads) have their own registry: `tournaments.exporters`.

Without a registration (decks not installed) the defaults say "no deck lists" and the event file has only
tournaments' own parts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.db.models import BooleanField, Expression, Value

from tournaments.models import Event, Registration


class DeckLists(Protocol):
    """The deck lists as tournaments' pages see them."""

    def latest_version(self, *, registration: Registration) -> Any | None:
        """The registration's newest deck-list version (`number`, `legal`), or None."""

    def has_deck(self) -> Expression:
        """An annotation over Registration rows: True when the registration has a deck-list version."""

    def submitted(self, *, event: Event) -> list[tuple[Registration, Any]]:
        """(registration, latest version) of every player with a list, by username (a fixed number of
        queries)."""

    def published(self, *, event: Event) -> list[tuple[Registration, Any]]:
        """`submitted`, once the organizer has published the lists; else []."""

    def sheet(self, *, content: dict, game: str) -> list[dict]:
        """A version's content laid out for reading (per section, sorted, with totals)."""

    def banlist_names(self) -> list[tuple[str, str]]:
        """(game, name) of every imported banlist, by game then newest first."""

    def banlist_resolve(self, *, game: str, name: str | None) -> Any | None:
        """The banlist of this game with this name; None for an empty name; TournamentError otherwise."""

    def banlist_store(self, *, event: Event, banlist: Any) -> None:
        """Make it the event's banlist."""


class NoDeckLists:
    """The default: nobody has a deck list, there are no banlists."""

    def latest_version(self, *, registration: Registration) -> Any | None:
        return None

    def has_deck(self) -> Expression:
        return Value(False, output_field=BooleanField())

    def submitted(self, *, event: Event) -> list[tuple[Registration, Any]]:
        return []

    def published(self, *, event: Event) -> list[tuple[Registration, Any]]:
        return []

    def sheet(self, *, content: dict, game: str) -> list[dict]:
        return []

    def banlist_names(self) -> list[tuple[str, str]]:
        return []

    def banlist_resolve(self, *, game: str, name: str | None) -> Any | None:
        from django.utils.translation import gettext as _

        from tournaments.services.errors import TournamentError

        if (name or "").strip():
            raise TournamentError(_("No banlists on this site."), field="banlist", code="unknown_banlist")
        return None

    def banlist_store(self, *, event: Event, banlist: Any) -> None:
        return None


@dataclass
class ExportPeople:
    """Given to a section's `export`: players by registration id, and the usernames the file names (a section
    adds the people it names; they become the file's `users`)."""

    key_of: dict[int, str]
    usernames: set[str]


@dataclass
class DocumentChecks:
    """Given to a section's `check`: report problems by JSON Pointer, check references to people."""

    fail: Callable[..., None]  # fail(path, message, code="invalid")
    player: Callable[..., None]  # player(value, path, null=True): a registered player of the document
    user: Callable[[Any, str], None]  # user(value, path): a username of `users` (or None)
    items: Callable[[Any], list[tuple[int, dict]]]  # (index, object) of a list, skipping non-objects


@dataclass
class ImportContext:
    """Given to a section's `restore`, inside the import's transaction."""

    event: Event
    importer: Any  # the organizer importing, or None (a script)
    registration_of: dict[str, Registration]  # document username -> the new registration
    user_id: Callable[[str | None], int | None]  # document username -> the placeholder's id
    provenance: Callable[..., str]  # provenance(original=username-label or None, text="") -> a history note
    original: Callable[[str | None], str | None]  # document username -> how the file names the person
    when: Callable[[str | None], Any]  # an ISO moment of the document -> an aware datetime (or None)


class EventFileSection(Protocol):
    """Top-level keys of the event file that another app owns."""

    title: str  # the progress message while it is exported or imported ("Deck lists")
    keys: tuple[str, ...]

    def export(self, *, event: Event, people: ExportPeople) -> dict[str, Any]: ...

    def check(self, *, doc: dict[str, Any], checks: DocumentChecks) -> None: ...

    def normalise(self, *, doc: dict[str, Any]) -> None:
        """Fill in the optional parts (the document is a validated copy)."""

    def placeholders(self, *, doc: dict[str, Any]) -> Iterable[str | None]:
        """Usernames its restored rows keep naming (they become placeholder records)."""

    def history(self, *, doc: dict[str, Any]) -> int:
        """How many history entries an import attributes to the importer."""

    def comparable(self, *, doc: dict[str, Any], rename: Callable[..., dict]) -> dict[str, Any]:
        """Its keys as an export → import → export round trip keeps them (see event_file.comparable)."""

    def restore(self, *, doc: dict[str, Any], context: ImportContext) -> None: ...


_deck_lists: DeckLists = NoDeckLists()
_sections: dict[str, EventFileSection] = {}


def register_deck_lists(provider: DeckLists) -> None:
    global _deck_lists
    _deck_lists = provider


def deck_lists() -> DeckLists:
    return _deck_lists


# the event file's own keys (tournaments.services.event_file): no section may write them
OWN_KEYS = frozenset(
    ("format", "version", "exported_at", "event", "users", "staff", "registrations", "rounds", "penalties")
)


def register_event_file_section(section: EventFileSection) -> None:
    """Idempotent by the section's keys (ready() may run more than once in tests). Its keys must be described
    by the published schema (`tournaments/schemas/event-v1.schema.json`), which refuses unknown ones."""
    if OWN_KEYS & set(section.keys):
        raise ValueError(f"the event file's own keys: {sorted(OWN_KEYS & set(section.keys))}")
    _sections[",".join(section.keys)] = section


def event_file_sections() -> list[EventFileSection]:
    return list(_sections.values())


# --- warnings before pairing -------------------------------------------------------------------------------


@dataclass(frozen=True)
class WarnedPlayer:
    registration_id: int
    name: str
    username: str


@dataclass(frozen=True)
class PairingWarning:
    """Something the organizer should know before pairing a round (they may pair anyway).
    `code` is stable (API, tests); `message` is the sentence to show, in the request's language."""

    code: str
    message: str
    players: list[WarnedPlayer] = field(default_factory=list)


# provider(*, event, registrations) -> warnings; `registrations` are the event's registered and
# checked-in players, with `player` loaded.
PairingWarningProvider = Callable[..., Sequence[PairingWarning]]

_pairing_warning_providers: list[PairingWarningProvider] = []


def register_pairing_warnings(provider: PairingWarningProvider) -> None:
    """Called from an AppConfig.ready(); registering the same provider twice is harmless."""
    if provider not in _pairing_warning_providers:
        _pairing_warning_providers.append(provider)


def pairing_warning_providers() -> tuple[PairingWarningProvider, ...]:
    return tuple(_pairing_warning_providers)
