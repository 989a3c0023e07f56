"""Run a registered exporter (`tournaments.exporters`): `export EVENT_ID EXPORTER [-o FILE]`; `--list`."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments import exporters
from tournaments.models import Event


class Command(BaseCommand):
    help = "Write one export of an event (standings.csv, results.xlsx, event.json, decklists.txt…)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, nargs="?")
        parser.add_argument("exporter", nargs="?", help="an exporter id (see --list)")
        parser.add_argument("-o", "--output", help="file to write (default: the exporter's file name)")
        parser.add_argument("--list", action="store_true", help="list the exporters and stop")

    def handle(self, *args, event_id: int | None, exporter: str | None, output: str | None, **options):
        if options["list"]:
            for x in exporters.exporters():
                self.stdout.write(f"{x.id}\t{x.title}{'  (judges)' if x.judges_only else ''}")
            return
        if event_id is None or exporter is None:
            raise CommandError("Give an event id and an exporter id (or --list).")
        chosen = exporters.get(exporter)
        if chosen is None:
            known = ", ".join(x.id for x in exporters.exporters())
            raise CommandError(f"No exporter {exporter!r}; known: {known}.")
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"No event with id {event_id}.")
        filename, _mime, data = chosen.render(event)
        if output == "-":
            sys.stdout.buffer.write(data)
            return
        path = output or filename
        with open(path, "wb") as handle:
            handle.write(data)
        self.stderr.write(f"{chosen.id} of event {event_id} written to {path}.")
