"""RaymanTCG: tings, creatures with hit points, terrains as costs (``raymantcg-regles.txt``)."""

from .game import GAME, RaymanGame

__all__ = ["GAME", "RaymanGame"]
