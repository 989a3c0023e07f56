"""Game keys to game objects. Games are imported lazily so one broken game never hides the others."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from .base import Game

GAME_MODULES: dict[str, str] = {
    "yugioh": "rulings.engine.yugioh",
    "vanguard": "rulings.engine.vanguard",
    "rayman": "rulings.engine.rayman",
    "arrows": "rulings.engine.arrows",
}


class UnknownGame(KeyError):
    pass


@cache
def get_game(key: str) -> Game:
    """Each game package exposes a module-level ``GAME`` object."""
    try:
        module_path = GAME_MODULES[key]
    except KeyError:
        raise UnknownGame(key) from None
    return import_module(module_path).GAME


def game_keys() -> list[str]:
    return list(GAME_MODULES)
