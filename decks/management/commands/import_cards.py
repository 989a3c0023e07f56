"""python manage.py import_cards --game G FILE: .cdb, YGOPRODeck .json, Vanguard .db or .csv."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from decks.models import Game
from decks.services.cards import ImportFailed, cards_import_file


class Command(BaseCommand):
    help = (
        "Import a card file (the format is told by its extension: .cdb, YGOPRODeck .json, "
        "Vanguard .db, .csv). "
        "Idempotent (a second run changes nothing) and atomic (a bad file changes nothing)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="card file to import")
        parser.add_argument("--game", required=True, choices=Game.values)
        parser.add_argument("--json", action="store_true", help="print the counts as JSON")

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file", returncode=2)
        try:
            result = cards_import_file(path=path, game=options["game"])
        except ImportFailed as error:
            raise CommandError(f"{path.name}: {error} — nothing was imported.", returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.to_json()))
        else:
            self.stdout.write(
                self.style.SUCCESS(
                    f"{path.name}: {result.total} cards — {result.created} created, "
                    f"{result.updated} updated, {result.unchanged} unchanged."
                )
            )
