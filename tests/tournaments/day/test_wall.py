"""The wall pages' frame (no site menu), pairings by name with points, the projector parameters, names in the
reader's collation and the figures' one format, on pages, printouts and exports."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.tournaments.day.conftest import played_event
from tournaments import services
from tournaments.models import Registration
from tournaments.selectors.standings import event_standings

pytestmark = pytest.mark.django_db

ACCENTED = ["Nadia Nour", "Émile Zola", "Eddy Merckx", "Fanny Ardant", "Ødegaard Kim", "zoé Durand"]


def _rename(event, names=ACCENTED):
    regs = list(Registration.objects.filter(event=event).select_related("player").order_by("id"))
    for reg, name in zip(regs, names, strict=False):
        reg.player.display_name = name
        reg.player.save(update_fields=["display_name"])
    return regs


@pytest.mark.parametrize("path", ["pairings/", "pairings/?by=table", "standings/", "bracket/", "decklists/"])
def test_wall_pages_have_no_site_menu(client, organizer, path):
    event = played_event(organizer, players=6, rounds=1)
    html = client.get(f"/events/{event.pk}/wall/{path}").content.decode()
    assert 'data-testid="wall-page"' in html
    assert "site-nav" not in html and "site-header" not in html and "site-footer" not in html
    assert "<script>" not in html and "style=" not in html  # the CSP allows neither


def test_pairings_by_name_each_player_once_with_points_before_the_round(client, organizer):
    event = played_event(organizer, players=6, rounds=2)
    _rename(event)
    round_ = services.round_pair_next(event=event, user=organizer)
    html = client.get(f"/events/{event.pk}/wall/pairings/").content.decode()
    rows = re.findall(
        r'<tr><td class="wall-name">([^<]+)</td><td class="num wall-points">(\d+)</td>'
        r'<td class="num wall-num">(\d+)</td><td class="wall-name">([^<]+)</td>'
        r'<td class="num wall-points opp-points">(\d+)</td></tr>',
        html,
    )
    names = [r[0] for r in rows]
    assert names == ["Eddy Merckx", "Émile Zola", "Fanny Ardant", "Nadia Nour", "Ødegaard Kim", "zoé Durand"]
    points = {s.name: s.points for s in event_standings(event=event, up_to_round=round_.number - 1)}
    by_name = {name: (int(p), int(table), opponent, int(op)) for name, p, table, opponent, op in rows}
    for name, (p, table, opponent, opponent_points) in by_name.items():
        assert p == points[name] and opponent_points == points[opponent]
        assert by_name[opponent][1] == table and by_name[opponent][2] == name  # both directions
    assert len({table for _p, table, _o, _op in by_name.values()}) == 3


def test_pairings_in_french_are_sorted_and_labelled_in_french(client, organizer):
    event = played_event(organizer, players=6, rounds=1)
    _rename(event)
    html = client.get(f"/events/{event.pk}/wall/pairings/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="fr">' in html and "Adversaire" in html
    names = re.findall(r'<tr><td class="wall-name">([^<]+)</td>', html)
    assert names.index("Émile Zola") == names.index("Eddy Merckx") + 1


def test_projector_mode_and_its_bounded_parameters(client, organizer):
    event = played_event(organizer, players=6, rounds=1)
    url = f"/events/{event.pk}/wall/pairings/"
    plain = client.get(url).content.decode()
    assert "data-projector" not in plain and "wall.js" not in plain
    assert 'data-testid="projector-link"' in plain
    html = client.get(url, {"projector": "1", "every": "3", "rows": "20"}).content.decode()
    assert 'data-projector data-every="3" data-rows="20" data-refresh="30"' in html
    assert "/static/js/wall.js" in html
    assert 'data-testid="projector-pause"' in html and "wall-tabs" not in html
    for every, rows in (("0", "-1"), ("abc", "9999"), ("²", "")):
        html = client.get(url, {"projector": "1", "every": every, "rows": rows}).content.decode()
        assert 'data-every="10" data-rows="0"' in html
    standings = f"/events/{event.pk}/wall/standings/"
    html = client.get(standings, {"projector": "1", "every": "2"}).content.decode()
    assert 'data-every="2"' in html and "<tbody data-paged>" in html


def test_wall_pairings_queries_are_constant_with_points(client, organizer, django_assert_max_num_queries):
    counts = []
    for players in (6, 60):
        event = played_event(organizer, players=players, rounds=2, name=f"E{players}")
        services.round_pair_next(event=event, user=organizer)
        with django_assert_max_num_queries(8) as ctx:
            assert client.get(f"/events/{event.pk}/wall/pairings/", {"projector": "1"}).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def test_standings_figures_one_format_on_the_wall_the_console_the_printout_and_exports(
    client, orga_client, organizer
):
    event = played_event(organizer, players=8, rounds=3)
    rows = event_standings(event=event)
    omw = f"{100 * rows[0].omw:.2f}"
    wall = client.get(f"/events/{event.pk}/wall/standings/").content.decode()
    assert f"{omw}\u00a0%" in wall and rows[0].konami_number in wall  # Konami policy: XXYYYZZZ shown
    french = client.get(f"/events/{event.pk}/wall/standings/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{omw.replace('.', ',')}\u00a0%" in french
    console = orga_client.get(f"/events/{event.pk}/standings/").content.decode()
    assert f"{omw}\u00a0%" in console and rows[0].konami_number in console

    from tournaments.printouts import render_html

    printed = render_html(kind="standings", event=event, round_=None)
    assert f"{omw}\u00a0%" in printed and rows[0].konami_number in printed
    assert not re.search(r">0\.\d{4}<", printed)  # no more 0.5556

    data = orga_client.get(f"/events/{event.pk}/export/standings.csv").content.decode("utf-8-sig")
    table = list(csv.reader(io.StringIO(data)))
    header, first = table[0], table[1]
    assert first[header.index("OMW%")] == omw  # spreadsheets: the same two decimals, as a number
    assert first[header.index("Tie-breaker")] == rows[0].konami_number
