"""The event's audit of changes (settings, re-opened and re-paired rounds, swaps, late entries), as people
read it: the setting's name and its old and new values in the page's language."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.models import DroppedFigures, Event, EventChange, Game, TiebreakPolicy, WinFloor

CHOICES = {
    "game": dict(Game.choices),
    "tiebreak_policy": dict(TiebreakPolicy.choices),
    "win_floor": dict(WinFloor.choices),
    "dropped_figures": dict(DroppedFigures.choices),
}


@dataclass(frozen=True)
class ChangeRow:
    change: EventChange
    what: str
    old: str
    new: str


def _shown(field: str, raw: str) -> str:
    if raw == "":
        return "—"
    if field in CHOICES:
        return str(CHOICES[field].get(raw, raw))
    if field == "decklist_deadline":
        try:
            moment = datetime.datetime.fromisoformat(raw)
        except ValueError:
            return raw
        return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")
    if field == "date":
        try:
            return date_format(datetime.date.fromisoformat(raw), "SHORT_DATE_FORMAT")
        except ValueError:
            return raw
    return raw


def event_change_log(*, event: Event, limit: int = 200) -> QuerySet[EventChange]:
    return (
        EventChange.objects.filter(event=event)
        .select_related("changed_by")
        .order_by("-changed_at", "-id")[:limit]
    )


def field_label(name: str) -> str:
    """The setting's name for people ("Best of", "Deck-list deadline")."""
    if name == "banlist":
        return _("Banlist")
    if name == "swiss_rounds_override":
        return _("Swiss rounds")
    if name == "top_cut_override":
        return _("Top cut")
    return str(Event._meta.get_field(name).verbose_name).capitalize()


def event_change_rows(*, event: Event, limit: int = 200) -> list[ChangeRow]:
    rows = []
    for change in event_change_log(event=event, limit=limit):
        if change.action == EventChange.Action.EDIT:
            what = field_label(change.field) if change.field else change.get_action_display()
            old, new = _shown(change.field, change.old_value), _shown(change.field, change.new_value)
        elif change.action == EventChange.Action.REOPEN:
            what = _("Round %(n)d re-opened") % {"n": change.round_number}
            old, new = (
                "",
                _("%(count)s result(s) back to awaiting confirmation") % {"count": change.new_value},
            )
        elif change.action == EventChange.Action.REPAIR:
            what = _("Round %(n)d paired again") % {"n": change.round_number}
            old, new = "", ""
        elif change.action == EventChange.Action.SWAP:
            what = _("Round %(n)d: players swapped") % {"n": change.round_number}
            old, new = change.old_value, _("tables %(tables)s") % {"tables": change.new_value}
        else:
            what = _("Late entry from round %(n)d") % {"n": change.round_number}
            old, new = "", change.new_value
        rows.append(ChangeRow(change=change, what=what, old=old, new=new))
    return rows
