"""Yu-Gi-Oh! TCG: monsters, spells and traps, chains, battle (the official rulebook).

The registry reads ``GAME``.
"""

from .game import GAME, YugiohGame

__all__ = ["GAME", "YugiohGame"]
