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


def test_check_in_button_lives_in_the_fragment_and_no_show_is_not_called_dropped(client, organizer):
    event = make_event(organizer, players=4, check_in=False)
    services.event_set_status(event=event, status="check_in", user=organizer)
    late = Registration.objects.filter(event=event).order_by("pk").first()
    Registration.objects.filter(event=event).exclude(pk=late.pk).update(status="checked_in")
    client.force_login(late.player)
    page = client.get(reverse("tournaments:player_event", args=[event.pk])).content.decode()
    live = page[page.index('id="live"') :]
    assert 'data-testid="check-in"' in live[: live.index("</section>")]
    old_version = re.search(r'data-version="([^"]+)"', page).group(1)

    services.round_pair_next(event=event, user=organizer)  # the late player becomes a no-show

    live_url = reverse("tournaments:player_live", args=[event.pk])
    html = client.get(live_url, {"v": old_version}).content.decode()
    assert 'data-testid="check-in"' not in html
    assert 'data-testid="dropped"' not in html
    assert "ask the organizer to add you as a late entry" in html
