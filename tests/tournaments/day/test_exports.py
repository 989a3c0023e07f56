"""Exports: spreadsheets defused against formula injection; the event JSON round trip keeps everything but who
is who (`comparable`); the import validates everything first, names each problem by JSON Pointer, and keeps
nothing on error. What an import must never do with people is in test_event_import_trust.py."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from openpyxl import load_workbook

from core.models import User
from tests.tournaments.day.conftest import full_event, played_event
from tournaments.models import Event, Match, MatchDispute, ResultChange, RoundTimer, TableExtension
from tournaments.services import event_import as importing
from tournaments.services import spreadsheets, transfers
from tournaments.services.event_file import comparable, event_export
from tournaments.services.event_import import EventImportError, event_import

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("+33 6 12", "'+33 6 12"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("\ncmd", "'\ncmd"),
        (" =1+1", "' =1+1"),
        ("\n=1+1", "'\n=1+1"),
        ("\t =cmd", "'\t =cmd"),
        ("\u00a0\u200b@SUM(A1)", "'\u00a0\u200b@SUM(A1)"),
        ("\uff1d1+1", "'\uff1d1+1"),
        ("  -2", "'  -2"),
        ("  Alice", "  Alice"),
        ("Alice", "Alice"),
        ("a=b", "a=b"),
        (3, 3),
        (-1.5, -1.5),
        ("", ""),
    ],
)
def test_defuse(value, expected):
    assert spreadsheets.defuse(value) == expected


def _hostile_event(organizer):
    event = played_event(organizer, players=6, rounds=1)
    user = event.registrations.order_by("id").first().player
    user.display_name = '=HYPERLINK("http://evil","click")'
    user.save()
    return event


def test_standings_csv_is_defused(orga_client, organizer):
    event = _hostile_event(organizer)
    response = orga_client.get(f"/events/{event.pk}/export/standings.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:4] == ["Rank", "Player", "Username", "Points"]
    assert len(rows) == 1 + 6
    names = [row[1] for row in rows[1:]]
    assert '\'=HYPERLINK("http://evil","click")' in names
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)


def test_results_xlsx_is_defused_and_typed(orga_client, organizer):
    event = _hostile_event(organizer)
    response = orga_client.get(f"/events/{event.pk}/export/results.xlsx")
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert values[0][0] == "Round"
    assert len(values) == 1 + 3  # three tables
    flat = [v for row in values for v in row]
    assert any(isinstance(v, str) and v.startswith("'=HYPERLINK") for v in flat)
    assert not any(isinstance(v, str) and v.startswith("=") for v in flat)
    assert isinstance(values[1][0], int)  # numbers stay numbers
    for row in sheet.iter_rows():
        for cell in row:
            assert cell.data_type != "f"


def test_exports_are_staff_only(client, organizer, player_user):
    event = played_event(organizer, players=4, rounds=1)
    client.force_login(player_user)
    for url in ("standings.csv", "results.xlsx", "event.json"):
        assert client.get(f"/events/{event.pk}/export/{url}").status_code == 403
    client.force_login(organizer)
    assert client.get(f"/events/{event.pk}/export/standings.pdf").status_code == 404


def test_event_json_round_trip_is_exact(organizer, judge, yugioh_cards):
    event = full_event(organizer, judge)
    document = event_export(event=event)
    assert document["event"]["status"] == "finished"
    assert len(document["rounds"]) == 5  # 3 Swiss + semi-finals + final
    assert any(d["versions"] for d in document["deck_lists"])
    assert any(m["disputes"] for r in document["rounds"] for m in r["matches"])
    assert any(
        c["action"] == "correction" for r in document["rounds"] for m in r["matches"] for c in m["changes"]
    )
    text = json.dumps(document)
    restored = event_import(document=importing.event_document_parse(data=text.encode()), importer=organizer)
    assert restored.pk != event.pk and restored.organizer == organizer
    again = event_export(event=restored)
    assert comparable(again) == comparable(document)
    # the comparison is not blind: a changed score, name or moment shows
    for mutate in (
        lambda d: d["rounds"][0]["matches"][0].update(games_a=9),
        lambda d: next(u for u in d["users"] if u["username"] == d["registrations"][0]["player"]).update(
            display_name="Someone else"
        ),
        lambda d: next(m for m in d["rounds"][0]["matches"] if m["changes"])["changes"][0].update(
            changed_at="2020-01-01T00:00:00+00:00"
        ),
    ):
        changed = copy.deepcopy(document)
        mutate(changed)
        assert comparable(changed) != comparable(document)
    # the copy is a working event: same standings (by name), same history
    from tournaments.selectors.standings import event_standings

    assert [(r.name, r.points, r.omw) for r in event_standings(event=restored)] == [
        (r.name, r.points, r.omw) for r in event_standings(event=event)
    ]
    assert (
        ResultChange.objects.filter(match__round__event=restored).count()
        == ResultChange.objects.filter(match__round__event=event).count()
    )
    assert MatchDispute.objects.filter(match__round__event=restored).count() == 1
    assert RoundTimer.objects.filter(round__event=restored).count() == 1
    assert TableExtension.objects.filter(round__event=restored).count() == 1


def test_import_validates_everything_first_and_keeps_nothing(organizer):
    event = played_event(organizer, players=4, rounds=1)
    document = event_export(event=event)
    bad = copy.deepcopy(document)
    bad["users"].append({"username": "ghost", "display_name": "", "role": "player"})
    bad["registrations"].append(dict(bad["registrations"][0], player="ghost", status="sleeping"))
    bad["rounds"][0]["matches"][0]["player_b"] = "nobody"
    bad["rounds"][0]["matches"][1]["table"] = bad["rounds"][0]["matches"][0]["table"]
    bad["event"]["best_of"] = "three"
    counts = (Event.objects.count(), User.objects.count(), Match.objects.count())
    with pytest.raises(EventImportError) as caught:
        event_import(document=bad, importer=organizer)
    paths = {e["path"] for e in caught.value.errors}
    assert "/registrations/4/status" in paths
    assert "/rounds/0/matches/0/player_b" in paths
    assert "/rounds/0/matches/1/table" in paths
    assert "/event/best_of" in paths
    assert (Event.objects.count(), User.objects.count(), Match.objects.count()) == counts


@pytest.mark.parametrize(
    ("document", "path"),
    [
        ([], ""),
        ({"format": "other"}, "/format"),
        ({"format": "tableside-event", "version": 99}, "/version"),
    ],
)
def test_import_refuses_foreign_documents(document, path, organizer):
    with pytest.raises(EventImportError) as caught:
        event_import(document=document, importer=organizer)
    assert caught.value.errors[0]["path"] == path


def test_import_is_atomic_when_a_write_fails(organizer, monkeypatch):
    event = played_event(organizer, players=4, rounds=1)
    document = event_export(event=event)
    document["users"].append({"username": "brand-new", "display_name": "", "role": "player"})
    counts = (Event.objects.count(), User.objects.count())

    def boom(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(importing.Penalty.objects, "bulk_create", boom)
    with pytest.raises(RuntimeError):
        event_import(document=document, importer=organizer)
    assert (Event.objects.count(), User.objects.count()) == counts


def test_commands_round_trip(organizer, tmp_path):
    event = played_event(organizer, players=4, rounds=2)
    path = tmp_path / "event.json"
    call_command("export_event", str(event.pk), "-o", str(path), stderr=io.StringIO())
    out = io.StringIO()
    call_command(
        "import_event", str(path), "--organizer", organizer.username, stdout=out, stderr=io.StringIO()
    )
    new_id = int(out.getvalue().split()[2].rstrip(":"))
    original = json.loads(path.read_text())
    assert comparable(event_export(event=Event.objects.get(pk=new_id))) == comparable(original)
    broken = tmp_path / "broken.json"
    original["registrations"][0]["status"] = "asleep"
    broken.write_text(json.dumps(original))
    err = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("import_event", str(broken), "--organizer", organizer.username, stderr=err)
    assert caught.value.returncode == 2
    assert "/registrations/0/status" in err.getvalue()


def test_console_import_goes_through_a_transfer(
    orga_client, organizer, django_capture_on_commit_callbacks, monkeypatch
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments import views_console

    # No result backend in unit tests (and touching Celery's would pin it before the worker tests set it up).
    monkeypatch.setattr(views_console, "_task_status", lambda task_id: None)
    from tournaments.models import EventTransfer
    from tournaments.services.transfers import transfer_run

    event = played_event(organizer, players=4, rounds=1)
    data = json.dumps(event_export(event=event)).encode()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = orga_client.post(
            "/events/console/import/", {"file": SimpleUploadedFile("e.json", data, "application/json")}
        )
    assert response.status_code == 302 and len(callbacks) == 1  # the task is sent after commit
    transfer = EventTransfer.objects.get()
    assert response["Location"] == f"/events/console/transfers/{transfer.pk}/"
    assert Event.objects.count() == 1
    # what waits for the worker is the validated, normalised document, not the upload
    assert "exported_at" not in transfer.document
    assert all(
        set(u) <= {"username", "display_name", "first_name", "last_name"} for u in transfer.document["users"]
    )
    page = orga_client.get(response["Location"], HTTP_HX_REQUEST="true", data={"part": "status"})
    assert b'hx-trigger="every 1s"' in page.content
    transfer_run(transfer_id=transfer.pk)
    transfer.refresh_from_db()
    assert transfer.status == "done" and transfer.document is None
    page = orga_client.get(response["Location"])
    assert b'data-testid="transfer-event"' in page.content
    assert b'data-testid="import-notes"' in page.content and b"only organizer" in page.content
    assert Event.objects.count() == 2
    response = orga_client.post(
        "/events/console/import/", {"file": SimpleUploadedFile("e.json", b"{not json", "application/json")}
    )
    assert response.status_code == 400
    assert b"Not valid JSON" in response.content
    assert EventTransfer.objects.count() == 1


def test_refused_import_lists_every_problem_and_creates_nothing(orga_client, organizer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.models import EventTransfer

    event = played_event(organizer, players=4, rounds=1)
    document = event_export(event=event)
    document["registrations"][1]["status"] = "asleep"
    document["rounds"][0]["matches"][0]["games_a"] = 12
    document["rounds"][0]["surprise"] = True
    users = User.objects.count()
    response = orga_client.post(
        "/events/console/import/",
        {"file": SimpleUploadedFile("e.json", json.dumps(document).encode(), "application/json")},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "/registrations/1/status" in page and "/rounds/0/matches/0/games_a" in page
    assert "/rounds/0/surprise" in page and "Unknown field" in page
    assert "nothing was imported" in page
    assert (Event.objects.count(), EventTransfer.objects.count(), User.objects.count()) == (1, 0, users)


def test_a_failed_worker_import_deletes_the_document(organizer, django_capture_on_commit_callbacks):
    """Validated in the request, refused on the worker (the banlist went away meanwhile): the document is
    deleted all the same, the problem shown."""
    from decks.models import Banlist
    from tournaments.services.transfers import transfer_run

    Banlist.objects.create(game="yugioh", name="Soon gone")
    event = played_event(organizer, players=4, rounds=1)
    document = event_export(event=event)
    document["deck_settings"] = {"banlist": "Soon gone", "lists_published": False, "published_at": None}
    with django_capture_on_commit_callbacks(execute=False):
        transfer = transfers.transfer_start_import(data=json.dumps(document).encode(), user=organizer)
    Banlist.objects.all().delete()
    transfer = transfer_run(transfer_id=transfer.pk)
    assert transfer.status == "failed" and transfer.document is None
    assert transfer.errors[0]["path"] == "/deck_settings/banlist"
    assert Event.objects.count() == 1


def test_transfers_are_private(client, organizer, player_user, django_capture_on_commit_callbacks):
    from tournaments.services.transfers import transfer_run, transfer_start_export

    event = played_event(organizer, players=4, rounds=1)
    with django_capture_on_commit_callbacks(execute=False):
        transfer = transfer_start_export(event=event, user=organizer)
    client.force_login(organizer)
    assert client.get(f"/events/console/transfers/{transfer.pk}/download/").status_code == 409
    transfer_run(transfer_id=transfer.pk)
    download = client.get(f"/events/console/transfers/{transfer.pk}/download/")
    assert download.status_code == 200
    assert comparable(json.loads(download.content)) == comparable(event_export(event=event))
    client.force_login(player_user)
    assert client.get(f"/events/console/transfers/{transfer.pk}/").status_code == 403
    assert client.post(f"/events/{event.pk}/console/exports/json/").status_code == 403


def test_import_refuses_infinite_numbers_with_their_path():
    from tournaments.services.event_import import event_validate_document

    errors = event_validate_document(document={"format": "x", "deep": [{"before": {"": float("inf")}}]})
    assert {"path": "/deep/0/before/", "message": "Expected a finite number.", "code": "number"} in errors
