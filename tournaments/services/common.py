"""Locks and permission checks shared by the tournament services."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Event, EventStaff, StaffRole
from tournaments.services.errors import NotAllowed


def lock_event(event_id: int) -> Event:
    """The event row, locked for the rest of the current transaction.

    PostgreSQL: SELECT ... FOR UPDATE. SQLite ignores FOR UPDATE, but the settings open every transaction
    with BEGIN IMMEDIATE, so the whole write transaction is serialised anyway. Callers re-check their
    preconditions after taking the lock.
    """
    assert transaction.get_connection().in_atomic_block, "lock_event needs a transaction"
    return Event.objects.select_for_update().get(pk=event_id)


def staff_role(*, user, event: Event) -> str | None:
    """'organizer', 'head_judge', 'judge' or None for this user at this event (creator and superusers count
    as organizer)."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser or event.organizer_id == user.pk:
        return StaffRole.ORGANIZER
    return EventStaff.objects.filter(event=event, user=user).values_list("role", flat=True).first()


def can_manage(*, user, event: Event) -> bool:
    return staff_role(user=user, event=event) == StaffRole.ORGANIZER


def can_judge(*, user, event: Event) -> bool:
    return staff_role(user=user, event=event) is not None


def require_manager(*, user, event: Event) -> None:
    if user is not None and not can_manage(user=user, event=event):
        raise NotAllowed(_("Only an organizer of this event can do this."))


def require_staff(*, user, event: Event) -> None:
    if user is not None and not can_judge(user=user, event=event):
        raise NotAllowed(_("Only the staff (judges, organizers) of this event can do this."))
