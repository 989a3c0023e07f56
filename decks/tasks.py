"""Background card imports, with progress the organizer's page polls (/tasks/<id>/)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from core.progress import report_progress


@shared_task(bind=True, name="decks.import_cards")
def import_cards_task(self, import_id: int) -> dict:
    """Import the file of ``CardImport`` ``import_id``; the import's row records the outcome."""
    from decks.models import CardImport
    from decks.services.cards import ImportFailed, cards_import, read_card_file

    job = CardImport.objects.get(pk=import_id)
    CardImport.objects.filter(pk=import_id).update(status=CardImport.Status.RUNNING)
    report_progress(self, current=0, total=1, message="Reading the file")

    def progress(current: int, total: int, message: str) -> None:
        report_progress(self, current=current, total=total, message=message or f"{current}/{total} cards")

    try:
        records = read_card_file(data=bytes(job.data), filename=job.filename, game=job.game)
        result = cards_import(game=job.game, records=records, progress=progress)
    except ImportFailed as error:
        CardImport.objects.filter(pk=import_id).update(
            status=CardImport.Status.FAILED, error=str(error), finished_at=timezone.now()
        )
        return {"import": import_id, "status": "failed", "error": str(error)}
    CardImport.objects.filter(pk=import_id).update(
        status=CardImport.Status.DONE,
        data=b"",  # imported: the file is not needed any more
        created=result.created,
        updated=result.updated,
        unchanged=result.unchanged,
        finished_at=timezone.now(),
    )
    return {"import": import_id, "status": "done", **result.to_json()}
