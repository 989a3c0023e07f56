"""python manage.py load_card_snapshot: load the card pool shipped in decks/snapshots/ (idempotent)."""

from __future__ import annotations

import json
import time

from django.core.management.base import BaseCommand, CommandError

from decks.management.commands.import_cards import print_review
from decks.services.cards import ImportFailed
from decks.services.snapshot import snapshot_load


class Command(BaseCommand):
    help = (
        "Load the card pool shipped with the site (decks/snapshots/): every Yu-Gi-Oh! card and the current "
        "TCG banlist, the Vanguard lists. No network. New cards are added; changes to cards the pool holds "
        "are staged for an admin like any import (--apply-changes applies them); a file already loaded is "
        "skipped (use --force to compare it again). A damaged snapshot changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="compare every file with the pool again")
        parser.add_argument(
            "--apply-changes",
            action="store_true",
            help="apply the changes the snapshot brings to existing cards (each one is kept in the audit)",
        )
        parser.add_argument("--json", action="store_true", help="print the outcome as JSON")

    def handle(self, *args, **options):
        started = time.perf_counter()
        try:
            outcome = snapshot_load(force=options["force"], apply_changes=options["apply_changes"])
        except ImportFailed as error:
            raise CommandError(str(error), returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(outcome.to_json()))
            return
        for entry, result in outcome.loaded:
            self.stdout.write(
                f"  {entry.name}: {result.total:,} — {result.created:,} new, {result.updated:,} updated, "
                f"{result.unchanged:,} unchanged"
                + (f", {result.staged} staged" if result.staged else "")
                + (f", {result.conflicts} conflicts" if result.conflicts else "")
                + (f", {result.applied} changes applied" if result.applied else "")
            )
            print_review(self.stdout.write, result, applied_flag="--force --apply-changes")
        if outcome.skipped:
            self.stdout.write(f"  already loaded: {', '.join(entry.name for entry in outcome.skipped)}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Card snapshot of {outcome.built_at} loaded in {time.perf_counter() - started:.2f} s."
            )
        )
