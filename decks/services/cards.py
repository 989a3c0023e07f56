"""Importing card files into the shared card pool, and banlists.

The pool is shared by every event of the site, so an import never silently changes a card players rely on:

* a card with a new id is added;
* a card the pool already holds, whose name, kind, stats, tags, alias, alternate ids or copy limit differ
  in the file, is **staged** as a ``CardChange`` (old → new, field by field) and changes only when an admin
  applies it (``card_changes_apply``), which keeps the change as the audit entry;
* a card of the file whose id already names *another* card (an alternate artwork's id, or the same id in
  other letter case) is a **conflict**: the other card is never overwritten;
* the rest (rarity, scopes, the file's own banlist columns, the source) is written directly.

A file is capped in size (``CARD_IMPORT_MAX_BYTES``, checked before it is read) and in cards
(``CARD_IMPORT_MAX_ROWS``, checked before anything is written), read and checked completely, compared with
the pool, and then written in short transactions of ``CARD_IMPORT_CHUNK_ROWS`` cards, so that the site
(log-ins, pages: SQLite has one writer at a time) keeps answering during a large import. Each chunk also
moves the import's counters, in the same transaction; a run interrupted half-way (a crash, a killed
worker) leaves whole chunks behind, and running it again converges: cards already written are unchanged,
a change already staged is found again, not doubled.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import connection, models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from decks.cardfiles import BanlistError, CardFileError, CardRecord, read_banlists, read_cards
from decks.models import Banlist, Card, CardChange, CardImport, CardImportFile, CardKey, Game
from decks.names import normalise_name
from decks.permissions import can_manage_card_pool
from decks.selectors import search_index_clear

BATCH_SIZE = 1000
QUERY_CHUNK = 900  # ids per IN (…) list: below SQLite's default limit of variables
MAX_PAUSE_SECONDS = 0.2
ProgressCallback = Callable[[int, int, str], None]

CARD_FIELDS = (
    "name",
    "name_fr",
    "name_norm",
    "name_fr_norm",
    "kind",
    "alias_of",
    "alternate_keys",
    "tags",
    "stats",
    "limits",
    "scopes",
    "rarity",
    "max_copies",
    "source",
    "content_hash",
    "updated_at",
)
# What players and the rules rely on: the names deck lists use, the kind, tags and stats the rules read,
# the alias and the ids the card is known by, the copy limit. A change of any of these is staged.
GUARDED_FIELDS = ("name", "name_fr", "kind", "alias_of", "alternate_keys", "tags", "stats", "max_copies")
# Written directly when only these differ: they decide no list's legality (events use their Banlist,
# not a file's banlist columns).
DIRECT_FIELDS = ("limits", "scopes", "rarity", "source", "content_hash", "updated_at")
_MISSING = object()


class ImportFailed(ValueError):
    """A card or banlist file that cannot be imported; ``where`` names the row, line or card."""

    def __init__(self, message: str, *, where: str | None = None, status: int = 400):
        self.message = message
        self.where = where
        self.status = status
        super().__init__(message)


class CardPoolNotAllowed(PermissionDenied):
    """Only admins change the shared card pool (``decks.permissions.can_manage_card_pool``)."""


@dataclass
class ImportResult:
    game: str
    total: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    staged: int = 0  # changes of existing cards waiting for an admin
    conflicts: int = 0  # cards of the file whose id belongs to another card
    applied: int = 0  # staged changes applied right away (import_cards --apply-changes)
    import_id: int | None = None
    names: list[str] = field(default_factory=list)  # banlists: the list names

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "game": self.game,
            "total": self.total,
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
        }
        # Only when there is something to review, so that a plain import keeps its short answer.
        for name in ("staged", "conflicts", "applied"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        if (self.staged or self.conflicts) and self.import_id is not None:
            data["import"] = self.import_id
        if self.names:
            data["names"] = self.names
        return data


# --- limits --------------------------------------------------------------------------------------------


def card_import_max_bytes() -> int:
    return int(getattr(settings, "CARD_IMPORT_MAX_BYTES", 64 * 1024 * 1024))


def card_import_max_rows() -> int:
    return int(getattr(settings, "CARD_IMPORT_MAX_ROWS", 200_000))


def card_import_chunk_rows() -> int:
    return max(1, int(getattr(settings, "CARD_IMPORT_CHUNK_ROWS", 250)))


def card_file_check_size(*, size: int, filename: str) -> None:
    """Refuse a card file over ``CARD_IMPORT_MAX_BYTES`` (call it before reading the file)."""
    limit = card_import_max_bytes()
    if size > limit:
        raise ImportFailed(
            _("%(file)s is %(size)s bytes; a card file may hold at most %(limit)s bytes.")
            % {"file": filename, "size": f"{size:,}", "limit": f"{limit:,}"},
            where=filename,
            status=413,
        )


def _too_many_rows(filename: str, limit: int) -> ImportFailed:
    return ImportFailed(
        _("%(file)s holds more than %(limit)s cards, the most one import may bring; nothing was written.")
        % {"file": filename, "limit": f"{limit:,}"},
        where=filename,
    )


# --- records ↔ rows ------------------------------------------------------------------------------------


def record_hash(record: CardRecord) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def card_fields_from_record(record: CardRecord) -> dict[str, object]:
    name_fr = record["name_fr"] or ""
    return {
        "name": record["name"][:255],
        "name_fr": name_fr[:255],
        "name_norm": normalise_name(record["name"])[:255],
        "name_fr_norm": normalise_name(name_fr)[:255] if name_fr else "",
        "kind": record["kind"][:32],
        "alias_of": (record["alias_of"] or "")[:64],
        "alternate_keys": list(record["alternate_keys"]),
        "tags": list(record["tags"]),
        "stats": dict(record["stats"]),
        "limits": dict(record["limits"]),
        "scopes": list(record["scopes"]),
        "rarity": (record["rarity"] or "")[:32],
        "max_copies": record["max_copies"],
        "source": record["source"][:64],
        "content_hash": record_hash(record),
    }


def _plain(value: Any) -> Any:
    """The value as the database gives it back (JSON): tuples become lists."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def guarded_values(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields players rely on, flattened one level for stats (``stats.atk``)."""
    out: dict[str, Any] = {}
    for name in GUARDED_FIELDS:
        value = fields.get(name)
        if name == "stats":
            for key, stat in (value or {}).items():
                out[f"stats.{key}"] = _plain(stat)
        else:
            out[name] = _plain(value)
    return out


