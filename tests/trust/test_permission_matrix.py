"""Every URL the resolver knows × every role × its methods, against the matrix in tests/trust/matrix.py.

A URL without a row fails `test_every_url_is_classified`: a new page or endpoint must be classified.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from unittest import mock

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from decks.services.decklists import DeckRefused
from tests.trust.matrix import ADMIN_GET, ADMIN_PREFIX, ROLES, ROWS
from tests.trust.patterns import all_patterns
from tests.trust.urlkwargs import url_kwargs
from tests.trust.world import build_world
from tournaments.services.errors import NotAllowed

PATTERNS = dict(all_patterns())


def test_every_url_is_classified():
    unnamed = [name for name in PATTERNS if name is None]
    assert not unnamed, "every URL pattern needs a name to be classified"
    missing = sorted(n for n in PATTERNS if not n.startswith(ADMIN_PREFIX) and n not in ROWS)
    assert not missing, f"URL names without a row in tests/trust/matrix.py: {missing}"
    stale = sorted(n for n in ROWS if n not in PATTERNS)
    assert not stale, f"rows for URL names that no longer exist: {stale}"
    for name, row in ROWS.items():
        for method in ("GET", "POST", "PATCH"):
            assert len(row.get(method, "x" * len(ROLES))) == len(ROLES), (name, method)


@contextmanager
def refusals():
    """Record permission refusals raised inside services, whatever the view turns them into."""
    seen: list[str] = []
    originals = {}

    def watch(cls, test=lambda self: True):
        original = cls.__init__
        originals[cls] = original

        def init(self, *args, **kwargs):
            original(self, *args, **kwargs)
            if test(self):
                seen.append(cls.__name__)

        cls.__init__ = init

    watch(NotAllowed)
    watch(PermissionDenied)
    watch(DeckRefused, lambda self: self.code == "permission_denied")
    try:
        yield seen
    finally:
        for cls, original in originals.items():
            cls.__init__ = original


def classify(response, refused: list[str], refused_to: str | None = None) -> str:
    status = response.status_code
    # 503: the request passed every check and met an unavailable Redis (the matrix runs without one)
    assert status < 500 or status == 503, f"server error {status}"
    if status == 405:
        return "-"
    location = response.get("Location", "") if status in (301, 302, 303) else ""
    if "/accounts/login/" in location or "/admin/login/" in location or status == 401:
        return "L"
    if status == 403 and response.get("Content-Type", "").startswith("application/json"):
        codes = {e.get("code") for e in response.json().get("errors", [])}
        if codes & {"not_authenticated", "authentication_failed"}:
            return "L"
    # sent away (`refused_to`, e.g. home) with a message: the page is not for this person
    if status in (403, 404) or refused or (refused_to is not None and location == refused_to):
        return "D"
    return "A"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<[^>]+\sstyle\s*=", re.IGNORECASE)


def page_problems(response) -> list[str]:
    """A served HTML page carries the strict CSP and security headers, and has no inline code."""
    if response.status_code != 200 or not response.get("Content-Type", "").startswith("text/html"):
        return []
    problems = []
    policy = response.get("Content-Security-Policy", "")
    if (
        "script-src 'self'" not in policy
        or "unsafe-inline" in policy
        or "frame-ancestors 'none'" not in policy
    ):
        problems.append(f"CSP header: {policy!r}")
    if response.get("X-Content-Type-Options") != "nosniff" or response.get("X-Frame-Options") != "DENY":
        problems.append("missing nosniff / X-Frame-Options")
    body = response.content.decode("utf-8", "replace")
    for name, pattern in (("inline <script>", INLINE_SCRIPT), ("on* handler", INLINE_HANDLER),
                          ("style attribute", INLINE_STYLE)):  # fmt: skip
        found = pattern.search(body)
        if found:
            problems.append(f"{name}: {found.group(0)[:80]}")
    return problems


def _call(client: Client, method: str, url: str, data: dict | None):
    if url.startswith("/api/") and method != "GET":
        body = json.dumps(data or {})
        return getattr(client, method.lower())(url, body, content_type="application/json")
    if method == "GET":
        return client.get(url)
    return client.post(url, data or {})


def _clients(world) -> dict[str, Client]:
    clients = {}
    for role in ROLES:
        client = Client()
        if world.user(role) is not None:
            client.force_login(world.user(role))
        clients[role] = client
    return clients


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(ROWS))
def test_permission_matrix(name, settings):
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": name}
    }
    world = build_world()
    world.extra["rule_id"] = "YGO-TURN-PHASES"
    row = ROWS[name]
    clients = _clients(world)
    wrong = []
    for method in ("GET", "POST", "PATCH"):
        expected = row.get(method)
        if expected is None:
            continue
        data = row["data"](world) if "data" in row and method != "GET" else None
        # Refusals first: a role that may act could change the world the others are judged in.
        order = sorted(range(len(ROLES)), key=lambda i: expected[i] == "A")
        for index in order:
            role = ROLES[index]
            url = reverse(name, kwargs=url_kwargs(name, PATTERNS[name], world))
            with refusals() as refused, mock.patch("core.views.run_checks", return_value={}):
                response = _call(clients[role], method, url, data)
            refused_to = row.get("refused_to")
            got = classify(response, refused, refused_to(world) if callable(refused_to) else refused_to)
            wrong += [f"{method} {url} as {role}: {p}" for p in page_problems(response)]
            if got != expected[index]:
                wrong.append(f"{method} {url} as {role}: expected {expected[index]}, got {got} "
                             f"({response.status_code} {response.get('Location', '')})")  # fmt: skip
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db
def test_admin_site_is_for_staff_only():
    world = build_world(players=2)
    clients = _clients(world)
    names = ["admin:index"] + sorted(
        n for n, params in PATTERNS.items() if n.startswith(ADMIN_PREFIX) and n.endswith("_changelist")
    )
    assert len(names) > 5
    wrong = []
    for name in names:
        url = reverse(name)
        for index, role in enumerate(ROLES):
            got = classify(clients[role].get(url), [])
            if got != ADMIN_GET[index]:
                wrong.append(f"GET {url} as {role}: expected {ADMIN_GET[index]}, got {got}")
    assert not wrong, "\n".join(wrong)
