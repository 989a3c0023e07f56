"""Importing card files and banlists into the database: idempotent and atomic.

A file is read completely (and checked) before anything is written; the writes happen in
one transaction, in batches (``bulk_create`` / ``bulk_update``). A card whose imported
record did not change since the last import is not written at all.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection, transaction
from django.utils import timezone

from decks.cardfiles import BanlistError, CardFileError, CardRecord, read_banlists, read_cards
from decks.models import Banlist, Card, CardImport, CardKey, Game
from decks.names import normalise_name
from decks.selectors import search_index_clear

BATCH_SIZE = 1000
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


class ImportFailed(ValueError):
    """A card or banlist file that cannot be imported; ``where`` names the row, line or card."""

    def __init__(self, message: str, *, where: str | None = None):
        self.message = message
        self.where = where
        super().__init__(message)


@dataclass
class ImportResult:
    game: str
    total: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    names: list[str] = field(default_factory=list)  # banlists: the list names

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "game": self.game,
            "total": self.total,
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
        }
        if self.names:
            data["names"] = self.names
        return data


def record_hash(record: CardRecord) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def card_fields_from_record(record: CardRecord) -> dict[str, object]:
    name_fr = record["name_fr"] or ""
    return {
        "name": record["name"][:255],
        "name_fr": name_fr[:255],
        "name_norm": normalise_name(record["name"])[:255],
        "name_fr_norm": normalise_name(name_fr)[:255] if name_fr else "",
        "kind": record["kind"],
        "alias_of": record["alias_of"] or "",
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


def card_to_record(card: Card) -> CardRecord:
    """The pure layer's view of a stored card."""
    return {
        "game": card.game,
        "key": card.key,
        "name": card.name,
        "name_fr": card.name_fr or None,
        "kind": card.kind,
        "alias_of": card.alias_of or None,
        "alternate_keys": list(card.alternate_keys),
        "tags": list(card.tags),
        "stats": dict(card.stats),
        "limits": dict(card.limits),
        "scopes": list(card.scopes),
        "rarity": card.rarity or None,
        "max_copies": card.max_copies,
        "source": card.source,
    }


def read_card_file(*, data: bytes, filename: str, game: str) -> list[CardRecord]:
    """Read and check every card of a file; raise ImportFailed naming the row/line/card at fault."""
    if game not in Game.values:
        raise ImportFailed(f"Unknown game {game!r}; expected one of {', '.join(Game.values)}.")
    try:
        records = list(read_cards(data, game=game, filename=filename))
    except CardFileError as error:
        raise ImportFailed(str(error), where=error.where) from None
    if not records:
        raise ImportFailed(f"{filename}: the file holds no card.")
    return records


def cards_import(
    *,
    game: str,
    records: Iterable[CardRecord],
    progress: ProgressCallback | None = None,
) -> ImportResult:
    """Create or update the cards of ``records`` (one transaction). Running it twice changes nothing."""
    unique: dict[str, CardRecord] = {}
    for record in records:
        if record["game"] != game:
            raise ImportFailed(f"card {record['key']} is a {record['game']} card, not {game}")
        unique.setdefault(record["key"], record)  # the first record for an id wins
    result = ImportResult(game=game, total=len(unique))
    keys = list(unique)
    with transaction.atomic():
        existing = {
            key: (pk, content_hash)
            for key, pk, content_hash in Card.objects.filter(game=game).values_list(
                "key", "pk", "content_hash"
            )
        }
        to_create: list[Card] = []
        to_update: list[Card] = []
        now = timezone.now()  # bulk_update does not touch auto_now fields: set it (search caches watch it)
        for key in keys:
            fields = card_fields_from_record(unique[key])
            if key not in existing:
                to_create.append(Card(game=game, key=key, updated_at=now, **fields))
            elif existing[key][1] != fields["content_hash"]:
                to_update.append(Card(pk=existing[key][0], game=game, key=key, updated_at=now, **fields))
            else:
                result.unchanged += 1
        done = result.unchanged
        total = len(keys)
        if progress:
            progress(done, total, "")
        for start in range(0, len(to_create), BATCH_SIZE):
            batch = to_create[start : start + BATCH_SIZE]
            Card.objects.bulk_create(batch, batch_size=BATCH_SIZE)
            done += len(batch)
            if progress:
                progress(done, total, "")
        for start in range(0, len(to_update), BATCH_SIZE):
            batch = to_update[start : start + BATCH_SIZE]
            _update_rows(batch)
            done += len(batch)
            if progress:
                progress(done, total, "")
        result.created, result.updated = len(to_create), len(to_update)
        if to_create or to_update:
            _rebuild_keys(game=game, keys=[card.key for card in to_create + to_update], unique=unique)
            transaction.on_commit(search_index_clear)
    return result