def _card_values(card: Card) -> dict[str, Any]:
    return guarded_values({name: getattr(card, name) for name in GUARDED_FIELDS})


def _field_order(path: str) -> tuple[int, str]:
    top = path.split(".", 1)[0]
    return (GUARDED_FIELDS.index(top) if top in GUARDED_FIELDS else len(GUARDED_FIELDS), path)


def values_diff(old: dict[str, Any], new: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(before, after) of the paths that differ; a path one side lacks is absent from its dict."""
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for path in sorted(set(old) | set(new), key=_field_order):
        if old.get(path, _MISSING) != new.get(path, _MISSING):
            if path in old:
                before[path] = old[path]
            if path in new:
                after[path] = new[path]
    return before, after


# --- reading -------------------------------------------------------------------------------------------


def read_card_file(*, data: bytes, filename: str, game: str, max_rows: int | None = None) -> list[CardRecord]:
    """Read and check every card of a file; raise ImportFailed naming the row/line/card at fault.

    Whatever a reader raises on a hostile or broken file (a ``misc_info`` that is not a list, JSON nested
    thousands deep, a truncated SQLite file …) becomes an ImportFailed naming the card it stopped at.
    """
    if game not in Game.values:
        raise ImportFailed(
            _("Unknown game “%(game)s”; expected one of %(games)s.")
            % {"game": game, "games": ", ".join(Game.values)}
        )
    card_file_check_size(size=len(data), filename=filename)
    limit = card_import_max_rows() if max_rows is None else max_rows
    records: list[CardRecord] = []
    try:
        for record in read_cards(data, game=game, filename=filename):
            if len(records) >= limit:
                raise _too_many_rows(filename, limit)
            records.append(record)
    except ImportFailed:
        raise
    except CardFileError as error:
        raise ImportFailed(str(error), where=error.where) from None
    except RecursionError:
        raise ImportFailed(
            _("%(file)s is nested too deeply to be a card file (at card #%(number)s).")
            % {"file": filename, "number": len(records) + 1},
            where=f"card #{len(records) + 1}",
        ) from None
    except MemoryError:
        raise ImportFailed(_("%(file)s is too large to read.") % {"file": filename}) from None
    except Exception as error:  # noqa: BLE001 - any reader failure is the file's fault: name where it stopped
        after = _(" (after id %(key)s)") % {"key": records[-1]["key"]} if records else ""
        raise ImportFailed(
            _("%(file)s: card #%(number)s%(after)s cannot be read as a %(game)s card (%(error)s).")
            % {
                "file": filename,
                "number": len(records) + 1,
                "after": after,
                "game": game,
                "error": f"{type(error).__name__}: {error}"[:300],
            },
            where=f"card #{len(records) + 1}",
        ) from None
    if not records:
        raise ImportFailed(_("%(file)s: the file holds no card.") % {"file": filename})
    return records


# --- importing -----------------------------------------------------------------------------------------


@dataclass
class _Plan:
    total: int = 0
    unchanged: int = 0
    new: list[str] = field(default_factory=list)
    direct: list[tuple[int, str]] = field(default_factory=list)  # (card pk, key)
    staged: list[tuple[int, str, dict, dict]] = field(default_factory=list)  # (pk, key, before, after)
    conflicts: list[tuple[int, str, dict, dict, str]] = field(default_factory=list)  # (+ note)
    alternates: dict[str, list[str]] = field(default_factory=dict)  # new card → the ids it may take
    superseded: list[int] = field(default_factory=list)  # pending changes the file no longer brings


def _chunks(items: list, size: int) -> Iterator[list]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _unique_records(*, game: str, records: Iterable[CardRecord], filename: str) -> dict[str, CardRecord]:
    unique: dict[str, CardRecord] = {}
    spelled: dict[str, str] = {}
    limit = card_import_max_rows()
    for record in records:
        if record["game"] != game:
            raise ImportFailed(
                _("card %(key)s is a %(other)s card, not %(game)s")
                % {"key": record["key"], "other": record["game"], "game": game},
                where=f"card {record['key']}",
            )
        key = record["key"]
        if key in unique:
            continue  # the first record for an id wins
        lowered = key.lower()
        if lowered in spelled:
            raise ImportFailed(
                _("cards “%(first)s” and “%(second)s” have the same id in other letter case; ids are "
                  "compared without case: rename one of them.") % {"first": spelled[lowered], "second": key},
                where=f"card {key}",
            )  # fmt: skip
        spelled[lowered] = key
        unique[key] = record
        if len(unique) > limit:
            raise _too_many_rows(filename or game, limit)
    return unique


def _plan(*, game: str, unique: dict[str, CardRecord], fields: dict[str, dict]) -> _Plan:
    """Compare the file with the pool (reads only: no write lock is held while this runs)."""
    plan = _Plan(total=len(unique))
    existing: dict[str, tuple[int, str]] = {
        key: (pk, content_hash)
        for key, pk, content_hash in Card.objects.filter(game=game)
        .values_list("key", "pk", "content_hash")
        .iterator(chunk_size=5000)
    }
    owners: dict[str, int] = dict(
        CardKey.objects.filter(game=game).values_list("key", "card_id").iterator(chunk_size=5000)
    )
    lowered_cards = {key.lower(): pk for key, (pk, _hash) in existing.items()}
    pending = {
        key: (pk, record_hash_)
        for key, pk, record_hash_ in CardChange.objects.filter(
            game=game, status=CardChange.Status.PENDING
        ).values_list("key", "pk", "record_hash")
    }
    to_compare: list[tuple[int, str]] = []
    conflicting: list[tuple[int, str]] = []
    for key in unique:
        content_hash = fields[key]["content_hash"]
        if key in existing:
            pk, stored_hash = existing[key]
            if stored_hash == content_hash:
                plan.unchanged += 1
                if key in pending:
                    plan.superseded.append(pending[key][0])
            else:
                to_compare.append((pk, key))
            continue
        owner = owners.get(key.lower(), lowered_cards.get(key.lower()))
        if owner is not None:
            conflicting.append((owner, key))
        else:
            plan.new.append(key)
    for chunk in _chunks(to_compare, QUERY_CHUNK):
        cards = Card.objects.in_bulk([pk for pk, _key in chunk])
        for pk, key in chunk:
            before, after = values_diff(_card_values(cards[pk]), guarded_values(fields[key]))
            if before or after:
                plan.staged.append((pk, key, before, after))
            else:
                plan.direct.append((pk, key))
                if key in pending:
                    plan.superseded.append(pending[key][0])
    for chunk in _chunks(conflicting, QUERY_CHUNK):
        cards = Card.objects.in_bulk({pk for pk, _key in chunk})
        for pk, key in chunk:
            other = cards[pk]
            note = _(
                "The id %(key)s already belongs to the card “%(name)s” (id %(other)s): the file's card "
                "“%(new)s” was not imported, and “%(name)s” is unchanged. Correct the file (or the card in "
                "the admin) and import again."
            ) % {"key": key, "name": other.name, "other": other.key, "new": unique[key]["name"]}
            plan.conflicts.append(
                (
                    pk,
                    key,
                    {"id": other.key, "name": other.name, "kind": other.kind},
                    {"id": key, "name": fields[key]["name"], "kind": fields[key]["kind"]},
                    note,
                )
            )
    # The ids a new card may take: never one another card holds, nor one a card of this file is.
    taken = set(owners) | {key.lower() for key in unique}
    for key in plan.new:
        mine = []
        for other in unique[key]["alternate_keys"]:
            if other.lower() not in taken:
                taken.add(other.lower())
                mine.append(other.lower())
        plan.alternates[key] = mine
    return plan


class _LockPacer:
    """Lets others write between two chunks. SQLite has one writer at a time and no queue: a log-in that
    finds the database busy retries after a sleep (up to 100 ms) until ``busy_timeout``; an import that
    starts its next chunk right after each commit can starve it for good ("database is locked"). After
    each chunk the lock stays free as long as the chunk held it (at most MAX_PAUSE_SECONDS), which keeps
    the import's share under half of the time. The next chunk's rows are prepared (and its progress
    reported) during that pause: only what they do not fill is slept, so the pause costs the import
    little. PostgreSQL locks rows, not the database: no pause there."""

    def __init__(self) -> None:
        self.free_until = 0.0

    @contextmanager
    def writing(self) -> Iterator[None]:
        """One chunk's transaction, started no earlier than the previous chunk's pause allows."""
        delay = self.free_until - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        started = time.monotonic()
        with transaction.atomic():
            yield
        if connection.vendor == "sqlite" and not connection.in_atomic_block:
            held = time.monotonic() - started
            self.free_until = time.monotonic() + min(held, MAX_PAUSE_SECONDS)


def _count(job: CardImport | None, **increments: int) -> None:
    if job is not None and any(increments.values()):
        CardImport.objects.filter(pk=job.pk).update(
            **{name: F(name) + value for name, value in increments.items() if value}
        )


def _insert_sql(model, names: list[str]) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(model._meta.get_field(name).column) for name in names)
    marks = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"  # noqa: S608


def _preparer(field: models.Field) -> Callable[[Any], Any]:
    """The field's SQL parameter for a value, as ``field.get_db_prep_save`` gives it, without its layers of
    calls for the types a card's row holds: called once per value and column, those layers were half of
    an import's CPU (255,000 calls for the Yu-Gi-Oh! pool). Other field types keep Django's own."""
    if isinstance(field, models.JSONField) and not field.primary_key:
        adapt, encoder = connection.ops.adapt_json_value, field.encoder
        return lambda value: None if value is None else adapt(value, encoder)
    slow = field.get_db_prep_save
    if type(field) is models.CharField:
        return lambda value: value if value.__class__ is str else slow(value, connection)
    if isinstance(field, models.IntegerField):
        return lambda value: None if value is None else slow(value, connection)
    return lambda value: slow(value, connection)


def _card_rows(*, game: str, keys: list[str], fields: dict[str, dict], now) -> tuple[list[str], list[list]]:
    """The columns of a new card's row and each key's SQL parameters: the values every row shares (game,
    time, defaults) prepared once, each card's own through ``_preparer``."""
    columns = [field for field in Card._meta.concrete_fields if not field.primary_key]
    shared = {"game": game, "updated_at": now}
    constant: dict[int, Any] = {}
    varying: list[tuple[int, str, Callable[[Any], Any]]] = []
    sample = fields[keys[0]] if keys else {}
    for index, column in enumerate(columns):
        if column.attname == "key":
            varying.append((index, "", _preparer(column)))
        elif column.attname in sample:
            varying.append((index, column.attname, _preparer(column)))
        else:
            value = shared[column.attname] if column.attname in shared else column.get_default()
            constant[index] = column.get_db_prep_save(value, connection)
    template = [constant.get(index) for index in range(len(columns))]
    rows = []
    for key in keys:
        values = fields[key]
        row = template.copy()
        for index, name, to_sql in varying:
            row[index] = to_sql(values[name] if name else key)
        rows.append(row)
    return [column.name for column in columns], rows


def _write_new(
    *, game: str, keys: list[str], fields: dict[str, dict], plan: _Plan, job, now, pace: _LockPacer
) -> None:
    """Create one chunk of new cards and their ids.

    The rows' SQL parameters are prepared before the transaction (``bulk_create`` spends most of its time
    building SQL in Python, which would hold SQLite's only write lock); inside it, two ``executemany``."""
    names, rows = _card_rows(game=game, keys=keys, fields=fields, now=now)
    card_sql = _insert_sql(Card, names)
    key_sql = _insert_sql(CardKey, ["game", "key", "card"])
    with pace.writing():
        with connection.cursor() as cursor:
            cursor.executemany(card_sql, rows)
            ids = dict(Card.objects.filter(game=game, key__in=keys).values_list("key", "pk"))
            key_rows = []
            for key in keys:
                key_rows.append([game, key.lower(), ids[key]])
                key_rows.extend([game, other, ids[key]] for other in plan.alternates[key])
            cursor.executemany(key_sql, key_rows)
        _count(job, created=len(keys))


def _write_direct(
    *, rows: list[tuple[int, str]], fields: dict[str, dict], job, now, pace: _LockPacer
) -> None:
    sql, params = _update_statement(
        [(pk, {**fields[key], "updated_at": now}) for pk, key in rows], DIRECT_FIELDS
    )
    with pace.writing():
        with connection.cursor() as cursor:
            cursor.executemany(sql, params)
        _count(job, updated=len(rows))


def _write_staged(
    *, game: str, entries: list[tuple], kind: str, fields: dict[str, dict], job, pace: _LockPacer
) -> None:
    """Stage changes (or conflicts); a pending one for the same id and the same file content is kept (and
    moves to this import), one with other content is replaced."""
    keys = [entry[1] for entry in entries]
    with pace.writing():
        current = {
            change.key: change
            for change in CardChange.objects.filter(
                game=game, key__in=keys, status=CardChange.Status.PENDING
            ).only("pk", "key", "record_hash", "kind", "card_import_id")
        }
        keep, replace, rows = [], [], []
        for entry in entries:
            pk, key, before, after = entry[:4]
            note = entry[4] if len(entry) > 4 else ""
            found = current.get(key)
            if found is not None and found.record_hash == fields[key]["content_hash"] and found.kind == kind:
                keep.append(found.pk)
                continue
            if found is not None:
                replace.append(found.pk)
            rows.append(
                CardChange(
                    card_import=job,
                    card_id=pk,
                    game=game,
                    key=key,
                    kind=kind,
                    before=before,
                    after=after,
                    record=fields[key],
                    record_hash=fields[key]["content_hash"],
                    note=note,
                )
            )
        if replace:
            CardChange.objects.filter(pk__in=replace).update(status=CardChange.Status.SUPERSEDED)
        if keep and job is not None:
            CardChange.objects.filter(pk__in=keep).update(card_import=job)
        CardChange.objects.bulk_create(rows, batch_size=BATCH_SIZE)


def cards_import(
    *,
    game: str,
    records: Iterable[CardRecord],
    progress: ProgressCallback | None = None,
    card_import: CardImport | None = None,
    filename: str = "",
    origin: str = CardImport.Origin.COMMAND,
    apply_changes: bool = False,
    user=None,
    applied_via: str = "",
) -> ImportResult:
    """Add the new cards of ``records``, stage the changes to existing ones, never overwrite another card.

    ``card_import`` is the import being run (the task's); without one, a CardImport row is recorded, so
    that every change to the pool has its import. ``apply_changes`` applies the staged changes right
    away (``import_cards --apply-changes``), audited as ``applied_via``. Running it twice changes nothing.
    """
    if user is not None and not can_manage_card_pool(user):
        raise CardPoolNotAllowed(_("Only admins change the shared card pool."))
    unique = _unique_records(game=game, records=records, filename=filename)
    fields = {key: card_fields_from_record(record) for key, record in unique.items()}
    job = card_import
    if job is None:
        job = CardImport.objects.create(
            game=game,
            filename=(filename or f"{game} cards")[:255],
            origin=origin,
            status=CardImport.Status.RUNNING,
            created_by=user,
            started_at=timezone.now(),
        )
    CardImport.objects.filter(pk=job.pk).update(total=len(unique))
    if progress:
        progress(0, len(unique), _("Comparing the file with the card pool"))
    plan = _plan(game=game, unique=unique, fields=fields)
    size = card_import_chunk_rows()
    done = plan.unchanged
    total = plan.total
    now = timezone.now()  # bulk writes do not touch auto_now fields: set it (search caches watch it)

    def step(count: int) -> None:
        nonlocal done
        done += count
        if progress:
            progress(done, total, _("%(done)s of %(total)s cards") % {"done": done, "total": total})

    step(0)
    if plan.superseded:
        for chunk in _chunks(plan.superseded, QUERY_CHUNK):
            CardChange.objects.filter(pk__in=chunk, status=CardChange.Status.PENDING).update(
                status=CardChange.Status.SUPERSEDED
            )
    pace = _LockPacer()
    for chunk in _chunks(plan.new, size):
        _write_new(game=game, keys=chunk, fields=fields, plan=plan, job=job, now=now, pace=pace)
        step(len(chunk))
    for chunk in _chunks(plan.direct, size):
        _write_direct(rows=chunk, fields=fields, job=job, now=now, pace=pace)
        step(len(chunk))
    for kind, entries in ((CardChange.Kind.CHANGE, plan.staged), (CardChange.Kind.CONFLICT, plan.conflicts)):
        for chunk in _chunks(entries, size):
            _write_staged(game=game, entries=chunk, kind=kind, fields=fields, job=job, pace=pace)
            step(len(chunk))
    if plan.new or plan.direct:
        search_index_clear()
    result = _finish(job=job, game=game)
    if apply_changes and result.staged:
        outcome = card_changes_apply(
            card_import=job, user=user, via=applied_via or "manage.py import_cards", check=False
        )
        result.applied = outcome.applied
        result.staged = outcome.left
    return result


def _finish(*, job: CardImport, game: str) -> ImportResult:
    """Counts of the import from its row (chunk counters) and its staged changes, then mark it done."""
    changes = CardChange.objects.filter(card_import=job, status=CardChange.Status.PENDING)
    staged = changes.filter(kind=CardChange.Kind.CHANGE).count()
    conflicts = changes.filter(kind=CardChange.Kind.CONFLICT).count()
    row = CardImport.objects.values("total", "created", "updated").get(pk=job.pk)
    unchanged = max(0, row["total"] - row["created"] - row["updated"] - staged - conflicts)
    CardImport.objects.filter(pk=job.pk).update(
        status=CardImport.Status.DONE,
        staged=staged,
        conflicts=conflicts,
        unchanged=unchanged,
        error="",
        finished_at=timezone.now(),
    )
    CardImportFile.objects.filter(card_import=job).delete()  # imported: the file is not needed any more
    return ImportResult(
        game=game,
        total=row["total"],
        created=row["created"],
        updated=row["updated"],
        unchanged=unchanged,
        staged=staged,
        conflicts=conflicts,
        import_id=job.pk,
    )


def _update_statement(rows: list[tuple[int, dict]], names: Iterable[str]) -> tuple[str, list[list]]:
    """UPDATE … WHERE id = … and each card's parameters, for executemany (prepared before the transaction):
    ``bulk_update`` builds one CASE per field and row, which takes close to a minute for the whole Yu-Gi-Oh!
    pool; this takes about a second."""
    fields = [Card._meta.get_field(name) for name in names]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    sql = f"UPDATE {quote(Card._meta.db_table)} SET {assignments} WHERE {quote('id')} = %s"  # noqa: S608
    prepare = [(f.attname, _preparer(f)) for f in fields]
    return sql, [[to_sql(values[name]) for name, to_sql in prepare] + [pk] for pk, values in rows]


def cards_import_file(
    *,
    path: str | Path | None = None,
    data: bytes | None = None,
    filename: str | None = None,
    game: str,
    progress: ProgressCallback | None = None,
    origin: str = CardImport.Origin.COMMAND,
    apply_changes: bool = False,
    applied_via: str = "",
) -> ImportResult:
    """Read a card file (path, or bytes with its file name) and import it (see ``cards_import``)."""
    if data is None:
        if path is None:
            raise ValueError("pass path= or data=")
        filename = filename or Path(path).name
        card_file_check_size(size=Path(path).stat().st_size, filename=filename)
        data = Path(path).read_bytes()
    if filename is None:
        raise ValueError("pass filename= with data=")
    records = read_card_file(data=data, filename=filename, game=game)
    return cards_import(
        game=game,
        records=records,
        progress=progress,
        filename=filename,
        origin=origin,
        apply_changes=apply_changes,
        applied_via=applied_via,
    )


# --- staged changes ------------------------------------------------------------------------------------


@dataclass
class ChangesOutcome:
    applied: int = 0
    stale: int = 0
    discarded: int = 0
    left: int = 0  # changes of the import still waiting


def _pending_changes(*, card_import: CardImport, change_ids: Iterable[int] | None, kinds: tuple[str, ...]):
    changes = CardChange.objects.filter(
        card_import=card_import, status=CardChange.Status.PENDING, kind__in=kinds
    )
    if change_ids is not None:
        changes = changes.filter(pk__in=list(change_ids))
    return list(changes.order_by("pk").values_list("pk", flat=True))


def _apply_one(change: CardChange, *, user, via: str, now) -> bool:
    """Apply one staged change if the card still holds the values it was staged against."""
    card = change.card
    if card is None:
        return False
    current = _card_values(card)
    for path in set(change.before) | set(change.after):
        if current.get(path, _MISSING) != change.before.get(path, _MISSING):
            return False
    record = change.record
    names = [name for name in CARD_FIELDS if name != "updated_at"]
    for name in names:
        setattr(card, name, record[name])
    card.save(update_fields=[*names, "updated_at"])
    if "alternate_keys" in change.before or "alternate_keys" in change.after:
        _card_keys_rebuild(card=card, alternates=record["alternate_keys"])
    change.status = CardChange.Status.APPLIED
    change.applied_by = user
    change.applied_at = now
    change.applied_via = via[:64]
    change.save(update_fields=["status", "applied_by", "applied_at", "applied_via"])
    return True


def _card_keys_rebuild(*, card: Card, alternates: Iterable[str]) -> None:
    """The ids the card is known by: its own, and the alternate ids no other card holds."""
    own = card.key.lower()
    wanted = {other.lower() for other in alternates} - {own}
    CardKey.objects.filter(card=card).exclude(key=own).exclude(key__in=wanted).delete()
    held = set(CardKey.objects.filter(game=card.game, key__in=wanted).values_list("key", flat=True))
    CardKey.objects.bulk_create(CardKey(game=card.game, key=key, card=card) for key in sorted(wanted - held))
    CardKey.objects.get_or_create(game=card.game, key=own, defaults={"card": card})


def card_changes_apply(
    *,
    card_import: CardImport,
    user=None,
    via: str,
    change_ids: Iterable[int] | None = None,
    check: bool = True,
) -> ChangesOutcome:
    """Apply the import's staged changes (all, or ``change_ids``), in short transactions; each applied
    change records who applied it, when and through what. A change whose card was edited since it was
    staged is not applied (marked stale): import the file again to compare with the card as it is now.
    Conflicts are never applied."""
    if check and not can_manage_card_pool(user):
        raise CardPoolNotAllowed(_("Only admins change the shared card pool."))
    outcome = ChangesOutcome()
    ids = _pending_changes(card_import=card_import, change_ids=change_ids, kinds=(CardChange.Kind.CHANGE,))
    now = timezone.now()
    pace = _LockPacer()
    for chunk in _chunks(ids, 500):
        with pace.writing():
            changes = list(
                CardChange.objects.select_for_update(of=("self",))
                .filter(pk__in=chunk, status=CardChange.Status.PENDING)
                .order_by("pk")
            )
            cards = Card.objects.select_for_update().in_bulk({c.card_id for c in changes if c.card_id})
            stale = []
            for change in changes:
                change.card = cards.get(change.card_id)
                if _apply_one(change, user=user, via=via, now=now):
                    outcome.applied += 1
                else:
                    stale.append(change.pk)
            if stale:
                CardChange.objects.filter(pk__in=stale).update(status=CardChange.Status.STALE)
                outcome.stale += len(stale)
    if outcome.applied:
        transaction.on_commit(search_index_clear)
    outcome.left = _card_import_recount(card_import)
    return outcome


def card_changes_discard(
    *, card_import: CardImport, user, change_ids: Iterable[int] | None = None
) -> ChangesOutcome:
    """Discard the import's waiting changes and conflicts (all, or ``change_ids``): the cards stay."""
    if not can_manage_card_pool(user):
        raise CardPoolNotAllowed(_("Only admins change the shared card pool."))
    ids = _pending_changes(
        card_import=card_import,
        change_ids=change_ids,
        kinds=(CardChange.Kind.CHANGE, CardChange.Kind.CONFLICT),
    )
    outcome = ChangesOutcome()
    now = timezone.now()
    for chunk in _chunks(ids, 500):
        with transaction.atomic():
            outcome.discarded += CardChange.objects.filter(
                pk__in=chunk, status=CardChange.Status.PENDING
            ).update(status=CardChange.Status.DISCARDED, discarded_by=user, discarded_at=now)
    outcome.left = _card_import_recount(card_import)
    return outcome


def _card_import_recount(card_import: CardImport) -> int:
    """Refresh the import's waiting counts; return how many changes and conflicts still wait."""
    changes = CardChange.objects.filter(card_import=card_import, status=CardChange.Status.PENDING)
    staged = changes.filter(kind=CardChange.Kind.CHANGE).count()
    conflicts = changes.filter(kind=CardChange.Kind.CONFLICT).count()
    CardImport.objects.filter(pk=card_import.pk).update(staged=staged, conflicts=conflicts)
    card_import.staged, card_import.conflicts = staged, conflicts
    return staged + conflicts


# --- banlists ------------------------------------------------------------------------------------------


def banlists_import(*, data: bytes | str, source: str = "", game: str = Game.YUGIOH) -> ImportResult:
    """Create or update every ``!name`` list of an lflist.conf file (one transaction: a few lists)."""
    size = len(data.encode() if isinstance(data, str) else data)
    card_file_check_size(size=size, filename=source or "lflist.conf")
    try:
        lists = read_banlists(data)
    except BanlistError as error:
        raise ImportFailed(f"line {error.line}: {error.message}", where=f"line {error.line}") from None
    except (RecursionError, UnicodeError, ValueError) as error:
        raise ImportFailed(_("not a banlist file (%(error)s)") % {"error": error}) from None
    if not lists:
        raise ImportFailed("the file holds no banlist: a list starts with a '!name' line.")
    result = ImportResult(game=game, total=len(lists))
    with transaction.atomic():
        for banlist in lists:
            limits = dict(banlist.limits)
            digest = hashlib.sha256(
                json.dumps([banlist.name, banlist.whitelist, limits], sort_keys=True).encode()
            ).hexdigest()
            current = Banlist.objects.filter(game=game, name=banlist.name).first()
            result.names.append(banlist.name)
            if current is None:
                Banlist.objects.create(
                    game=game,
                    name=banlist.name,
                    date=banlist.date,
                    whitelist=banlist.whitelist,
                    limits=limits,
                    source=source[:255],
                    content_hash=digest,
                )
                result.created += 1
            elif current.content_hash != digest:
                current.date, current.whitelist, current.limits = banlist.date, banlist.whitelist, limits
                current.source, current.content_hash = source[:255], digest
                current.save()
                result.updated += 1
            else:
                result.unchanged += 1
    return result


def banlists_import_file(*, path: str | Path, game: str = Game.YUGIOH) -> ImportResult:
    card_file_check_size(size=Path(path).stat().st_size, filename=Path(path).name)
    return banlists_import(data=Path(path).read_bytes(), source=Path(path).name, game=game)


# --- the page's imports (a Celery task) ----------------------------------------------------------------


def card_import_start(*, game: str, filename: str, data: bytes, user=None) -> CardImport:
    """Record an uploaded card file and send it to a worker once the row is committed."""
    if user is not None and not can_manage_card_pool(user):
        raise CardPoolNotAllowed(_("Only admins change the shared card pool."))
    if game not in Game.values:
        raise ImportFailed(
            _("Unknown game “%(game)s”; expected one of %(games)s.")
            % {"game": game, "games": ", ".join(Game.values)}
        )
    name = Path(filename).name[:255]
    card_file_check_size(size=len(data), filename=name)
    if not data:
        raise ImportFailed(_("%(file)s is empty.") % {"file": name}, where=name)
    task_id = str(uuid.uuid4())
    with transaction.atomic():
        job = CardImport.objects.create(
            game=game,
            filename=name,
            size=len(data),
            origin=CardImport.Origin.UPLOAD,
            created_by=user,
            task_id=task_id,
        )
        CardImportFile.objects.create(card_import=job, data=data)
        _send(job)
    return job


def _send(job: CardImport) -> None:
    from decks.tasks import import_cards_task

    task_id = job.task_id
    transaction.on_commit(lambda: import_cards_task.apply_async(args=[job.pk], task_id=task_id))


def card_import_retry(*, card_import: CardImport, user) -> CardImport:
    """Run a failed import again (its file is kept until it succeeds); it resumes where it stopped."""
    if not can_manage_card_pool(user):
        raise CardPoolNotAllowed(_("Only admins change the shared card pool."))
    with transaction.atomic():
        job = CardImport.objects.select_for_update().get(pk=card_import.pk)
        if job.status != CardImport.Status.FAILED:
            raise ImportFailed(_("Only a failed import can be run again."), status=409)
        if not CardImportFile.objects.filter(card_import=job).exists():
            raise ImportFailed(
                _("The file of this import is not kept any more: upload it again."), status=409
            )
        job.status = CardImport.Status.PENDING
        job.error = ""
        job.task_id = str(uuid.uuid4())
        job.finished_at = None
        job.save(update_fields=["status", "error", "task_id", "finished_at"])
        _send(job)
    return job


def card_import_run(*, import_id: int, progress: ProgressCallback | None = None) -> ImportResult | None:
    """Run the import of ``CardImport`` ``import_id`` (the worker's side). Any error marks the import
    failed with its message and is raised again; a finished import is not run twice (None)."""
    job = CardImport.objects.filter(pk=import_id).first()
    if job is None or job.status in (CardImport.Status.DONE, CardImport.Status.FAILED):
        return None
    # Waiting → a fresh start; already running → a run that was interrupted (worker killed), resumed:
    # its counters go on from the chunks that were written.
    if job.status == CardImport.Status.PENDING:
        CardImport.objects.filter(pk=import_id).update(
            status=CardImport.Status.RUNNING, started_at=timezone.now()
        )
    try:
        if progress:
            progress(0, 1, _("Reading the file"))
        stored = CardImportFile.objects.filter(card_import=job).values_list("data", flat=True).first()
        if stored is None:
            raise ImportFailed(_("The file of this import is not kept any more: upload it again."))
        records = read_card_file(data=bytes(stored), filename=job.filename, game=job.game)
        return cards_import(
            game=job.game, records=records, progress=progress, card_import=job, filename=job.filename
        )
    except Exception as error:
        message = error.message if isinstance(error, ImportFailed) else f"{type(error).__name__}: {error}"
        CardImport.objects.filter(pk=import_id).update(
            status=CardImport.Status.FAILED, error=message[:2000], finished_at=timezone.now()
        )
        raise
