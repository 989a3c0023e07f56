from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Cards and deck lists")

    def ready(self) -> None:
        from decks.pairing_warnings import deck_list_warnings
        from tournaments.hooks import register_pairing_warnings

        register_pairing_warnings(deck_list_warnings)
