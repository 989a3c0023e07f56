"""The one shape of a service's refusal, shared by every app's services: views and the API turn it into a
400 / 403 / 409 answer naming the field at fault. Apps subclass `ServiceError` (see tournaments)."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the rules do not allow; `field` names the input at fault, if any."""

    status = 400
    default_code = "invalid"

    def __init__(self, message: str, *, field: str = "", code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code or self.default_code


class CoreError(ServiceError):
    """A refusal of the core services (accounts and roles)."""


class NotAllowed(CoreError):
    status = 403
    default_code = "permission_denied"


class Conflict(CoreError):
    """The state moved on: a request already waiting, or already decided."""

    status = 409
    default_code = "conflict"
