"""What the apps above core put on the home page: core imports none of them (a test reads the imports).

An app registers, from its `AppConfig.ready()`, a provider `provider(*, user) -> list` under a context key;
the home view of a signed-in person gets, under each key, the providers' lists one after the other in the
order they were registered. tournaments registers "my_events" (the events a person runs, then plays).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

HomeProvider = Callable[..., list[Any]]

_providers: dict[str, dict[str, HomeProvider]] = {}


def register_home_items(key: str, provider: HomeProvider) -> None:
    """Idempotent (by the provider's qualified name): `ready()` may run more than once in tests."""
    _providers.setdefault(key, {})[f"{provider.__module__}.{provider.__qualname__}"] = provider


def home_items(*, user) -> dict[str, list[Any]]:
    return {
        key: [item for provider in providers.values() for item in provider(user=user)]
        for key, providers in _providers.items()
    }
