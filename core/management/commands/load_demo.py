"""Load the demo data (idempotent): people, then each app's own demo part when it has one."""

from __future__ import annotations

from importlib import import_module

from django.core.management.base import BaseCommand
from django.db import transaction

from core.demo import DEMO_PASSWORD, load_people

# (module, function): each function takes stdout; a missing module (an app without demo data) is skipped.
# The decks demo is split around the tournaments demo: the card pools and banlists first, then (once the
# demo event exists) its banlist and deck lists, so that a fresh database gets everything on the first run.
APP_DEMO_STEPS = [
    ("decks.demo", "load_cards"),
    ("tournaments.demo", "load_demo"),
    ("decks.demo", "load_deck_lists"),
    ("rulings.demo", "load_demo"),
]
# Run before those, outside their one transaction: the card pool shipped in decks/snapshots/, thousands of
# cards written in short transactions like any import (CARD_SNAPSHOT_ON_DEMO; off in the test settings).
APP_SETUP_STEPS = [("decks.demo", "load_card_snapshot")]


class Command(BaseCommand):
    help = "Create demo people, card pools and an event. Safe to run again: nothing is duplicated."

    def handle(self, *args, **options):
        for module_path, function in APP_SETUP_STEPS:
            self._run(module_path, function)
        with transaction.atomic():
            logins = load_people()
            for module_path, function in APP_DEMO_STEPS:
                self._run(module_path, function)
        self.stdout.write(self.style.SUCCESS(f"Demo data loaded. Demo logins (password: {DEMO_PASSWORD}):"))
        for login in logins:
            self.stdout.write(f"  {login.username:<10} {login.role:<10} {login.description}")

    def _run(self, module_path: str, function: str) -> None:
        try:
            module = import_module(module_path)
        except ModuleNotFoundError as exc:
            if exc.name != module_path:
                raise
            return
        getattr(module, function)(stdout=self.stdout)
