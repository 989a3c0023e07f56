"""Tasks of the site itself. Every task takes ids or plain values, never model instances."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="core.ping")
def ping(value: str) -> dict:
    """Answer with what was sent and who answered: proves the broker, a worker and the result backend."""
    import os
    import socket

    return {"echo": value, "worker_pid": os.getpid(), "host": socket.gethostname()}
