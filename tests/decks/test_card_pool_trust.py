"""The shared card pool (issue 12): only admins import; an import never silently changes a card players rely
on (changes are staged, shown as a diff, applied by an admin with an audit row); a card whose id belongs to
another card never overwrites it; caps on size and rows; a crashing reader fails the import with its message.

Each test here failed on the code before this work: an organizer could import, an import renamed and
overwrote cards for the whole site, and a reader's crash left the import "Importing" forever.
"""

from __future__ import annotations

import io
import json
import sqlite3

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from core.models import Role, User
from decks.models import Card, CardChange, CardImport, CardKey
from decks.services.cards import (
    CardPoolNotAllowed,
    ImportFailed,
    card_changes_apply,
    card_import_retry,
    card_import_run,
    card_import_start,
    cards_import_file,
)
from decks.services.decklists import deck_parse, event_deck_validate
from tests.decks.conftest import FIXTURES, LEGAL_TEXT, LEGAL_YDK

pytestmark = pytest.mark.django_db

ASH, ASH_ALTERNATE = "14558127", "14558128"
DARK_MAGICIAN = "46986414"


@pytest.fixture
def admin(db):
    return User.objects.create_user(
        "pool-admin", password="pw-admin-123", role=Role.ORGANIZER, is_staff=True, is_superuser=True
    )


@pytest.fixture
def staff_with_card_rights(db):
    user = User.objects.create_user("pool-staff", password="pw-staff-123", role=Role.JUDGE, is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="decks", codename__in=["add_card", "change_card"])
    )
    return user


def fixture_cards() -> list[dict]:
    return json.loads((FIXTURES / "yugioh-cards.json").read_text())["data"]


def json_file(cards: list[dict]) -> bytes:
    return json.dumps({"data": cards}).encode()


def hostile_file() -> bytes:
    """The finding's file: Dark Magician renamed, and a new card carrying Ash Blossom's alternate id."""
    cards = fixture_cards()
    for card in cards:
        if str(card["id"]) == DARK_MAGICIAN:
            card["name"] = "Dark Magician (Arkana)"
            card["atk"] = 9999
    cards.append(
        {"id": int(ASH_ALTERNATE), "name": "Totally Not Ash", "type": "Spell Card", "frameType": "spell"}
    )
    return json_file(cards)


def run_import(data: bytes, *, game: str = "yugioh", filename: str = "cards.json", user=None):
    """An uploaded import, run the way the worker runs it (eagerly, without a broker)."""
    job = card_import_start(game=game, filename=filename, data=data, user=user)
    result = card_import_run(import_id=job.pk)
    job.refresh_from_db()
    return job, result


def legal(event, text: str) -> tuple[bool, list[str]]:
    deck, _format = deck_parse(data=text)
    report = event_deck_validate(event=event, deck=deck)
    return report.legal, [problem.message for problem in report.problems]


def ydk_with_alternate_artwork() -> str:
    # one of the three Ash Blossoms by its alternate artwork's passcode
    return LEGAL_YDK.replace(f"{ASH}\n", f"{ASH_ALTERNATE}\n", 1)


# --- who may import ------------------------------------------------------------------------------------


def test_an_organizer_cannot_import_into_the_shared_pool(client, organizer):
    client.force_login(organizer)
    assert client.get("/decks/imports/").status_code == 403
    upload = SimpleUploadedFile("pool.json", json_file(fixture_cards()))
    response = client.post("/decks/imports/", {"game": "yugioh", "file": upload})
    assert response.status_code == 403
    assert not CardImport.objects.exists() and not Card.objects.exists()
    with pytest.raises(CardPoolNotAllowed) as refused:
        card_import_start(game="yugioh", filename="pool.json", data=b"{}", user=organizer)
    assert "admin" in str(refused.value)
    # the Cards page does not offer the link to someone who would be refused
    assert "/decks/imports/" not in client.get("/decks/cards/").content.decode()


