"""The games: one line per game, naming the module that defines its plug-in (``PLUGIN``).

Every list of games in the site derives from here (see ``rulings/engine/plugin.py``). Plug-ins are
imported lazily, each on its own: one broken game never hides the others (``plugins()`` and
``game_choices()`` leave it out and say why in the log; ``get_plugin`` raises for it alone).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module

from .base import Game
from .plugin import GamePlugin

logger = logging.getLogger(__name__)

PLUGINS: dict[str, str] = {
    "yugioh": "rulings.engine.yugioh.plugin",
    "vanguard": "rulings.engine.vanguard.plugin",
    "rayman": "rulings.engine.rayman.plugin",
    "arrows": "rulings.engine.arrows.plugin",
}

_loaded: dict[str, GamePlugin] = {}


class UnknownGame(KeyError):
    pass


def get_plugin(key: str) -> GamePlugin:
    """The plug-in of a game (its module imported on first use); ``UnknownGame`` for an unknown key."""
    plugin = _loaded.get(key)
    if plugin is None:
        try:
            module = PLUGINS[key]
        except (KeyError, TypeError):
            raise UnknownGame(key) from None
        plugin = import_module(module).PLUGIN
        if plugin.key != key:
            raise ValueError(f"{module} defines the plug-in of {plugin.key!r}, registered as {key!r}")
        _loaded[key] = plugin
    return plugin


def get_game(key: str) -> Game:
    """A game's engine: its package's module-level ``GAME``."""
    return get_plugin(key).game


def game_keys() -> list[str]:
    """Every registered game, in registry order (nothing is imported)."""
    return list(PLUGINS)


def plugins() -> list[GamePlugin]:
    """The plug-ins that load, in registry order; one that fails is logged and left out."""
    found = []
    for key in PLUGINS:
        try:
            found.append(get_plugin(key))
        except Exception:  # noqa: BLE001 - one broken game never hides the others
            logger.exception("the %s game plug-in cannot be loaded", key)
    return found


def game_choices() -> list[tuple[str, str]]:
    """``(key, English name)`` of each game, for choices and enums (translated by the site's adapter)."""
    return [(plugin.key, plugin.name) for plugin in plugins()]


@contextmanager
def registered(key: str, module: str) -> Iterator[str]:
    """Register a game for the duration of a ``with`` block, as its line in ``PLUGINS`` would (tests: a
    game that lives in the tests). Nothing is imported until the game is asked for."""
    if key in PLUGINS:
        raise ValueError(f"a game {key!r} is registered already")
    PLUGINS[key] = module
    try:
        yield key
    finally:
        PLUGINS.pop(key, None)
        _loaded.pop(key, None)
