"""The player's phone page keeps the event status right while it updates itself (the live fragment)."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Registration


def _status(html: str) -> str:
    match = re.search(r'data-testid="event-status">([^<]*)<', html)
    assert match, "the event status is missing"
    return match.group(1).strip()


def test_status_in_live_fragment_follows_pairing(client, organizer):
    event = make_event(organizer, players=4)
    services.event_set_status(event=event, status="check_in", user=organizer)
    player = Registration.objects.filter(event=event).first().player
    client.force_login(player)
    page = client.get(reverse("tournaments:player_event", args=[event.pk])).content.decode()
    assert _status(page) == "Check-in"
    old_version = re.search(r'data-version="([^"]+)"', page).group(1)

    services.round_pair_next(event=event, user=organizer)

    live = client.get(reverse("tournaments:player_live", args=[event.pk]), {"v": old_version})
    assert live.status_code == 200
    html = live.content.decode()
    assert "Check-in" not in html
    assert _status(html) == "Swiss rounds"
    assert 'data-testid="my-table"' in html or 'data-testid="bye"' in html
