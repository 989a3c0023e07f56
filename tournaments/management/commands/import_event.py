"""Restore an event exported by `export_event` (or the console): `import_event FILE --organizer USERNAME`.

The file's size is checked before it is read (EVENT_IMPORT_MAX_BYTES), it is parsed strictly
(core.jsonload) and checked as a whole against the published schema; on any problem nothing is written and
each problem is listed with its JSON Pointer (exit 2). No account of this instance is attached: every person
in the file becomes a new placeholder player record, and the organizer named here is the event's only
organizer and the author of its imported history.
"""

from __future__ import annotations

import os
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.services.errors import TournamentError
from tournaments.services.event_import import (
    EventImportError,
    event_document_parse,
    event_import,
    event_import_summary,
    import_max_bytes,
    too_large_error,
)


class Command(BaseCommand):
    help = (
        "Import an event from its JSON export. Every person in the file becomes a new player record linked "
        "to no account; --organizer (an organizer of this instance) becomes the event's only organizer."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the JSON file ('-' reads standard input)")
        parser.add_argument(
            "--organizer",
            required=True,
            help="username of the organizer (or superuser) of this instance who imports the event",
        )

    def handle(self, *args, path: str, organizer: str, **options):
        importer = self._importer(organizer)
        data = self._read(path)
        try:
            document = event_document_parse(data=data)
            event = event_import(document=document, importer=importer, progress=self._progress)
        except EventImportError as exc:
            self._refuse(exc.errors)
        except TournamentError as exc:
            raise CommandError(exc.message, returncode=2) from exc
        self.stdout.write(f"Imported event {event.pk}: {event.name}")
        for note in event_import_summary(document=document, importer=importer):
            self.stdout.write(f"  {note['message']}")

    def _progress(self, current: int, total: int, message: str) -> None:
        self.stderr.write(f"[{current}/{total}] {message}")

    def _importer(self, username: str):
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"--organizer: no user “{username}” on this instance.", returncode=2)
        if not user.is_active or user.is_placeholder or not user.is_organizer:
            raise CommandError(
                f"--organizer: “{username}” is not an active organizer (or superuser) of this instance.",
                returncode=2,
            )
        return user

    def _read(self, path: str) -> bytes:
        limit = import_max_bytes()
        try:
            if path == "-":
                data = sys.stdin.buffer.read(limit + 1)
            else:
                if os.stat(path).st_size > limit:  # before reading a byte
                    self._refuse(too_large_error().errors)
                with open(path, "rb") as handle:
                    data = handle.read(limit + 1)  # the file may have grown since
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc}") from exc
        if len(data) > limit:
            self._refuse(too_large_error().errors)
        return data

    def _refuse(self, errors: list[dict]) -> None:
        for error in errors:
            self.stderr.write(f"{error['path'] or '/'}: {error['message']} ({error['code']})")
        raise CommandError(f"Refused: {len(errors)} problem(s); nothing was imported.", returncode=2)
