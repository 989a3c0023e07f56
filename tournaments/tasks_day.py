"""Celery tasks of tournament day (imported by tournaments.tasks so that workers register them)."""

from __future__ import annotations

from celery import shared_task

from core.progress import report_progress


@shared_task(bind=True, name="tournaments.event_transfer", acks_late=True)
def event_transfer_task(self, *, transfer_id: int) -> dict:
    """Export or import an event, reporting progress; a redelivered task finds the transfer finished."""
    from tournaments.services.transfers import transfer_run

    def progress(current: int, total: int, message: str) -> None:
        report_progress(self, current=current, total=total, message=message)

    transfer = transfer_run(transfer_id=transfer_id, progress=progress)
    return {"transfer_id": transfer.pk, "status": transfer.status, "event_id": transfer.event_id}
