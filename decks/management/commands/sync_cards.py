"""python manage.py sync_cards yugioh: download the card pool from the public YGOPRODeck API."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from decks.services import sync
from decks.services.cards import ImportFailed


class Command(BaseCommand):
    help = "Download and import every Yu-Gi-Oh! card from the public YGOPRODeck API (needs the internet)."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["yugioh"])
        parser.add_argument("--no-french", action="store_true", help="skip the French names")

    def handle(self, *args, **options):
        try:
            result = sync.cards_sync_yugioh(transport=sync.http_transport, french=not options["no_french"])
        except ImportFailed as error:
            raise CommandError(f"{error} — nothing was imported.", returncode=2) from None
        self.stdout.write(json.dumps(result.to_json()))
