"""python manage.py import_cards --game G FILE: .cdb, YGOPRODeck .json, Vanguard .db or .csv."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from decks.import_selectors import card_import_changes
from decks.models import CardChange, CardImport, Game
from decks.services.cards import ImportFailed, cards_import_file

SHOWN_CHANGES = 20


def print_review(write, result, *, applied_flag: str = "--apply-changes") -> None:
    """The diff summary of what an import staged (and its conflicts), for a person at a terminal."""
    if result.import_id is None or not (result.staged or result.conflicts):
        return
    job = CardImport.objects.get(pk=result.import_id)
    if result.staged:
        write(
            f"{result.staged} change(s) to existing cards wait for a decision (nothing changed yet); "
            f"the first {min(SHOWN_CHANGES, result.staged)}:"
        )
        page = card_import_changes(card_import=job, kind=CardChange.Kind.CHANGE, status="pending")
        for change in list(page.object_list)[:SHOWN_CHANGES]:
            name = change.card.name if change.card else ""
            write(f"  {change.key} {name}")
            for diff in change.fields:
                write(f"      {diff.label}: {diff.before} → {diff.after}")
        write(
            f"Apply them with {applied_flag} (audited as this command), or on the import's page: "
            f"/decks/imports/{job.pk}/"
        )
    if result.conflicts:
        write(
            f"{result.conflicts} card(s) of the file carry an id that belongs to another card; they were "
            f"not imported and the other cards are unchanged (/decks/imports/{job.pk}/):"
        )
        page = card_import_changes(card_import=job, kind=CardChange.Kind.CONFLICT, status="pending")
        for change in list(page.object_list)[:SHOWN_CHANGES]:
            write(f"  {change.key}: {change.note}")


class Command(BaseCommand):
    help = (
        "Import a card file (the format is told by its extension: .cdb, YGOPRODeck .json, "
        "Vanguard .db, .csv). New cards are added; a change to an existing card (name, kind, stats …) is "
        "staged and printed, and applied only with --apply-changes. A card whose id belongs to another "
        "card is a conflict and never overwrites it. Idempotent (a second run changes nothing); a bad "
        "file changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="card file to import")
        parser.add_argument("--game", required=True, choices=Game.values)
        parser.add_argument("--json", action="store_true", help="print the counts as JSON")
        parser.add_argument(
            "--apply-changes",
            action="store_true",
            help="apply the changes the file brings to existing cards (each one is kept in the audit)",
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file", returncode=2)
        try:
            result = cards_import_file(
                path=path,
                game=options["game"],
                apply_changes=options["apply_changes"],
                applied_via="manage.py import_cards",
            )
        except ImportFailed as error:
            raise CommandError(f"{path.name}: {error} — nothing was imported.", returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.to_json()))
            return
        applied = f", {result.applied} change(s) applied" if result.applied else ""
        self.stdout.write(
            self.style.SUCCESS(
                f"{path.name}: {result.total} cards — {result.created} created, "
                f"{result.updated} updated, {result.unchanged} unchanged{applied}."
            )
        )
        print_review(self.stdout.write, result)
