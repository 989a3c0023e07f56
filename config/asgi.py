"""The site over ASGI: the phones' live streams (tournaments/streams.py) on the event loop, everything else
the WSGI application (with its live fast path, config/wsgi.py) in a pool of WEB_THREADS threads.

Why not Django's own ASGI handler: it runs every synchronous view in one thread per process, so one slow page
would hold every other request; a2wsgi's pool runs them side by side as gunicorn's threads do.

    uvicorn config.asgi:application --http httptools --timeout-graceful-shutdown 5   (docs/deploy.md)
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.prod")

from a2wsgi import WSGIMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402

from config.wsgi import application as wsgi_application  # noqa: E402
from tournaments.streams import LiveStreams  # noqa: E402

application = LiveStreams(WSGIMiddleware(wsgi_application, workers=settings.WEB_THREADS))
