"""The card pool shipped with the site: a compact snapshot of the real card lists, loaded on a fresh install.

``decks/snapshots/`` holds, gzip-compressed, the Yu-Gi-Oh! card list (YGOPRODeck JSON shape without card
text), the current TCG banlist (EDOPro lflist.conf) and the Cardfight!! Vanguard lists (VanguardEngine
``cards.db`` and the ygopro-cv ``cards.cdb`` without ability text), plus ``manifest.json`` naming each file's
source, checksum and counts. ``build_card_snapshot`` writes them from the shared data folder;
``load_card_snapshot`` (and ``load_demo``) loads them.

Loading goes through the ordinary importer (``cards_import``, ``banlists_import``), so the snapshot follows
the pool's trust rules:

* a card the pool does not hold is added — on a fresh install that is the whole snapshot, written directly;
* a card the pool holds with other values (an admin's edit, a newer snapshot) is **staged** as a
  ``CardChange`` for an admin, never overwritten; a card whose id belongs to another card is a conflict;
* the banlist (one list a file) is created when no list of that name exists; an existing list of the same
  name is left alone (an official list has a new name when it changes).

Each snapshot file is loaded once: its import is recorded under a label with its checksum
(``snapshot:yugioh-cards.json.gz@1a2b3c4d5e6f``), so a second run finds it and does nothing (a few
queries); ``force`` compares it with the pool again. Every file is read, decompressed under the card-file
cap, checked against the manifest's checksum and parsed before anything is written: a damaged snapshot
fails with a message naming the file, and the pool is unchanged.
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import io
import json
import sqlite3
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from decks.cardfiles import BanlistError, read_banlists
from decks.models import Banlist, CardImport
from decks.services.cards import (
    ImportFailed,
    ImportResult,
    ProgressCallback,
    banlists_import,
    card_import_max_bytes,
    cards_import,
    read_card_file,
)
from rulings.engine import registry

SNAPSHOT_DIR = Path(__file__).resolve().parents[1] / "snapshots"
MANIFEST_NAME = "manifest.json"
MANIFEST_MAX_BYTES = 64 * 1024
SNAPSHOT_FORMAT = 1
LABEL_PREFIX = "snapshot:"
KINDS = ("cards", "banlist")


@dataclass(frozen=True)
class SnapshotFile:
    """One entry of the manifest."""

    name: str  # file in the snapshot folder, e.g. yugioh-cards.json.gz
    game: str
    kind: str  # cards | banlist
    reader_filename: str  # the name the card reader is given (its extension picks the reader)
    sha256: str  # of the decompressed bytes
    size: int  # decompressed bytes
    count: int  # cards, or banlist entries
    lists: tuple[str, ...] = ()  # banlists: the list names

    @property
    def label(self) -> str:
        return f"{LABEL_PREFIX}{self.name}@{self.sha256[:12]}"


@dataclass
class SnapshotOutcome:
    built_at: str = ""
    loaded: list[tuple[SnapshotFile, ImportResult]] = field(default_factory=list)
    skipped: list[SnapshotFile] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "built_at": self.built_at,
            "loaded": [{"file": entry.name, **result.to_json()} for entry, result in self.loaded],
            "skipped": [entry.name for entry in self.skipped],
        }


def _fail(message: str, *, where: str | None = None) -> ImportFailed:
    return ImportFailed(
        f"card snapshot: {message} Rebuild it (manage.py build_card_snapshot) or restore decks/snapshots/ "
        "from git; nothing was loaded.",
        where=where,
    )


# --- reading -------------------------------------------------------------------------------------------


def _entry(raw: Any, index: int) -> SnapshotFile:
    where = f"{MANIFEST_NAME} file #{index + 1}"
    if not isinstance(raw, dict):
        raise _fail(f"{where} is not an object.", where=where)
    try:
        entry = SnapshotFile(
            name=str(raw["name"]),
            game=str(raw["game"]),
            kind=str(raw["kind"]),
            reader_filename=str(raw["reader_filename"]),
            sha256=str(raw["sha256"]),
            size=int(raw["size"]),
            count=int(raw["count"]),
            lists=tuple(str(name) for name in raw.get("lists") or ()),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise _fail(f"{where} lacks or garbles {error}.", where=where) from None
    if entry.kind not in KINDS or entry.game not in registry.game_keys():
        raise _fail(f"{where}: unknown kind {entry.kind!r} or game {entry.game!r}.", where=where)
    if Path(entry.name).name != entry.name or not entry.name.endswith(".gz"):
        raise _fail(f"{where}: {entry.name!r} is not a .gz file of the snapshot folder.", where=where)
    if len(entry.sha256) != 64 or not 0 < entry.size <= card_import_max_bytes():
        raise _fail(f"{where}: bad checksum or size.", where=where)
    return entry


def snapshot_manifest(directory: Path | None = None) -> tuple[dict[str, Any], list[SnapshotFile]]:
    """The manifest (as a dict) and its files, checked; ImportFailed when it is missing or damaged."""
    path = (directory or SNAPSHOT_DIR) / MANIFEST_NAME
    try:
        with path.open("rb") as handle:
            data = handle.read(MANIFEST_MAX_BYTES + 1)
    except OSError as error:
        raise _fail(f"cannot read {path} ({error.strerror or error}).", where=MANIFEST_NAME) from None
    if len(data) > MANIFEST_MAX_BYTES:
        raise _fail(f"{MANIFEST_NAME} is over {MANIFEST_MAX_BYTES:,} bytes.", where=MANIFEST_NAME)
    try:
        manifest = json.loads(data)
    except (ValueError, RecursionError) as error:
        raise _fail(f"{MANIFEST_NAME} is not JSON ({error}).", where=MANIFEST_NAME) from None
    if not isinstance(manifest, dict) or manifest.get("format") != SNAPSHOT_FORMAT:
        raise _fail(
            f"{MANIFEST_NAME} is not a format-{SNAPSHOT_FORMAT} snapshot manifest.", where=MANIFEST_NAME
        )
    files = manifest.get("files")
    if not isinstance(files, list) or not files:
        raise _fail(f"{MANIFEST_NAME} lists no file.", where=MANIFEST_NAME)
    return manifest, [_entry(raw, index) for index, raw in enumerate(files)]


def snapshot_file_bytes(entry: SnapshotFile, directory: Path | None = None) -> bytes:
    """The decompressed bytes of one snapshot file, read under the card-file cap and checked against the
    manifest (size and SHA-256)."""
    path = (directory or SNAPSHOT_DIR) / entry.name
    limit = card_import_max_bytes()
    try:
        with path.open("rb") as raw, gzip.GzipFile(fileobj=raw, mode="rb") as unzipped:
            data = unzipped.read(limit + 1)
    except OSError as error:  # a missing file, or not gzip at all (BadGzipFile)
        raise _fail(f"cannot read {entry.name} ({error}).", where=entry.name) from None
    except (EOFError, zlib.error) as error:  # cut short, or damaged inside
        raise _fail(
            f"{entry.name} is truncated or damaged ({error or 'unexpected end'}).", where=entry.name
        ) from None
    if len(data) > limit:
        raise _fail(f"{entry.name} unpacks to more than {limit:,} bytes.", where=entry.name)
    if len(data) != entry.size or hashlib.sha256(data).hexdigest() != entry.sha256:
        raise _fail(
            f"{entry.name} does not match its checksum in {MANIFEST_NAME} (damaged or edited by hand).",
            where=entry.name,
        )
    return data


def _parse(entry: SnapshotFile, data: bytes) -> Any:
    """Cards (records) or banlist bytes, checked completely, with the counts of the manifest."""
    if entry.kind == "cards":
        try:
            records = read_card_file(data=data, filename=entry.reader_filename, game=entry.game)
        except ImportFailed as error:
            raise _fail(f"{entry.name}: {error.message}", where=error.where or entry.name) from None
        if len(records) != entry.count:
            raise _fail(f"{entry.name} holds {len(records)} cards, the manifest says {entry.count}.")
        return records
    try:
        lists = read_banlists(data)
    except BanlistError as error:
        raise _fail(f"{entry.name}: line {error.line}: {error.message}.", where=entry.name) from None
    names = tuple(banlist.name for banlist in lists)
    if len(names) != 1 or names != entry.lists or len(lists[0].limits) != entry.count:
        raise _fail(f"{entry.name} holds the lists {names}, not the one of the manifest.", where=entry.name)
    return data


# --- loading -------------------------------------------------------------------------------------------


def _is_loaded(entry: SnapshotFile) -> bool:
    if entry.kind == "cards":
        return CardImport.objects.filter(
            game=entry.game, filename=entry.label, status=CardImport.Status.DONE
        ).exists()
    return Banlist.objects.filter(game=entry.game, name__in=entry.lists).count() == len(entry.lists)


def snapshot_games_loaded() -> set[str]:
    """The games whose cards came from a snapshot (the demo then skips its small fixture pools)."""
    return set(
        CardImport.objects.filter(filename__startswith=LABEL_PREFIX, status=CardImport.Status.DONE)
        .values_list("game", flat=True)
        .distinct()
    )


def snapshot_load(
    *,
    directory: Path | None = None,
    force: bool = False,
    apply_changes: bool = False,
    progress: ProgressCallback | None = None,
) -> SnapshotOutcome:
    """Load the files of the snapshot not loaded yet (all with ``force``); see the module's docstring.
    ``apply_changes`` applies the changes staged for existing cards at once (``load_card_snapshot
    --apply-changes``, audited as that command)."""
    manifest, entries = snapshot_manifest(directory)
    outcome = SnapshotOutcome(built_at=str(manifest.get("built_at", "")))
    todo = []
    for entry in entries:
        if not force and _is_loaded(entry):
            outcome.skipped.append(entry)
        else:
            todo.append(entry)
    # Everything read and checked before the first write.
    parsed = [(entry, _parse(entry, snapshot_file_bytes(entry, directory))) for entry in todo]
    for entry, payload in parsed:
        if entry.kind == "cards":
            result = cards_import(
                game=entry.game,
                records=payload,
                progress=progress,
                filename=entry.label,
                origin=CardImport.Origin.COMMAND,
                apply_changes=apply_changes,
                applied_via="manage.py load_card_snapshot",
            )
        else:
            result = _banlists_load(entry, payload)
        outcome.loaded.append((entry, result))
    return outcome


def _banlists_load(entry: SnapshotFile, data: bytes) -> ImportResult:
    """Create the snapshot's list unless the pool has a list of that name (which is never replaced)."""
    if Banlist.objects.filter(game=entry.game, name__in=entry.lists).exists():
        return ImportResult(game=entry.game, total=len(entry.lists), unchanged=len(entry.lists))
    return banlists_import(data=data, source=entry.label, game=entry.game)


