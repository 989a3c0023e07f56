"""python manage.py sync_cards yugioh: download the card pool from the public YGOPRODeck API."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from decks.management.commands.import_cards import print_review
from decks.services import sync
from decks.services.cards import ImportFailed


class Command(BaseCommand):
    help = (
        "Download and import every Yu-Gi-Oh! card from the public YGOPRODeck API (needs the internet). "
        "Like import_cards: new cards are added, changes to existing cards are staged unless "
        "--apply-changes, and a card whose id belongs to another card is never written over it."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["yugioh"])
        parser.add_argument("--no-french", action="store_true", help="skip the French names")
        parser.add_argument(
            "--apply-changes",
            action="store_true",
            help="apply the changes the download brings to existing cards (each one is kept in the audit)",
        )

    def handle(self, *args, **options):
        try:
            result = sync.cards_sync_yugioh(
                transport=sync.http_transport,
                french=not options["no_french"],
                apply_changes=options["apply_changes"],
            )
        except ImportFailed as error:
            raise CommandError(f"{error} — nothing was imported.", returncode=2) from None
        self.stdout.write(json.dumps(result.to_json()))
        print_review(self.stderr.write, result)  # stdout stays one JSON line
