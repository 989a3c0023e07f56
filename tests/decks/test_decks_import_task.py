"""The card-import task through a real Celery worker: progress the organizer's page can poll, and failures."""

from __future__ import annotations

import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.models import Role, User
from decks.models import Card, CardImport

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def big_pool(rows: int) -> bytes:
    lines = ["id,name,name_fr,kind,atk,def,ret,level,arrows,rarity,limit,effect"]
    lines += [
        f"x-{n:05d},Test Monster {n},Monstre Test {n},monster,{n % 9},{n % 7},,1,up,C,," for n in range(rows)
    ]
    return ("\n".join(lines) + "\n").encode()


def test_upload_runs_on_the_worker_with_progress(celery_worker, client):
    admin = User.objects.create_user(
        "import-admin", password="pw-123-import", role=Role.ORGANIZER, is_staff=True, is_superuser=True
    )
    client.force_login(admin)
    upload = SimpleUploadedFile("big-pool.csv", big_pool(12_000))
    posted = client.post("/decks/imports/", {"game": "arrows", "file": upload})
    job = CardImport.objects.get()
    assert posted.status_code == 302 and posted["Location"] == f"/decks/imports/{job.pk}/"
    page = client.get(posted["Location"])
    html = page.content.decode()
    # the import's page polls the task's progress while it runs (or says it is done already)
    assert f'hx-get="/tasks/{job.task_id}/"' in html or ">Done</span>" in html
    seen_progress = []
    deadline = time.monotonic() + 90
    body = {}
    while time.monotonic() < deadline:
        body = client.get(f"/api/tasks/{job.task_id}/").json()
        if body["state"] == "PROGRESS":
            seen_progress.append((body["current"], body["total"]))
        if body["finished"]:
            break
        time.sleep(0.05)
    assert body["finished"] and not body["failed"], body
    assert body["result"]["created"] == 12_000
    assert seen_progress, "no progress was reported while the import ran"
    assert any(total == 12_000 for _, total in seen_progress)
    job.refresh_from_db()
    assert job.status == "done" and job.created == 12_000
    assert Card.objects.filter(game="arrows").count() == 12_000
    fragment = client.get(f"/tasks/{job.task_id}/").content.decode()
    assert "Done." in fragment and "hx-get" not in fragment


def test_a_bad_file_fails_on_the_worker_and_changes_nothing(celery_worker):
    from decks.services.cards import card_import_start
    from decks.tasks import import_cards_task

    data = (
        big_pool(50).replace(b"Test Monster 7,", b"Test Monster 7,").replace(b"monster,7,", b"monster,seven,")
    )
    job = card_import_start(game="arrows", filename="bad.csv", data=data)
    outcome = import_cards_task.AsyncResult(job.task_id)
    outcome.get(timeout=60, propagate=False)
    # the task's state says it failed, with the import's message (the page shows "Failed: …")
    assert outcome.state == "FAILURE" and "atk" in str(outcome.result)
    job.refresh_from_db()
    assert job.status == "failed" and "row" in job.error and "atk" in job.error
    assert not Card.objects.filter(game="arrows").exists()