# --- building ------------------------------------------------------------------------------------------

# Where the shared data files come from (shared/data/README.md); recorded in the manifest.
UPSTREAM = {
    "yugioh/cards.json": (
        "assembled by the shared data folder from DawnbrandBots/yaml-yugi @ 346997050053 (2026-08-22) and, "
        "for alternate artworks, iconmaster5326/YGOJSON @ 14e3ec20b459 (MIT)"
    ),
    "yugioh/*.lflist.conf": "ProjectIgnis/LFLists @ 4f295cf0dbb6 (2026-07-24)",
    "vanguard/cards.db": "thepotatopower/VanguardEngine @ 2789bb9e47f9 (2025-03-03), D format",
    "vanguard/ygopro-cv/cards.cdb": "Kazeviur/ygopro-cv @ ce395e890ef4 (2021-10-29), GPL-3.0, VG-TD01-TD10",
}


def _sqlite(data: bytes) -> sqlite3.Connection:
    connection = sqlite3.connect(":memory:")
    connection.deserialize(data)
    return connection


def _copy_table(source: sqlite3.Connection, target: sqlite3.Connection, table: str) -> None:
    ddl = source.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).fetchone()
    target.execute(ddl[0])
    rows = source.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()  # noqa: S608 - fixed names
    if rows:
        marks = ", ".join("?" * len(rows[0]))
        target.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)  # noqa: S608


