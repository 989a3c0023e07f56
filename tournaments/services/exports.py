"""Exports of an event: standings and results as CSV and XLSX (tables), the complete event as JSON.

Spreadsheet cells are defused against formula injection by one rule (`defuse`): a text cell whose first
character — or first character after leading whitespace — is one of = + - @ (or their full-width forms), or
that starts with a tab, CR or LF, gets a leading apostrophe. The JSON document names people by username
(never by database id); its import (`tournaments.services.event_import`) never attaches those names to
accounts.
"""

from __future__ import annotations

import csv
import datetime
import io
import logging
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    EventStaff,
    EventTransfer,
    Match,
    MatchDispute,
    Penalty,
    Registration,
    ResultChange,
    Round,
    RoundTimer,
    TableExtension,
)

logger = logging.getLogger(__name__)

FORMAT = "tableside-event"
FORMAT_VERSION = 1
# What a spreadsheet may read as the start of a formula (or of a DDE payload), after leading whitespace.
DANGEROUS_PREFIXES = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")
# Cells that start with one of these are defused even before looking further (they are whitespace too).
DANGEROUS_STARTS = ("\t", "\r", "\n")

Progress = Callable[[int, int, str], None]


def _no_progress(current: int, total: int, message: str) -> None:
    return None


# --- spreadsheets ------------------------------------------------------------------------------------------


def defuse(value: Any) -> Any:
    """The one rule for every spreadsheet cell the project writes: a text cell that a spreadsheet could read
    as a formula gets a leading apostrophe; numbers (and everything not text) stay as they are."""
    if isinstance(value, str) and is_dangerous_cell(value):
        return "'" + value
    return value


def is_dangerous_cell(text: str) -> bool:
    """Whether a spreadsheet could take the text for a formula: it starts with a tab, CR or LF, or its first
    character after whitespace and invisible format characters (zero-width space, BOM, direction marks) is
    = + - @ or a full-width form of them."""
    if text.startswith(DANGEROUS_STARTS):
        return True
    for char in text:
        if char.isspace() or unicodedata.category(char) in ("Cf", "Cc", "Zs"):
            continue
        return char in DANGEROUS_PREFIXES
    return False


def standings_table(*, event: Event) -> tuple[list[str], list[list[Any]]]:
    from core.figures import spreadsheet_percent
    from tournaments.selectors.standings import event_standings

    header = [
        _("Rank"), _("Player"), _("Username"), _("Points"), _("Wins"), _("Draws"), _("Losses"), _("Byes"),
        _("OMW%"), _("OOMW%"), _("GW%"), _("OGW%"), _("Dropped after round"),
    ]  # fmt: skip
    konami = event.tiebreak_policy == "konami"
    if konami:
        header.append(_("Tie-breaker"))  # XXYYYZZZ as text: its leading zeros kept
    rows = [
        [
            row.rank,
            row.name,
            row.username,
            row.points,
            row.wins,
            row.draws,
            row.losses,
            row.byes,
            spreadsheet_percent(row.omw),  # the percentage with two decimals, as a number (core.figures)
            spreadsheet_percent(row.oomw),
            spreadsheet_percent(row.gwp),
            spreadsheet_percent(row.ogw),
            row.dropped_after_round if row.dropped else "",
            *([row.konami_number] if konami else []),
        ]  # fmt: skip
        for row in event_standings(event=event)
    ]
    return header, rows


def results_table(*, event: Event) -> tuple[list[str], list[list[Any]]]:
    from tournaments.selectors.day import event_results

    header = [
        _("Round"), _("Stage"), _("Table"), _("Player A"), _("Player B"), _("Games A"), _("Games B"),
        _("Drawn games"), _("Result"), _("Winner"), _("Status"),
    ]  # fmt: skip
    rows = []
    for m in event_results(event=event):
        rows.append([
            m.round.number, m.round.get_stage_display(), m.table or "", str(m.player_a.player),
            str(m.player_b.player) if m.player_b else "", m.games_a, m.games_b, m.games_drawn,
            m.get_kind_display() if m.kind else "", str(m.winner.player) if m.winner else "",
            m.get_status_display(),
        ])  # fmt: skip
    return header, rows


