"""Background card imports, with progress the import's page polls (/tasks/<id>/)."""

from __future__ import annotations

from celery import shared_task

from core.progress import report_progress


class CardImportFailed(Exception):
    """The import failed; its message is the import's error (also on its ``CardImport`` row)."""


@shared_task(bind=True, name="decks.import_cards")
def import_cards_task(self, import_id: int) -> dict:
    """Import the file of ``CardImport`` ``import_id``; the import's row records the outcome.

    Any error ends the import as failed with its message — on the row and as the task's state (FAILURE),
    so the page's progress says "Failed: …" instead of "Importing" forever. A task delivered again after
    its worker was killed resumes the import (``decks.services.cards.card_import_run``).
    """
    from decks.services.cards import card_import_run

    def progress(current: int, total: int, message: str) -> None:
        report_progress(self, current=current, total=total, message=message)

    try:
        result = card_import_run(import_id=import_id, progress=progress)
    except Exception as error:  # noqa: BLE001 - every failure is reported, with its message
        from decks.services.cards import ImportFailed

        message = error.message if isinstance(error, ImportFailed) else f"{type(error).__name__}: {error}"
        raise CardImportFailed(message) from None
    if result is None:
        return {"import": import_id, "status": "skipped"}
    return {"import": import_id, "status": "done", **result.to_json()}
