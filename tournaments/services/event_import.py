"""Import of an event document (the JSON written by `tournaments.services.event_file.event_export`).

The rules (docs/security.md, "Event import"):

* **Nothing is read whole before its size is checked** (`settings.EVENT_IMPORT_MAX_BYTES`) and the bytes go
  through one strict JSON loader (`core.jsonload.load_json_strict`: depth, NaN/Infinity, 64-bit integers,
  UTF-8, lone surrogates, duplicate keys), then through the published JSON Schema
  `tournaments/schemas/event-v1.schema.json` (Draft 2020-12, the `jsonschema` library), then through the
  cross-reference checks below. Every problem is an ``{"path": JSON Pointer, "message", "code"}`` item of
  `EventImportError`; nothing is written unless there is none.
* **No account of this instance is ever attached.** The usernames of a document are only keys inside it:
  every person becomes a NEW placeholder player record (`User.is_placeholder`, inactive, unusable password,
  username ``imported-<tag>-<n>``, the file's display name, never staff). The importer is the event's only
  organizer (its creator); the document's staff are not recreated. The result history (`ResultChange`) and
  the deck-list history (`DeckListVersion.submitted_by`, `DeckAuditEntry`) are attributed to the importer and
  say "Imported by <importer> from a backup, originally by <name>" — so nothing in an imported event can look
  done or confirmed by a real person who did not act. Other "by" fields (who reported, confirmed, raised a
  dispute, issued a penalty, granted extra time, checked a deck) name the placeholder of the original person.
* **The raw upload is never stored.** The console validates the whole document in the request; only the
  validated, normalised document (`event_document_normalise`) waits in `EventTransfer.document` for the
  worker, which sets it to null when it finishes, done or failed.
"""

from __future__ import annotations

import datetime
import json
import logging
import math
import secrets
from collections.abc import Iterator
from functools import cache, partial
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.jsonload import INT64_MAX, INT64_MIN, JSONLoadError, load_json_strict, pointer
from core.models import Role
from tournaments.extensions import DocumentChecks, ImportContext, event_file_sections
from tournaments.models import (
    Event,
    Game,
    Match,
    MatchDispute,
    Penalty,
    Registration,
    ResultChange,
    Round,
    RoundTimer,
    TableExtension,
)
from tournaments.services.errors import NotAllowed, TournamentError
from tournaments.services.event_file import FORMAT, FORMAT_VERSION, Progress, _no_progress, person_label
from tournaments.services.player_ids import player_game_id_store, player_id_clean

logger = logging.getLogger(__name__)

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "schemas" / "event-v1.schema.json"
MAX_ERRORS = 200
PLACEHOLDER_PREFIX = "imported"


class EventImportError(TournamentError):
    """The document is refused as a whole; ``errors`` are ``{"path", "message", "code"}`` items (JSON
    Pointers). ``status`` is 413 for a file over the size limit, 400 otherwise."""

    def __init__(self, errors: list[dict[str, str]]):
        self.errors = errors
        summary = "; ".join(f"{e['path'] or '/'}: {e['message']}" for e in errors[:5])
        super().__init__(summary, code=errors[0]["code"] if errors else "invalid")
        self.status = 413 if any(e["code"] == "too_large" for e in errors) else 400


def import_max_bytes() -> int:
    return int(getattr(settings, "EVENT_IMPORT_MAX_BYTES", 10 * 1024 * 1024))


def import_limit_label() -> str:
    """EVENT_IMPORT_MAX_BYTES for people: "10 MB"."""
    return _("%(n)s MB") % {"n": f"{import_max_bytes() / (1024 * 1024):.3g}"}


def too_large_error() -> EventImportError:
    message = _("The file is larger than the %(limit)s limit for event imports; nothing was read.")
    return EventImportError([_err("", message % {"limit": import_limit_label()}, "too_large")])


# --- reading ------------------------------------------------------------------------------------------------


def event_document_parse(*, data: bytes) -> Any:
    """The JSON of an event file, read strictly (``core.jsonload``); refused with EventImportError."""
    if len(data) > import_max_bytes():
        raise too_large_error()
    try:
        return load_json_strict(data, max_depth=64)
    except JSONLoadError as exc:
        raise EventImportError(exc.errors) from None


# --- validation ---------------------------------------------------------------------------------------------


