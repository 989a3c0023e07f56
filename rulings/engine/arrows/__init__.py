"""Arrows: monsters on two lines, arrows that flip them (``arrows-combats-de-monstres.txt``).

The registry reads ``GAME``.
"""

from .game import GAME, ArrowsGame

__all__ = ["GAME", "ArrowsGame"]
