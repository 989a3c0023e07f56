"""Exports of an event — standings and results as CSV and XLSX, the complete event as JSON — and the JSON
import that restores an event exactly on another Tableside instance.

Spreadsheet cells are defused against formula injection: a text cell starting with = + - @ tab or CR gets a
leading apostrophe. The JSON document names people by username (never by database id), so it can move
between instances; players missing on the target are created (without a usable password).
"""

from __future__ import annotations

import csv
import datetime
import io
import logging
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    EventStaff,
    EventStatus,
    EventTransfer,
    Game,
    Match,
    MatchDispute,
    MatchStatus,
    Penalty,
    PenaltyKind,
    Registration,
    RegistrationStatus,
    ResultChange,
    ResultKind,
    Round,
    RoundStage,
    RoundTimer,
    StaffRole,
    TableExtension,
    TiebreakPolicy,
)

logger = logging.getLogger(__name__)

FORMAT = "tableside-event"
FORMAT_VERSION = 1
DANGEROUS_PREFIXES = ("=", "+", "-", "@", "\t", "\r")

Progress = Callable[[int, int, str], None]


def _no_progress(current: int, total: int, message: str) -> None:
    return None


# --- spreadsheets ------------------------------------------------------------------------------------------


def defuse(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula gets a leading apostrophe; numbers stay."""
    if isinstance(value, str) and value.startswith(DANGEROUS_PREFIXES):
        return "'" + value
    return value


def standings_table(*, event: Event) -> tuple[list[str], list[list[Any]]]:
    from tournaments.selectors.standings import event_standings

    header = [
        _("Rank"), _("Player"), _("Username"), _("Points"), _("Wins"), _("Draws"), _("Losses"), _("Byes"),
        _("OMW%"), _("OOMW%"), _("GW%"), _("OGW%"), _("Dropped after round"),
    ]  # fmt: skip
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
            round(100 * row.omw, 2),
            round(100 * row.oomw, 2),
            round(100 * row.gwp, 2),
            round(100 * row.ogw, 2),
            row.dropped_after_round if row.dropped else "",
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
    from openpyxl.styles import Font

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = title[:31]
    sheet.append([defuse(h) for h in header])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append([defuse(v) for v in row])
    for cell in (c for r in sheet.iter_rows() for c in r):
        if isinstance(cell.value, str):
            cell.data_type = "s"  # text, never a formula
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
         "last_name": u.last_name, "email": u.email, "role": u.role}
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


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """The document without the moment it was exported: two exports of one event compare equal."""
    return {k: v for k, v in document.items() if k != "exported_at"}


# --- JSON import -------------------------------------------------------------------------------------------


class EventImportError(Exception):
    """The document is refused as a whole; ``errors`` are ``{"path", "message", "code"}`` items."""

    def __init__(self, errors: list[dict[str, str]]):
        self.errors = errors
        super().__init__("; ".join(f"{e['path']}: {e['message']}" for e in errors[:5]))


@dataclass
class _Checker:
    errors: list[dict[str, str]]

    def fail(self, path: str, message: str, code: str = "invalid") -> None:
        if len(self.errors) < 200:
            self.errors.append({"path": path, "message": message, "code": code})

    def obj(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            self.fail(path, _("Expected an object."), "type")
            return {}
        return value

    def arr(self, value: Any, path: str) -> list:
        if not isinstance(value, list):
            self.fail(path, _("Expected a list."), "type")
            return []
        return value

    def text(self, d: dict, key: str, path: str, *, blank: bool = True, max_length: int = 200) -> None:
        value = d.get(key)
        if not isinstance(value, str) or (not blank and not value.strip()) or len(value) > max_length:
            self.fail(f"{path}/{key}", _("Expected text of at most %(n)d characters.") % {"n": max_length})

    def int_(
        self, d: dict, key: str, path: str, *, null: bool = False, low: int = 0, high: int = 2**31
    ) -> None:
        value = d.get(key)
        if value is None and null:
            return
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(
                f"{path}/{key}",
                _("Expected a whole number from %(low)d to %(high)d.") % {"low": low, "high": high},
            )

    def choice(self, d: dict, key: str, path: str, values: Sequence[str], *, blank: bool = False) -> None:
        value = d.get(key)
        if blank and value == "":
            return
        if value not in values:
            self.fail(
                f"{path}/{key}", _("Expected one of: %(values)s.") % {"values": ", ".join(values)}, "choice"
            )

    def when(self, d: dict, key: str, path: str, *, null: bool = True, date_only: bool = False) -> None:
        value = d.get(key)
        if value is None and null:
            return
        parsed = None
        if isinstance(value, str):
            try:
                parsed = parse_date(value) if date_only else parse_datetime(value)
            except ValueError:
                parsed = None
        if parsed is None:
            self.fail(f"{path}/{key}", _("Expected a date (ISO 8601)."), "date")

    def user(self, value: Any, path: str, known: set[str], *, null: bool = True) -> None:
        if value is None and null:
            return
        if not isinstance(value, str) or value not in known:
            self.fail(
                path, _("“%(name)s” is not in the users of the document.") % {"name": value}, "unknown_user"
            )

    def player(self, value: Any, path: str, players: set[str], *, null: bool = False) -> None:
        if value is None and null:
            return
        if not isinstance(value, str) or value not in players:
            self.fail(
                path, _("“%(name)s” is not registered in this event.") % {"name": value}, "unknown_player"
            )


def _member(value: Any, container: set) -> bool:
    try:
        return value in container
    except TypeError:  # unhashable (a list, an object): never a member
        return False


def _non_finite_numbers(value: Any, path: str):
    """JSON Pointers of every NaN or infinite number in a decoded JSON document."""
    stack = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            yield where
        elif isinstance(item, dict):
            stack.extend(
                (v, f"{where}/{str(k).replace('~', '~0').replace('/', '~1')}") for k, v in item.items()
            )
        elif isinstance(item, list):
            stack.extend((v, f"{where}/{i}") for i, v in enumerate(item))


def event_validate_document(document: Any) -> list[dict[str, str]]:
    """Every problem of the document, each with its JSON Pointer; an empty list when it can be imported."""
    from decks.models import Banlist, DeckAuditEntry

    c = _Checker([])
    doc = c.obj(document, "")
    if not isinstance(document, dict):
        return c.errors
    # Python's JSON reader accepts NaN and Infinity, which no database JSON column stores.
    for path in _non_finite_numbers(document, ""):
        c.fail(path, _("Expected a finite number."), "number")
    if c.errors:
        return c.errors
    if doc.get("format") != FORMAT:
        c.fail(
            "/format", _("This is not a Tableside event export (format “%(f)s”).") % {"f": FORMAT}, "format"
        )
        return c.errors
    if doc.get("version") != FORMAT_VERSION:
        c.fail(
            "/version",
            _("Unsupported version; this instance reads version %(v)d.") % {"v": FORMAT_VERSION},
            "version",
        )
        return c.errors
    users = c.arr(doc.get("users"), "/users")
    known: set[str] = set()
    User = get_user_model()
    username_field = User._meta.get_field("username")
    for i, u in enumerate(users):
        u = c.obj(u, f"/users/{i}")
        name = u.get("username")
        try:
            username_field.run_validators(name)
            ok = isinstance(name, str) and 0 < len(name) <= 150
        except Exception:  # noqa: BLE001 - a validator's ValidationError
            ok = False
        if not ok:
            c.fail(f"/users/{i}/username", _("Not a valid username."), "username")
            continue
        if name in known:
            c.fail(f"/users/{i}/username", _("This user is listed twice."), "duplicate")
        known.add(name)
        for key, limit in (("display_name", 80), ("first_name", 150), ("last_name", 150), ("email", 254)):
            if key in u:
                c.text(u, key, f"/users/{i}", max_length=limit)
        c.choice(u, "role", f"/users/{i}", ["player", "judge", "organizer"])
    ev = c.obj(doc.get("event"), "/event")
    if ev:
        c.text(ev, "name", "/event", blank=False)
        c.choice(ev, "game", "/event", Game.values)
        c.choice(ev, "status", "/event", EventStatus.values)
        c.choice(ev, "tiebreak_policy", "/event", TiebreakPolicy.values)
        c.when(ev, "date", "/event", null=False, date_only=True)
        c.when(ev, "decklist_deadline", "/event")
        c.when(ev, "created_at", "/event")
        c.int_(ev, "tier", "/event", low=1, high=4)
        c.int_(ev, "best_of", "/event", low=1, high=3)
        c.int_(ev, "round_minutes", "/event", low=1, high=600)
        c.int_(ev, "capacity", "/event", null=True, high=1_000_000)
        for key in ("swiss_rounds_override", "top_cut_override", "swiss_rounds", "top_cut_size"):
            c.int_(ev, key, "/event", null=True, high=1000)
        # The banlist travels in deck_settings (its one source of truth); an older document's "banlist" here
        # is ignored.
        c.text(ev, "rule_set", "/event", max_length=120)
        c.text(ev, "venue", "/event")
        c.text(ev, "seed", "/event", blank=False, max_length=64)
        c.user(ev.get("organizer"), "/event/organizer", known, null=False)
    staff_seen: set[str] = set()
    for i, s in enumerate(c.arr(doc.get("staff"), "/staff")):
        s = c.obj(s, f"/staff/{i}")
        c.user(s.get("user"), f"/staff/{i}/user", known, null=False)
        if isinstance(s.get("user"), str):
            if s.get("user") in staff_seen:
                c.fail(f"/staff/{i}/user", _("This user is listed twice."), "duplicate")
            staff_seen.add(s.get("user"))
        c.choice(s, "role", f"/staff/{i}", StaffRole.values)
    players: set[str] = set()
    for i, r in enumerate(c.arr(doc.get("registrations"), "/registrations")):
        r = c.obj(r, f"/registrations/{i}")
        path = f"/registrations/{i}"
        c.user(r.get("player"), f"{path}/player", known, null=False)
        if isinstance(r.get("player"), str):
            if r.get("player") in players:
                c.fail(f"{path}/player", _("This player is registered twice."), "duplicate")
            players.add(r.get("player"))
        c.choice(r, "status", path, RegistrationStatus.values)
        for key in ("checked_in_at", "dropped_at", "created_at"):
            c.when(r, key, path)
        c.int_(r, "dropped_after_round", path, null=True, high=1000)
        c.int_(r, "first_round", path, low=1, high=1000)
        c.int_(r, "awarded_byes", path, high=3)
        c.int_(r, "fixed_table", path, null=True, low=1, high=100000)
    numbers: set[int] = set()
    round_sizes: dict[int, int] = {}
    for i, rd in enumerate(c.arr(doc.get("rounds"), "/rounds")):
        path = f"/rounds/{i}"
        rd = c.obj(rd, path)
        c.int_(rd, "number", path, low=1, high=1000)
        number = rd.get("number") if isinstance(rd.get("number"), int) else None
        if number in numbers:
            c.fail(f"{path}/number", _("Two rounds have this number."), "duplicate")
        numbers.add(number)
        c.choice(rd, "stage", path, RoundStage.values)
        c.text(rd, "seed", path, max_length=80)
        c.text(rd, "method", path, max_length=32)
        c.int_(rd, "rematches", path)
        c.int_(rd, "cost", path, low=-(2**62), high=2**62)
        c.arr(rd.get("explanation"), f"{path}/explanation")
        c.when(rd, "started_at", path)
        c.when(rd, "created_at", path)
        if rd.get("timer") is not None:
            t = c.obj(rd.get("timer"), f"{path}/timer")
            c.int_(t, "duration_seconds", f"{path}/timer", low=1, high=10**6)
            c.when(t, "started_at", f"{path}/timer")
            elapsed = t.get("elapsed_seconds")
            if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or not 0 <= elapsed < 10**7:
                c.fail(f"{path}/timer/elapsed_seconds", _("Expected a number of seconds."), "type")
            c.int_(t, "version", f"{path}/timer", low=1)
        tables_seen: set[int] = set()
        matches = c.arr(rd.get("matches"), f"{path}/matches")
        if number is not None:
            round_sizes[number] = len(matches)
        for k, x in enumerate(c.arr(rd.get("extensions", []), f"{path}/extensions")):
            x = c.obj(x, f"{path}/extensions/{k}")
            c.int_(x, "table", f"{path}/extensions/{k}", low=1)
            c.int_(x, "minutes", f"{path}/extensions/{k}", low=1, high=600)
            c.text(x, "reason", f"{path}/extensions/{k}")
            c.user(x.get("granted_by"), f"{path}/extensions/{k}/granted_by", known)
            c.when(x, "granted_at", f"{path}/extensions/{k}")
        for j, m in enumerate(matches):
            mp = f"{path}/matches/{j}"
            m = c.obj(m, mp)
            c.int_(m, "table", mp, null=True, low=1, high=100000)
            if isinstance(m.get("table"), int):
                if m.get("table") in tables_seen:
                    c.fail(f"{mp}/table", _("Two matches of this round share this table."), "duplicate")
                tables_seen.add(m.get("table"))
            c.player(m.get("player_a"), f"{mp}/player_a", players)
            c.player(m.get("player_b"), f"{mp}/player_b", players, null=True)
            for key in ("penalized", "winner"):
                c.player(m.get(key), f"{mp}/{key}", players, null=True)
            c.choice(m, "status", mp, MatchStatus.values)
            c.choice(m, "kind", mp, ResultKind.values, blank=True)
            for key in ("games_a", "games_b", "games_drawn"):
                c.int_(m, key, mp, high=9)
            c.int_(m, "version", mp, low=1)
            for key in ("reported_by", "confirmed_by"):
                c.user(m.get(key), f"{mp}/{key}", known)
            for key in ("reported_at", "confirmed_at"):
                c.when(m, key, mp)
            for k, ch in enumerate(c.arr(m.get("changes"), f"{mp}/changes")):
                cp = f"{mp}/changes/{k}"
                ch = c.obj(ch, cp)
                c.choice(ch, "action", cp, ResultChange.Action.values)
                c.user(ch.get("changed_by"), f"{cp}/changed_by", known)
                c.when(ch, "changed_at", cp)
                if not isinstance(ch.get("reason"), str):
                    c.fail(f"{cp}/reason", _("Expected text."), "type")
                c.obj(ch.get("before"), f"{cp}/before")
                c.obj(ch.get("after"), f"{cp}/after")
                c.int_(ch, "version", cp, low=1)
            for k, d in enumerate(c.arr(m.get("disputes", []), f"{mp}/disputes")):
                dp = f"{mp}/disputes/{k}"
                d = c.obj(d, dp)
                c.user(d.get("raised_by"), f"{dp}/raised_by", known)
                c.text(d, "reason", dp, max_length=300)
                c.when(d, "raised_at", dp)
                c.when(d, "resolved_at", dp)
    for i, p in enumerate(c.arr(doc.get("penalties"), "/penalties")):
        path = f"/penalties/{i}"
        p = c.obj(p, path)
        c.player(p.get("player"), f"{path}/player", players)
        c.choice(p, "kind", path, PenaltyKind.values)
        if not isinstance(p.get("reason"), str):
            c.fail(f"{path}/reason", _("Expected text."), "type")
        c.user(p.get("issued_by"), f"{path}/issued_by", known)
        c.when(p, "issued_at", path)
        ref = p.get("match")
        if ref is not None and not (
            isinstance(ref, list) and len(ref) == 2 and isinstance(ref[0], int) and ref[0] in round_sizes
            and isinstance(ref[1], int) and 0 <= ref[1] < round_sizes[ref[0]]
        ):  # fmt: skip
            c.fail(f"{path}/match", _("Expected [round number, match position] of a match in the document."))
    ds = doc.get("deck_settings")
    if ds is not None:
        ds = c.obj(ds, "/deck_settings")
        name = ds.get("banlist")
        game = ev.get("game") if ev else None
        if name is not None and not Banlist.objects.filter(game=game, name=name).exists():
            c.fail(
                "/deck_settings/banlist",
                _("No banlist “%(name)s” on this instance: import it first.") % {"name": name},
                "unknown_banlist",
            )
        if not isinstance(ds.get("lists_published"), bool):
            c.fail("/deck_settings/lists_published", _("Expected true or false."), "type")
        c.when(ds, "published_at", "/deck_settings")
    seen_lists: set[str] = set()
    for i, dl in enumerate(c.arr(doc.get("deck_lists", []), "/deck_lists")):
        path = f"/deck_lists/{i}"
        dl = c.obj(dl, path)
        c.player(dl.get("player"), f"{path}/player", players)
        if isinstance(dl.get("player"), str):
            if dl.get("player") in seen_lists:
                c.fail(f"{path}/player", _("This player has two deck lists."), "duplicate")
            seen_lists.add(dl.get("player"))
        if not isinstance(dl.get("unlocked"), bool):
            c.fail(f"{path}/unlocked", _("Expected true or false."), "type")
        c.when(dl, "created_at", path)
        version_numbers: set[int] = set()
        for k, v in enumerate(c.arr(dl.get("versions"), f"{path}/versions")):
            vp = f"{path}/versions/{k}"
            v = c.obj(v, vp)
            c.int_(v, "number", vp, low=1)
            if isinstance(v.get("number"), int):
                if v.get("number") in version_numbers:
                    c.fail(f"{vp}/number", _("Two versions have this number."), "duplicate")
                version_numbers.add(v.get("number"))
            c.text(v, "format", vp, max_length=16)
            c.text(v, "source", vp, max_length=200_000)
            c.obj(v.get("content"), f"{vp}/content")
            c.text(v, "content_hash", vp, max_length=64)
            c.obj(v.get("report"), f"{vp}/report")
            if not isinstance(v.get("legal"), bool):
                c.fail(f"{vp}/legal", _("Expected true or false."), "type")
            c.user(v.get("submitted_by"), f"{vp}/submitted_by", known)
            c.when(v, "submitted_at", vp)
        for k, a in enumerate(c.arr(dl.get("audit", []), f"{path}/audit")):
            ap = f"{path}/audit/{k}"
            a = c.obj(a, ap)
            c.choice(a, "action", ap, DeckAuditEntry.Action.values)
            c.text(a, "note", ap, max_length=10_000)
            c.when(a, "created_at", ap)
            c.user(a.get("actor"), f"{ap}/actor", known)
            if a.get("version") is not None and not _member(a.get("version"), version_numbers):
                c.fail(f"{ap}/version", _("No such version of this deck list."))
        for k, ch in enumerate(c.arr(dl.get("checks", []), f"{path}/checks")):
            kp = f"{path}/checks/{k}"
            ch = c.obj(ch, kp)
            if not _member(ch.get("version"), version_numbers):
                c.fail(f"{kp}/version", _("No such version of this deck list."))
            c.int_(ch, "round_number", kp, null=True, high=1000)
            c.text(ch, "note", kp, max_length=10_000)
            for key in ("selected_at", "checked_at"):
                c.when(ch, key, kp)
            if not isinstance(ch.get("differences"), list):
                c.fail(f"{kp}/differences", _("Expected a list."), "type")
            for key in ("selected_by", "checked_by"):
                c.user(ch.get(key), f"{kp}/{key}", known)
    return c.errors


def _when(value: str | None) -> datetime.datetime | None:
    return parse_datetime(value) if value else None


def event_import(*, document: Any, progress: Progress = _no_progress) -> Event:
    """Create the event of the document, exactly as exported: validated as a whole first (EventImportError
    lists every problem), then written in one transaction (nothing is kept if anything fails)."""
    from decks.models import Banlist, DeckAuditEntry, DeckCheck, DeckList, DeckListVersion, EventDeckSettings

    progress(0, 5, _("Checking the document"))
    errors = event_validate_document(document)
    if errors:
        raise EventImportError(errors)
    User = get_user_model()
    doc = document
    ev = doc["event"]
    with transaction.atomic():
        progress(1, 5, _("People"))
        existing = {
            u.username: u for u in User.objects.filter(username__in=[u["username"] for u in doc["users"]])
        }
        new_users = []
        for u in doc["users"]:
            if u["username"] not in existing:
                user = User(
                    username=u["username"], display_name=u.get("display_name", ""),
                    first_name=u.get("first_name", ""), last_name=u.get("last_name", ""),
                    email=u.get("email", ""), role=u["role"],
                )  # fmt: skip
                user.set_unusable_password()
                new_users.append(user)
        for user in User.objects.bulk_create(new_users):
            existing[user.username] = user
        users = {name: existing[name] for name in existing}

        def uid(name: str | None) -> int | None:
            return users[name].pk if name else None

        progress(2, 5, _("Event and registrations"))
        event = Event.objects.create(
            name=ev["name"], game=ev["game"], rule_set=ev["rule_set"], tier=ev["tier"],
            date=parse_date(ev["date"]), venue=ev["venue"], capacity=ev["capacity"],
            organizer=users[ev["organizer"]], best_of=ev["best_of"], round_minutes=ev["round_minutes"],
            decklist_deadline=_when(ev["decklist_deadline"]), status=ev["status"],
            tiebreak_policy=ev["tiebreak_policy"], swiss_rounds_override=ev["swiss_rounds_override"],
            top_cut_override=ev["top_cut_override"], swiss_rounds=ev["swiss_rounds"],
            top_cut_size=ev["top_cut_size"], seed=ev["seed"],
        )  # fmt: skip
        if ev.get("created_at"):
            Event.objects.filter(pk=event.pk).update(created_at=_when(ev["created_at"]))
        EventStaff.objects.bulk_create(
            EventStaff(event=event, user=users[s["user"]], role=s["role"]) for s in doc["staff"]
        )
        regs = Registration.objects.bulk_create(
            Registration(
                event=event,
                player=users[r["player"]],
                status=r["status"],
                checked_in_at=_when(r["checked_in_at"]),
                dropped_after_round=r["dropped_after_round"],
                dropped_at=_when(r["dropped_at"]),
                first_round=r["first_round"],
                awarded_byes=r["awarded_byes"],
                fixed_table=r["fixed_table"],
            )  # fmt: skip
            for r in doc["registrations"]
        )
        reg_of = {r.player.username: r for r in regs}
        for r, data in zip(regs, doc["registrations"], strict=True):
            if data.get("created_at"):
                Registration.objects.filter(pk=r.pk).update(created_at=_when(data["created_at"]))

        def rid(name: str | None) -> int | None:
            return reg_of[name].pk if name else None

        progress(3, 5, _("Rounds and results"))
        match_at: dict[tuple[int, int], Match] = {}
        for rd in doc["rounds"]:
            round_ = Round.objects.create(
                event=event, number=rd["number"], stage=rd["stage"], seed=rd["seed"], method=rd["method"],
                rematches=rd["rematches"], cost=rd["cost"], explanation=rd["explanation"],
                started_at=_when(rd["started_at"]),
            )  # fmt: skip
            if rd.get("created_at"):
                Round.objects.filter(pk=round_.pk).update(created_at=_when(rd["created_at"]))
            if rd.get("timer"):
                t = rd["timer"]
                RoundTimer.objects.create(
                    round=round_, duration_seconds=t["duration_seconds"], started_at=_when(t["started_at"]),
                    elapsed_seconds=t["elapsed_seconds"], version=t["version"],
                )  # fmt: skip
            for x in rd.get("extensions", []):
                ext = TableExtension.objects.create(
                    round=round_, table=x["table"], minutes=x["minutes"], reason=x["reason"],
                    granted_by_id=uid(x["granted_by"]),
                )  # fmt: skip
                TableExtension.objects.filter(pk=ext.pk).update(granted_at=_when(x["granted_at"]))
            created = Match.objects.bulk_create(
                Match(
                    round=round_,
                    table=m["table"],
                    player_a_id=rid(m["player_a"]),
                    player_b_id=rid(m["player_b"]),
                    status=m["status"],
                    kind=m["kind"],
                    games_a=m["games_a"],
                    games_b=m["games_b"],
                    games_drawn=m["games_drawn"],
                    penalized_id=rid(m["penalized"]),
                    winner_id=rid(m["winner"]),
                    reported_by_id=uid(m["reported_by"]),
                    reported_at=_when(m["reported_at"]),
                    confirmed_by_id=uid(m["confirmed_by"]),
                    confirmed_at=_when(m["confirmed_at"]),
                    version=m["version"],
                )  # fmt: skip
                for m in rd["matches"]
            )
            changes = []
            for position, (match, m) in enumerate(zip(created, rd["matches"], strict=True)):
                match_at[(rd["number"], position)] = match
                for ch in m["changes"]:
                    changes.append((ch, ResultChange(
                        match=match, action=ch["action"], changed_by_id=uid(ch["changed_by"]),
                        reason=ch["reason"],
                        before=_ids_snapshot(ch["before"], reg_of), after=_ids_snapshot(ch["after"], reg_of),
                        version=ch["version"],
                    )))  # fmt: skip
                for d in m.get("disputes", []):
                    dispute = MatchDispute.objects.create(
                        match=match, raised_by_id=uid(d["raised_by"]), reason=d["reason"],
                        resolved_at=_when(d["resolved_at"]),
                    )  # fmt: skip
                    MatchDispute.objects.filter(pk=dispute.pk).update(raised_at=_when(d["raised_at"]))
            saved = ResultChange.objects.bulk_create(row for _ch, row in changes)
            _restore_times(ResultChange, "changed_at", saved, [ch for ch, _row in changes])
        penalties = Penalty.objects.bulk_create(
            Penalty(
                event=event,
                registration_id=rid(p["player"]),
                match=match_at[tuple(p["match"])] if p["match"] is not None else None,
                kind=p["kind"],
                reason=p["reason"],
                issued_by_id=uid(p["issued_by"]),
            )  # fmt: skip
            for p in doc["penalties"]
        )
        _restore_times(Penalty, "issued_at", penalties, doc["penalties"])
        progress(4, 5, _("Deck lists"))
        ds = doc.get("deck_settings")
        if ds is not None:
            banlist = Banlist.objects.get(game=ev["game"], name=ds["banlist"]) if ds["banlist"] else None
            EventDeckSettings.objects.create(
                event=event, banlist=banlist, lists_published=ds["lists_published"],
                published_at=_when(ds["published_at"]),
            )  # fmt: skip
        for dl in doc.get("deck_lists", []):
            deck_list = DeckList.objects.create(registration=reg_of[dl["player"]], unlocked=dl["unlocked"])
            if dl.get("created_at"):
                DeckList.objects.filter(pk=deck_list.pk).update(created_at=_when(dl["created_at"]))
            versions = {}
            for v in dl["versions"]:
                row = DeckListVersion.objects.create(
                    deck_list=deck_list, number=v["number"], format=v["format"], source=v["source"],
                    content=v["content"], content_hash=v["content_hash"], legal=v["legal"],
                    report=v["report"],
                    submitted_by_id=uid(v["submitted_by"]),
                )  # fmt: skip
                if v.get("submitted_at"):
                    DeckListVersion.objects.filter(pk=row.pk).update(submitted_at=_when(v["submitted_at"]))
                versions[v["number"]] = row
            for a in dl.get("audit", []):
                row = DeckAuditEntry.objects.create(
                    deck_list=deck_list, action=a["action"], actor_id=uid(a["actor"]), note=a["note"],
                    version=versions.get(a["version"]) if a["version"] is not None else None,
                )  # fmt: skip
                # Like every other timestamp: a missing one keeps the time of the import.
                if a.get("created_at"):
                    DeckAuditEntry.objects.filter(pk=row.pk).update(created_at=_when(a["created_at"]))
            for ch in dl.get("checks", []):
                row = DeckCheck.objects.create(
                    deck_list=deck_list, round_number=ch["round_number"],
                    selected_by_id=uid(ch["selected_by"]),
                    version=versions[ch["version"]], counted=ch["counted"], differences=ch["differences"],
                    checked_by_id=uid(ch["checked_by"]), checked_at=_when(ch["checked_at"]), note=ch["note"],
                )  # fmt: skip
                DeckCheck.objects.filter(pk=row.pk).update(selected_at=_when(ch["selected_at"]))
        progress(5, 5, _("Done"))
    event.refresh_from_db()
    return event


def _ids_snapshot(snapshot: dict, reg_of: dict[str, Registration]) -> dict:
    out = dict(snapshot)
    for name in ("penalized", "winner"):
        value = out.get(name)
        if isinstance(value, str) and value in reg_of:
            out[name] = reg_of[value].pk
    return out


def _restore_times(model, field: str, rows: list, docs: list[dict]) -> None:
    """auto_now_add fields take the exported moments back (one UPDATE per row that has one)."""
    for row, data in zip(rows, docs, strict=True):
        if data.get(field):
            model.objects.filter(pk=row.pk).update(**{field: _when(data[field])})


# --- exports and imports on a worker (progress bar) ---------------------------------------------------------


def transfer_start_export(*, event: Event, user) -> EventTransfer:
    """Staff: export the event on a worker; the page follows the task's progress, then offers the file."""
    from tournaments.services.common import require_staff
    from tournaments.tasks_day import event_transfer_task

    require_staff(user=user, event=event)
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


def transfer_start_import(*, document: Any, user) -> EventTransfer:
    """Organizers: import an event document on a worker (validated there as a whole first)."""
    from tournaments.services.errors import NotAllowed
    from tournaments.tasks_day import event_transfer_task

    if not getattr(user, "is_organizer", False):
        raise NotAllowed(_("Only organizers can import events."))
    with transaction.atomic():
        transfer = EventTransfer.objects.create(
            kind=EventTransfer.Kind.IMPORT, document=document, created_by=user
        )
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
    """What the worker does (idempotent: a finished transfer is returned as it is)."""
    transfer = EventTransfer.objects.select_related("event", "created_by").get(pk=transfer_id)
    if transfer.status != EventTransfer.Status.PENDING:
        return transfer
    if transfer.kind == EventTransfer.Kind.EXPORT:
        transfer.document = event_export(event=transfer.event, progress=progress)
        transfer.status = EventTransfer.Status.DONE
    else:
        try:
            event = event_import(document=transfer.document, progress=progress)
        except EventImportError as exc:
            transfer.errors = exc.errors
            transfer.status = EventTransfer.Status.FAILED
        except Exception as exc:  # noqa: BLE001 - recorded for the page; nothing was written (atomic)
            logger.exception("event import %s failed", transfer.pk)
            transfer.errors = [{"path": "", "message": f"{type(exc).__name__}: {exc}", "code": "internal"}]
            transfer.status = EventTransfer.Status.FAILED
        else:
            from tournaments.services.common import can_judge

            if not can_judge(user=transfer.created_by, event=event):
                EventStaff.objects.create(event=event, user=transfer.created_by, role=StaffRole.ORGANIZER)
            transfer.event = event
            transfer.status = EventTransfer.Status.DONE
        transfer.document = None
    transfer.finished_at = timezone.now()
    transfer.save(update_fields=["document", "errors", "status", "event", "finished_at"])
    return transfer
