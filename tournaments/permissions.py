"""Who may do what at an event: reads of the event's staff, used by services, selectors and views alike.

Reads, not writes: selectors (decks' deck lists, rulings' judge-call log) ask these without depending on the
services; `tournaments.services.common` builds the `require_*` guards of the writes on them.
"""

from __future__ import annotations

from tournaments.models import Event, EventStaff, StaffRole

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
