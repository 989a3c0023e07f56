"""Write a complete event as JSON (a backup, or to move it elsewhere): `export_event ID [-o FILE]`."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Event
from tournaments.services.event_file import event_export


class Command(BaseCommand):
    help = "Export a complete event (registrations, rounds, results and their history, deck lists) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")

    def handle(self, *args, event_id: int, output: str, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"No event with id {event_id}.")

        def progress(current: int, total: int, message: str) -> None:
            if output != "-":
                self.stderr.write(f"[{current}/{total}] {message}")

        text = json.dumps(event_export(event=event, progress=progress), ensure_ascii=False, indent=1)
        if output == "-":
            self.stdout.write(text)
        else:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stderr.write(f"Event {event_id} written to {output}.")
