"""Checks of the parts the site depends on, each quick and bounded in time."""

from __future__ import annotations

import time
from dataclasses import dataclass

import redis
from django.conf import settings
from django.db import connection


@dataclass
class CheckResult:
    ok: bool
    detail: str
    milliseconds: float

    def to_json(self) -> dict:
        return {"ok": self.ok, "detail": self.detail, "ms": round(self.milliseconds, 1)}


def _timed(check) -> CheckResult:
    started = time.perf_counter()
    try:
        detail = check()
        ok = True
    except Exception as exc:  # noqa: BLE001 - a health check reports every failure instead of raising
        ok, detail = False, f"{type(exc).__name__}: {exc}"
    return CheckResult(ok, detail, (time.perf_counter() - started) * 1000)


def check_database() -> CheckResult:
    def run() -> str:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return connection.vendor

    return _timed(run)


def check_redis() -> CheckResult:
    def run() -> str:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)
        try:
            client.ping()
        finally:
            client.close()
        return "PONG"

    return _timed(run)


def check_worker(timeout: float = 1.5) -> CheckResult:
    def run() -> str:
        from config.celery import app

        # limit=1: answer as soon as one worker replies instead of waiting out the timeout.
        replies = app.control.ping(timeout=timeout, limit=1)
        if not replies:
            raise RuntimeError("no Celery worker answered")
        return f"{len(replies)} worker(s)"

    return _timed(run)


def run_checks() -> dict[str, CheckResult]:
    results = {"database": check_database(), "redis": check_redis()}
    # Asking workers goes through Redis: without it the answer is already known.
    if results["redis"].ok:
        results["worker"] = check_worker()
    else:
        results["worker"] = CheckResult(False, "not checked: Redis is unreachable", 0.0)
    return results
