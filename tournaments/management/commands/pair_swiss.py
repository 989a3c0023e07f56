"""`manage.py pair_swiss FILE|-`: pair one Swiss round from a JSON document, touching no database."""

import json
import sys

from django.core.management.base import BaseCommand

from tournaments.pairing import PairingInputError, pair_swiss_document


class Command(BaseCommand):
    help = "Pair one Swiss round from a JSON file (or - for standard input) and print the round as JSON."
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to the pairing document, or - to read standard input")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            self.stderr.write(f"pair_swiss: cannot read {path}: {error}")
            raise SystemExit(2) from error
        try:
            result = pair_swiss_document(text)
        except PairingInputError as error:
            # Exit code 2 (bad input) rather than CommandError's 1, and nothing at all on standard output.
            self.stderr.write(f"pair_swiss: invalid input: {error}")
            raise SystemExit(2) from error
        self.stdout.write(json.dumps(result, indent=2))
