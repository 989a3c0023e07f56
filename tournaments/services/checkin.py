"""The check-in desk's writes. Checking in always goes through registrations.registration_check_in (one
door); here: checking in from a QR code's token, and undoing a check-in made by mistake."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Event, Registration, RegistrationStatus
from tournaments.selectors.checkin import registration_by_token
from tournaments.services.common import require_staff
from tournaments.services.errors import TournamentError
from tournaments.services.registrations import (
    OPEN_FOR_REGISTRATION,
    _lock_registration,
    registration_check_in,
)


class UnknownToken(TournamentError):
    status = 404
    default_code = "unknown_token"


def registration_check_in_by_token(*, event: Event, token: str, by) -> Registration:
    """Staff scanned a player's QR code. Anyone else is refused before the token is even looked up (a
    token tells them nothing); an unknown token, or one of another event, is a 404."""
    require_staff(user=by, event=event)
    registration = registration_by_token(event=event, token=token)
    if registration is None:
        raise UnknownToken(_("This QR code is not a registration of this event."))
    return registration_check_in(registration=registration, by=by)


def registration_undo_check_in(*, registration: Registration, by) -> Registration:
    """Staff: a player checked in by mistake is registered again (until round 1 is paired)."""
    with transaction.atomic():
        event, registration = _lock_registration(registration)
        require_staff(user=by, event=event)
        if event.status not in OPEN_FOR_REGISTRATION:
            raise TournamentError(_("The rounds have started: drop the player instead."), code="closed")
        if registration.status != RegistrationStatus.CHECKED_IN:
            return registration
        registration.status = RegistrationStatus.REGISTERED
        registration.checked_in_at = None
        registration.save(update_fields=["status", "checked_in_at"])
    return registration
