"""Errors raised by tournament services; views and the API turn them into 400 / 403 / 409 answers."""

from __future__ import annotations


class TournamentError(Exception):
    """A request that the event's state does not allow; `field` names the input at fault, if any."""

    status = 400
    default_code = "invalid"

    def __init__(self, message: str, *, field: str = "", code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code or self.default_code


class NotAllowed(TournamentError):
    status = 403
    default_code = "permission_denied"


class Conflict(TournamentError):
    """The object changed since the client read it (optimistic versioning), or the state moved on."""

    status = 409
    default_code = "conflict"
