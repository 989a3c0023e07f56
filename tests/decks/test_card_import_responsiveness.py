"""SQLite as a real embedded default: a 150,000-card import on a real worker while people log in.

The import writes in short chunks (CARD_IMPORT_CHUNK_ROWS cards a transaction), so every log-in finds the
database free within SQLite's busy timeout: it answers 302, never 500 "database is locked". Before this
work the whole import was one transaction and log-ins failed for as long as it lasted.

No figure about time is asserted here (house rule): `benchmarks/import_responsiveness.py` measures the
import's duration and the log-ins' p50/p95/max while it runs.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest
from django.db import connection
from django.test import Client

from core.models import Role, User
from decks.models import Card, CardImport
from decks.services.cards import card_import_start

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROWS = 150_000
LOG_INS_WHILE_WRITING = 50


def card_pool_csv(rows: int) -> bytes:
    lines = ["id,name,kind,atk,def,level"]
    lines += [f"load-{n:06d},Load Test Monster {n},monster,{n % 9},{n % 7},{n % 12}" for n in range(rows)]
    return ("\n".join(lines) + "\n").encode()


def test_log_ins_keep_answering_while_a_worker_imports_150000_cards(celery_worker):
    assert connection.vendor != "sqlite" or connection.settings_dict["NAME"] != ":memory:"
    User.objects.create_user("pool-runner", password="pw-runner-123", role=Role.PLAYER)
    admin = User.objects.create_user(
        "pool-admin-big", password="pw-admin-123", role=Role.ORGANIZER, is_staff=True, is_superuser=True
    )
    job = card_import_start(game="arrows", filename="big-pool.csv", data=card_pool_csv(ROWS), user=admin)

    statuses: Counter[int] = Counter()
    while_writing = 0
    progress_seen: set[int] = set()
    guard = time.monotonic() + 900  # only so that a broken worker cannot hang the suite; not a figure
    while time.monotonic() < guard:
        state, written = CardImport.objects.values_list("status", "created").get(pk=job.pk)
        if state in (CardImport.Status.DONE, CardImport.Status.FAILED):
            break
        person = Client()
        response = person.post("/accounts/login/", {"username": "pool-runner", "password": "pw-runner-123"})
        statuses[response.status_code] += 1
        state_after, written_after = CardImport.objects.values_list("status", "created").get(pk=job.pk)
        # the log-in happened while the worker was writing cards (some written before it, not all after)
        if state_after == CardImport.Status.RUNNING and 0 < written <= written_after < ROWS:
            while_writing += 1
            progress_seen.add(written_after)

    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE, job.error or f"unfinished: {job.created} written"
    assert job.created == ROWS and Card.objects.filter(game="arrows").count() == ROWS
    assert set(statuses) == {302}, f"log-ins answered {dict(statuses)} during the import"
    assert while_writing >= LOG_INS_WHILE_WRITING, (
        f"only {while_writing} log-ins happened while cards were being written ({dict(statuses)})"
    )
    assert len(progress_seen) > 2  # the counters moved chunk by chunk, not once at the end
