"""python manage.py validate_deck FILE --game G [--banlist NAME|FILE] [--ruleset R] [--cards FILE]

Prints the validation report as JSON. Exit 0: legal; 1: not legal; 2: the input cannot be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from decks.cardfiles import BanlistError, CardFileError, read_banlists, read_cards
from decks.formats import FORMATS, DeckFormatError, parse_deck
from decks.models import Game
from decks.selectors import banlist_get, banlist_to_engine
from decks.services.validation import deck_validate
from decks.validation import InMemoryCardIndex
from rulings.engine.construction import UnknownRuleset


class Command(BaseCommand):
    help = (
        "Check a deck list (.ydk, ydke:// link, text list, Vanguard file; '-' for standard input) "
        "against the "
        "game's construction rules and a banlist. Exit 0 legal, 1 not legal, 2 unreadable input."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="deck list file, or - for standard input")
        parser.add_argument("--game", required=True, choices=Game.values)
        parser.add_argument("--banlist", help="name of an imported banlist, or an lflist.conf file")
        parser.add_argument("--ruleset", help="rule set of the game (its default when omitted)")
        parser.add_argument("--format", choices=FORMATS, help="deck format (detected when omitted)")
        parser.add_argument(
            "--cards", help="check against this card file (any importable format) instead of the database"
        )

    def handle(self, *args, **options):
        game = options["game"]
        name = options["file"]
        try:
            if name == "-":
                data, filename = sys.stdin.buffer.read(), None
            else:
                path = Path(name)
                data, filename = path.read_bytes(), path.name
        except OSError as error:
            raise CommandError(f"cannot read {name}: {error.strerror or error}", returncode=2) from None
        try:
            deck = parse_deck(data, format=options["format"], filename=filename)
        except DeckFormatError as error:
            raise CommandError(f"{filename or 'standard input'}: {error}", returncode=2) from None
        banlist = self._banlist(options["banlist"], game) if options["banlist"] else None
        cards = self._cards(options["cards"], game) if options["cards"] else None
        try:
            report = deck_validate(
                deck=deck, game=game, banlist=banlist, ruleset=options["ruleset"], cards=cards
            )
        except UnknownRuleset as error:
            raise CommandError(str(error), returncode=2) from None
        self.stdout.write(json.dumps(report.to_json(), ensure_ascii=False))
        if not report.legal:
            sys.exit(1)

    def _banlist(self, value: str, game: str):
        path = Path(value)
        if path.is_file():
            try:
                lists = read_banlists(path.read_bytes())
            except BanlistError as error:
                raise CommandError(f"{path.name}: line {error.line}: {error.message}", returncode=2) from None
            if not lists:
                raise CommandError(f"{path.name}: no banlist in this file", returncode=2)
            return lists[0]  # EDOPro files list the current list first
        stored = banlist_get(name=value, game=game)
        if stored is None:
            raise CommandError(
                f"no banlist named {value!r} (import it with import_banlist, or pass an lflist.conf file)",
                returncode=2,
            )
        return banlist_to_engine(stored)

    def _cards(self, value: str, game: str) -> InMemoryCardIndex:
        path = Path(value)
        try:
            return InMemoryCardIndex(read_cards(path, game=game))
        except OSError as error:
            raise CommandError(f"cannot read {value}: {error.strerror or error}", returncode=2) from None
        except CardFileError as error:
            raise CommandError(f"{path.name}: {error}", returncode=2) from None
