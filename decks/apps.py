from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Cards and deck lists")

    def ready(self) -> None:
        # What decks contributes to tournaments (which never imports decks): the deck lists its pages show,
        # the event's banlist, the deck lists of the event file, the deck-lists exporter, the warnings
        # before pairing.
        from decks.tournament_hooks import register

        register()
