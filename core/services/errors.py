"""Errors raised by the core services (the same shape as tournaments.services.errors); views turn them
into 400 / 403 / 409 answers naming the field at fault."""

from __future__ import annotations


class CoreError(Exception):
    """A request the rules do not allow; `field` names the input at fault, if any."""

    status = 400
    default_code = "invalid"

    def __init__(self, message: str, *, field: str = "", code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code or self.default_code


class NotAllowed(CoreError):
    status = 403
    default_code = "permission_denied"


class Conflict(CoreError):
    """The state moved on: a request already waiting, or already decided."""

    status = 409
    default_code = "conflict"
