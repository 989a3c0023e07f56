"""Reads of the card-pool import pages: recent imports, one import, its waiting changes as a diff."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, QuerySet
from django.utils.translation import gettext_lazy as _

from decks.models import CardChange, CardImport, CardImportFile

CHANGES_PER_PAGE = 50
FIELD_LABELS = {
    "name": _("English name"),
    "name_fr": _("French name"),
    "kind": _("kind"),
    "alias_of": _("alias of"),
    "alternate_keys": _("alternate ids"),
    "tags": _("tags"),
    "stats": _("stats"),
    "max_copies": _("max copies"),
    "id": _("id"),
}


def card_imports_recent(*, limit: int = 20) -> QuerySet[CardImport]:
    imports = CardImport.objects.select_related("created_by")
    return imports.order_by("-created_at", "-pk")[:limit]


def card_import_get(*, pk: int) -> CardImport | None:
    return CardImport.objects.select_related("created_by").filter(pk=pk).first()


def card_import_can_retry(*, card_import: CardImport) -> bool:
    return (
        card_import.status == CardImport.Status.FAILED
        and CardImportFile.objects.filter(card_import=card_import).exists()
    )


@dataclass(frozen=True)
class FieldDiff:
    field: str
    label: str
    before: str
    after: str


def _shown(value: Any) -> str:
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if isinstance(value, list):
        return ", ".join(_shown(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_shown(item)}" for key, item in value.items())
    return str(value)


def _label(path: str) -> str:
    top, _dot, rest = path.partition(".")
    label = str(FIELD_LABELS.get(top, top))
    return f"{label} · {rest}" if rest else label


def change_fields(change: CardChange) -> list[FieldDiff]:
    """Old → new, one row per field that differs (a field one side lacks is shown as —)."""
    paths = list(change.before) + [path for path in change.after if path not in change.before]
    return [
        FieldDiff(
            field=path,
            label=_label(path),
            before=_shown(change.before.get(path)),
            after=_shown(change.after.get(path)),
        )
        for path in paths
    ]


def card_import_changes(
    *, card_import: CardImport, kind: str, page: int | str | None = 1, status: str | None = None
) -> Page:
    """One page of the import's changes (or conflicts), each with its field diff (``.fields``)."""
    changes = CardChange.objects.filter(card_import=card_import, kind=kind).select_related(
        "card", "applied_by", "discarded_by"
    )
    if status is not None:
        changes = changes.filter(status=status)
    paginator = Paginator(changes.order_by("status", "key", "pk"), CHANGES_PER_PAGE)
    result = paginator.get_page(page)
    for change in result.object_list:
        change.fields = change_fields(change)
    return result


def card_import_counts(*, card_import: CardImport) -> dict[str, int]:
    """How many of the import's changes wait, were applied, discarded … (for the page's summary)."""
    counts = dict.fromkeys(CardChange.Status.values, 0)
    rows = (
        CardChange.objects.filter(card_import=card_import, kind=CardChange.Kind.CHANGE)
        .values("status")
        .annotate(number=Count("pk"))
        .order_by()
    )
    for row in rows:
        counts[row["status"]] = row["number"]
    return counts
