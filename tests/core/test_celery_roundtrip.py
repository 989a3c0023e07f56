import os

import pytest

from core.tasks import ping

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_task_goes_through_redis_to_a_real_worker_and_back(celery_worker):
    result = ping.delay("round-trip")
    answer = result.get(timeout=30)
    assert answer["echo"] == "round-trip"
    # Not eager mode: another process ran it.
    assert answer["worker_pid"] != os.getpid()
    assert result.state == "SUCCESS"


def test_task_progress_is_readable_by_id(celery_worker, client, django_user_model):
    user = django_user_model.objects.create_user("watcher", password="pw-watcher-123")
    client.force_login(user)
    result = ping.delay("progress")
    result.get(timeout=30)
    response = client.get(f"/api/tasks/{result.id}/")
    assert response.status_code == 200
    body = response.json()
    assert body["finished"] is True and body["failed"] is False
    assert body["result"]["echo"] == "progress"
    fragment = client.get(f"/tasks/{result.id}/")
    assert fragment.status_code == 200
    assert b"hx-get" not in fragment.content  # finished: the fragment stops polling