def test_a_staff_user_needs_both_card_permissions(client, judge, staff_with_card_rights):
    judge.is_staff = True
    judge.save()
    client.force_login(judge)
    assert client.get("/decks/imports/").status_code == 403  # staff, but without decks.add/change_card
    client.force_login(staff_with_card_rights)
    assert client.get("/decks/imports/").status_code == 200


def test_an_admin_finds_the_page_from_the_cards_page_and_imports(client, admin):
    client.force_login(admin)
    cards_page = client.get("/decks/cards/").content.decode()
    assert 'href="/decks/imports/"' in cards_page
    upload = SimpleUploadedFile("pool.json", json_file(fixture_cards()))
    response = client.post("/decks/imports/", {"game": "yugioh", "file": upload})
    job = CardImport.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/decks/imports/{job.pk}/"
    assert job.created_by == admin and job.status == CardImport.Status.PENDING and job.size > 0
    page = client.get(f"/decks/imports/{job.pk}/")
    assert page.status_code == 200 and "pool.json" in page.content.decode()


def test_the_import_pages_refuse_non_admins(client, organizer, admin, yugioh_cards):
    job, _result = run_import(hostile_file(), user=admin)
    client.force_login(organizer)
    assert client.get(f"/decks/imports/{job.pk}/").status_code == 403
    response = client.post(f"/decks/imports/{job.pk}/", {"action": "apply_all"})
    assert response.status_code == 403
    assert Card.objects.get(key=DARK_MAGICIAN).name == "Dark Magician"
    assert CardChange.objects.filter(status=CardChange.Status.APPLIED).count() == 0


# --- an import never silently changes a card -----------------------------------------------------------


def test_the_finding_rename_and_overwrite_leave_every_legal_deck_legal(event, admin):
    """Dark Magician renamed, a new card over Ash Blossom's alternate id: both lists stay legal."""
    assert legal(event, LEGAL_TEXT) == (True, [])
    assert legal(event, ydk_with_alternate_artwork()) == (True, [])
    job, result = run_import(hostile_file(), user=admin)
    assert job.status == CardImport.Status.DONE
    assert (result.created, result.staged, result.conflicts) == (0, 1, 1)
    # nothing changed for the site: the card keeps its name and stats, the alternate id its card
    dark_magician = Card.objects.get(game="yugioh", key=DARK_MAGICIAN)
    assert dark_magician.name == "Dark Magician" and dark_magician.stats["atk"] == 2500
    assert CardKey.objects.get(game="yugioh", key=ASH_ALTERNATE).card.key == ASH
    assert not Card.objects.filter(name="Totally Not Ash").exists()
    assert legal(event, LEGAL_TEXT) == (True, [])  # "3 Dark Magician" is still found by its name
    assert legal(event, ydk_with_alternate_artwork()) == (True, [])  # 14558128 is still Ash Blossom
    change = CardChange.objects.get(kind=CardChange.Kind.CHANGE)
    assert change.status == CardChange.Status.PENDING and change.card == dark_magician
    assert change.before == {"name": "Dark Magician", "stats.atk": 2500}
    assert change.after == {"name": "Dark Magician (Arkana)", "stats.atk": 9999}
    conflict = CardChange.objects.get(kind=CardChange.Kind.CONFLICT)
    assert conflict.key == ASH_ALTERNATE and conflict.card.key == ASH
    assert "Ash Blossom" in conflict.note and "Totally Not Ash" in conflict.note