def to_csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([defuse(h) for h in header])
    for row in rows:
        writer.writerow([defuse(v) for v in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")  # BOM: spreadsheets then read UTF-8


def to_xlsx(header: Sequence[str], rows: Iterable[Sequence[Any]], *, title: str) -> bytes:
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font

    def cell(value: Any) -> Any:
        value = defuse(value)
        # Control characters are not allowed in an XLSX file (openpyxl refuses them): shown as U+FFFD.
        return ILLEGAL_CHARACTERS_RE.sub("\ufffd", value) if isinstance(value, str) else value

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = title[:31]
    sheet.append([cell(h) for h in header])
    for head in sheet[1]:
        head.font = Font(bold=True)
    for row in rows:
        sheet.append([cell(v) for v in row])
    for written in (c for r in sheet.iter_rows() for c in r):
        if isinstance(written.value, str):
            written.data_type = "s"  # text, never a formula
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


# --- JSON export -------------------------------------------------------------------------------------------


def _dt(value: datetime.datetime | datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user) -> str | None:
    return user.username if user is not None else None


def event_export(*, event: Event, progress: Progress = _no_progress) -> dict[str, Any]:
    """The complete event as a JSON-ready document (a fixed number of queries per kind of row)."""
    from decks.models import DeckAuditEntry, DeckCheck, DeckListVersion, EventDeckSettings

    User = get_user_model()
    progress(0, 5, _("Event and people"))
    registrations = list(Registration.objects.filter(event=event).select_related("player").order_by("id"))
    key_of = {r.pk: r.player.username for r in registrations}
    staff = list(EventStaff.objects.filter(event=event).select_related("user").order_by("user__username"))
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    matches = list(
        Match.objects.filter(round__event=event)
        .select_related("reported_by", "confirmed_by")
        .order_by("round__number", "table", "id")
    )
    changes = list(
        ResultChange.objects.filter(match__round__event=event).select_related("changed_by").order_by("id")
    )
    disputes_of: dict[int, list[MatchDispute]] = {}
    for d in (
        MatchDispute.objects.filter(match__round__event=event).select_related("raised_by").order_by("id")
    ):
        disputes_of.setdefault(d.match_id, []).append(d)
    penalties = list(Penalty.objects.filter(event=event).select_related("issued_by").order_by("id"))
    timers = {t.round_id: t for t in RoundTimer.objects.filter(round__event=event)}
    extensions = list(
        TableExtension.objects.filter(round__event=event).select_related("granted_by").order_by("id")
    )
    progress(1, 5, _("Rounds and results"))

    usernames = {event.organizer.username, *key_of.values(), *(s.user.username for s in staff)}
    match_index: dict[int, tuple[int, int]] = {}  # match pk -> (round number, position in round)
    per_round: dict[int, list[Match]] = {}
    number_of = {r.pk: r.number for r in rounds}
    for m in matches:
        bucket = per_round.setdefault(m.round_id, [])
        match_index[m.pk] = (number_of[m.round_id], len(bucket))
        bucket.append(m)
        usernames.update(u.username for u in (m.reported_by, m.confirmed_by) if u is not None)
    changes_of: dict[int, list[ResultChange]] = {}
    for c in changes:
        changes_of.setdefault(c.match_id, []).append(c)
        if c.changed_by is not None:
            usernames.add(c.changed_by.username)
    for rows in disputes_of.values():
        usernames.update(d.raised_by.username for d in rows if d.raised_by is not None)

    def match_doc(m: Match) -> dict[str, Any]:
        return {
            "table": m.table,
            "player_a": key_of[m.player_a_id],
            "player_b": key_of.get(m.player_b_id) if m.player_b_id else None,
            "status": m.status,
            "kind": m.kind,
            "games_a": m.games_a,
            "games_b": m.games_b,
            "games_drawn": m.games_drawn,
            "penalized": key_of.get(m.penalized_id) if m.penalized_id else None,
            "winner": key_of.get(m.winner_id) if m.winner_id else None,
            "reported_by": _username(m.reported_by),
            "reported_at": _dt(m.reported_at),
            "confirmed_by": _username(m.confirmed_by),
            "confirmed_at": _dt(m.confirmed_at),
            "version": m.version,
            "changes": [
                {
                    "action": c.action,
                    "changed_by": _username(c.changed_by),
                    "changed_at": _dt(c.changed_at),
                    "reason": c.reason,
                    "before": _rekey_snapshot(c.before, key_of),
                    "after": _rekey_snapshot(c.after, key_of),
                    "version": c.version,
                }
                for c in changes_of.get(m.pk, [])
            ],
            "disputes": [
                {
                    "raised_by": _username(d.raised_by),
                    "reason": d.reason,
                    "raised_at": _dt(d.raised_at),
                    "resolved_at": _dt(d.resolved_at),
                }
                for d in disputes_of.get(m.pk, [])
            ],
        }

    round_docs = []
    for r in rounds:
        timer = timers.get(r.pk)
        round_docs.append({
            "number": r.number,
            "stage": r.stage,
            "seed": r.seed,
            "method": r.method,
            "rematches": r.rematches,
            "cost": r.cost,
            "explanation": r.explanation,
            "started_at": _dt(r.started_at),
            "created_at": _dt(r.created_at),
            "timer": None if timer is None else {
                "duration_seconds": timer.duration_seconds,
                "started_at": _dt(timer.started_at),
                "elapsed_seconds": timer.elapsed_seconds,
                "version": timer.version,
            },
            "extensions": [
                {"table": x.table, "minutes": x.minutes, "reason": x.reason,
                 "granted_by": _username(x.granted_by), "granted_at": _dt(x.granted_at)}
                for x in extensions if x.round_id == r.pk
            ],
            "matches": [match_doc(m) for m in per_round.get(r.pk, [])],
        })  # fmt: skip
    progress(2, 5, _("Penalties"))
    penalty_docs = []
    for p in penalties:
        if p.issued_by is not None:
            usernames.add(p.issued_by.username)
        penalty_docs.append({
            "player": key_of[p.registration_id],
            "match": list(match_index[p.match_id]) if p.match_id in match_index else None,
            "kind": p.kind,
            "reason": p.reason,
            "issued_by": _username(p.issued_by),
            "issued_at": _dt(p.issued_at),
        })  # fmt: skip
    progress(3, 5, _("Deck lists"))
    deck_settings = EventDeckSettings.objects.filter(event=event).select_related("banlist").first()
    versions = list(
        DeckListVersion.objects.filter(deck_list__registration__event=event)
        .select_related("submitted_by", "deck_list")
        .order_by("deck_list__registration_id", "number")
    )
    audit = list(
        DeckAuditEntry.objects.filter(deck_list__registration__event=event)
        .select_related("actor", "version", "deck_list")
        .order_by("id")
    )
    checks = list(
        DeckCheck.objects.filter(deck_list__registration__event=event)
        .select_related("selected_by", "checked_by", "version", "deck_list")
        .order_by("id")
    )
    from decks.models import DeckList

    deck_lists = list(DeckList.objects.filter(registration__event=event).order_by("registration_id"))
    deck_docs = []
    for dl in deck_lists:
        for v in versions:
            if v.submitted_by is not None:
                usernames.add(v.submitted_by.username)
        deck_docs.append({
            "player": key_of[dl.registration_id],
            "unlocked": dl.unlocked,
            "created_at": _dt(dl.created_at),
            "versions": [
                {"number": v.number, "format": v.format, "source": v.source, "content": v.content,
                 "content_hash": v.content_hash, "legal": v.legal, "report": v.report,
                 "submitted_by": _username(v.submitted_by), "submitted_at": _dt(v.submitted_at)}
                for v in versions if v.deck_list_id == dl.pk
            ],
            "audit": [
                {"action": a.action, "actor": _username(a.actor), "note": a.note,
                 "version": a.version.number if a.version else None, "created_at": _dt(a.created_at)}
                for a in audit if a.deck_list_id == dl.pk
            ],
            "checks": [
                {"round_number": c.round_number, "selected_by": _username(c.selected_by),
                 "selected_at": _dt(c.selected_at), "version": c.version.number, "counted": c.counted,
                 "differences": c.differences, "checked_by": _username(c.checked_by),
                 "checked_at": _dt(c.checked_at), "note": c.note}
                for c in checks if c.deck_list_id == dl.pk
            ],
        })  # fmt: skip
        for a in audit:
            if a.actor is not None:
                usernames.add(a.actor.username)
        for c in checks:
            usernames.update(u.username for u in (c.selected_by, c.checked_by) if u is not None)
    for x in extensions:
        if x.granted_by is not None:
            usernames.add(x.granted_by.username)
    progress(4, 5, _("People"))
    users = [
        {"username": u.username, "display_name": u.display_name, "first_name": u.first_name,
         "last_name": u.last_name}
        for u in User.objects.filter(username__in=usernames).order_by("username")
    ]  # fmt: skip
    document = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": _dt(timezone.now()),
        "event": {
            "name": event.name, "game": event.game, "rule_set": event.rule_set,
            "tier": event.tier, "date": _dt(event.date), "venue": event.venue, "capacity": event.capacity,
            "organizer": event.organizer.username, "best_of": event.best_of,
            "round_minutes": event.round_minutes, "decklist_deadline": _dt(event.decklist_deadline),
            "status": event.status, "tiebreak_policy": event.tiebreak_policy,
            "swiss_rounds_override": event.swiss_rounds_override, "top_cut_override": event.top_cut_override,
            "swiss_rounds": event.swiss_rounds, "top_cut_size": event.top_cut_size, "seed": event.seed,
            "created_at": _dt(event.created_at),
        },
        "users": users,
        "staff": [{"user": s.user.username, "role": s.role} for s in staff],
        "registrations": [
            {"player": r.player.username, "status": r.status, "checked_in_at": _dt(r.checked_in_at),
             "dropped_after_round": r.dropped_after_round, "dropped_at": _dt(r.dropped_at),
             "first_round": r.first_round, "awarded_byes": r.awarded_byes, "fixed_table": r.fixed_table,
             "created_at": _dt(r.created_at)}
            for r in registrations
        ],
        "rounds": round_docs,
        "penalties": penalty_docs,
        "deck_settings": None if deck_settings is None else {
            "banlist": deck_settings.banlist.name if deck_settings.banlist else None,
            "lists_published": deck_settings.lists_published,
            "published_at": _dt(deck_settings.published_at),
        },
        "deck_lists": deck_docs,
    }  # fmt: skip
    progress(5, 5, _("Done"))
    return document


def _rekey_snapshot(snapshot: dict, key_of: dict[int, str]) -> dict:
    """Result snapshots in the audit log name registrations by id: export them by username."""
    out = dict(snapshot)
    for name in ("penalized", "winner"):
        if out.get(name) is not None:
            out[name] = key_of.get(out[name], out[name])
    return out


def person_label(entry: dict[str, Any]) -> str:
    """How an event document names a person (an entry of its `users`): the display name, else the first and
    last name, else the username; at most 80 characters (an imported placeholder's display name)."""
    first, last = (str(entry.get(k) or "").strip() for k in ("first_name", "last_name"))
    full = f"{first} {last}".strip()
    return (str(entry.get("display_name") or "").strip() or full or str(entry["username"]))[:80]


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """What an export → import → export round trip keeps, for comparing two documents.

    Without the moment of the export, and without who is who: an import never reuses accounts (every person
    becomes a new placeholder record named as in the file), makes the importer the only organizer, and
    attributes the result and deck-list history to the importer with a note naming the original author. So
    people are compared by the name the document gives them; the organizer, the staff, the `users` list and
    the history's authors and notes (`changes[].changed_by`/`reason`, `versions[].submitted_by`,
    `audit[].actor`/`note`) are left out. Everything else — settings, registrations, every round, result,
    version number, snapshot, moment, penalty, deck-list version and check — must be equal."""
    label = {entry["username"]: person_label(entry) for entry in document.get("users", [])}

    def who(key):
        return label.get(key, key) if key is not None else None

    def rename(item: dict, *keys: str, drop: tuple[str, ...] = ()) -> dict:
        out = {k: v for k, v in item.items() if k not in drop}
        for key in keys:
            if key in out:
                out[key] = who(out[key])
        return out

    doc = {k: v for k, v in document.items() if k not in ("exported_at", "users", "staff")}
    doc["event"] = {k: v for k, v in document["event"].items() if k not in ("organizer", "banlist")}
    doc["registrations"] = [rename(r, "player") for r in document["registrations"]]
    doc["rounds"] = [
        {
            **rd,
            "extensions": [rename(x, "granted_by") for x in rd.get("extensions", [])],
            "matches": [
                {
                    **rename(m, "player_a", "player_b", "penalized", "winner", "reported_by", "confirmed_by"),
                    "changes": [
                        {
                            **rename(c, drop=("changed_by", "reason")),
                            "before": rename(c["before"], "penalized", "winner"),
                            "after": rename(c["after"], "penalized", "winner"),
                        }
                        for c in m["changes"]
                    ],
                    "disputes": [rename(d, "raised_by") for d in m.get("disputes", [])],
                }
                for m in rd["matches"]
            ],
        }
        for rd in document["rounds"]
    ]
    doc["penalties"] = [rename(p, "player", "issued_by") for p in document["penalties"]]
    doc["deck_lists"] = [
        {
            **rename(dl, "player"),
            "versions": [rename(v, drop=("submitted_by",)) for v in dl["versions"]],
            "audit": [rename(a, drop=("actor", "note")) for a in dl.get("audit", [])],
            "checks": [rename(c, "selected_by", "checked_by") for c in dl.get("checks", [])],
        }
        for dl in document.get("deck_lists", [])
    ]
    return doc


# --- exports and imports on a worker (progress bar) ---------------------------------------------------------


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
    failed (`tournaments.services.event_import.transfer_run_import`)."""
    from tournaments.services.event_import import transfer_run_import

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


_MOVED = {"EventImportError", "event_import", "event_validate_document", "transfer_start_import"}


def __getattr__(name: str):
    """The import moved to `tournaments.services.event_import`; its old names still resolve here."""
    if name in _MOVED:
        from tournaments.services import event_import

        return getattr(event_import, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
