"""Yu-Gi-Oh! TCG: state, actions, rules catalogue and queries. The registry reads ``GAME``."""

from .game import YugiohGame

GAME = YugiohGame()

__all__ = ["GAME", "YugiohGame"]