def test_the_diff_is_shown_and_applying_writes_an_audit_row(client, admin, yugioh_cards):
    job, _result = run_import(hostile_file(), user=admin)
    client.force_login(admin)
    page = client.get(f"/decks/imports/{job.pk}/").content.decode()
    assert "<del>Dark Magician</del>" in page and "<ins>Dark Magician (Arkana)</ins>" in page
    assert "<del>2500</del>" in page and "<ins>9999</ins>" in page
    assert "Totally Not Ash" in page  # the conflict, with its explanation
    change = CardChange.objects.get(kind=CardChange.Kind.CHANGE)
    response = client.post(f"/decks/imports/{job.pk}/", {"action": "apply", "change": [change.pk]})
    assert response.status_code == 302
    card = Card.objects.get(game="yugioh", key=DARK_MAGICIAN)
    assert card.name == "Dark Magician (Arkana)" and card.name_norm == "dark magician arkana"
    assert card.stats["atk"] == 9999
    change.refresh_from_db()
    assert change.status == CardChange.Status.APPLIED
    assert change.applied_by == admin and change.applied_at is not None and change.applied_via == "page"
    assert change.card_import == job and change.before["name"] == "Dark Magician"
    # the conflict cannot be applied: Ash Blossom keeps its alternate id
    assert CardKey.objects.get(game="yugioh", key=ASH_ALTERNATE).card.key == ASH
    job.refresh_from_db()
    assert (job.staged, job.conflicts) == (0, 1)


def test_discarding_keeps_the_card(client, admin, yugioh_cards):
    job, _result = run_import(hostile_file(), user=admin)
    client.force_login(admin)
    assert client.post(f"/decks/imports/{job.pk}/", {"action": "discard_all"}).status_code == 302
    assert Card.objects.get(key=DARK_MAGICIAN).name == "Dark Magician"
    statuses = set(CardChange.objects.values_list("status", flat=True))
    assert statuses == {CardChange.Status.DISCARDED}
    assert CardChange.objects.filter(discarded_by=admin).count() == 2


def test_apply_with_nothing_ticked_is_a_clear_400(client, admin, yugioh_cards):
    job, _result = run_import(hostile_file(), user=admin)
    client.force_login(admin)
    response = client.post(f"/decks/imports/{job.pk}/", {"action": "apply"})
    assert response.status_code == 400 and "Tick at least one" in response.content.decode()
    assert Card.objects.get(key=DARK_MAGICIAN).name == "Dark Magician"


def test_a_change_to_a_card_edited_since_is_not_applied(admin, yugioh_cards):
    job, _result = run_import(hostile_file(), user=admin)
    Card.objects.filter(key=DARK_MAGICIAN).update(name="Dark Magician (fixed by hand)")
    outcome = card_changes_apply(card_import=job, user=admin, via="page")
    assert (outcome.applied, outcome.stale) == (0, 1)
    assert Card.objects.get(key=DARK_MAGICIAN).name == "Dark Magician (fixed by hand)"
    assert CardChange.objects.get(kind=CardChange.Kind.CHANGE).status == CardChange.Status.STALE


def test_staging_twice_converges_on_one_waiting_change(admin, yugioh_cards):
    first, _result = run_import(hostile_file(), user=admin)
    second, result = run_import(hostile_file(), user=admin)
    assert (result.staged, result.conflicts) == (1, 1)
    assert CardChange.objects.filter(status=CardChange.Status.PENDING).count() == 2
    assert set(CardChange.objects.values_list("card_import", flat=True)) == {second.pk}


def test_the_command_stages_prints_the_diff_and_applies_on_request(tmp_path, yugioh_cards):
    path = tmp_path / "cards.json"
    path.write_bytes(hostile_file())
    out = io.StringIO()
    call_command("import_cards", "--game", "yugioh", str(path), stdout=out)
    text = out.getvalue()
    assert "1 change(s) to existing cards wait" in text
    assert "Dark Magician → Dark Magician (Arkana)" in text and "2500 → 9999" in text
    assert "--apply-changes" in text and "14558128" in text
    assert Card.objects.get(key=DARK_MAGICIAN).name == "Dark Magician"
    out = io.StringIO()
    call_command("import_cards", "--game", "yugioh", str(path), "--apply-changes", "--json", stdout=out)
    assert json.loads(out.getvalue())["applied"] == 1
    assert Card.objects.get(key=DARK_MAGICIAN).name == "Dark Magician (Arkana)"
    change = CardChange.objects.get(status=CardChange.Status.APPLIED)
    assert change.applied_by is None and change.applied_via == "manage.py import_cards"
    # the conflict stays a conflict, even with --apply-changes
    assert CardKey.objects.get(game="yugioh", key=ASH_ALTERNATE).card.key == ASH


