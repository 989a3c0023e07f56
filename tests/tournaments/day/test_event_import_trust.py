"""Event import, tried as a stranger (issue 12, items 3 and 9).

* A file naming existing usernames (`orga`, `admin`, `player1`) as organizer, judges, players and reporters
  attaches nothing to those accounts: every person becomes a new placeholder record that cannot log in, the
  importer is the only organizer, and the history says it was imported by the importer, originally by whom.
* Hostile files ("[" * 100000, '{"a":' * 100000, NaN, 1e999, a 5,000-digit integer, deep nesting, invalid
  UTF-8, a lone surrogate, 50 MB) are refused — 4xx on the console page, exit 2 from the command — naming the
  JSON Pointer, and leave no row behind.
* CSV exports defuse every formula prefix, also after leading whitespace.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from core.models import Role, User
from tests.tournaments.day.conftest import full_event, played_event
from tournaments.models import Event, EventStaff, EventTransfer, Match, Registration, ResultChange
from tournaments.services import spreadsheets
from tournaments.services.event_file import comparable, event_export, person_label
from tournaments.services.event_import import (
    EventImportError,
    event_document_parse,
    event_import,
    event_schema,
    event_validate_document,
)

pytestmark = pytest.mark.django_db

IMPORT_URL = "/events/console/import/"


@pytest.fixture
def importer(db):
    return User.objects.create_user(
        "importer", password="pw-importer-123", role=Role.ORGANIZER, display_name="Ines Importer"
    )


@pytest.fixture
def real_accounts(db):
    """Accounts of this instance a stranger's file names."""
    return {
        "orga": User.objects.create_user("orga", password="pw-orga-xyz", role=Role.ORGANIZER),
        "admin": User.objects.create_superuser("admin", password="pw-admin-xyz", email="a@example.com"),
        "player1": User.objects.create_user("player1", password="pw-player-xyz", role=Role.PLAYER),
    }


def _user_references() -> dict[str, set[int]]:
    """Every user id any row of the project points at, per model field (all foreign keys to User)."""
    refs: dict[str, set[int]] = {}
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if field.many_to_one and field.concrete and field.related_model is get_user_model():
                ids = set(
                    model.objects.exclude(**{field.attname: None}).values_list(field.attname, flat=True)
                )
                refs[f"{model._meta.label}.{field.name}"] = ids
    return refs


def _all_row_counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def _stranger_document(organizer, judge) -> tuple[dict, dict[str, str]]:
    """A full event's export in which the organizer is called `admin`, the judge `orga` and the first player
    `player1` — usernames of real accounts here. Returns the document and the file's name of each."""
    event = full_event(organizer, judge, players=6)
    document = event_export(event=event)
    first = document["registrations"][0]["player"]
    text = json.dumps(document)
    for old, new in ((organizer.username, "admin"), (judge.username, "orga"), (first, "player1")):
        text = text.replace(json.dumps(old), json.dumps(new))
    renamed = json.loads(text)
    labels = {u["username"]: person_label(u) for u in renamed["users"]}
    return renamed, labels


def _assert_nothing_attached(real: dict, before: dict[str, set[int]]) -> None:
    after = _user_references()
    for name, user in real.items():
        attached = [where for where, ids in after.items() if user.pk in ids - before.get(where, set())]
        assert not attached, f"{name} got attached by the import: {attached}"


def _assert_imported_people(event: Event, importer, labels: dict[str, str]) -> list:
    assert event.organizer_id == importer.pk
    assert not EventStaff.objects.filter(event=event).exists()
    players = [r.player for r in Registration.objects.filter(event=event).select_related("player")]
    assert players
    for p in players:
        assert p.is_placeholder and not p.is_active and not p.has_usable_password()
        assert not p.is_staff and not p.is_superuser and p.role == Role.PLAYER
        assert p.username.startswith("imported-") and p.username not in labels
        assert not Client().login(username=p.username, password="")
        assert not Client().login(username=p.username, password="pw-player-xyz")
    assert {p.display_name for p in players} <= set(labels.values())
    return players


