"""Pairing a large event through a real Celery worker: progress readable, duplicates harmless."""

from __future__ import annotations

import time

import pytest
from celery.result import AsyncResult

from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Event, Round
from tournaments.tasks import pair_round_task

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_pairing_task_runs_on_a_worker_and_duplicates_are_harmless(celery_worker, organizer, client):
    players = services.INLINE_PAIRING_MAX_PLAYERS + 2
    event = make_event(organizer, players=players)
    round_, task_id = services.round_request_pairing(event=event, user=organizer)
    assert round_ is None and task_id
    # The same button pressed again (it carries the round number it showed) answers with the same task while
    # it runs, or with the round once a fast worker has paired it: never a second round.
    again_round, again_task = services.round_request_pairing(event=event, user=organizer, number=1)
    assert (again_round is None and again_task == task_id) or (again_round.number == 1 and again_task is None)
    # A duplicated delivery of the task (as a retry would do) is harmless too.
    duplicate = pair_round_task.apply_async(kwargs={"event_id": event.pk, "number": 1})
    result = AsyncResult(task_id).get(timeout=60)
    assert result["round"] == 1
    assert duplicate.get(timeout=60)["round_id"] == result["round_id"]
    assert Round.objects.filter(event=event).count() == 1
    assert Round.objects.get(event=event).matches.count() == players // 2

    client.force_login(organizer)
    deadline = time.monotonic() + 10
    while True:
        page = client.get(f"/events/{event.pk}/pairing-status/")
        if b"round-link" in page.content or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert b"round-link" in page.content and b"hx-get" not in page.content
    assert Event.objects.get(pk=event.pk).status == "swiss"


def test_small_events_pair_inline_from_the_page(organizer, client):
    event = make_event(organizer, players=10)
    client.force_login(organizer)
    response = client.post(f"/events/{event.pk}/pair-next/", {"force": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and b"round-link" in response.content
    assert Round.objects.filter(event=event).count() == 1


@pytest.mark.django_db
def test_a_lost_pairing_task_is_sent_again(celery_app_configured, organizer, monkeypatch,
                                           django_capture_on_commit_callbacks):  # fmt: skip
    import datetime

    from django.utils import timezone

    event = make_event(organizer, players=6)
    sent: list[str] = []

    def broker_down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(pair_round_task, "apply_async", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        _, first = services.round_request_pairing(event=event, user=organizer, force_task=True)
    with django_capture_on_commit_callbacks(execute=True):
        _, again = services.round_request_pairing(event=event, user=organizer, force_task=True)
    assert again == first  # still waiting for a worker: the same task
    Event.objects.filter(pk=event.pk).update(updated_at=timezone.now() - datetime.timedelta(minutes=5))
    monkeypatch.setattr(pair_round_task, "apply_async", lambda *a, **k: sent.append(k["task_id"]))
    with django_capture_on_commit_callbacks(execute=True):
        _, third = services.round_request_pairing(event=event, user=organizer, force_task=True)
    assert third != first and sent == [third]
