"""The phones' fast path: a WSGI layer in front of Django for the live pairing fragment.

`GET /events/<id>/me/live/?…&t=<token>&lv=<versions>` is answered here, before sessions, middleware, the
database and templates, when tournaments.live.answer can: 204 when nothing changed (a signature check and one
Redis MGET), or, right after a round was posted, the phone's new pairing prepared at the round's commit (one
HGET more). Every other request, and every live request it cannot vouch for (no token, a forged or expired
one, a version Redis does not have, Redis down, any other change), goes to Django untouched: the normal view
then authenticates the session, hides drafts and renders the fragment (docs/tournament-day.md, "The phones
at scale").
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

LIVE_PATH = re.compile(r"/events/(\d{1,18})/me/live/")
HEADERS = [
    ("Cache-Control", "private, no-cache"),
    ("Vary", "Cookie"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
]


def live_answer(method: str, path: str, query: str) -> tuple[int, bytes] | None:
    """(status, body) when the fast path answers this request, None when Django does."""
    if method != "GET" or "lv=" not in query:
        return None
    found = LIVE_PATH.fullmatch(path)
    if found is None:
        return None
    try:
        params = dict(parse_qsl(query, max_num_fields=8))
    except ValueError:  # too many fields: the view decides
        return None
    from tournaments import live

    return live.answer(int(found[1]), params.get("t", ""), params.get("lv", ""))


class LiveFastPath:
    """WSGI middleware: `application = LiveFastPath(get_wsgi_application())` (config/wsgi.py)."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        found = live_answer(
            environ.get("REQUEST_METHOD", ""), environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", "")
        )
        if found is None:
            return self.app(environ, start_response)
        status, body = found
        headers = [*HEADERS, ("Content-Length", str(len(body)))]
        if status == 204:
            start_response("204 No Content", headers)
            return [b""]
        start_response("200 OK", [*headers, ("Content-Type", "text/html; charset=utf-8")])
        return [body]