def test_an_id_in_other_letter_case_is_a_conflict_not_an_overwrite():
    """A card entered in the admin as X-1 (ids are looked up without case): a file's x-1 is another card."""
    from decks.cardfiles.records import new_record
    from decks.services.cards import cards_import

    goblin = Card.objects.create(game="arrows", key="X-1", name="Goblin", name_norm="goblin", kind="monster")
    CardKey.objects.create(game="arrows", key="x-1", card=goblin)
    result = cards_import_file(
        data=b"id,name,kind,atk,def\nx-1,Evil Goblin,monster,9,9\n", filename="pool.csv", game="arrows"
    )
    assert (result.created, result.conflicts) == (0, 1)
    assert CardKey.objects.get(game="arrows", key="x-1").card == goblin
    assert list(Card.objects.filter(game="arrows").values_list("name", flat=True)) == ["Goblin"]
    # two cards of one file whose ids differ only in case: a clear error, nothing written
    twins = [
        new_record(game="vanguard", key=key, name=name, kind="unit", source="test")
        for key, name in (("dsd01_001", "One"), ("DSD01_001", "Two"))
    ]
    with pytest.raises(ImportFailed, match="other letter case"):
        cards_import(game="vanguard", records=twins)
    assert not Card.objects.filter(game="vanguard").exists()


def test_new_cards_and_rarity_are_written_without_waiting(admin):
    cards_import_file(data=b"id,name,kind,rarity\na-1,Ant,monster,C\n", filename="a.csv", game="arrows")
    result = cards_import_file(
        data=b"id,name,kind,rarity\na-1,Ant,monster,R\na-2,Bee,monster,C\n", filename="a.csv", game="arrows"
    )
    assert (result.created, result.updated, result.staged) == (1, 1, 0)
    assert Card.objects.get(key="a-1").rarity == "R" and Card.objects.filter(key="a-2").exists()


# --- caps ----------------------------------------------------------------------------------------------


def csv_pool(rows: int, prefix: str = "r") -> bytes:
    lines = ["id,name,kind,atk,def"] + [f"{prefix}-{n},Card {n},monster,1,1" for n in range(rows)]
    return ("\n".join(lines) + "\n").encode()


def test_row_cap_refuses_before_writing(settings, admin, tmp_path):
    settings.CARD_IMPORT_MAX_ROWS = 10
    with pytest.raises(ImportFailed, match="more than 10 cards"):
        run_import(csv_pool(11), game="arrows", filename="pool.csv", user=admin)
    job = CardImport.objects.get()
    assert job.status == CardImport.Status.FAILED and "more than 10 cards" in job.error
    assert not Card.objects.exists()
    path = tmp_path / "pool.csv"
    path.write_bytes(csv_pool(11))
    with pytest.raises(CommandError, match="more than 10 cards"):
        call_command("import_cards", "--game", "arrows", str(path))
    assert not Card.objects.exists()
    assert run_import(csv_pool(10), game="arrows", filename="pool.csv", user=admin)[1].created == 10


def test_size_cap_is_checked_before_the_file_is_read(settings, client, admin, tmp_path):
    settings.CARD_IMPORT_MAX_BYTES = 1000
    client.force_login(admin)
    upload = SimpleUploadedFile("pool.csv", csv_pool(100))
    response = client.post("/decks/imports/", {"game": "arrows", "file": upload})
    assert response.status_code == 413 and "at most 1,000 bytes" in response.content.decode()
    assert not CardImport.objects.exists()
    path = tmp_path / "pool.csv"
    path.write_bytes(csv_pool(100))
    with pytest.raises(CommandError, match="at most 1,000 bytes"):
        call_command("import_cards", "--game", "arrows", str(path))
    assert not Card.objects.exists()


