"""Load the demo data (idempotent): people, then each app's own demo part when it has one."""

from __future__ import annotations

from importlib import import_module

from django.core.management.base import BaseCommand
from django.db import transaction

from core.demo import DEMO_PASSWORD, load_people

# Each module exposes load_demo(stdout) and is optional: an app without demo data is skipped.
APP_DEMO_MODULES = ["decks.demo", "tournaments.demo", "rulings.demo"]


class Command(BaseCommand):
    help = "Create demo people, card pools and an event. Safe to run again: nothing is duplicated."

    def handle(self, *args, **options):
        with transaction.atomic():
            logins = load_people()
            for module_path in APP_DEMO_MODULES:
                try:
                    module = import_module(module_path)
                except ModuleNotFoundError as exc:
                    if exc.name != module_path:
                        raise
                    continue
                module.load_demo(stdout=self.stdout)
        self.stdout.write(self.style.SUCCESS(f"Demo data loaded. Demo logins (password: {DEMO_PASSWORD}):"))
        for login in logins:
            self.stdout.write(f"  {login.username:<10} {login.role:<10} {login.description}")
