"""Restore an event exported by `export_event` (or the console): `import_event FILE`. The whole document is
checked first; on any problem nothing is written and each problem is listed with its JSON Pointer (exit 2)."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments.services.exports import EventImportError, event_import


class Command(BaseCommand):
    help = "Import an event from its JSON export (players matched by username, created if missing)."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the JSON file ('-' reads standard input)")

    def handle(self, *args, path: str, **options):
        try:
            if path == "-":
                document = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as handle:
                    document = json.load(handle)
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise CommandError(f"{path} is not JSON: {exc}", returncode=2) from exc

        def progress(current: int, total: int, message: str) -> None:
            self.stderr.write(f"[{current}/{total}] {message}")

        try:
            event = event_import(document=document, progress=progress)
        except EventImportError as exc:
            for error in exc.errors:
                self.stderr.write(f"{error['path'] or '/'}: {error['message']} ({error['code']})")
            raise CommandError(
                f"Refused: {len(exc.errors)} problem(s); nothing was imported.", returncode=2
            ) from exc
        self.stdout.write(f"Imported event {event.pk}: {event.name}")
