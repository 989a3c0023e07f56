"""Demo event for `manage.py load_demo` (idempotent): a Yu-Gi-Oh! event with round 1 paired."""

from __future__ import annotations

import datetime

from django.utils import timezone

from core.models import User
from tournaments import services
from tournaments.models import Event, EventStaff, Registration, RegistrationStatus, StaffRole

DEMO_EVENT_NAME = "Tableside Demo Open"


def load_demo(stdout) -> Event:
    organizer = User.objects.get(username="orga")
    judge = User.objects.get(username="judge")
    event = Event.objects.filter(name=DEMO_EVENT_NAME, organizer=organizer).first()
    if event is None:
        event = services.event_create(
            organizer=organizer,
            name=DEMO_EVENT_NAME,
            game="yugioh",
            date=timezone.localdate() + datetime.timedelta(days=7),
            venue="Salle des fêtes, Lyon",
            capacity=64,
            rule_set="current",
            seed="tableside-demo",
        )
    EventStaff.objects.get_or_create(event=event, user=judge, defaults={"role": StaffRole.HEAD_JUDGE})
    if event.status == "draft":
        event = services.event_set_status(event=event, status="registration", user=organizer)
    if event.status == "registration":
        for n in range(1, 13):
            player = User.objects.get(username=f"player{n}")
            registration = Registration.objects.filter(event=event, player=player).first()
            if registration is None:
                registration = services.registration_create(event=event, player=player)
            if registration.status == RegistrationStatus.REGISTERED:
                services.registration_check_in(registration=registration, by=organizer)
        services.round_pair_next(event=event, number=1, user=organizer)
    stdout.write(f"Demo event: {DEMO_EVENT_NAME} (/events/{event.pk}/), round 1 paired.\n")
    return event
