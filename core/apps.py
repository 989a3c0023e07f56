from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = _("Tableside core")

    def ready(self):
        # Before any URLconf is loaded: `<int:…>` refuses ids beyond what the database stores (404).
        from core.converters import install

        install()