def test_the_page_allows_the_largest_real_card_file():
    """The upload limit admits the largest card file the project uses (cards.json, ~3.9 MB; the full
    BabelCDB cards.cdb, not shipped, is about 12 MB)."""
    from decks.cardfiles import shared_data_dir
    from decks.services.cards import card_import_max_bytes

    data = shared_data_dir()
    if data is None:
        pytest.skip("the shared data folder is not here")
    largest = max(p.stat().st_size for p in data.rglob("*") if p.suffix in {".json", ".cdb", ".db"})
    assert largest > 3_000_000 and card_import_max_bytes() >= 4 * largest


def test_the_body_of_an_oversized_upload_is_refused_by_its_length(settings, client, admin):
    settings.CARD_IMPORT_MAX_BYTES = 1000
    client.force_login(admin)
    response = client.post(
        "/decks/imports/", data=b"x" * 200_000, content_type="multipart/form-data; boundary=zzz"
    )
    assert response.status_code == 413 and "larger than" in response.content.decode()


# --- a crashing reader fails the import with its message ----------------------------------------------


def truncated_cdb(tmp_path) -> bytes:
    path = tmp_path / "cards.cdb"
    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER,"
        " type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER,"
        " category INTEGER);"
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT);"
    )
    for n in range(400):
        connection.execute(f"INSERT INTO datas VALUES ({1000 + n}, 3, 0, 0, 17, 1, 1, 4, 1, 1, 0)")
        connection.execute(f"INSERT INTO texts VALUES ({1000 + n}, 'Card {n}', '{'x' * 200}')")
    connection.commit()
    connection.close()
    data = path.read_bytes()
    return data[: len(data) // 2]


def misc_info_text() -> bytes:
    cards = fixture_cards()[:3]
    cards[1]["misc_info"] = "zzz"
    return json_file(cards)


@pytest.mark.parametrize(
    ("game", "filename", "make", "expected"),
    [
        ("yugioh", "cards.json", lambda tmp: misc_info_text(), "card #2"),
        ("yugioh", "cards.json", lambda tmp: b'{"data": ' + b"[" * 50_000 + b"]" * 50_000 + b"}", "nested"),
        ("yugioh", "cards.json", lambda tmp: json_file([{"id": 5, "name": "X", "type": "Spell Card",
                                                         "card_images": 7}]), "card #1"),
        ("yugioh", "cards.cdb", truncated_cdb, "not an EDOPro card database"),
        ("vanguard", "cards.json", lambda tmp: json_file(fixture_cards()), "does not hold vanguard"),
        ("yugioh", "cards.db", lambda tmp: b"SQLite format 3\x00" + b"\x00" * 100, "does not hold yugioh"),
    ],
    ids=["misc-info-text", "nested-json", "card-images-number", "truncated-cdb", "wrong-game",
         "wrong-format"],
)  # fmt: skip
def test_a_crashing_reader_marks_the_import_failed_with_its_message(
    game, filename, make, expected, tmp_path, admin
):
    from decks.tasks import CardImportFailed, import_cards_task

    job = card_import_start(game=game, filename=filename, data=make(tmp_path), user=admin)
    with pytest.raises(CardImportFailed) as failure:
        import_cards_task.run(job.pk)  # the task's body, as the worker runs it
    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED and job.finished_at is not None
    assert expected in job.error and expected in str(failure.value)
    assert not Card.objects.exists()
    # the task is not run twice: a redelivered message leaves the failed import as it is
    assert import_cards_task.run(job.pk) == {"import": job.pk, "status": "skipped"}


def test_an_interrupted_import_resumes_and_converges(settings, admin, monkeypatch):
    """A crash after two chunks: the chunks stay, 'run again' goes on from there; nothing is doubled."""
    from decks.services import cards as service

    settings.CARD_IMPORT_CHUNK_ROWS = 10
    real_write = service._write_new
    calls = []

    def crash_on_the_third_chunk(**kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise OSError("disk unplugged")
        real_write(**kwargs)

    monkeypatch.setattr(service, "_write_new", crash_on_the_third_chunk)
    job = card_import_start(game="arrows", filename="pool.csv", data=csv_pool(50), user=admin)
    with pytest.raises(OSError):
        card_import_run(import_id=job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED and "disk unplugged" in job.error
    assert job.created == 20 and Card.objects.count() == 20  # whole chunks, not half of one
    monkeypatch.setattr(service, "_write_new", real_write)
    card_import_retry(card_import=job, user=admin)
    result = card_import_run(import_id=job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE and job.error == ""
    assert (result.total, result.created, result.unchanged) == (50, 50, 0)
    assert Card.objects.count() == 50 and CardKey.objects.count() == 50


def test_a_worker_killed_mid_import_resumes_when_the_task_comes_back(settings, admin, monkeypatch):
    from decks.services import cards as service

    settings.CARD_IMPORT_CHUNK_ROWS = 10
    job = card_import_start(game="arrows", filename="pool.csv", data=csv_pool(30), user=admin)
    real_write = service._write_new
    state = {"calls": 0}

    def killed(**kwargs):
        state["calls"] += 1
        if state["calls"] == 2:
            raise KeyboardInterrupt  # not an Exception: nothing marks the import, as with SIGKILL
        real_write(**kwargs)

    monkeypatch.setattr(service, "_write_new", killed)
    with pytest.raises(KeyboardInterrupt):
        card_import_run(import_id=job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.RUNNING and job.created == 10
    monkeypatch.setattr(service, "_write_new", real_write)
    result = card_import_run(import_id=job.pk)  # the redelivered task (acks_late)
    assert result.created == 30 and Card.objects.count() == 30


TASK_ID = "0b7e1f8c-3d2a-4f5e-9a6b-1c2d3e4f5a6b"


def test_the_import_page_shows_progress_while_running_and_the_final_counts_when_done(
    client, admin, monkeypatch
):
    """While the worker imports, the page shows the task's progress and fetches itself again (no reload
    needed); once done it stops polling and shows the final counts."""
    from core.progress import TaskStatus

    job = CardImport.objects.create(
        game="yugioh", filename="cards.json", status=CardImport.Status.RUNNING, task_id=TASK_ID,
        total=14218, created=4000, created_by=admin,
    )  # fmt: skip
    running = TaskStatus(TASK_ID, "PROGRESS", 4000, 14218, "4000 of 14218 cards", False, False, None)
    monkeypatch.setattr("decks.views.task_status_or_unavailable", lambda task_id: running)
    client.force_login(admin)
    page = client.get(f"/decks/imports/{job.pk}/").content.decode()
    assert 'data-testid="import-progress"' in page and "28% 4000 of 14218 cards" in page
    assert f'hx-get="/tasks/{TASK_ID}/"' in page  # the progress bar polls the task
    assert f'hx-get="/decks/imports/{job.pk}/" hx-select="#import-summary"' in page  # the page refreshes
    assert "14218 cards in the file: 4000 new" in page

    CardImport.objects.filter(pk=job.pk).update(status=CardImport.Status.DONE, created=14218)
    page = client.get(f"/decks/imports/{job.pk}/").content.decode()
    assert 'data-testid="import-progress"' not in page and "hx-get" not in page
    assert ">Done</span>" in page
    assert "14218 cards in the file: 14218 new, 0 updated (rarity, sets, source), 0 unchanged." in page
