"""python manage.py import_banlist FILE: every list of an EDOPro lflist.conf file."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from decks.services.cards import ImportFailed, banlists_import_file


class Command(BaseCommand):
    help = (
        "Import the banlists of an EDOPro lflist.conf file (one or several '!name' lists). "
        "Idempotent, atomic."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="lflist.conf file")
        parser.add_argument("--json", action="store_true", help="print the counts as JSON")

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file", returncode=2)
        try:
            result = banlists_import_file(path=path)
        except ImportFailed as error:
            raise CommandError(f"{path.name}: {error} — nothing was imported.", returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.to_json()))
        else:
            self.stdout.write(
                self.style.SUCCESS(
                    f"{path.name}: {result.total} list(s) ({', '.join(result.names)}) — "
                    f"{result.created} created, "
                    f"{result.updated} updated, {result.unchanged} unchanged."
                )
            )
