import pytest

from core.embedded_redis import free_port

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.integration
def test_health_is_200_with_database_redis_and_a_worker(celery_worker, client):
    response = client.get("/healthz")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "ok"
    assert {name: check["ok"] for name, check in body["checks"].items()} == {
        "database": True,
        "redis": True,
        "worker": True,
    }


def test_health_is_503_naming_redis_when_it_is_unreachable(client, settings):
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["redis"]["ok"] is False
    assert "Connection" in body["checks"]["redis"]["detail"]
    assert body["checks"]["worker"]["ok"] is False


def test_task_progress_says_clearly_when_redis_is_unreachable(client, django_user_model, monkeypatch):
    import uuid

    from celery.backends.redis import RedisBackend

    from config.celery import app

    # The app keeps its result backend once built, so point a fresh one at a closed port.
    unreachable = RedisBackend(app=app, url=f"redis://127.0.0.1:{free_port()}/0")
    monkeypatch.setattr(type(app), "backend", property(lambda self: unreachable))
    client.force_login(django_user_model.objects.create_user("waiting", password="pw-waiting-123"))
    task_id = uuid.uuid4()
    response = client.get(f"/api/tasks/{task_id}/")
    assert response.status_code == 503
    assert "Redis is unreachable" in response.json()["errors"][0]["message"]
    fragment = client.get(f"/tasks/{task_id}/")
    assert fragment.status_code == 200
    assert b"unavailable for a moment" in fragment.content and b"hx-get" in fragment.content
