"""Dice Duel: a game that lives in the tests, to prove that a game is one plug-in.

``tests/rulings/test_game_plugin.py`` registers it (``rulings.engine.registry.registered``) and checks
that every list of games of the site picks it up without a line of the site's code naming it. A real
game's folder is ``rulings/engine/<game>/``; this one's engine is only what the lists need.
"""

from __future__ import annotations

from rulings.engine.base import RuleSet


class DiceGame:
    key = "dice"
    name = "Dice Duel"
    rulesets = {"standard": RuleSet("standard", "Standard", "Two players, one die each.")}
    default_ruleset = "standard"
    catalogue: dict = {}


GAME = DiceGame()
