"""Arrows: monsters on two lines, arrows that flip them (``arrows-combats-de-monstres.txt``)."""

from .game import GAME, ArrowsGame

__all__ = ["GAME", "ArrowsGame"]