def _assert_history_by_importer(event: Event, importer, placeholders: set[int]) -> None:
    from decks.models import DeckAuditEntry, DeckListVersion

    changes = list(ResultChange.objects.filter(match__round__event=event))
    assert changes and all(c.changed_by_id == importer.pk for c in changes)
    heads = [c.reason.split("\n")[0] for c in changes]
    assert all(h.startswith(f"Imported by {importer} from a backup") for h in heads), heads[:3]
    assert any("originally by Judge One" in h for h in heads)
    assert any(c.reason.endswith("\nSlip filled in reverse") for c in changes)  # the original reason stays
    for m in Match.objects.filter(round__event=event):
        assert {m.reported_by_id, m.confirmed_by_id} <= placeholders | {None}
    versions = list(DeckListVersion.objects.filter(deck_list__registration__event=event))
    assert versions and all(v.submitted_by_id == importer.pk for v in versions)
    audit = list(DeckAuditEntry.objects.filter(deck_list__registration__event=event))
    assert audit and all(a.actor_id == importer.pk and a.note.startswith("Imported by ") for a in audit)
    assert {a.version_id for a in audit if a.action == "submit"} == {v.pk for v in versions}


# --- never attach an existing account --------------------------------------------------------------------


def test_import_naming_existing_usernames_attaches_nothing_to_them(
    organizer, judge, yugioh_cards, importer, real_accounts
):
    document, labels = _stranger_document(organizer, judge)
    assert {"orga", "admin", "player1"} <= {u["username"] for u in document["users"]}
    before = _user_references()
    users_before = set(User.objects.values_list("pk", flat=True))
    event = event_import(document=document, importer=importer)
    _assert_nothing_attached(real_accounts, before)
    players = _assert_imported_people(event, importer, labels)
    new_users = set(User.objects.values_list("pk", flat=True)) - users_before
    assert new_users and all(User.objects.get(pk=pk).is_placeholder for pk in new_users)
    assert {p.pk for p in players} <= new_users
    _assert_history_by_importer(event, importer, new_users)
    # whatever the file's people did now points at new placeholders or at the importer, nobody else
    after = _user_references()
    for where, ids in after.items():
        added = ids - before.get(where, set())
        assert added <= new_users | {importer.pk}, where
    # the copy is still the same event, by name
    assert comparable(event_export(event=event)) == comparable(document)


def test_the_importer_named_in_the_file_is_not_registered_either(organizer, importer):
    event = played_event(organizer, players=4, rounds=1)
    document = event_export(event=event)
    first = document["registrations"][0]["player"]
    document = json.loads(json.dumps(document).replace(json.dumps(first), json.dumps("importer")))
    assert event_validate_document(document=document) == []
    restored = event_import(document=document, importer=importer)
    assert not Registration.objects.filter(player=importer).exists()
    assert restored.organizer_id == importer.pk
    assert not EventStaff.objects.filter(user=importer).exists()


def test_a_script_import_without_importer_belongs_to_a_placeholder(organizer, real_accounts):
    event = played_event(organizer, players=4, rounds=1)
    document = json.loads(
        json.dumps(event_export(event=event)).replace(json.dumps(organizer.username), json.dumps("admin"))
    )
    before = _user_references()
    restored = event_import(document=document)
    _assert_nothing_attached(real_accounts, before)
    assert restored.organizer.is_placeholder and not restored.organizer.is_active
    assert restored.organizer.display_name == organizer.display_name
    reasons = ResultChange.objects.filter(match__round__event=restored).values_list("reason", "changed_by")
    assert reasons and all(r.startswith("Imported from a backup") and by is None for r, by in reasons)


def test_only_organizers_import(organizer, player_user):
    from tournaments.services.errors import NotAllowed

    document = event_export(event=played_event(organizer, players=4, rounds=1))
    with pytest.raises(NotAllowed):
        event_import(document=document, importer=player_user)
    placeholder = User.objects.create(
        username="ph", is_placeholder=True, is_active=False, role=Role.ORGANIZER
    )
    with pytest.raises(NotAllowed):
        event_import(document=document, importer=placeholder)


def test_console_import_by_a_stranger_attaches_nothing(
    client, organizer, judge, yugioh_cards, importer, real_accounts, django_capture_on_commit_callbacks
):
    from tournaments.services.transfers import transfer_run

    document, labels = _stranger_document(organizer, judge)
    before = _user_references()
    client.force_login(importer)
    upload = SimpleUploadedFile("e.json", json.dumps(document).encode(), "application/json")
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(IMPORT_URL, {"file": upload})
    assert response.status_code == 302
    transfer = EventTransfer.objects.get(kind="import")
    transfer = transfer_run(transfer_id=transfer.pk)
    assert transfer.status == "done" and transfer.document is None
    event = transfer.event
    _assert_nothing_attached(real_accounts, before)
    _assert_imported_people(event, importer, labels)
    page = client.get(f"/events/console/transfers/{transfer.pk}/").content.decode()
    assert "only organizer" in page and "linked to no account" in page
    assert {n["code"] for n in transfer.errors} >= {"people_created", "staff_dropped", "history_attributed"}
    # the importer runs the copy; the accounts the file named cannot
    assert client.get(f"/events/{event.pk}/console/").status_code == 200
    other = Client()
    other.force_login(real_accounts["orga"])
    assert other.get(f"/events/{event.pk}/console/").status_code == 403


