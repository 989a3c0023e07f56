"""Wall pages (pairings by name and by table, standings, bracket, clock, published deck lists) and the PDF
printouts; list pages keep a constant number of queries whatever the field size."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.day.conftest import LEGAL_DECK, played_event, staff_event
from tournaments import services
from tournaments.models import Match, Registration

pytestmark = pytest.mark.django_db


def test_pairings_by_name_are_alphabetical_and_by_table_in_order(client, organizer):
    event = played_event(organizer, players=7, rounds=1)
    response = client.get(f"/events/{event.pk}/wall/pairings/")
    assert response.status_code == 200
    html = response.content.decode()
    names = re.findall(r'<tr><td class="wall-name">(Player \d+)</td>', html)
    assert len(names) == 7 and names == sorted(names)
    assert "bye" in html
    html = client.get(f"/events/{event.pk}/wall/pairings/", {"by": "table", "round": 1}).content.decode()
    tables = [int(t) for t in re.findall(r'<td class="num wall-num">(\d+)</td>', html)]
    assert tables == [1, 2, 3]
    assert client.get(f"/events/{event.pk}/wall/pairings/", {"round": 9}).status_code == 404


def test_standings_bracket_and_clock(client, organizer):
    event = played_event(organizer, players=8, rounds=3)
    html = client.get(f"/events/{event.pk}/wall/standings/").content.decode()
    ranks = [int(r) for r in re.findall(r'<td class="num" data-label="#">(\d+)</td>', html)]
    assert ranks == sorted(ranks) and len(ranks) == 8
    assert b"No top cut yet" in client.get(f"/events/{event.pk}/wall/bracket/").content
    services.topcut_start(event=event, user=organizer)
    response = client.get(f"/events/{event.pk}/wall/bracket/")
    assert response.content.count(b'class="bracket-match"') == 2
    for _ in range(2):
        for m in Match.objects.filter(round__event=event, status="pending", player_b__isnull=False):
            services.match_enter_result(match=m, user=organizer, games_a=0, games_b=2)
    html = client.get(f"/events/{event.pk}/wall/bracket/").content.decode()
    places = re.findall(r'<td class="num wall-num">([\d-]+)</td>', html)
    assert places == ["1", "2", "3-4", "3-4", "5", "6", "7", "8"]
    assert 'data-testid="champion"' in html
    clock = client.get(f"/events/{event.pk}/wall/clock/")
    assert clock.status_code == 200 and b"wall-time" in clock.content and b"<script>" not in clock.content


def test_drafts_are_not_public(client, organizer):
    event = services.event_create(organizer=organizer, name="Secret", game="yugioh", date="2026-12-01")
    assert client.get(f"/events/{event.pk}/wall/pairings/").status_code == 404


def test_deck_lists_only_once_published(client, organizer, yugioh_cards):
    from decks.services.decklists import decklist_submit, event_deck_settings_update

    event = staff_event(organizer, players=2)
    reg = Registration.objects.filter(event=event).select_related("player").first()
    decklist_submit(registration=reg, user=reg.player, data=LEGAL_DECK, format="text")
    assert b'data-testid="not-published"' in client.get(f"/events/{event.pk}/wall/decklists/").content
    event_deck_settings_update(event=event, user=organizer, lists_published=True)
    html = client.get(f"/events/{event.pk}/wall/decklists/").content
    assert b"Blue-Eyes White Dragon" in html and html.count(b'data-testid="decklist"') == 1


@pytest.mark.parametrize("kind", ["pairings-name", "pairings-table", "slips", "standings"])
def test_printouts_are_a4_pdfs(orga_client, organizer, kind):
    event = played_event(organizer, players=9, rounds=1)
    response = orga_client.get(f"/events/{event.pk}/print/{kind}.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    from tournaments.printouts import render_document
    from tournaments.selectors.rounds import current_round

    document = render_document(kind=kind, event=event, round_=current_round(event=event))
    for page in document.pages:  # A4: 210 x 297 mm = 793.7 x 1122.5 CSS px
        assert (round(page.width, 1), round(page.height, 1)) == (793.7, 1122.5)


def test_printout_html_has_one_slip_per_table(organizer):
    from tournaments.printouts import render_html

    event = played_event(organizer, players=9, rounds=1)
    round_ = services.round_pair_next(event=event, user=organizer)
    html = render_html(kind="slips", event=event, round_=round_)
    assert html.count('class="slip"') == 4  # 9 players: 4 tables and a bye
    from tournaments.printouts import render_document

    assert len(render_document(kind="slips", event=event, round_=round_).pages) == 1  # four slips per A4
    html = render_html(kind="pairings-name", event=event, round_=round_)
    assert html.count("<tr><td>") == 9


def test_printouts_refusals(client, orga_client, organizer, player_user):
    event = staff_event(organizer, players=4)
    assert orga_client.get(f"/events/{event.pk}/print/slips.pdf").status_code == 409  # no round yet
    assert orga_client.get(f"/events/{event.pk}/print/decklists.pdf").status_code == 409
    assert orga_client.get(f"/events/{event.pk}/print/nonsense.pdf").status_code == 404
    client.force_login(player_user)
    assert client.get(f"/events/{event.pk}/print/standings.pdf").status_code == 403


def test_deck_list_printout(orga_client, organizer, yugioh_cards):
    from decks.services.decklists import decklist_submit

    event = staff_event(organizer, players=2)
    reg = Registration.objects.filter(event=event).select_related("player").first()
    decklist_submit(registration=reg, user=reg.player, data=LEGAL_DECK, format="text")
    response = orga_client.get(f"/events/{event.pk}/print/decklists.pdf")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def _count(client, url):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize(
    "path", ["wall/pairings/", "wall/pairings/?by=table", "wall/standings/", "wall/bracket/", "wall/clock/"]
)
def test_wall_queries_do_not_grow(client, organizer, path, django_assert_max_num_queries):
    small = played_event(organizer, players=6, rounds=2, name="S")
    large = played_event(organizer, players=48, rounds=2, name="L")
    assert _count(client, f"/events/{small.pk}/{path}") == _count(client, f"/events/{large.pk}/{path}")
    with django_assert_max_num_queries(8):
        client.get(f"/events/{large.pk}/{path}")
