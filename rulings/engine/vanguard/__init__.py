"""Cardfight!! Vanguard: units on circles, drive and damage checks, triggers (``vanguard-regles.txt``).

The registry reads ``GAME``.
"""

from .game import GAME, VanguardGame

__all__ = ["GAME", "VanguardGame"]
