"""People, events and saved rulings for the rulings tests."""

from __future__ import annotations

import datetime

from core.models import Role, User

from .rulings_documents import YGO_BATTLE, YGO_ILLEGAL_TRIBUTE

PASSWORD = "tablet-pass-123"  # noqa: S105 - test accounts


def person(username: str, role: str = Role.JUDGE) -> User:
    return User.objects.create_user(username, password=PASSWORD, role=role, display_name=username.title())


def event_with_staff(name: str = "Regional", **staff_roles: str):
    """An event organized by a fresh organizer, with the given staff: username=role (judge, head_judge…)."""
    from tournaments.models import Event, EventStaff

    organizer = person(f"orga-{name.lower()}", Role.ORGANIZER)
    # open for registration: a draft is its staff's only (anyone else gets a 404: tests/trust/test_drafts.py)
    event = Event.objects.create(
        name=name, game="yugioh", date=datetime.date(2026, 12, 5), organizer=organizer, status="registration"
    )
    people = {"organizer": organizer}
    for username, role in staff_roles.items():
        user = person(username)
        EventStaff.objects.create(event=event, user=user, role=role)
        people[username] = user
    return event, people


def saved_ruling(*, user=None, event=None, round_number=None, table_number=None, note="", illegal=False):
    from rulings.services.rulings import ruling_save

    return ruling_save(
        document=YGO_ILLEGAL_TRIBUTE if illegal else YGO_BATTLE,
        note=note,
        user=user,
        event=event,
        round_number=round_number,
        table_number=table_number,
    )
