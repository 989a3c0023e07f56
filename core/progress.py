"""Progress of long Celery tasks, readable by any page that polls it.

A task reports with ``report_progress(task, current=…, total=…, message=…)``; pages poll
``/tasks/<id>/`` (HTML fragment, htmx) or ``/api/tasks/<id>/`` (JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from celery.result import AsyncResult
from kombu.exceptions import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

# What reading or sending task state raises while Redis is unreachable.
BACKEND_UNAVAILABLE = (RedisConnectionError, RedisTimeoutError, OperationalError, ConnectionError)

PROGRESS_STATE = "PROGRESS"


def report_progress(task: Any, *, current: int, total: int, message: str = "") -> None:
    """Record progress from inside a bound task (``bind=True``); silently skipped when run eagerly."""
    if getattr(task.request, "id", None) is None:
        return
    task.update_state(state=PROGRESS_STATE, meta={"current": current, "total": total, "message": message})


@dataclass(frozen=True)
class TaskStatus:
    id: str
    state: str
    current: int
    total: int
    message: str
    finished: bool
    failed: bool
    result: Any

    @property
    def percent(self) -> int:
        if self.finished and not self.failed:
            return 100
        return int(100 * self.current / self.total) if self.total else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "state": self.state,
            "current": self.current,
            "total": self.total,
            "percent": self.percent,
            "message": self.message,
            "finished": self.finished,
            "failed": self.failed,
            "result": self.result if self.finished and not self.failed else None,
        }


def task_status(task_id: str) -> TaskStatus:
    result = AsyncResult(task_id)
    state = result.state
    info = result.info
    current = total = 0
    message = ""
    if state == PROGRESS_STATE and isinstance(info, dict):
        current, total, message = (
            int(info.get("current", 0)),
            int(info.get("total", 0)),
            str(info.get("message", "")),
        )
    failed = state in ("FAILURE", "REVOKED")
    finished = state == "SUCCESS" or failed
    if failed:
        message = f"{type(info).__name__}: {info}" if isinstance(info, BaseException) else str(info)
    value = info if state == "SUCCESS" else None
    return TaskStatus(task_id, state, current, total, message, finished, failed, value)


def task_status_or_unavailable(task_id: str) -> TaskStatus:
    """The task's status for a page; while Redis is unreachable, a status that says the work is delayed
    (state UNAVAILABLE, not finished: the page keeps polling) instead of an error."""
    from django.utils.translation import gettext as _

    try:
        return task_status(task_id)
    except BACKEND_UNAVAILABLE:
        message = _("The task queue is unreachable for a moment: the work is delayed until it is back.")
        return TaskStatus(task_id, "UNAVAILABLE", 0, 0, message, False, False, None)
