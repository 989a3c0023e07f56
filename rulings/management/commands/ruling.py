"""``manage.py ruling FILE|-``: replay a situation document; the same JSON as POST /api/rulings/replay/.

Prints the answer and exits 0; a malformed document prints ``{"errors": [...]}`` (JSON Pointer paths)
and exits 2. ``-`` reads the document from standard input. ``--lang fr`` gives the explanations in
French (the same JSON as ``POST /api/rulings/replay/?lang=fr``); the default is English.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulings.engine.i18n import LANGUAGES
from rulings.services.replay import ReplayFailed, answer_dumps, document_parse, situation_replay


class Command(BaseCommand):
    help = "Replay a situation document (a file, or - for standard input) and print the answer as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="situation document (JSON); - reads standard input")
        parser.add_argument(
            "--lang",
            default="en",
            help=f"language of the explanations: {' or '.join(LANGUAGES)} (any other is English)",
        )

    def handle(self, *args, **options):
        source = options["file"]
        if source == "-":
            stdin = getattr(self, "stdin", None) or sys.stdin
            text = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
        else:
            try:
                text = Path(source).read_bytes()
            except OSError as exc:
                raise CommandError(f"cannot read {source}: {exc.strerror}") from exc
        try:
            answer = situation_replay(
                document=document_parse(text=text), language=options["lang"], rules_cited=True
            )
        except ReplayFailed as failure:
            self.stdout.write(answer_dumps(failure.to_json()))
            self.stdout.flush()
            sys.exit(2)
        self.stdout.write(answer_dumps(answer))
