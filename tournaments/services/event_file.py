"""The complete event as one JSON document (`tableside-event` v1): the export, and what a round trip keeps.

The document names people by username (never by database id); its import
(`tournaments.services.event_import`) never attaches those names to accounts. Its JSON Schema is published
as `tournaments/schemas/event-v1.schema.json`. Parts owned by other apps (decks: `deck_settings`,
`deck_lists`) are written by the sections they register (`tournaments.extensions.event_file_sections`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.extensions import ExportPeople, event_file_sections
from tournaments.models import (
    Event,
    EventStaff,
    Match,
    MatchDispute,
    Penalty,
    Registration,
    ResultChange,
    Round,
    RoundTimer,
    TableExtension,
)
from tournaments.selectors.player_ids import event_player_ids

FORMAT = "tableside-event"
FORMAT_VERSION = 1

Progress = Callable[[int, int, str], None]


def _no_progress(current: int, total: int, message: str) -> None:
    return None


def _dt(value: datetime.datetime | datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user) -> str | None:
    return user.username if user is not None else None


def event_export(*, event: Event, progress: Progress = _no_progress) -> dict[str, Any]:
    """The complete event as a JSON-ready document (a fixed number of queries per kind of row)."""
    User = get_user_model()
    progress(0, 5, _("Event and people"))
    registrations = list(Registration.objects.filter(event=event).select_related("player").order_by("id"))
    game_ids = event_player_ids(event=event)
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
    penalties = list(
        Penalty.objects.filter(event=event).select_related("issued_by", "approved_by").order_by("id")
    )
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
        usernames.update(u.username for u in (p.issued_by, p.approved_by) if u is not None)
        penalty_docs.append({
            "player": key_of[p.registration_id],
            "match": list(match_index[p.match_id]) if p.match_id in match_index else None,
            "kind": p.kind,
            "infraction": p.infraction,
            "reason": p.reason,
            "issued_by": _username(p.issued_by),
            "issued_at": _dt(p.issued_at),
            "approved_by": _username(p.approved_by),
            "approved_at": _dt(p.approved_at),
        })  # fmt: skip
    sections: dict[str, Any] = {}
    people = ExportPeople(key_of=key_of, usernames=usernames)
    for section in event_file_sections():
        progress(3, 5, str(section.title))
        sections.update(section.export(event=event, people=people))
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
            "win_floor": event.win_floor, "dropped_figures": event.dropped_figures,
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
             "created_at": _dt(r.created_at), "player_id": game_ids.get(r.pk, "")}
            for r in registrations
        ],
        "rounds": round_docs,
        "penalties": penalty_docs,
        **sections,
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
    doc["penalties"] = [rename(p, "player", "issued_by", "approved_by") for p in document["penalties"]]
    for section in event_file_sections():
        doc.update(section.comparable(doc=document, rename=rename))
    return doc
