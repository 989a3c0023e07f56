"""Locks and permission guards shared by the services (the checks themselves: tournaments.permissions)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Event
from tournaments.permissions import JUDGE_ROLES, can_judge, can_manage, can_score, staff_role
from tournaments.services.errors import NotAllowed

__all__ = [
    "JUDGE_ROLES",
    "can_judge",
    "can_manage",
    "can_score",
    "lock_event",
    "require_judge",
    "require_manager",
    "require_staff",
    "staff_role",
]


def lock_event(event_id: int) -> Event:
    """The event row, locked for the rest of the current transaction.

    PostgreSQL: SELECT ... FOR UPDATE. SQLite ignores FOR UPDATE, but the settings open every transaction
    with BEGIN IMMEDIATE, so the whole write transaction is serialised anyway. Callers re-check their
    preconditions after taking the lock.
    """
    assert transaction.get_connection().in_atomic_block, "lock_event needs a transaction"
    return Event.objects.select_for_update().get(pk=event_id)


def require_manager(*, user, event: Event) -> None:
    if user is not None and not can_manage(user=user, event=event):
        raise NotAllowed(_("Only an organizer of this event can do this."))


def require_staff(*, user, event: Event) -> None:
    """The tournament-day tasks (results, check-in, drops, the timer): any staff, scorekeepers included."""
    if user is not None and not can_score(user=user, event=event):
        raise NotAllowed(_("Only the staff (organizers, judges, scorekeepers) of this event can do this."))


def require_judge(*, user, event: Event) -> None:
    """A judge's tasks (penalties, deck lists, the whole-event export): not a scorekeeper."""
    if user is not None and not can_judge(user=user, event=event):
        raise NotAllowed(_("Only the judges and organizers of this event can do this."))