def strip_engine_db(data: bytes) -> bytes:
    """VanguardEngine cards.db with its ``data`` table and, for each card, the first name only (no text)."""
    source, target = _sqlite(data), sqlite3.connect(":memory:")
    _copy_table(source, target, "data")
    target.execute("CREATE TABLE text (id TEXT, name TEXT)")
    target.executemany(
        "INSERT INTO text VALUES (?, ?)",
        source.execute(
            "SELECT t.id, t.name FROM text t JOIN (SELECT id, MIN(rowid) AS first FROM text GROUP BY id) u "
            "ON t.rowid = u.first ORDER BY t.id"
        ),
    )
    target.commit()
    return target.serialize()


def strip_ygopro_cdb(data: bytes) -> bytes:
    """A YGOPro-layout cdb with ``datas`` and names; the card text is kept only as the word the Vanguard
    reader looks for ("Sentinel")."""
    source, target = _sqlite(data), sqlite3.connect(":memory:")
    _copy_table(source, target, "datas")
    target.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT)")
    target.executemany(
        "INSERT INTO texts VALUES (?, ?, ?)",
        (
            (code, name, "Sentinel" if "Sentinel" in (desc or "") else "")
            for code, name, desc in source.execute("SELECT id, name, desc FROM texts ORDER BY id")
        ),
    )
    target.commit()
    return target.serialize()


def strip_ygoprodeck_json(data: bytes) -> bytes:
    """The YGOPRODeck document without card text (``desc``), compact."""
    document = json.loads(data)
    cards = document["data"] if isinstance(document, dict) else document
    for card in cards:
        card.pop("desc", None)
    return json.dumps({"data": cards}, ensure_ascii=False, separators=(",", ":")).encode()


