"""`{% event_staff_changes event as changes %}`: the staff audit log on the event's staff area (the page's
view stays as it is; the read is tournaments.selectors.staff)."""

from __future__ import annotations

from django import template

from tournaments.selectors.staff import event_staff_changes as _event_staff_changes

register = template.Library()


@register.simple_tag
def event_staff_changes(event):
    return _event_staff_changes(event=event)
