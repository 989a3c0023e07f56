"""Errors raised by tournament services; views and the API turn them into 400 / 403 / 409 answers."""

from __future__ import annotations

from django.utils.translation import gettext as _

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


def no_such_person(username: str) -> TournamentError:
    """The refusal when `selectors.staff.person_by_username` finds nobody (400 naming `username`)."""
    text = _("No user with the name “%(name)s”.") % {"name": (username or "").strip()[:150]}
    return TournamentError(text, field="username", code="not_found")
