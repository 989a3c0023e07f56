"""RaymanTCG: tings, creatures with hit points, terrains as costs (``raymantcg-regles.txt``).

The registry reads ``GAME``.
"""

from .game import GAME, RaymanGame

__all__ = ["GAME", "RaymanGame"]
