"""Errors raised by tournament services; views and the API turn them into 400 / 403 / 409 answers."""

from __future__ import annotations

from core.services.errors import ServiceError


class TournamentError(ServiceError):
    """A request that the event's state does not allow; `field` names the input at fault, if any."""


class NotAllowed(TournamentError):
    status = 403
    default_code = "permission_denied"


class Conflict(TournamentError):
    """The object changed since the client read it (optimistic versioning), or the state moved on."""

    status = 409
    default_code = "conflict"
