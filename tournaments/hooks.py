"""Hooks through which other apps contribute to tournaments without tournaments importing them.

The apps point decks → tournaments → core: the decks app registers its providers here from its
AppConfig.ready(). Keep this module tiny: a registry per hook, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


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