@cache
def event_schema() -> dict[str, Any]:
    """The published JSON Schema of the event document (version 1)."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@cache
def _validator():
    from jsonschema import Draft202012Validator, FormatChecker, validators

    # "integer" is a Python int, never a bool or a float such as 2.0 (JSON Schema allows 2.0 by default).
    type_checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    strict = validators.extend(Draft202012Validator, type_checker=type_checker)
    formats = FormatChecker(formats=())
    formats.checks("date")(lambda value: not isinstance(value, str) or _parses(value, True))
    formats.checks("date-time")(lambda value: not isinstance(value, str) or _parses(value, False))
    schema = event_schema()
    Draft202012Validator.check_schema(schema)
    # The same schema with its local "$ref"s written out: jsonschema resolves a reference on every use, which
    # doubled the time to check a large event.
    return strict(_inline_refs(schema, schema.get("$defs", {})), format_checker=formats)


def _inline_refs(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            target = _inline_refs(defs[ref.removeprefix("#/$defs/")], defs)
            return {**target, **{k: _inline_refs(v, defs) for k, v in node.items() if k != "$ref"}}
        return {k: _inline_refs(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inline_refs(v, defs) for v in node]
    return node


def _parses(value: str, date_only: bool) -> bool:
    try:
        return (parse_date(value) if date_only else parse_datetime(value)) is not None
    except ValueError:
        return False


def event_validate_document(*, document: Any) -> list[dict[str, str]]:
    """Every problem of the document, each with its JSON Pointer; an empty list when it can be imported."""
    errors = list(_unstorable(document))[:MAX_ERRORS]
    if errors:
        return errors
    if not isinstance(document, dict):
        return [_err("", _("Expected an object."), "type")]
    if document.get("format") != FORMAT:
        message = _("This is not a Tableside event export (format “%(f)s”).") % {"f": FORMAT}
        return [_err("/format", message, "format")]
    if document.get("version") != FORMAT_VERSION:
        message = _("Unsupported version; this instance reads version %(v)d.") % {"v": FORMAT_VERSION}
        return [_err("/version", message, "version")]
    errors = _schema_errors(document)
    errors.extend(_reference_errors(document))
    return _unique(errors)[:MAX_ERRORS]


def _err(path: str, message: str, code: str = "invalid") -> dict[str, str]:
    return {"path": path, "message": message, "code": code}


def _unique(errors: list[dict[str, str]]) -> list[dict[str, str]]:
    seen: set[tuple[str, str]] = set()
    out = []
    for e in errors:
        if (e["path"], e["message"]) not in seen:
            seen.add((e["path"], e["message"]))
            out.append(e)
    return out


def _unstorable(document: Any) -> Iterator[dict[str, str]]:
    """What no database column stores, for documents that did not come through the strict loader: NaN and
    infinite numbers, integers beyond 64 bits, lone surrogates (iterative: any depth)."""
    stack: list[tuple[Any, tuple]] = [(document, ())]
    while stack:
        item, where = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            yield _err(pointer(where), _("Expected a finite number."), "number")
        elif isinstance(item, int) and not isinstance(item, bool) and not INT64_MIN <= item <= INT64_MAX:
            yield _err(pointer(where), _("Expected a whole number within 64 bits."), "number")
        elif isinstance(item, str):
            if _has_surrogate(item):
                yield _err(pointer(where), _("Text with a lone UTF-16 surrogate."), "surrogate")
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and _has_surrogate(k):
                    yield _err(pointer(where), _("Text with a lone UTF-16 surrogate."), "surrogate")
                stack.append((v, (*where, k)))
        elif isinstance(item, list):
            stack.extend((v, (*where, i)) for i, v in enumerate(item))


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _type_name(name: str) -> str:
    return {
        "object": _("an object"),
        "array": _("a list"),
        "string": _("text"),
        "integer": _("a whole number"),
        "number": _("a number"),
        "boolean": _("true or false"),
    }.get(name, name)


def _schema_errors(document: dict) -> list[dict[str, str]]:
    errors = []
    for error in sorted(_validator().iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path]):
        errors.extend(_schema_error(error))
        if len(errors) >= MAX_ERRORS:
            break
    return errors


def _schema_error(error) -> list[dict[str, str]]:
    """One jsonschema error as our items, with a message of our own (translated)."""
    path = pointer(list(error.absolute_path))
    keyword = error.validator
    schema = error.schema
    value = error.validator_value
    if keyword == "type":
        types = [value] if isinstance(value, str) else list(value)
        named = [t for t in types if t != "null"]
        if len(named) == 1 and "null" in types:
            message = _("Expected %(type)s, or null.") % {"type": _type_name(named[0])}
        else:
            message = _("Expected %(type)s.") % {"type": " / ".join(_type_name(t) for t in named)}
        return [_err(path, message, "type")]
    if keyword == "required":
        instance = error.instance if isinstance(error.instance, dict) else {}
        where = list(error.absolute_path)
        missing = [name for name in value if name not in instance]
        return [
            _err(pointer([*where, n]), _("“%(name)s” is missing.") % {"name": n}, "required") for n in missing
        ]
    if keyword == "additionalProperties":
        known = set(schema.get("properties", {}))
        instance = error.instance if isinstance(error.instance, dict) else {}
        where = list(error.absolute_path)
        unknown = [k for k in instance if k not in known]
        return [
            _err(pointer([*where, k]), _("Unknown field “%(name)s”.") % {"name": k}, "unknown")
            for k in unknown
        ]
    if keyword in ("enum", "const"):
        values = value if keyword == "enum" else [value]
        shown = ", ".join("“”" if v == "" else str(v) for v in values)
        return [_err(path, _("Expected one of: %(values)s.") % {"values": shown}, "choice")]
    if keyword in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        if "integer" in (schema.get("type") or ()):
            message = _("Expected a whole number from %(low)d to %(high)d.") % {"low": low, "high": high}
        else:
            message = _("Expected a number from %(low)s to %(high)s.") % {"low": low, "high": high}
        return [_err(path, message, "range")]
    if keyword == "maxLength":
        return [_err(path, _("Expected text of at most %(n)d characters.") % {"n": value}, "length")]
    if keyword in ("minLength", "pattern"):
        return [_err(path, _("Expected text that is not empty."), "blank")]
    if keyword == "format":
        return [_err(path, _("Expected a date (ISO 8601)."), "date")]
    if keyword in ("minItems", "maxItems", "prefixItems"):
        return [_err(path, _("Expected [round number, match position] of a match in the document."), "match")]
    return [_err(path, _("Not valid here (%(rule)s).") % {"rule": keyword}, keyword)]


def _reference_errors(doc: dict) -> list[dict[str, str]]:
    """What a schema cannot say: references between parts of the document, uniqueness; then each section's
    own (decks: the banlist exists here). Defensive about types (the schema reports those; this still runs so
    that one pass lists everything)."""
    errors: list[dict[str, str]] = []

    def fail(path: str, message: str, code: str = "invalid") -> None:
        errors.append(_err(path, message, code))

    def items(value: Any) -> list[tuple[int, dict]]:
        return [(i, v) for i, v in enumerate(value) if isinstance(v, dict)] if isinstance(value, list) else []

    known: set[str] = set()
    for i, u in items(doc.get("users")):
        name = u.get("username")
        if isinstance(name, str):
            if name in known:
                fail(f"/users/{i}/username", _("This user is listed twice."), "duplicate")
            known.add(name)

    def user(value: Any, path: str) -> None:
        if value is not None and (not isinstance(value, str) or value not in known):
            fail(path, _("“%(name)s” is not in the users of the document.") % {"name": value}, "unknown_user")

    ev = doc.get("event") if isinstance(doc.get("event"), dict) else {}
    if "organizer" in ev:
        user(ev.get("organizer"), "/event/organizer")
    staff_seen: set[str] = set()
    for i, s in items(doc.get("staff")):
        user(s.get("user"), f"/staff/{i}/user")
        if isinstance(s.get("user"), str):
            if s["user"] in staff_seen:
                fail(f"/staff/{i}/user", _("This user is listed twice."), "duplicate")
            staff_seen.add(s["user"])
    players: set[str] = set()
    for i, r in items(doc.get("registrations")):
        user(r.get("player"), f"/registrations/{i}/player")
        if isinstance(r.get("player"), str):
            if r["player"] in players:
                fail(f"/registrations/{i}/player", _("This player is registered twice."), "duplicate")
            players.add(r["player"])
        game = (doc.get("event") or {}).get("game") if isinstance(doc.get("event"), dict) else None
        if isinstance(r.get("player_id"), str) and r["player_id"].strip() and game in Game.values:
            try:
                player_id_clean(game=game, value=r["player_id"])
            except TournamentError as error:
                fail(f"/registrations/{i}/player_id", error.message, "invalid_player_id")

    def player(value: Any, path: str, *, null: bool = True) -> None:
        if value is None and null:
            return
        if not isinstance(value, str) or value not in players:
            fail(path, _("“%(name)s” is not registered in this event.") % {"name": value}, "unknown_player")

    numbers: set[int] = set()
    round_sizes: dict[int, int] = {}
    for i, rd in items(doc.get("rounds")):
        path = f"/rounds/{i}"
        number = rd.get("number") if isinstance(rd.get("number"), int) else None
        if number is not None:
            if number in numbers:
                fail(f"{path}/number", _("Two rounds have this number."), "duplicate")
            numbers.add(number)
            round_sizes[number] = len(rd["matches"]) if isinstance(rd.get("matches"), list) else 0
        for k, x in items(rd.get("extensions")):
            user(x.get("granted_by"), f"{path}/extensions/{k}/granted_by")
        tables: set[int] = set()
        for j, m in items(rd.get("matches")):
            mp = f"{path}/matches/{j}"
            table = m.get("table")
            if isinstance(table, int) and not isinstance(table, bool):
                if table in tables:
                    fail(f"{mp}/table", _("Two matches of this round share this table."), "duplicate")
                tables.add(table)
            player(m.get("player_a"), f"{mp}/player_a", null=False)
            for key in ("player_b", "penalized", "winner"):
                player(m.get(key), f"{mp}/{key}")
            for key in ("reported_by", "confirmed_by"):
                user(m.get(key), f"{mp}/{key}")
            for k, ch in items(m.get("changes")):
                cp = f"{mp}/changes/{k}"
                user(ch.get("changed_by"), f"{cp}/changed_by")
                for side in ("before", "after"):
                    snapshot = ch.get(side) if isinstance(ch.get(side), dict) else {}
                    for key in ("penalized", "winner"):
                        player(snapshot.get(key), f"{cp}/{side}/{key}")
            for k, d in items(m.get("disputes")):
                user(d.get("raised_by"), f"{mp}/disputes/{k}/raised_by")
    for i, p in items(doc.get("penalties")):
        path = f"/penalties/{i}"
        player(p.get("player"), f"{path}/player", null=False)
        user(p.get("issued_by"), f"{path}/issued_by")
        user(p.get("approved_by"), f"{path}/approved_by")
        ref = p.get("match")
        well_formed = isinstance(ref, list) and len(ref) == 2 and all(type(n) is int for n in ref)
        if well_formed and not (ref[0] in round_sizes and 0 <= ref[1] < round_sizes[ref[0]]):
            fail(f"{path}/match", _("Expected [round number, match position] of a match in the document."))
    checks = DocumentChecks(fail=fail, player=player, user=user, items=items)
    for section in event_file_sections():
        section.check(doc=doc, checks=checks)
    return errors


# --- normalising --------------------------------------------------------------------------------------------


def event_document_normalise(*, document: dict[str, Any]) -> dict[str, Any]:
    """A validated document in its canonical form, the only thing kept for the worker: optional parts filled
    in, the fields an import ignores (older `event.banlist`, `users[].email` and `role`, `exported_at`)
    left out."""
    doc = json.loads(json.dumps(document))  # a copy (JSON only: validated), faster than deepcopy
    doc.pop("exported_at", None)
    doc["event"].pop("banlist", None)
    kept = ("username", "display_name", "first_name", "last_name")
    doc["users"] = [{k: u[k] for k in kept if k in u} for u in doc["users"]]
    doc.setdefault("staff", [])
    for rd in doc["rounds"]:
        rd.setdefault("timer", None)
        rd.setdefault("extensions", [])
        for m in rd["matches"]:
            m.setdefault("disputes", [])
    for section in event_file_sections():
        section.normalise(doc=doc)
    return doc


# --- people -------------------------------------------------------------------------------------------------


def _placeholder_keys(doc: dict[str, Any], *, with_organizer: bool) -> list[str]:
    """The people of the document who become placeholder records: players and every "by" field that keeps
    naming the original person (not the staff list, not the history the importer is attributed)."""
    wanted: set[str] = {r["player"] for r in doc["registrations"]}
    if with_organizer:
        wanted.add(doc["event"]["organizer"])
    for rd in doc["rounds"]:
        wanted.update(x.get("granted_by") for x in rd.get("extensions", []))
        for m in rd["matches"]:
            wanted.update((m.get("reported_by"), m.get("confirmed_by")))
            wanted.update(d.get("raised_by") for d in m.get("disputes", []))
    wanted.update(p.get("issued_by") for p in doc["penalties"])
    for section in event_file_sections():
        wanted.update(section.placeholders(doc=doc))
    wanted.discard(None)
    return [u["username"] for u in doc["users"] if u["username"] in wanted]


def _new_tag() -> str:
    User = get_user_model()
    while True:
        tag = secrets.token_hex(4)
        if not User.objects.filter(username__startswith=f"{PLACEHOLDER_PREFIX}-{tag}-").exists():
            return tag


def _create_placeholders(doc: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    User = get_user_model()
    entries = {u["username"]: u for u in doc["users"]}
    tag = _new_tag()
    rows = []
    for n, key in enumerate(keys, start=1):
        row = User(
            username=f"{PLACEHOLDER_PREFIX}-{tag}-{n}",
            display_name=person_label(entries[key]),
            role=Role.PLAYER,
            is_placeholder=True,
            is_active=False,
            is_staff=False,
            is_superuser=False,
        )
        row.set_unusable_password()
        rows.append(row)
    created = User.objects.bulk_create(rows)
    return dict(zip(keys, created, strict=True))


def _provenance(*, importer, original: str | None, text: str = "") -> str:
    who = str(importer) if importer is not None else None
    if who and original:
        head = _("Imported by %(importer)s from a backup, originally by %(name)s.") % {
            "importer": who,
            "name": original,
        }
    elif who:
        head = _("Imported by %(importer)s from a backup (no author recorded).") % {"importer": who}
    elif original:
        head = _("Imported from a backup, originally by %(name)s.") % {"name": original}
    else:
        head = _("Imported from a backup (no author recorded).")
    return f"{head}\n{text}" if text else head


# --- writing ------------------------------------------------------------------------------------------------


def _when(value: str | None) -> datetime.datetime | None:
    if not value:
        return None
    moment = parse_datetime(value)
    if moment is not None and timezone.is_naive(moment):
        moment = timezone.make_aware(moment, datetime.UTC)
    return moment


def _require_importer(importer) -> None:
    if importer is None:
        return
    if not getattr(importer, "is_organizer", False) or getattr(importer, "is_placeholder", False):
        raise NotAllowed(_("Only organizers can import events."))
    if not importer.is_active:
        raise NotAllowed(_("Only organizers can import events."))


def event_import(*, document: Any, importer=None, progress: Progress = _no_progress) -> Event:
    """Create the event of the document: validated as a whole first (EventImportError lists every problem),
    then written in one transaction (nothing is kept if anything fails).

    ``importer`` (an organizer) becomes the event's only organizer and the author of its imported history.
    Without one (a script), the event's organizer is the placeholder of the document's organizer: nobody can
    manage it but a superuser. No existing account is used either way."""
    return _event_import(document=document, importer=importer, progress=progress, schema_checked=False)


def _event_import(*, document: Any, importer, progress: Progress, schema_checked: bool) -> Event:
    """event_import; ``schema_checked``: the worker's document, validated and normalised by the request."""
    _require_importer(importer)
    progress(0, 5, _("Checking the document"))
    if schema_checked:  # by the request, which stored it: only what may have changed since is checked again
        errors = list(_unstorable(document))[:MAX_ERRORS] or _reference_errors(document)
    else:
        errors = event_validate_document(document=document)
    if errors:
        raise EventImportError(errors)
    doc = event_document_normalise(document=document)
    ev = doc["event"]
    label = {u["username"]: person_label(u) for u in doc["users"]}

    def original(key: str | None) -> str | None:
        return label.get(key) if key else None

    importer_id = importer.pk if importer is not None else None
    with transaction.atomic():
        progress(1, 5, _("People"))
        people = _create_placeholders(doc, _placeholder_keys(doc, with_organizer=importer is None))

        def uid(key: str | None) -> int | None:
            return people[key].pk if key else None

        progress(2, 5, _("Event and registrations"))
        event = Event.objects.create(
            name=ev["name"], game=ev["game"], rule_set=ev["rule_set"], tier=ev["tier"],
            date=parse_date(ev["date"]), venue=ev["venue"], capacity=ev.get("capacity"),
            organizer=importer if importer is not None else people[ev["organizer"]], best_of=ev["best_of"],
            round_minutes=ev["round_minutes"], decklist_deadline=_when(ev.get("decklist_deadline")),
            status=ev["status"], tiebreak_policy=ev["tiebreak_policy"],
            win_floor=ev.get("win_floor", "policy"), dropped_figures=ev.get("dropped_figures", "final"),
            swiss_rounds_override=ev.get("swiss_rounds_override"),
            top_cut_override=ev.get("top_cut_override"), swiss_rounds=ev.get("swiss_rounds"),
            top_cut_size=ev.get("top_cut_size"), seed=ev["seed"],
        )  # fmt: skip
        if ev.get("created_at"):
            Event.objects.filter(pk=event.pk).update(created_at=_when(ev["created_at"]))
        regs = Registration.objects.bulk_create(
            Registration(
                event=event,
                player=people[r["player"]],
                status=r["status"],
                checked_in_at=_when(r.get("checked_in_at")),
                dropped_after_round=r.get("dropped_after_round"),
                dropped_at=_when(r.get("dropped_at")),
                first_round=r["first_round"],
                awarded_byes=r["awarded_byes"],
                fixed_table=r.get("fixed_table"),
            )  # fmt: skip
            for r in doc["registrations"]
        )
        reg_of = dict(zip((r["player"] for r in doc["registrations"]), regs, strict=True))
        for r in doc["registrations"]:  # on the new placeholder person, for this game
            value = player_id_clean(game=ev["game"], value=r.get("player_id"))
            player_game_id_store(user=people[r["player"]], game=ev["game"], value=value)
        _restore_times(Registration, "created_at", regs, doc["registrations"])

        def rid(key: str | None) -> int | None:
            return reg_of[key].pk if key else None

        progress(3, 5, _("Rounds and results"))
        match_at: dict[tuple[int, int], Match] = {}
        for rd in doc["rounds"]:
            round_ = Round.objects.create(
                event=event, number=rd["number"], stage=rd["stage"], seed=rd["seed"], method=rd["method"],
                rematches=rd["rematches"], cost=rd["cost"], explanation=rd["explanation"],
                started_at=_when(rd.get("started_at")),
            )  # fmt: skip
            if rd.get("created_at"):
                Round.objects.filter(pk=round_.pk).update(created_at=_when(rd["created_at"]))
            if rd["timer"]:
                t = rd["timer"]
                RoundTimer.objects.create(
                    round=round_, duration_seconds=t["duration_seconds"],
                    started_at=_when(t.get("started_at")), elapsed_seconds=t["elapsed_seconds"],
                    version=t["version"],
                )  # fmt: skip
            for x in rd["extensions"]:
                ext = TableExtension.objects.create(
                    round=round_, table=x["table"], minutes=x["minutes"], reason=x["reason"],
                    granted_by_id=uid(x.get("granted_by")),
                )  # fmt: skip
                if x.get("granted_at"):
                    TableExtension.objects.filter(pk=ext.pk).update(granted_at=_when(x["granted_at"]))
            created = Match.objects.bulk_create(
                Match(
                    round=round_,
                    table=m.get("table"),
                    player_a_id=rid(m["player_a"]),
                    player_b_id=rid(m.get("player_b")),
                    status=m["status"],
                    kind=m["kind"],
                    games_a=m["games_a"],
                    games_b=m["games_b"],
                    games_drawn=m["games_drawn"],
                    penalized_id=rid(m.get("penalized")),
                    winner_id=rid(m.get("winner")),
                    reported_by_id=uid(m.get("reported_by")),
                    reported_at=_when(m.get("reported_at")),
                    confirmed_by_id=uid(m.get("confirmed_by")),
                    confirmed_at=_when(m.get("confirmed_at")),
                    version=m["version"],
                )  # fmt: skip
                for m in rd["matches"]
            )
            changes = []
            for position, (match, m) in enumerate(zip(created, rd["matches"], strict=True)):
                match_at[(rd["number"], position)] = match
                for ch in m["changes"]:
                    changes.append((ch, ResultChange(
                        match=match, action=ch["action"], changed_by_id=importer_id,
                        reason=_provenance(importer=importer, original=original(ch.get("changed_by")),
                                           text=ch["reason"]),
                        before=_ids_snapshot(ch["before"], reg_of), after=_ids_snapshot(ch["after"], reg_of),
                        version=ch["version"],
                    )))  # fmt: skip
                for d in m["disputes"]:
                    dispute = MatchDispute.objects.create(
                        match=match, raised_by_id=uid(d.get("raised_by")), reason=d["reason"],
                        resolved_at=_when(d.get("resolved_at")),
                    )  # fmt: skip
                    if d.get("raised_at"):
                        MatchDispute.objects.filter(pk=dispute.pk).update(raised_at=_when(d["raised_at"]))
            saved = ResultChange.objects.bulk_create(row for _ch, row in changes)
            _restore_times(ResultChange, "changed_at", saved, [ch for ch, _row in changes])
        penalties = Penalty.objects.bulk_create(
            Penalty(
                event=event,
                registration_id=rid(p["player"]),
                match=match_at[tuple(p["match"])] if p.get("match") is not None else None,
                kind=p["kind"],
                infraction=p.get("infraction", ""),
                reason=p["reason"],
                issued_by_id=uid(p.get("issued_by")),
                approved_by_id=uid(p.get("approved_by")),
                approved_at=_when(p.get("approved_at")),
            )  # fmt: skip
            for p in doc["penalties"]
        )
        _restore_times(Penalty, "issued_at", penalties, doc["penalties"])
        context = ImportContext(
            event=event,
            importer=importer,
            registration_of=reg_of,
            user_id=uid,
            provenance=partial(_provenance, importer=importer),
            original=original,
            when=_when,
        )
        for section in event_file_sections():
            progress(4, 5, str(section.title))
            section.restore(doc=doc, context=context)
        progress(5, 5, _("Done"))
    event.refresh_from_db()
    return event


