from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from core.home import register_home_items
        from tournaments import live  # noqa: F401  (the live versions follow the models' changes: signals)
        from tournaments.exporters.builtin import register_builtin
        from tournaments.selectors.home import home_events

        register_builtin()
        register_home_items("my_events", home_events)
