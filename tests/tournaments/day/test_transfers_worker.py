"""Exports and imports on a real Celery worker: the page shows the task's progress, then the result."""

from __future__ import annotations

import json
import time

import pytest
from celery.result import AsyncResult

from tests.tournaments.day.conftest import played_event
from tournaments.models import Event, EventTransfer
from tournaments.services.event_file import comparable, event_export

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _wait(client, transfer: EventTransfer) -> bytes:
    AsyncResult(transfer.task_id).get(timeout=60)
    deadline = time.monotonic() + 10
    while True:
        page = client.get(
            f"/events/console/transfers/{transfer.pk}/", {"part": "status"}, HTTP_HX_REQUEST="true"
        )
        if b"every 1s" not in page.content or time.monotonic() > deadline:
            return page.content
        time.sleep(0.2)


def test_export_then_import_on_a_worker(celery_worker, organizer, client):
    event = played_event(organizer, players=10, rounds=2)
    client.force_login(organizer)
    response = client.post(f"/events/{event.pk}/console/exports/json/")
    assert response.status_code == 302
    export = EventTransfer.objects.get(kind="export")
    assert b"transfer-download" in _wait(client, export)
    document = json.loads(client.get(f"/events/console/transfers/{export.pk}/download/").content)
    assert comparable(document) == comparable(event_export(event=event))

    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(
        "/events/console/import/",
        {"file": SimpleUploadedFile("e.json", json.dumps(document).encode(), "application/json")},
    )
    imported = EventTransfer.objects.get(kind="import")
    assert b"transfer-event" in _wait(client, imported)
    imported.refresh_from_db()
    assert imported.status == "done" and imported.document is None
    assert comparable(event_export(event=Event.objects.get(pk=imported.event_id))) == comparable(document)


def test_big_round_pairs_on_a_worker_with_a_progress_bar(celery_worker, organizer, client):
    from tests.tournaments.day.conftest import staff_event
    from tournaments.services import INLINE_PAIRING_MAX_PLAYERS

    event = staff_event(organizer, players=INLINE_PAIRING_MAX_PLAYERS + 2)
    client.force_login(organizer)
    response = client.post(f"/events/{event.pk}/console/pair/", {"force": "1"}, follow=True)
    assert b"Pairing on a worker" in response.content
    # The progress bar shows while the worker pairs; a fast worker may already be done when the redirected
    # page renders (then the round is there instead): the page shows one or the other.
    page = response.content
    paired_already = b'data-testid="round-progress"' in page
    assert (b'data-testid="pairing-progress"' in page and b"<progress" in page) or paired_already
    event.refresh_from_db()
    AsyncResult(event.pairing_task_id).get(timeout=60)
    page = client.get(f"/events/{event.pk}/console/").content
    assert b'data-testid="pairing-progress"' not in page
    assert b'data-testid="round-progress"' in page and b"0 of 65 results confirmed" in page