def _update_rows(cards: list[Card]) -> None:
    """UPDATE … WHERE id = … for each card, with executemany: ``bulk_update`` builds one CASE per field
    and row, which takes close to a minute for the whole Yu-Gi-Oh! pool; this takes about a second."""
    fields = [Card._meta.get_field(name) for name in CARD_FIELDS]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = f"UPDATE {quote(Card._meta.db_table)} SET {assignments} WHERE {quote('id')} = %s"  # noqa: S608
    params = [
        [field.get_db_prep_save(getattr(card, field.attname), connection) for field in fields] + [card.pk]
        for card in cards
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


def _rebuild_keys(*, game: str, keys: list[str], unique: dict[str, CardRecord]) -> None:
    ids = {}
    for start in range(0, len(keys), 900):
        chunk = keys[start : start + 900]
        ids.update(Card.objects.filter(game=game, key__in=chunk).values_list("key", "pk"))
        CardKey.objects.filter(card_id__in=[ids[key] for key in chunk if key in ids]).delete()
    taken: set[str] = set()
    rows = []
    # A card's own id first; alternate ids only where no card owns them.
    for key in keys:
        taken.add(key.lower())
        rows.append(CardKey(game=game, key=key.lower(), card_id=ids[key]))
    for key in keys:
        for other in unique[key]["alternate_keys"]:
            if other.lower() not in taken:
                taken.add(other.lower())
                rows.append(CardKey(game=game, key=other.lower(), card_id=ids[key]))
    owned = set()
    for start in range(0, len(rows), 900):
        owned.update(
            CardKey.objects.filter(
                game=game, key__in=[row.key for row in rows[start : start + 900]]
            ).values_list("key", flat=True)
        )
    # Keys held by a card outside this import move to the imported card when it is the card's own id.
    own = {key.lower() for key in keys}
    CardKey.objects.filter(game=game, key__in=[key for key in owned if key in own]).delete()
    rows = [row for row in rows if row.key in own or row.key not in owned]
    CardKey.objects.bulk_create(rows, batch_size=BATCH_SIZE)


def cards_import_file(
    *,
    path: str | Path | None = None,
    data: bytes | None = None,
    filename: str | None = None,
    game: str,
    progress: ProgressCallback | None = None,
) -> ImportResult:
    """Read a card file (path, or bytes with its file name) and import it."""
    if data is None:
        if path is None:
            raise ValueError("pass path= or data=")
        data = Path(path).read_bytes()
        filename = filename or Path(path).name
    if filename is None:
        raise ValueError("pass filename= with data=")
    records = read_card_file(data=data, filename=filename, game=game)
    return cards_import(game=game, records=records, progress=progress)


def banlists_import(*, data: bytes | str, source: str = "", game: str = Game.YUGIOH) -> ImportResult:
    """Create or update every ``!name`` list of an lflist.conf file (one transaction)."""
    try:
        lists = read_banlists(data)
    except BanlistError as error:
        raise ImportFailed(f"line {error.line}: {error.message}", where=f"line {error.line}") from None
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
    return banlists_import(data=Path(path).read_bytes(), source=Path(path).name, game=game)


def card_import_start(*, game: str, filename: str, data: bytes, user=None) -> CardImport:
    """Record an uploaded card file and send it to a worker once the row is committed."""
    from decks.tasks import import_cards_task

    if game not in Game.values:
        raise ImportFailed(f"Unknown game {game!r}; expected one of {', '.join(Game.values)}.")
    task_id = str(uuid.uuid4())
    with transaction.atomic():
        job = CardImport.objects.create(
            game=game, filename=Path(filename).name[:255], data=data, created_by=user, task_id=task_id
        )
        transaction.on_commit(lambda: import_cards_task.apply_async(args=[job.pk], task_id=task_id))
    return job
