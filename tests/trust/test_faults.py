"""Faults while the site runs: Redis stopped and restarted on its port, a Celery worker killed in the middle
of pairing a round, the database dropping every connection. Each case checks the data afterwards."""

from __future__ import annotations

import datetime
import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.embedded_redis import EmbeddedRedis
from tests.conftest import ARTIFACTS, REPO_ROOT, WorkerProcess, _database_url_for_children, point_celery_at
from tests.trust.world import build_world
from tournaments import services
from tournaments.models import Event, Match, MatchStatus, Round

IS_SQLITE = connection.vendor == "sqlite"


@contextmanager
def celery_on(url: str, settings):
    """Point this process's Celery app (broker, result backend, health checks) at the Redis `url`."""
    from config.celery import app

    saved = app.conf.broker_url
    point_celery_at(app, url, settings)
    try:
        yield app
    finally:
        point_celery_at(app, saved, settings)


class SlowWorker(WorkerProcess):
    """A worker (tests/trust/slow_worker.py) that pauses after writing a round, before committing it."""

    def __init__(self, *args, pause: float, **kwargs):
        super().__init__(*args, **kwargs)
        self.pause = pause

    def start(self, app, timeout: float = 40.0) -> None:
        env = dict(os.environ, REDIS_URL=self.redis_url, DATABASE_URL=self.database_url)
        env.update(DJANGO_SETTINGS_MODULE="config.settings.test_worker", TRUST_PAUSE_SECONDS=str(self.pause))
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.trust.slow_worker", "-A", "config", "worker", "--loglevel", "INFO",
             "--concurrency", "1", "--pool", "prefork", "--without-gossip", "--without-mingle",
             "--hostname", f"slow-{os.getpid()}-{time.monotonic_ns()}@%h"],
            cwd=REPO_ROOT, env=env, stdout=self.log_path.open("ab"), stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"slow worker exited at start; see {self.log_path}")
            if app.control.ping(timeout=0.5):
                return
        self.stop()
        raise RuntimeError(f"slow worker did not answer; see {self.log_path}")

    def pool_children(self) -> list[int]:
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [int(c) for c in children]