def test_command_import_attaches_nothing_and_names_the_organizer(
    organizer, judge, yugioh_cards, importer, real_accounts, tmp_path
):
    document, labels = _stranger_document(organizer, judge)
    path = tmp_path / "stranger.json"
    path.write_text(json.dumps(document))
    before = _user_references()
    out = io.StringIO()
    call_command("import_event", str(path), "--organizer", "importer", stdout=out, stderr=io.StringIO())
    event = Event.objects.get(pk=int(out.getvalue().split()[2].rstrip(":")))
    assert "only organizer" in out.getvalue()
    _assert_nothing_attached(real_accounts, before)
    _assert_imported_people(event, importer, labels)


@pytest.mark.parametrize("who", ["nobody-here", "player1", "placeholder"])
def test_command_refuses_an_organizer_that_is_not_one(who, organizer, real_accounts, tmp_path):
    User.objects.create(username="placeholder", role=Role.ORGANIZER, is_placeholder=True, is_active=False)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event_export(event=played_event(organizer, players=4, rounds=1))))
    events = Event.objects.count()
    with pytest.raises(CommandError) as caught:
        call_command("import_event", str(path), "--organizer", who, stderr=io.StringIO())
    assert caught.value.returncode == 2 and "--organizer" in str(caught.value)
    assert Event.objects.count() == events


# --- hostile files ----------------------------------------------------------------------------------------


def _base_text(organizer) -> str:
    return json.dumps(event_export(event=played_event(organizer, players=4, rounds=1)))


def _in_cost(text: str, literal: str) -> bytes:
    return re.sub(r'"cost": -?\d+', f'"cost": {literal}', text, count=1).encode()


def _deep_explanation(text: str) -> bytes:
    document = json.loads(text)
    nested: list = []
    for _level in range(100):
        nested = [nested]
    document["rounds"][0]["explanation"] = nested
    return json.dumps(document).encode()


