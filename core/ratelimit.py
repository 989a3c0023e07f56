"""Rate limits on Django's cache (Redis in production, per config/settings/prod.py).

`ratelimit(scope=..., key=...)` decorates a view function, a class-based view's `as_view()` result, or a DRF
action method. Each request counts in a fixed window of the scope's rate ("10/m": ten per minute); past the
limit it answers 429 with a Retry-After header — the API error shape under /api/, a page elsewhere — and the
view does not run.

Rates come from ``settings.RATELIMITS`` (scope → "N/s|m|h"), else DEFAULT_RATES;
``settings.RATELIMIT_ENABLED = False`` turns every limit off, as the test settings do
(tests about limits turn it on).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.errors import API_PREFIX

DEFAULT_RATES = {
    # log-in attempts per client address and username
    "login": "10/m",
    # result reports (and confirmations) per signed-in user
    "report": "30/m",
}
PERIODS = {"s": 1, "m": 60, "h": 3600}


def parse_rate(rate: str) -> tuple[int, int]:
    count, _slash, period = rate.partition("/")
    return int(count), PERIODS[period]


def client_ip(request: HttpRequest) -> str:
    # REMOTE_ADDR only: X-Forwarded-For is set by the client unless a trusted proxy rewrites it.
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def key_ip_username(request: HttpRequest) -> str:
    username = str(request.POST.get("username", ""))[:150].strip().casefold()
    return f"{client_ip(request)}|{username}"


def key_user(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{client_ip(request)}"


def hit(*, scope: str, ident: str, now: float | None = None) -> tuple[bool, int]:
    """Count one request; (allowed, seconds until the window ends)."""
    limit, period = parse_rate(getattr(settings, "RATELIMITS", {}).get(scope, DEFAULT_RATES[scope]))
    now = time.time() if now is None else now
    window = int(now // period)
    cache_key = f"ratelimit:{scope}:{window}:{ident}"
    retry_after = max(1, int((window + 1) * period - now))
    try:
        count = 1 if cache.add(cache_key, 1, timeout=period + 1) else cache.incr(cache_key)
    except ValueError:  # expired between add and incr
        cache.set(cache_key, 1, timeout=period + 1)
        count = 1
    except Exception:  # noqa: BLE001 - the cache (Redis) is down: serve rather than lock everyone out
        return True, 0
    return count <= limit, retry_after


def too_many(request: HttpRequest, retry_after: int) -> HttpResponse:
    message = _("Too many attempts. Wait %(seconds)d seconds, then try again.") % {"seconds": retry_after}
    if request.path.startswith(API_PREFIX):
        response = JsonResponse(
            {"errors": [{"path": "", "message": message, "code": "rate_limited"}]}, status=429
        )
    else:
        response = render(request, "error.html", {"status": 429, "message": message}, status=429)
    response["Retry-After"] = str(retry_after)
    return response


def ratelimit(
    *, scope: str, key: Callable[[HttpRequest], str] = key_user, methods: tuple[str, ...] = ("POST",)
) -> Callable:
    """Limit the decorated view to the scope's rate per `key(request)`, counting only `methods`."""

    def decorator(view: Callable) -> Callable:
        @functools.wraps(view)
        def wrapped(*args, **kwargs):
            # a view function gets the request first; a DRF action method gets (self, request, …)
            request = args[0] if isinstance(args[0], HttpRequest) or hasattr(args[0], "META") else args[1]
            if getattr(settings, "RATELIMIT_ENABLED", True) and request.method in methods:
                allowed, retry_after = hit(scope=scope, ident=key(request))
                if not allowed:
                    return too_many(request, retry_after)
            return view(*args, **kwargs)

        return wrapped

    return decorator