def _wait(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _finish_round(world) -> None:
    organizer = world.users["organizer"]
    for match in Match.objects.filter(round=world.round, status=MatchStatus.PENDING, player_b__isnull=False):
        services.match_enter_result(match=match, user=organizer, games_a=2, games_b=1)


def _pairing_task_id(event) -> str:
    return Event.objects.get(pk=event.pk).pairing_task_id


def _round_is_whole(event, number: int, players: int) -> None:
    rounds = Round.objects.filter(event=event, number=number)
    assert rounds.count() == 1
    seats = [r for m in rounds.get().matches.all() for r in (m.player_a_id, m.player_b_id) if r]
    assert len(seats) == len(set(seats)) == players


LOGS = ARTIFACTS / "logs"


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_redis_stopped_while_the_site_runs(settings, monkeypatch):
    """Pages keep working, pairing says it is delayed, and the round is paired once Redis is back."""
    monkeypatch.setattr("tournaments.services.rounds.INLINE_PAIRING_MAX_PLAYERS", 2)  # pairing goes to a task
    world = build_world(players=6)
    _finish_round(world)
    redis = EmbeddedRedis().start()
    worker = None
    try:
        with celery_on(redis.url, settings) as app:
            worker = WorkerProcess(redis.url, _database_url_for_children(), LOGS / "trust-redis-worker.log")
            worker.start(app)
            organizer, phone, wall = Client(), Client(), Client()
            organizer.force_login(world.users["organizer"])
            phone.force_login(world.users["player"])
            event_id = world.event.pk

            redis.stop()
            # pages that do not need Redis keep working
            for client, url in [
                (organizer, reverse("tournaments:event_detail", kwargs={"pk": event_id})),
                (organizer, reverse("tournaments:console_event", kwargs={"event_id": event_id})),
                (phone, reverse("tournaments:player_event", kwargs={"event_id": event_id})),
                (phone, reverse("tournaments:round_detail", kwargs={"pk": event_id, "number": 1})),
                (wall, reverse("tournaments:wall_pairings", kwargs={"event_id": event_id})),
                (wall, reverse("tournaments:wall_standings", kwargs={"event_id": event_id})),
            ]:
                assert client.get(url).status_code == 200, url
            health = wall.get("/healthz")
            assert health.status_code == 503 and health.json()["checks"]["redis"]["ok"] is False

            # pressing "pair next round": a clear answer that the work is delayed, not an error page
            pressed = organizer.post(
                reverse("tournaments:pair_next", kwargs={"pk": event_id}),
                {"force": "1"},
                HTTP_HX_REQUEST="true",
            )
            assert pressed.status_code == 200
            assert "unreachable" in pressed.content.decode()
            task_id = _pairing_task_id(world.event)
            assert task_id, "the request to pair is kept on the event"
            again = organizer.post(
                reverse("tournaments:pair_next", kwargs={"pk": event_id}),
                {"force": "1"},
                HTTP_HX_REQUEST="true",
            )
            assert again.status_code == 200 and "unreachable" in again.content.decode()
            assert _pairing_task_id(world.event) == task_id  # pressed twice: still one request
            poll = organizer.get(reverse("tournaments:pairing_status", kwargs={"pk": event_id}))
            assert poll.status_code == 200 and "unreachable" in poll.content.decode()
            assert (
                organizer.get(reverse("tournaments:event_detail", kwargs={"pk": event_id})).status_code == 200
            )
            api = organizer.get(f"/api/tasks/{task_id}/")
            assert api.status_code == 503 and api.json()["errors"][0]["code"] == "backend_unavailable"
            assert Round.objects.filter(event=world.event).count() == 1

            # Redis comes back on the same port and the worker reconnects. The request sent while it was down
            # never reached a queue: the organizer's next press, once the task has waited a minute unpicked
            # (TASK_PICKUP_PATIENCE), sends it again; the round is paired once.
            redis = EmbeddedRedis(port=redis.port).start()
            _wait(lambda: app.control.ping(timeout=0.5), 40, "the worker to reconnect")
            waiting = organizer.get(reverse("tournaments:pairing_status", kwargs={"pk": event_id}))
            assert "Waiting for a worker" in waiting.content.decode()
            a_minute_later = timezone.now() - datetime.timedelta(minutes=2)
            Event.objects.filter(pk=event_id).update(updated_at=a_minute_later)
            organizer.post(reverse("tournaments:pair_next", kwargs={"pk": event_id}), {"force": "1"})
            _wait(lambda: Round.objects.filter(event=world.event, number=2).exists(), 60, "round 2")
            _round_is_whole(world.event, 2, players=6)
            # nothing was lost or doubled: round 1 and its results are intact
            assert Match.objects.filter(round=world.round, status=MatchStatus.CONFIRMED).count() == 3
    finally:
        if worker is not None:
            worker.stop()
        redis.stop()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_worker_killed_in_the_middle_of_pairing(settings, monkeypatch):
    """The pool process dies with the round written but not committed: no half round is left, and the
    task, acknowledged late and rejected on worker loss, runs again and pairs the round once."""
    monkeypatch.setattr("tournaments.services.rounds.INLINE_PAIRING_MAX_PLAYERS", 2)
    world = build_world(players=8)
    _finish_round(world)
    redis = EmbeddedRedis().start()
    worker = None
    try:
        with celery_on(redis.url, settings) as app:
            worker = SlowWorker(
                redis.url, _database_url_for_children(), LOGS / "trust-slow-worker.log", pause=4
            )
            worker.start(app)
            from core.progress import task_status

            organizer = Client()
            organizer.force_login(world.users["organizer"])
            organizer.post(reverse("tournaments:pair_next", kwargs={"pk": world.event.pk}), {"force": "1"})
            task_id = _pairing_task_id(world.event)
            # the round and its tables are written (progress 4 of 4) but not committed: kill the process
            _wait(lambda: task_status(task_id).current == 4, 30, "the pairing to reach its last step")
            children = worker.pool_children()
            assert children
            for pid in children:
                os.kill(pid, signal.SIGKILL)
            assert Round.objects.filter(event=world.event, number=2).count() == 0, "a half-made round"
            # the worker's next pool process runs the task again; this time it is left to finish
            _wait(lambda: task_status(task_id).finished, 60, "the retried task to finish")
            status = task_status(task_id)
            assert not status.failed, status.message
            _round_is_whole(world.event, 2, players=8)
    finally:
        if worker is not None:
            worker.kill()
        redis.stop()


def _wsgi_get(path: str) -> int:
    """A request through Django's WSGI handler as a real server runs it (request signals included, unlike
    the test client, which keeps the test's connection open on purpose)."""
    from django.core.handlers.wsgi import WSGIHandler
    from django.test.client import RequestFactory

    environ = RequestFactory()._base_environ(PATH_INFO=path, REQUEST_METHOD="GET")
    status: list[str] = []
    body = WSGIHandler()(environ, lambda code, headers, *exc: status.append(code))
    b"".join(body)
    body.close()
    return int(status[0].split()[0])


@pytest.mark.postgres
@pytest.mark.skipif(IS_SQLITE, reason="SQLite has no server to restart; this case runs on PostgreSQL only")
@pytest.mark.django_db(transaction=True)
def test_database_restart_between_requests_on_a_kept_connection(monkeypatch):
    """Persistent connections (CONN_MAX_AGE) are all terminated, as a PostgreSQL restart does: the next
    request checks its connection (CONN_HEALTH_CHECKS), opens a new one and succeeds; nothing is lost."""
    from django.db import connections

    world = build_world(players=4)
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 600)
    path = reverse("tournaments:wall_pairings", kwargs={"event_id": world.event.pk})
    assert _wsgi_get(path) == 200
    victim = connection.cursor().connection.info.backend_pid if connection.connection else None
    assert victim, "the connection is kept between requests"
    killer = connections.create_connection("default")
    try:
        with killer.cursor() as cursor:
            cursor.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            assert cursor.fetchone()[0] >= 1
    finally:
        killer.close()
    assert _wsgi_get(path) == 200
    assert _wsgi_get(path) == 200
    assert Match.objects.filter(round__event=world.event).count() == 2
