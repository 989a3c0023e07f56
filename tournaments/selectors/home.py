"""The home page of a signed-in person: their own events and, for each, the one thing to do next."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.extensions import deck_lists
from tournaments.models import Event, EventStaff, EventStatus, Registration, RegistrationStatus, StaffRole

LIMIT = 12
LIVE = (EventStatus.SWISS, EventStatus.TOP_CUT)
BEFORE = (EventStatus.REGISTRATION, EventStatus.CHECK_IN)


@dataclass(frozen=True)
class HomeEvent:
    event: Event
    role: str  # "player" | "organizer" | "head_judge" | "judge"
    next_label: Promise | str
    next_url: str


def _player_step(registration: Registration, has_deck: bool) -> tuple[Promise, str]:
    event = registration.event
    phone = reverse("tournaments:player_event", args=[event.pk])
    if registration.status in (RegistrationStatus.DROPPED, RegistrationStatus.NO_SHOW):
        return _("See the standings"), reverse("tournaments:standings", args=[event.pk])
    if event.status == EventStatus.FINISHED:
        return _("See the final standings"), reverse("tournaments:standings", args=[event.pk])
    if event.status in LIVE:
        return _("See your table and report your result"), phone
    if not has_deck:
        return _("Submit your deck list"), reverse("decks:my_deck", args=[event.pk])
    if registration.status == RegistrationStatus.REGISTERED:
        return _("Check in at the venue"), phone
    return _("Wait for the round 1 pairings"), phone


def _staff_step(event: Event, role: str) -> tuple[Promise, str]:
    console = reverse("tournaments:console_event", args=[event.pk])
    if role == StaffRole.ORGANIZER:
        if event.status == EventStatus.DRAFT:
            return _("Open registration"), reverse("tournaments:event_detail", args=[event.pk])
        if event.status in BEFORE:
            return _("Check players in, then pair round 1"), console
        if event.status in LIVE:
            return _("Enter results and pair the next round"), console
        return _("Print and export"), reverse("tournaments:console_exports", args=[event.pk])
    if role == StaffRole.SCOREKEEPER:
        # a scorekeeper runs the day from the console; deck lists and judge calls are the judges'
        if event.status in LIVE:
            return _("Enter results and pair the next round"), console
        return _("Check players in, then pair round 1"), console
    if event.status in (EventStatus.DRAFT, *BEFORE):
        return _("Check the deck lists"), reverse("decks:event_lists", args=[event.pk])
    if event.status in LIVE:
        return _("Follow the round in the console"), console
    return _("Review the judge calls"), reverse("rulings:event_log", kwargs={"event_id": event.pk})


def home_player_events(*, user, limit: int = LIMIT) -> list[HomeEvent]:
    """The events the player is registered in, newest first (2 queries whatever the count)."""
    has_deck = deck_lists().has_deck()
    registrations = (
        Registration.objects.filter(player=user)
        .exclude(event__status=EventStatus.DRAFT)
        .select_related("event")
        .annotate(has_deck=has_deck)
        .order_by("-event__date", "event__name")[:limit]
    )
    rows = []
    for registration in registrations:
        label, url = _player_step(registration, registration.has_deck)
        rows.append(HomeEvent(registration.event, "player", label, url))
    return rows


def home_staff_events(*, user, limit: int = LIMIT) -> list[HomeEvent]:
    """The events the person organises or judges, newest first (2 queries whatever the count)."""
    roles: dict[int, tuple[Event, str]] = {}
    for event in Event.objects.filter(organizer=user).order_by("-date", "name")[:limit]:
        roles[event.pk] = (event, StaffRole.ORGANIZER)
    staffed = EventStaff.objects.filter(user=user).select_related("event").order_by("-event__date")
    for staff in staffed[:limit]:
        roles.setdefault(staff.event_id, (staff.event, staff.role))
    ordered = sorted(roles.values(), key=lambda item: (-item[0].date.toordinal(), item[0].name))[:limit]
    return [HomeEvent(event, role, *_staff_step(event, role)) for event, role in ordered]


def home_events(*, user) -> list[HomeEvent]:
    """The home page's "my events" (registered with core.home): the events the person runs, then plays."""
    return home_staff_events(user=user) + home_player_events(user=user)
