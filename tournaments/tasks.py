"""Celery tasks of the tournaments app; they take ids and call services, nothing more."""

from __future__ import annotations

from celery import shared_task

from core.progress import report_progress


@shared_task(bind=True, name="tournaments.pair_round", acks_late=True)
def pair_round_task(self, *, event_id: int, number: int) -> dict:
    """Pair Swiss round `number` of the event, reporting progress. A retried or duplicated task finds the
    round already paired and returns it: harmless."""
    from tournaments.models import Event
    from tournaments.services.rounds import round_pair_next

    event = Event.objects.get(pk=event_id)

    def progress(current: int, total: int, message: str) -> None:
        report_progress(self, current=current, total=total, message=message)

    round_ = round_pair_next(event=event, number=number, progress=progress)
    return {"event_id": event_id, "round": round_.number, "round_id": round_.pk}


from tournaments.tasks_day import event_transfer_task  # noqa: E402, F401  (registers the tournament-day task)
