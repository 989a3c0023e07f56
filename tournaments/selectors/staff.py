"""The audit log of an event's staff: who was appointed, changed or removed, by whom, when."""

from __future__ import annotations

from tournaments.models import Event, EventStaffChange

STAFF_LOG_LIMIT = 50


def event_staff_changes(*, event: Event, limit: int = STAFF_LOG_LIMIT) -> list[EventStaffChange]:
    """Newest first, one query whatever the count."""
    return list(EventStaffChange.objects.filter(event=event).select_related("user", "changed_by")[:limit])


def person_by_username(*, username: str):
    """The user a staff member names (a late entry, a walk-in, a judge to appoint): the exact username, else
    the only one that differs in case alone; None when there is none (or several). The event page, the
    console and the API look people up alike."""
    from django.contrib.auth import get_user_model

    username = (username or "").strip()
    if not username:
        return None
    users = get_user_model().objects
    person = users.filter(username=username).first()
    if person is None:
        alike = list(users.filter(username__iexact=username)[:2])
        person = alike[0] if len(alike) == 1 else None
    return person
