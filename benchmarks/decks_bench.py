"""Decks benchmark: import the 14,218-card cards.json, validate a deck against it, card-search autocomplete.

    python benchmarks/decks_bench.py            # SQLite in a temporary folder
    DATABASE_URL=postgres://… python benchmarks/decks_bench.py

Uses /work/shared/data/yugioh/cards.json (TABLESIDE_SHARED) when present, else a synthetic file of the same
size built from decks/fixtures. Prints one JSON object with the figures and the targets of issue 5:
import < 15 s, validation < 5 ms, autocomplete p95 < 30 ms.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CARD_COUNT = 14_218
QUERIES = [
    "blue",
    "blue eyes",
    "Blue-Eyes White Dragon",
    "dragon blanc",
    "ash blos",
    "ash blosom",
    "pot of gred",
    "dark magican",
    "magicien sombre",
    "called by",
    "apolousa",
    "trickstar",
    "elemental hero",
    "hero",
    "xyz",
    "number 39",
    "stardust",
    "poussiere d etoile",
    "raigeki",
    "mirror force",
    "torrential",
    "sky striker",
    "infinite imperm",
    "floraison",
    "kuriboh",
    "link",
    "s",
    "zzzzq",
    "effect veiler",
    "solemn",
]


def card_file(tmp: Path) -> tuple[Path, str]:
    from decks.cardfiles import shared_data_dir

    shared = shared_data_dir()
    if shared and (shared / "yugioh" / "cards.json").is_file():
        return shared / "yugioh" / "cards.json", "shared cards.json"
    fixture = json.loads((ROOT / "decks" / "fixtures" / "yugioh-cards.json").read_text())["data"]
    cards = []
    for n in range(CARD_COUNT):
        base = dict(fixture[n % len(fixture)])
        base["id"] = 100_000_000 + n
        base["name"] = f"{base['name']} {n}" if n >= len(fixture) else base["name"]
        base["card_images"] = [{"id": base["id"]}]
        cards.append(base)
    path = tmp / "cards.json"
    path.write_text(json.dumps({"data": cards}))
    return path, "synthetic"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def run(tmp: Path) -> dict:
    from decks.formats import DeckList
    from decks.models import Card
    from decks.selectors import banlist_get, banlist_to_engine, card_search
    from decks.services.cards import banlists_import_file, cards_import_file
    from decks.services.validation import deck_validate

    path, source = card_file(tmp)
    started = time.perf_counter()
    first = cards_import_file(path=path, game="yugioh")
    import_seconds = time.perf_counter() - started
    started = time.perf_counter()
    second = cards_import_file(path=path, game="yugioh")
    reimport_seconds = time.perf_counter() - started
    # Every card changed (as after a new upstream release): all 14,218 rows rewritten.
    changed = json.loads(path.read_text())
    for card in changed["data"]:
        card["name_fr"] = (card.get("name_fr") or card["name"]) + " (v2)"
    changed_path = tmp / "cards-v2.json"
    changed_path.write_text(json.dumps(changed))
    started = time.perf_counter()
    third = cards_import_file(path=changed_path, game="yugioh")
    update_all_seconds = time.perf_counter() - started
    cards_import_file(path=path, game="yugioh")
    banlists_import_file(path=ROOT / "decks" / "fixtures" / "banlist.lflist.conf")
    banlist = banlist_to_engine(banlist_get(name="2026.02 TCG"))

    # A 40 + 15 + 15 deck of real passcodes from the database.
    mains = list(
        Card.objects.filter(game="yugioh", kind__in=["spell", "trap"]).values_list("key", flat=True)[:14]
    )
    monsters = Card.objects.filter(game="yugioh", kind="monster").values_list("key", "tags")[:3000]
    extras = [key for key, tags in monsters if "extra_deck" in tags][:5]
    sides = list(Card.objects.filter(game="yugioh", kind="trap").values_list("key", flat=True)[20:25])
    deck = DeckList.of(
        main=[(int(k), 3) for k in mains[:13]] + [(int(mains[13]), 1)],
        extra=[(int(k), 3) for k in extras],
        side=[(int(k), 3) for k in sides],
    )
    validation_ms, validation_cpu_ms = [], []
    report = None
    for _ in range(60):
        started, cpu = time.perf_counter(), time.thread_time()
        report = deck_validate(deck=deck, game="yugioh", banlist=banlist)
        validation_ms.append((time.perf_counter() - started) * 1000)
        validation_cpu_ms.append((time.thread_time() - cpu) * 1000)

    for query in QUERIES:  # warm-up: caches, SQLite pages, the typo vocabulary
        card_search(game="yugioh", query=query)
    search_ms, search_cpu_ms = [], []
    for _ in range(5):
        for query in QUERIES:
            started, cpu = time.perf_counter(), time.thread_time()
            card_search(game="yugioh", query=query, limit=10)
            search_ms.append((time.perf_counter() - started) * 1000)
            search_cpu_ms.append((time.thread_time() - cpu) * 1000)
    result = {
        "cards": first.total,
        "card_source": source,
        "import_seconds": round(import_seconds, 2),
        "reimport_seconds": round(reimport_seconds, 2),
        "reimport_unchanged": second.unchanged,
        "update_all_seconds": round(update_all_seconds, 2),
        "update_all_updated": third.updated,
        "validate_ms_median": round(statistics.median(validation_ms[10:]), 2),
        "validate_ms_p95": round(percentile(validation_ms[10:], 0.95), 2),
        "validate_cpu_ms_median": round(statistics.median(validation_cpu_ms[10:]), 2),
        "validated_deck_counts": report.counts if report else None,
        "search_ms_median": round(statistics.median(search_ms), 2),
        "search_ms_p95": round(percentile(search_ms, 0.95), 2),
        # CPU time of this thread: what the figures would be on an idle machine (the wall clock also
        # counts the time other processes held the CPU).
        "search_cpu_ms_p95": round(percentile(search_cpu_ms, 0.95), 2),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "search_queries": len(search_ms),
        "targets": {"import_seconds": 15, "validate_ms": 5, "search_ms_p95": 30},
    }
    result["ok"] = (
        result["import_seconds"] < 15 and result["validate_ms_median"] < 5 and result["search_ms_p95"] < 30
    )
    return result


def main() -> None:
    tmp = tempfile.TemporaryDirectory(prefix="tableside-decks-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django
    from django.conf import settings

    if "DATABASE_URL" not in os.environ:
        settings.DATABASES["default"]["NAME"] = str(Path(tmp.name) / "bench.sqlite3")
    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = (
        str(Path(tmp.name) / "bench-test.sqlite3")
        if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
        else None
    )
    django.setup()
    from django.db import connection

    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        result = run(Path(tmp.name))
        result["database"] = connection.vendor
    finally:
        connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)
        tmp.cleanup()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
