"""The exporters' registry (`tournaments.exporters`): tournaments' own and decks' deck lists, run by id from
the export URL and `manage.py export`, listed on the console's "Print & export" page; and what tournaments
shows when no app registers deck lists (`tournaments.extensions`)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core.models import User
from tests.tournaments.day.conftest import LEGAL_DECK, staff_event
from tournaments import exporters, extensions
from tournaments.models import EventStaff, Registration, StaffRole

pytestmark = pytest.mark.django_db

IDS = ["standings.csv", "standings.xlsx", "results.csv", "results.xlsx", "penalties.csv", "penalties.xlsx",
       "event.json", "decklists.txt"]  # fmt: skip


@pytest.fixture
def event_with_lists(organizer, judge, yugioh_cards):
    from decks.services.decklists import decklist_submit

    event = staff_event(organizer, players=4, judge=judge, name="Spring Open")
    for reg in Registration.objects.filter(event=event).select_related("player").order_by("id")[:2]:
        decklist_submit(registration=reg, user=reg.player, data=LEGAL_DECK, format="text")
    return event


def test_the_registry_holds_tournaments_and_decks_exporters_in_page_order():
    assert [x.id for x in exporters.exporters()] == IDS
    judges_only = {"penalties.csv", "penalties.xlsx", "event.json", "decklists.txt"}
    assert {x.id for x in exporters.exporters() if x.judges_only} == judges_only
    assert [x.id for x in exporters.exporters(judge=False)] == IDS[:4]
    assert all(str(x.title) for x in exporters.exporters())
    with pytest.raises(ValueError):
        exporters.register(exporters.Exporter("no-extension", "x", lambda event: ("", "", b"")))


def test_every_exporter_is_downloaded_through_its_url_as_it_renders(client, organizer, event_with_lists):
    client.force_login(organizer)
    for exporter in exporters.exporters():
        filename, mime, data = exporter.render(event_with_lists)
        assert filename == f"spring-open-{exporter.id}"
        response = client.get(f"/events/{event_with_lists.pk}/export/{exporter.id}")
        assert response.status_code == 200, exporter.id
        assert response["Content-Type"] == mime
        assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
        if exporter.id == "event.json":  # the moment of the export differs
            drop = lambda raw: {k: v for k, v in json.loads(raw).items() if k != "exported_at"}  # noqa: E731
            assert drop(response.content) == drop(data)
        elif not exporter.id.endswith(".xlsx"):  # an XLSX file stores its moment of writing
            assert response.content == data


def test_the_deck_lists_export_is_every_submitted_list_as_text_for_judges_only(
    client, organizer, judge, event_with_lists
):
    regs = list(Registration.objects.filter(event=event_with_lists).select_related("player").order_by("id"))
    _filename, mime, data = exporters.get("decklists.txt").render(event_with_lists)
    text = data.decode()
    assert mime == "text/plain; charset=utf-8"
    assert text.count("# ") == 2 and "3 Blue-Eyes White Dragon" in text
    for reg in regs[:2]:
        assert f"({reg.player.username}), version 1" in text
    assert regs[2].player.username not in text
    keeper = User.objects.create_user("keeper-x", password="pw-keeper-123")
    EventStaff.objects.create(event=event_with_lists, user=keeper, role=StaffRole.SCOREKEEPER)
    url = f"/events/{event_with_lists.pk}/export/decklists.txt"
    client.force_login(keeper)
    assert client.get(url).status_code == 403
    assert client.get(f"/events/{event_with_lists.pk}/export/standings.csv").status_code == 200
    client.force_login(judge)
    assert client.get(url).status_code == 200
    assert client.get(f"/events/{event_with_lists.pk}/export/nothing.txt").status_code == 404


def test_the_console_page_lists_every_exporter(client, organizer, event_with_lists):
    client.force_login(organizer)
    page = client.get(f"/events/{event_with_lists.pk}/console/exports/").content.decode()
    for exporter in exporters.exporters():
        assert f'href="/events/{event_with_lists.pk}/export/{exporter.id}"' in page
        assert f'data-testid="export-{exporter.slug}"' in page


def test_the_export_command_runs_an_exporter_by_id(organizer, event_with_lists, tmp_path, capsys):
    call_command("export", "--list")
    assert [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()] == IDS
    target = tmp_path / "standings.csv"
    call_command("export", str(event_with_lists.pk), "standings.csv", "-o", str(target))
    assert target.read_bytes() == exporters.get("standings.csv").render(event_with_lists)[2]
    with pytest.raises(CommandError, match="No exporter"):
        call_command("export", str(event_with_lists.pk), "nothing.pdf")


def test_without_deck_lists_registered_tournaments_shows_none(organizer, event_with_lists, monkeypatch):
    """tournaments alone (no app registered its deck lists): no list, no banlist, nothing else changes."""
    from tournaments.forms import banlist_choices
    from tournaments.selectors.day import player_day, published_deck_lists
    from tournaments.selectors.home import home_player_events
    from tournaments.services.errors import TournamentError
    from tournaments.services.events import banlist_resolve

    player = Registration.objects.filter(event=event_with_lists).order_by("id").first().player
    assert player_day(event=event_with_lists, user=player).deck_status == "submitted"
    monkeypatch.setattr(extensions, "_deck_lists", extensions.NoDeckLists())
    assert player_day(event=event_with_lists, user=player).deck_status == "missing"
    assert published_deck_lists(event=event_with_lists) == []
    assert [e.event for e in home_player_events(user=player)] == [event_with_lists]
    assert banlist_choices()[1:] == [] and banlist_resolve(game="yugioh", name="") is None
    with pytest.raises(TournamentError):
        banlist_resolve(game="yugioh", name="TCG 2026")


def test_a_section_cannot_take_the_event_files_own_keys():
    class Thief:
        title, keys = "x", ("rounds",)

    with pytest.raises(ValueError, match="own keys"):
        extensions.register_event_file_section(Thief())
    assert [s.keys for s in extensions.event_file_sections()] == [("deck_settings", "deck_lists")]
