"""Every game is the one engine skeleton with the same files in its folder, each with the same role."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest

import rulings.engine
from rulings.engine.base import Game
from rulings.engine.registry import game_keys
from rulings.engine.skeleton import HOOKS, GameEngine

ENGINE = Path(rulings.engine.__file__).parent
GAME_FILES = {
    "__init__.py",
    "game.py",
    "state.py",
    "actions.py",
    "rules.py",
    "queries.py",
    "catalogue.py",
    "construction.py",
}
# Files another part of the refactor may add to a game's folder (the plugin and its presentation;
# effect_menus: the tablet's menus of the cards' effects or skills, in the games that have them;
# situations: the tablet's common situations, data read by ui.py).
ALLOWED_EXTRA = {"plugin.py", "cards.py", "ui.py", "effect_menus.py", "situations.py"}


def test_every_game_folder_has_the_same_files() -> None:
    file_sets = {key: {p.name for p in (ENGINE / key).glob("*.py")} - ALLOWED_EXTRA for key in game_keys()}
    assert file_sets == dict.fromkeys(game_keys(), GAME_FILES)


@pytest.mark.parametrize("key", game_keys())
def test_each_game_is_the_skeleton_with_its_own_modules_as_hooks(key: str) -> None:
    package = import_module(f"rulings.engine.{key}")
    game = package.GAME
    assert isinstance(game, GameEngine) and isinstance(game, Game)
    assert type(game).__module__ == f"rulings.engine.{key}.game"
    assert game.key == key and game.name and game.default_ruleset in game.rulesets and game.catalogue
    for role, names in HOOKS.items():
        module = import_module(f"rulings.engine.{key}.{role}")
        for name in names:
            bound = getattr(type(game), "_parse_state" if name == "parse_state" else name)
            assert bound is getattr(module, name), (key, role, name)
