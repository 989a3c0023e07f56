"""python manage.py build_card_snapshot --from DIR: rewrite decks/snapshots/ from the shared data folder."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from decks.cardfiles import shared_data_dir
from decks.services.cards import ImportFailed
from decks.services.snapshot import SNAPSHOT_DIR, snapshot_build


class Command(BaseCommand):
    help = (
        "Build the card snapshot shipped with the site (decks/snapshots/: Yu-Gi-Oh! cards and current TCG "
        "banlist, Vanguard cards, manifest.json) from a shared data folder (shared/data/README.md). "
        "Needs no network."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--from",
            dest="source",
            help="data folder holding yugioh/ and vanguard/ (default: ../shared/data or $TABLESIDE_SHARED)",
        )
        parser.add_argument("--out", default=str(SNAPSHOT_DIR), help="where to write (default: %(default)s)")

    def handle(self, *args, **options):
        source = Path(options["source"]) if options["source"] else shared_data_dir()
        if source is None or not (source / "yugioh" / "cards.json").is_file():
            raise CommandError(f"{source}: no yugioh/cards.json there (pass --from DIR)", returncode=2)
        try:
            manifest = snapshot_build(source=source, out=Path(options["out"]))
        except (ImportFailed, OSError, ValueError, KeyError) as error:
            raise CommandError(f"cannot build the snapshot: {error}", returncode=2) from None
        for entry in manifest["files"]:
            what = "banlist entries" if entry["kind"] == "banlist" else "cards"
            self.stdout.write(
                f"  {entry['name']}: {entry['count']:,} {what}, "
                f"{entry['compressed_size']:,} bytes (from {entry['source']})"
            )
        total = sum(entry["compressed_size"] for entry in manifest["files"])
        self.stdout.write(self.style.SUCCESS(f"Snapshot written to {options['out']} ({total:,} bytes)."))