HOSTILE = {
    # name: (builder(base JSON text) -> bytes, expected JSON Pointer (a prefix for deep ones), code)
    "brackets": (lambda text: b"[" * 100_000, "/0/0/0", "depth"),
    "objects": (lambda text: b'{"a":' * 100_000, "/a/a/a", "depth"),
    "nan": (lambda text: b"NaN", "", "number"),
    "huge-float": (lambda text: b"1e999", "", "number"),
    "5000-digits": (lambda text: b"1" * 5000, "", "number"),
    "nan-inside": (lambda text: _in_cost(text, "NaN"), "/rounds/0/cost", "number"),
    "huge-float-inside": (lambda text: _in_cost(text, "1e999"), "/rounds/0/cost", "number"),
    "5000-digits-inside": (lambda text: _in_cost(text, "9" * 5000), "/rounds/0/cost", "number"),
    "deep-inside": (_deep_explanation, "/rounds/0/explanation/0/0/0", "depth"),
    "invalid-utf8": (lambda text: text.encode().replace(b'"Test Open"', b'"Test \xe9 Open"'), "", "encoding"),
    "lone-surrogate": (
        lambda text: text.replace('"Test Open"', '"Test \\ud800 Open"').encode(),
        "/event/name",
        "surrogate",
    ),  # fmt: skip
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_on_the_console_page_is_a_400_naming_the_pointer(name, client, organizer):
    build, path, code = HOSTILE[name]
    data = build(_base_text(organizer))
    client.force_login(organizer)
    counts = _all_row_counts()
    response = client.post(IMPORT_URL, {"file": SimpleUploadedFile("e.json", data, "application/json")})
    assert response.status_code == 400, response.content[:300]
    page = response.content.decode()
    assert 'data-testid="import-errors"' in page and "nothing was imported" in page
    assert f"<code>{path or '/'}" in page
    assert _all_row_counts() == counts
    assert not EventTransfer.objects.filter(document__isnull=False).exists()
    with pytest.raises(EventImportError) as caught:
        event_document_parse(data=data)
    assert caught.value.errors[0]["code"] == code and caught.value.errors[0]["path"].startswith(path)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_through_the_command_exits_2_naming_the_pointer(name, organizer, tmp_path):
    build, path, _code = HOSTILE[name]
    file = tmp_path / "hostile.json"
    file.write_bytes(build(_base_text(organizer)))
    counts = _all_row_counts()
    err = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("import_event", str(file), "--organizer", organizer.username, stderr=err)
    assert caught.value.returncode == 2
    assert f"{path or '/'}" in err.getvalue() and "nothing was imported" in str(caught.value)
    assert _all_row_counts() == counts


def test_a_50_mb_upload_is_a_413_naming_the_limit_without_being_parsed(client, organizer, monkeypatch):
    from django.http import multipartparser

    def never(self):
        raise AssertionError("the body of a 50 MB import was parsed")

    client.force_login(organizer)
    counts = _all_row_counts()
    monkeypatch.setattr(multipartparser.MultiPartParser, "parse", never)
    big = SimpleUploadedFile("big.json", b"[" + b" " * (50 * 1024 * 1024) + b"]", "application/json")
    response = client.post(IMPORT_URL, {"file": big})
    assert response.status_code == 413
    assert "10 MB" in response.content.decode() and "limit" in response.content.decode()
    assert _all_row_counts() == counts


def test_an_upload_over_the_limit_is_stopped_while_it_streams(client, organizer, settings, monkeypatch):
    """Content-Length within the slack for the form's framing, the file itself over the limit: the upload
    handler stops it; the handlers behind it never get more than the limit."""
    from django.core.files import uploadhandler

    settings.EVENT_IMPORT_MAX_BYTES = 100_000
    received = []
    original = uploadhandler.MemoryFileUploadHandler.receive_data_chunk

    def counting(self, raw_data, start):
        received.append(len(raw_data))
        return original(self, raw_data, start)

    monkeypatch.setattr(uploadhandler.MemoryFileUploadHandler, "receive_data_chunk", counting)
    client.force_login(organizer)
    counts = _all_row_counts()
    response = client.post(
        IMPORT_URL, {"file": SimpleUploadedFile("e.json", b" " * 150_000, "application/json")}
    )
    assert response.status_code == 413
    assert sum(received) <= 100_000
    assert _all_row_counts() == counts


def test_the_command_checks_the_size_before_reading(organizer, tmp_path, settings):
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper
    err = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("import_event", str(big), "--organizer", organizer.username, stderr=err)
    assert caught.value.returncode == 2 and "10 MB" in err.getvalue()
    settings.EVENT_IMPORT_MAX_BYTES = 1000
    small = tmp_path / "small.json"
    small.write_text(_base_text(organizer))
    with pytest.raises(CommandError):
        call_command("import_event", str(small), "--organizer", organizer.username, stderr=io.StringIO())


def test_a_file_within_the_limit_is_accepted_beyond_the_2_mb_upload_cap(
    client, organizer, settings, django_capture_on_commit_callbacks
):
    """The project's 2 MB memory cap does not refuse an event file of up to EVENT_IMPORT_MAX_BYTES."""
    document = event_export(event=played_event(organizer, players=4, rounds=1))
    document["rounds"][0]["explanation"] = ["x" * 1000] * 3000  # ≈3 MB
    data = json.dumps(document).encode()
    assert 2 * 1024 * 1024 < len(data) < settings.EVENT_IMPORT_MAX_BYTES
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(IMPORT_URL, {"file": SimpleUploadedFile("e.json", data, "application/json")})
    assert response.status_code == 302


# --- the published schema ---------------------------------------------------------------------------------


def test_the_schema_is_draft_2020_12_and_its_choices_are_the_models():
    from jsonschema import Draft202012Validator

    from decks.models import DeckAuditEntry
    from tournaments.models import (
        EventStatus,
        Game,
        MatchStatus,
        PenaltyKind,
        RegistrationStatus,
        ResultKind,
        RoundStage,
        TiebreakPolicy,
    )

    schema = event_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    props = schema["properties"]
    rounds = props["rounds"]["items"]["properties"]
    matches = rounds["matches"]["items"]["properties"]
    assert schema["$defs"]["game"]["enum"] == Game.values
    assert props["event"]["properties"]["status"]["enum"] == EventStatus.values
    assert props["event"]["properties"]["tiebreak_policy"]["enum"] == TiebreakPolicy.values
    assert props["registrations"]["items"]["properties"]["status"]["enum"] == RegistrationStatus.values
    assert rounds["stage"]["enum"] == RoundStage.values
    assert matches["status"]["enum"] == MatchStatus.values
    assert matches["kind"]["enum"] == ["", *ResultKind.values]
    assert matches["changes"]["items"]["properties"]["action"]["enum"] == ResultChange.Action.values
    assert props["penalties"]["items"]["properties"]["kind"]["enum"] == PenaltyKind.values
    audit = props["deck_lists"]["items"]["properties"]["audit"]["items"]["properties"]
    assert audit["action"]["enum"] == DeckAuditEntry.Action.values


def test_schema_refusals_keep_the_error_shape(organizer):
    document = event_export(event=played_event(organizer, players=4, rounds=1))
    document["event"]["best_of"] = True  # a bool is not a whole number
    document["rounds"][0]["cost"] = 2.0  # neither is a float
    del document["rounds"][0]["seed"]
    document["event"]["date"] = "2026-13-45"
    errors = event_validate_document(document=document)
    by_path = {e["path"]: e for e in errors}
    assert set(by_path) >= {"/event/best_of", "/rounds/0/cost", "/rounds/0/seed", "/event/date"}
    assert by_path["/rounds/0/seed"]["code"] == "required"
    assert by_path["/event/date"]["code"] == "date"
    assert all(set(e) == {"path", "message", "code"} for e in errors)


# --- spreadsheets -----------------------------------------------------------------------------------------

DANGEROUS = "=+-@\uff1d\uff0b\uff0d\uff20"


def _looks_like_formula(cell: str) -> bool:
    """Starts with tab, CR or LF, or with = + - @ once leading whitespace and invisible characters are
    skipped (written independently of spreadsheets.defuse)."""
    if cell.startswith(("\t", "\r", "\n")):
        return True
    position = 0
    while position < len(cell) and (
        cell[position].isspace() or unicodedata.category(cell[position]) in ("Cf", "Cc")
    ):
        position += 1
    return position < len(cell) and cell[position] in DANGEROUS


def _cells(data: bytes) -> list[str]:
    return [c for row in csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")) for c in row]


@pytest.mark.parametrize(
    "prefix", ["=", "+", "-", "@", "\t", "\r", "\n", " =", "\n=", "\t=", "  @", "\u200b="]
)
def test_each_prefix_is_defused_in_the_csv(prefix):
    cells = _cells(spreadsheets.to_csv(["Name"], [[prefix + 'HYPERLINK("http://evil")'], [" plain"]]))
    assert cells[1] == "'" + prefix + 'HYPERLINK("http://evil")'
    assert cells[2] == " plain"
    assert not any(_looks_like_formula(c) for c in cells)


@hypothesis_settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(
        st.lists(
            st.text(
                alphabet=st.sampled_from(
                    [*DANGEROUS, " ", "\t", "\r", "\n", "\u00a0", "\u200b", "a", "1", "'"]
                )
            )
            | st.text(),
            min_size=1,
            max_size=4,
        ),
        max_size=5,
    )
)
def test_no_exported_csv_cell_starts_like_a_formula(rows):
    """Property: whatever text the cells hold, no cell of the CSV, once leading whitespace is stripped,
    starts with a character a spreadsheet reads as a formula."""
    assert not [c for c in _cells(spreadsheets.to_csv(["Header"], rows)) if _looks_like_formula(c)]


def test_standings_and_results_csv_defuse_names_after_whitespace(orga_client, organizer):
    event = played_event(organizer, players=4, rounds=1)
    names = [" =cmd|' /C calc'!A0", "\n=1+1", "\t@SUM(1)", "\u00a0-2+3"]
    for reg, name in zip(event.registrations.order_by("id"), names, strict=True):
        reg.player.display_name = name
        reg.player.save()
    for what in ("standings", "results"):
        response = orga_client.get(f"/events/{event.pk}/export/{what}.csv")
        assert response.status_code == 200
        cells = _cells(response.content)
        assert any("calc" in c for c in cells)
        assert not [c for c in cells if _looks_like_formula(c)], what


def test_xlsx_cells_with_control_characters_are_written(orga_client, organizer):
    from openpyxl import load_workbook

    event = played_event(organizer, players=4, rounds=1)
    reg = event.registrations.order_by("id").first()
    reg.player.display_name = "\x01=evil\x02"
    reg.player.save()
    response = orga_client.get(f"/events/{event.pk}/export/standings.xlsx")
    assert response.status_code == 200
    values = [c.value for row in load_workbook(io.BytesIO(response.content)).active.iter_rows() for c in row]
    assert "'\ufffd=evil\ufffd" in values
