"""Reads of the check-in desk: accent-insensitive search, counts, the self check-in window, QR codes."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from core.collation import collation_key, fold
from tournaments.models import Event, EventStatus, Registration

DESK_RESULTS = 30  # the desk shows at most this many players: type more of the name to find the others


@dataclass(frozen=True)
class DeskResults:
    registrations: list[Registration]
    matching: int  # how many players match, shown or not

    @property
    def truncated(self) -> bool:
        return self.matching > len(self.registrations)


def desk_search(*, event: Event, query: str = "", limit: int = DESK_RESULTS) -> DeskResults:
    """Players of the event whose name or username contains every word of `query`, ignoring case and
    accents, by name; at most `limit`. Two queries whatever the event's size: the names (folded here, the
    same on SQLite and PostgreSQL), then the rows shown."""
    words = fold(query).split()
    rows = Registration.objects.filter(event=event).values_list(
        "pk", "player__username", "player__display_name", "player__first_name", "player__last_name"
    )
    found = []
    for pk, username, display, first, last in rows:
        haystack = fold(f"{username} {display} {first} {last}")
        if all(word in haystack for word in words):
            found.append((collation_key(display or f"{first} {last}".strip() or username), username, pk))
    found.sort()
    ids = [pk for _name, _username, pk in found[:limit]]
    shown = Registration.objects.filter(pk__in=ids).select_related("player").in_bulk()
    return DeskResults([shown[pk] for pk in ids if pk in shown], len(found))


def registration_by_token(*, event: Event, token: str) -> Registration | None:
    if not token or len(token) > 64:
        return None
    return Registration.objects.select_related("player").filter(event=event, checkin_token=token).first()


@dataclass(frozen=True)
class SelfCheckIn:
    """Whether a player may check themselves in now: "open", "not_open" (the event's check-in is not
    open), "staff_only", "not_yet" (before the window) or "over" (after it)."""

    state: str
    opens: datetime.datetime | None
    closes: datetime.datetime | None

    @property
    def allowed(self) -> bool:
        return self.state == "open"


def self_check_in(*, event: Event, now: datetime.datetime | None = None) -> SelfCheckIn:
    now = now or timezone.now()
    opens, closes = event.self_check_in_opens, event.self_check_in_closes
    if event.status not in (EventStatus.REGISTRATION, EventStatus.CHECK_IN):
        state = "not_open"
    elif event.self_check_in_staff_only:
        state = "staff_only"
    elif opens is not None and now < opens:
        state = "not_yet"
    elif closes is not None and now >= closes:
        state = "over"
    else:
        state = "open"
    return SelfCheckIn(state, opens, closes)


def checkin_scan_path(*, registration: Registration) -> str:
    """The desk's URL that the registration's QR code carries (staff-only; see views_desk.desk_scan)."""
    return reverse("tournaments:desk_scan", args=[registration.event_id, registration.checkin_token])


def qr_svg(*, data: str, scale: int = 4) -> SafeString:
    """A QR code as inline SVG markup (drawn here, no script, no image request)."""
    import segno

    code = segno.make(data, error="m", micro=False)
    svg = code.svg_inline(scale=scale, border=2, dark="#000", light="#fff", omitsize=True)
    return mark_safe(svg)  # noqa: S308 — segno draws modules only: the data is not in the markup