def current_tcg_banlist(folder: Path) -> tuple[Path, str]:
    """The lflist.conf file whose first list is the newest "YYYY.MM TCG" list, and that list's name."""
    best: tuple[dt.date, Path, str] | None = None
    for path in sorted(folder.glob("*.lflist.conf")):
        lists = read_banlists(path.read_bytes())
        for banlist in lists[:1]:
            if banlist.name.endswith(" TCG") and banlist.date and (best is None or banlist.date > best[0]):
                best = (banlist.date, path, banlist.name)
    if best is None:
        raise ImportFailed(f"no '!YYYY.MM TCG' banlist in {folder}")
    return best[1], best[2]


def _only_banlist(data: bytes, name: str) -> bytes:
    """The lines of one ``!name`` list of an lflist.conf file (comments included), as it is written."""
    out, keep = [], False
    for line in data.decode("utf-8-sig").replace("\r\n", "\n").split("\n"):
        if line.startswith("!"):
            keep = line[1:].strip() == name
        if keep:
            out.append(line)
    return ("\n".join([f"#[{name}]", *out]).rstrip("\n") + "\n").encode()


def _gzip(data: bytes) -> bytes:
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9, mtime=0) as handle:
        handle.write(data)
    return buffer.getvalue()


def _records_equal(original: bytes, stripped: bytes, *, filename: str, game: str) -> list:
    """The stripped file must give exactly the cards the source gives (what the importer would store)."""
    before = read_card_file(data=original, filename=filename, game=game)
    after = read_card_file(data=stripped, filename=filename, game=game)
    if before != after:
        raise ImportFailed(f"stripping {filename} changed its cards: the snapshot builder is wrong")
    return after


def snapshot_build(
    *, source: Path, out: Path | None = None, now: dt.datetime | None = None
) -> dict[str, Any]:
    """Write the snapshot files and manifest from the shared data folder ``source``; return the manifest."""
    out = out or SNAPSHOT_DIR
    out.mkdir(parents=True, exist_ok=True)
    files: list[dict[str, Any]] = []

    def add(name: str, game: str, kind: str, reader: str, data: bytes, origin: Path, **extra: Any) -> None:
        (out / name).write_bytes(_gzip(data))
        raw = origin.read_bytes()
        files.append(
            {
                "name": name,
                "game": game,
                "kind": kind,
                "reader_filename": reader,
                "sha256": hashlib.sha256(data).hexdigest(),
                "size": len(data),
                "compressed_size": (out / name).stat().st_size,
                **extra,
                "source": origin.relative_to(source).as_posix(),
                "source_sha256": hashlib.sha256(raw).hexdigest(),
                "source_size": len(raw),
            }
        )

    cards_json = source / "yugioh" / "cards.json"
    original = cards_json.read_bytes()
    stripped = strip_ygoprodeck_json(original)
    records = _records_equal(original, stripped, filename="cards.json", game="yugioh")
    add(
        "yugioh-cards.json.gz",
        "yugioh",
        "cards",
        "cards.json",
        stripped,
        cards_json,
        count=len(records),
        alternate_ids=sum(len(r["alternate_keys"]) for r in records),
        french_names=sum(1 for r in records if r["name_fr"]),
        extra_deck=sum(1 for r in records if "extra_deck" in r["tags"]),
        upstream=UPSTREAM["yugioh/cards.json"],
    )
    banlist_path, banlist_name = current_tcg_banlist(source / "yugioh")
    banlist_data = _only_banlist(banlist_path.read_bytes(), banlist_name)
    (banlist,) = read_banlists(banlist_data)
    copies = list(banlist.limits.values())
    add(
        "yugioh-banlist-tcg.lflist.conf.gz",
        "yugioh",
        "banlist",
        "lflist.conf",
        banlist_data,
        banlist_path,
        count=len(banlist.limits),
        lists=[banlist_name],
        forbidden=copies.count(0),
        limited=copies.count(1),
        semi_limited=copies.count(2),
        upstream=UPSTREAM["yugioh/*.lflist.conf"],
    )
    for name, relative, reader, strip in (
        ("vanguard-d-cards.db.gz", "vanguard/cards.db", "cards.db", strip_engine_db),
        ("vanguard-original-cards.cdb.gz", "vanguard/ygopro-cv/cards.cdb", "cards.cdb", strip_ygopro_cdb),
    ):
        original = (source / relative).read_bytes()
        stripped = strip(original)
        records = _records_equal(original, stripped, filename=reader, game="vanguard")
        add(
            name,
            "vanguard",
            "cards",
            reader,
            stripped,
            source / relative,
            count=len(records),
            upstream=UPSTREAM[relative],
        )
    manifest = {
        "format": SNAPSHOT_FORMAT,
        "built_at": (now or dt.datetime.now(dt.UTC)).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "built_with": "python manage.py build_card_snapshot --from <shared/data>",
        "note": (
            "Compact copies of the shared data files: no card text; read by the same readers as "
            "import_cards / import_banlist. Licences and upstream details: shared/data/README.md."
        ),
        "files": files,
    }
    (out / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return manifest
