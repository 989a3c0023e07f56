"""Exports and imports of the event file on a worker, with a progress bar (`EventTransfer`)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Event, EventTransfer
from tournaments.services.errors import NotAllowed, TournamentError
from tournaments.services.event_file import Progress, _no_progress, event_export
from tournaments.services.event_import import (
    EventImportError,
    _err,
    _event_import,
    event_document_normalise,
    event_document_parse,
    event_import_summary,
    event_validate_document,
)

logger = logging.getLogger(__name__)


def transfer_start_export(*, event: Event, user) -> EventTransfer:
    """Staff: export the event on a worker; the page follows the task's progress, then offers the file."""
    from tournaments.services.common import require_judge
    from tournaments.tasks_day import event_transfer_task

    require_judge(user=user, event=event)
    with transaction.atomic():
        transfer = EventTransfer.objects.create(kind=EventTransfer.Kind.EXPORT, event=event, created_by=user)
        transfer.task_id = _new_task_id()
        transfer.save(update_fields=["task_id"])
        transaction.on_commit(
            lambda: event_transfer_task.apply_async(
                kwargs={"transfer_id": transfer.pk}, task_id=transfer.task_id
            )
        )
    return transfer


def _new_task_id() -> str:
    from celery.utils import uuid

    return uuid()


def transfer_run(*, transfer_id: int, progress: Progress = _no_progress) -> EventTransfer:
    """What the worker does (idempotent: a finished transfer is returned as it is). An import locks its row,
    so a task delivered twice at once imports once, and its document is deleted when it finishes, done or
    failed (`transfer_run_import`)."""
    fields = ["document", "errors", "status", "event", "finished_at"]
    transfer = EventTransfer.objects.select_related("event", "created_by").get(pk=transfer_id)
    if transfer.status != EventTransfer.Status.PENDING:
        return transfer
    if transfer.kind == EventTransfer.Kind.EXPORT:
        transfer.document = event_export(event=transfer.event, progress=progress)
        transfer.status = EventTransfer.Status.DONE
        transfer.finished_at = timezone.now()
        transfer.save(update_fields=fields)
        return transfer
    with transaction.atomic():
        transfer = EventTransfer.objects.select_for_update().select_related("created_by").get(pk=transfer_id)
        if transfer.status != EventTransfer.Status.PENDING:
            return transfer
        transfer_run_import(transfer=transfer, progress=progress)
        transfer.finished_at = timezone.now()
        transfer.save(update_fields=fields)
    return transfer


def transfer_start_import(*, data: bytes, user) -> EventTransfer:
    """Organizers: read and validate an event file here (EventImportError, nothing created, on any problem),
    then import it on a worker. Only the validated, normalised document waits for the worker, which deletes
    it when done or failed."""
    from tournaments.tasks_day import event_transfer_task

    if not getattr(user, "is_organizer", False) or getattr(user, "is_placeholder", False):
        raise NotAllowed(_("Only organizers can import events."))
    document = event_document_parse(data=data)
    errors = event_validate_document(document=document)
    if errors:
        raise EventImportError(errors)
    with transaction.atomic():
        transfer = EventTransfer.objects.create(
            kind=EventTransfer.Kind.IMPORT,
            document=event_document_normalise(document=document),
            created_by=user,
            task_id=_new_task_id(),
        )
        transaction.on_commit(
            lambda: event_transfer_task.apply_async(
                kwargs={"transfer_id": transfer.pk}, task_id=transfer.task_id
            )
        )
    return transfer


def transfer_run_import(*, transfer: EventTransfer, progress: Progress = _no_progress) -> None:
    """The worker's part of an import: the event, or every problem; the document is deleted either way.
    For a done import, ``transfer.errors`` holds the import's notes (event_import_summary)."""
    document = transfer.document
    try:
        event = _event_import(
            document=document, importer=transfer.created_by, progress=progress, schema_checked=True
        )
    except EventImportError as exc:
        transfer.errors = exc.errors
        transfer.status = EventTransfer.Status.FAILED
    except TournamentError as exc:
        transfer.errors = [_err("", exc.message, exc.code)]
        transfer.status = EventTransfer.Status.FAILED
    except Exception:  # noqa: BLE001 - recorded for the page; nothing was written (atomic)
        logger.exception("event import %s failed", transfer.pk)
        transfer.errors = [_err("", _("The import failed on the server; nothing was imported."), "internal")]
        transfer.status = EventTransfer.Status.FAILED
    else:
        transfer.event = event
        transfer.errors = event_import_summary(document=document, importer=transfer.created_by)
        transfer.status = EventTransfer.Status.DONE
    transfer.document = None
