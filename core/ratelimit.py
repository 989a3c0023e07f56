"""Rate limits on Django's cache (Redis in production, per config/settings/prod.py).

`ratelimit(scope=..., key=...)` decorates a view function, a class-based view's `as_view()` result, or a DRF
action method. Each request counts in a fixed window of the scope's rate ("10/m": ten per minute); past the
limit it answers 429 with a Retry-After header — the API error shape under /api/, a page elsewhere — and the
view does not run. Several limits apply to one view by stacking the decorator (`login_limits()` and
`password_reset_limits()` do), or in one go with `ratelimit(limits=[(scope, key), ...])`.

- `key(request)` says who is counted; a key that returns None leaves the request out of that scope (e.g.
  "anonymous visitors only", "requests that name an e-mail address").
- `counts(response)`, if given, counts only the requests whose answer it accepts (e.g. failed log-ins):
  the limit is checked before the view runs and the request counted after it.

Rates come from ``settings.RATELIMITS`` (scope → "N/s|m|h"), else DEFAULT_RATES;
``settings.RATELIMIT_ENABLED = False`` turns every limit off, as the test settings do
(tests about limits turn it on).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.errors import API_PREFIX

DEFAULT_RATES = {
    # log-in attempts per client address and username
    "login": "10/m",
    # failed log-ins per client address, whatever the username (password spraying); successful log-ins
    # are not counted, so a venue's players behind one address can all sign in
    "login_ip": "30/m",
    # password-reset requests per e-mail address (each may send a mail) and per client address
    "password_reset_email": "3/h",
    "password_reset_ip": "10/h",
    # result reports (and confirmations) per signed-in user
    "report": "30/m",
    # deck validations (POST /api/decks/validate/): per client address for anonymous callers, per user
    # for signed-in ones
    "validate": "30/m",
    "validate_user": "120/m",
}
PERIODS = {"s": 1, "m": 60, "h": 3600}

Key = Callable[[HttpRequest], "str | None"]


def parse_rate(rate: str) -> tuple[int, int]:
    count, _slash, period = rate.partition("/")
    return int(count), PERIODS[period]


def client_ip(request: HttpRequest) -> str:
    # REMOTE_ADDR only: X-Forwarded-For is set by the client unless a trusted proxy rewrites it.
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _posted(request: HttpRequest, name: str) -> str:
    try:
        value = request.POST.get(name, "")
    except Exception:  # noqa: BLE001 - an unreadable body: the view answers it; count it under ""
        value = ""
    return str(value)


def key_ip(request: HttpRequest) -> str:
    return f"ip:{client_ip(request)}"


def key_ip_username(request: HttpRequest) -> str:
    username = _posted(request, "username")[:150].strip().casefold()
    return f"{client_ip(request)}|{username}"


def key_email(request: HttpRequest) -> str | None:
    """The e-mail address a password reset is asked for (case-insensitive); None when there is none."""
    email = _posted(request, "email")[:254].strip().casefold()
    return f"email:{email}" if email else None


def key_user(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{client_ip(request)}"


def key_anonymous_ip(request: HttpRequest) -> str | None:
    """Anonymous visitors, by address; None for a signed-in user (counted by `key_signed_in_user`)."""
    user = getattr(request, "user", None)
    return None if user is not None and user.is_authenticated else key_ip(request)


def key_signed_in_user(request: HttpRequest) -> str | None:
    user = getattr(request, "user", None)
    return f"user:{user.pk}" if user is not None and user.is_authenticated else None


def not_signed_in(response: HttpResponse) -> bool:
    """A log-in that failed: the form shown again (or refused) rather than the redirect of a success."""
    return response.status_code not in (301, 302, 303)


def _window(scope: str, now: float | None) -> tuple[int, int, str, int]:
    """(limit, period, the window's cache-key prefix, seconds until the window ends)."""
    limit, period = parse_rate(getattr(settings, "RATELIMITS", {}).get(scope, DEFAULT_RATES[scope]))
    now = time.time() if now is None else now
    window = int(now // period)
    retry_after = max(1, int((window + 1) * period - now))
    return limit, period, f"ratelimit:{scope}:{window}", retry_after


def hit(*, scope: str, ident: str, now: float | None = None) -> tuple[bool, int]:
    """Count one request; (allowed, seconds until the window ends)."""
    limit, period, prefix, retry_after = _window(scope, now)
    cache_key = f"{prefix}:{ident}"
    try:
        count = 1 if cache.add(cache_key, 1, timeout=period + 1) else cache.incr(cache_key)
    except ValueError:  # expired between add and incr
        cache.set(cache_key, 1, timeout=period + 1)
        count = 1
    except Exception:  # noqa: BLE001 - the cache (Redis) is down: serve rather than lock everyone out
        return True, 0
    return count <= limit, retry_after


def peek(*, scope: str, ident: str, now: float | None = None) -> tuple[bool, int]:
    """Whether one more request would be allowed, without counting it."""
    limit, _period, prefix, retry_after = _window(scope, now)
    try:
        count = cache.get(f"{prefix}:{ident}", 0)
    except Exception:  # noqa: BLE001 - the cache (Redis) is down
        return True, 0
    return count < limit, retry_after


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
    *,
    scope: str | None = None,
    key: Key = key_user,
    methods: tuple[str, ...] = ("POST",),
    counts: Callable[[HttpResponse], bool] | None = None,
    limits: Iterable[tuple[str, Key]] = (),
) -> Callable:
    """Limit the decorated view to the scope's rate per `key(request)`, counting only `methods` (and, with
    `counts`, only the requests whose response it accepts). `limits` adds more (scope, key) pairs, checked
    in order; the first one past its limit answers 429 and the later ones are not counted."""
    checks = ([(scope, key)] if scope is not None else []) + list(limits)
    if not checks:
        raise ValueError("ratelimit needs a scope")
    for name, _key in checks:
        if name not in DEFAULT_RATES:
            raise ValueError(f"unknown rate-limit scope {name!r}")

    def decorator(view: Callable) -> Callable:
        @functools.wraps(view)
        def wrapped(*args, **kwargs):
            # a view function gets the request first; a DRF action method gets (self, request, …)
            request = args[0] if isinstance(args[0], HttpRequest) or hasattr(args[0], "META") else args[1]
            if not getattr(settings, "RATELIMIT_ENABLED", True) or request.method not in methods:
                return view(*args, **kwargs)
            counted = []
            for name, key_of in checks:
                ident = key_of(request)
                if ident is None:
                    continue
                allowed, retry_after = (peek if counts else hit)(scope=name, ident=ident)
                if not allowed:
                    return too_many(request, retry_after)
                counted.append((name, ident))
            response = view(*args, **kwargs)
            if counts is not None and counts(response):
                for name, ident in counted:
                    hit(scope=name, ident=ident)
            return response

        return wrapped

    return decorator


def login_limits(view: Callable) -> Callable:
    """The log-in forms (/accounts/login/ and the admin's): 10 attempts a minute per address and username,
    and 30 failed ones a minute per address whatever the username (password spraying)."""
    per_username = ratelimit(scope="login", key=key_ip_username)(view)
    return ratelimit(scope="login_ip", key=key_ip, counts=not_signed_in)(per_username)


def password_reset_limits(view: Callable) -> Callable:
    """The password-reset form: 3 requests an hour per e-mail address (each may send a mail) and 10 an
    hour per client address. Past either, 429 and no mail."""
    return ratelimit(limits=[("password_reset_ip", key_ip), ("password_reset_email", key_email)])(view)
