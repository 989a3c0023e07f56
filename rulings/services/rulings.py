"""Saving a ruling and reviewing it."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from rulings.models import SavedRuling
from rulings.selectors import event_can_review, event_is_staff

from .replay import situation_replay


@transaction.atomic
def ruling_save(
    *,
    document: dict[str, Any],
    note: str = "",
    user: Any = None,
    event: Any = None,
    round_number: int | None = None,
    table_number: int | None = None,
) -> SavedRuling:
    """Replay the document again (the answer stored is the engine's, never the client's) and save it.

    Raises ReplayFailed for a malformed document and PermissionDenied when linking to an event the
    person is not staff of.
    """
    answer = situation_replay(document=document)
    if event is not None and not event_is_staff(user=user, event=event):
        raise PermissionDenied("only the staff of an event can add to its judge-call log")
    return SavedRuling.objects.create(
        game=answer["game"],
        ruleset=answer["ruleset"],
        document=document,
        answer=answer,
        note=note,
        created_by=user if user is not None and user.is_authenticated else None,
        event=event,
        round_number=round_number if event is not None else None,
        table_number=table_number if event is not None else None,
    )


@transaction.atomic
def ruling_review(*, ruling: SavedRuling, user: Any, reviewed: bool, comment: str) -> SavedRuling:
    """The head judge or an organizer of the ruling's event marks it reviewed (or not) with a comment."""
    if ruling.event is None or not event_can_review(user=user, event=ruling.event):
        raise PermissionDenied("only the head judge or an organizer of the event reviews its rulings")
    ruling = SavedRuling.objects.select_for_update().get(pk=ruling.pk)
    ruling.reviewed = reviewed
    ruling.review_comment = comment
    ruling.reviewed_by = user if reviewed else None
    ruling.reviewed_at = timezone.now() if reviewed else None
    ruling.save(update_fields=["reviewed", "review_comment", "reviewed_by", "reviewed_at"])
    return ruling