def _ids_snapshot(snapshot: dict, reg_of: dict[str, Registration]) -> dict:
    out = dict(snapshot)
    for name in ("penalized", "winner"):
        value = out.get(name)
        if value is not None:
            out[name] = reg_of[value].pk  # checked: a registered player of the document
    return out


def _restore_times(model, field: str, rows: list, docs: list[dict]) -> None:
    """auto_now_add fields take the exported moments back (one UPDATE per row that has one)."""
    for row, data in zip(rows, docs, strict=True):
        if data.get(field):
            model.objects.filter(pk=row.pk).update(**{field: _when(data[field])})


def event_import_summary(*, document: dict[str, Any], importer=None) -> list[dict[str, str]]:
    """What an import of this (validated) document does beyond copying it, for the page and the command:
    ``{"path", "message", "code"}`` notes."""
    doc = event_document_normalise(document=document)
    people = len(_placeholder_keys(doc, with_organizer=importer is None))
    notes = [
        _err(
            "/users",
            ngettext(
                "%(n)d person of the file is a new player record, linked to no account (no log-in).",
                "%(n)d people of the file are new player records, linked to no account (no log-in).",
                people,
            )
            % {"n": people},
            "people_created",
        )
    ]
    staff = len(doc["staff"])
    if importer is not None:
        message = ngettext(
            "The file's organizer and %(n)d staff entry were not kept: you are the event's only organizer.",
            "The file's organizer and %(n)d staff entries were not kept: you are the event's only organizer.",
            staff,
        ) % {"n": staff}
    else:
        message = ngettext(
            "The file's %(n)d staff entry was not recreated; only a superuser can manage the event.",
            "The file's %(n)d staff entries were not recreated; only a superuser can manage the event.",
            staff,
        ) % {"n": staff}
    notes.append(_err("/staff", message, "staff_dropped"))
    history = sum(len(m["changes"]) for rd in doc["rounds"] for m in rd["matches"]) + sum(
        section.history(doc=doc) for section in event_file_sections()
    )
    if history:
        if importer is not None:
            message = _(
                "The result and deck-list history is attributed to you, naming who originally did it."
            )
        else:
            message = _("The result and deck-list history names who originally did it, as imported.")
        notes.append(_err("/rounds", message, "history_attributed"))
    return notes
