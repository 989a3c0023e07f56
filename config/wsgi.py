import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.prod")
django_application = get_wsgi_application()

# The phones' unchanged live fragments are answered before Django (tournaments/fastpath.py).
from tournaments.fastpath import LiveFastPath  # noqa: E402

application = LiveFastPath(django_application)
