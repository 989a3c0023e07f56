"""What an organizer is warned about before pairing a Swiss round: players registered but not checked in
(they will not be paired), and whatever the other apps contribute through tournaments.extensions (the decks
app: missing and illegal deck lists). The organizer may pair anyway."""

from __future__ import annotations

from django.db.models import Max
from django.utils.translation import gettext as _

from core.collation import collation_key
from tournaments.extensions import PairingWarning, WarnedPlayer, pairing_warning_providers
from tournaments.models import Event, EventStatus, Registration, RegistrationStatus, RoundStage
from tournaments.permissions import can_manage

PAIRABLE = (EventStatus.REGISTRATION, EventStatus.CHECK_IN, EventStatus.SWISS)


def warned_player(registration: Registration) -> WarnedPlayer:
    return WarnedPlayer(registration.pk, str(registration.player), registration.player.username)


def pairing_warnings(*, event: Event) -> list[PairingWarning]:
    """Every warning for the event as it stands, players by name. Queries: one for the players, plus each
    provider's (the decks app's: one)."""
    registrations = sorted(
        Registration.objects.filter(
            event=event, status__in=(RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)
        ).select_related("player"),
        key=lambda r: (collation_key(str(r.player)), r.player.username),
    )
    warnings: list[PairingWarning] = []
    for provider in pairing_warning_providers():
        warnings.extend(provider(event=event, registrations=registrations))
    absent = [warned_player(r) for r in registrations if r.status == RegistrationStatus.REGISTERED]
    if absent:
        warnings.append(
            PairingWarning(
                "not_checked_in", _("Registered but not checked in: they will not be paired."), absent
            )
        )
    return warnings


def pairing_warnings_before(*, event: Event, user, number: int | None) -> list[PairingWarning]:
    """The warnings to show before the "pair next round" button pairs `number` — none when it would not pair
    anything new (a second click on a round already paired, an event past its Swiss) or when the user may
    not pair (the service refuses them without telling them about players)."""
    if event.status not in PAIRABLE or not can_manage(user=user, event=event):
        return []
    last = event.rounds.filter(stage=RoundStage.SWISS).aggregate(n=Max("number"))["n"] or 0
    if number is not None and number != last + 1:
        return []
    return pairing_warnings(event=event)
