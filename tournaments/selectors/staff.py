"""The audit log of an event's staff: who was appointed, changed or removed, by whom, when."""

from __future__ import annotations

from tournaments.models import Event, EventStaffChange

STAFF_LOG_LIMIT = 50


def event_staff_changes(*, event: Event, limit: int = STAFF_LOG_LIMIT) -> list[EventStaffChange]:
    """Newest first, one query whatever the count."""
    return list(EventStaffChange.objects.filter(event=event).select_related("user", "changed_by")[:limit])
