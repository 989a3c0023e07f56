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


# Staff roles with a judge's rights: deck lists' contents, deck checks, unlocks, the judge-call log.
JUDGE_ROLES = frozenset({StaffRole.ORGANIZER.value, StaffRole.HEAD_JUDGE.value, StaffRole.JUDGE.value})


def staff_role(*, user, event: Event) -> str | None:
    """'organizer', 'head_judge', 'judge', 'scorekeeper' or None for this user at this event (creator and
    superusers count as organizer)."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser or event.organizer_id == user.pk:
        return StaffRole.ORGANIZER
    return EventStaff.objects.filter(event=event, user=user).values_list("role", flat=True).first()


def can_manage(*, user, event: Event) -> bool:
    """An organizer of this event: the lifecycle, pairing, top cut, staff, publishing the deck lists."""
    return staff_role(user=user, event=event) == StaffRole.ORGANIZER


def can_score(*, user, event: Event) -> bool:
    """Anyone on this event's staff, scorekeepers included: the console, results, check-in, drops and late
    entries, the timer, printouts of pairings, slips and standings, result and standings exports."""
    return staff_role(user=user, event=event) is not None


def can_judge(*, user, event: Event) -> bool:
    """A judge, head judge or organizer of this event — not a scorekeeper: on top of `can_score`, deck
    lists' contents, deck checks, unlocks, the judge-call log, penalties, the whole-event export."""
    return staff_role(user=user, event=event) in JUDGE_ROLES


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
