"""Cardfight!! Vanguard: a card of the card database as the card of a situation document.

Pure Python: ``card`` is a ``decks.models.Card`` or anything with its ``key``, ``name``, ``kind``,
``stats`` and ``tags`` (``rulings.engine.plugin.CardLike``).
"""

from __future__ import annotations

from typing import Any

from ..plugin import CardLike


def situation_card(card: CardLike) -> dict[str, Any]:
    stats = card.stats
    trigger = stats.get("trigger") or None
    shield = stats.get("shield")
    return {
        "name": card.name,
        "grade": int(stats.get("grade") or 0),
        "power": int(stats.get("power") or 0),
        "shield": shield if isinstance(shield, int) and shield >= 0 else None,
        "critical": int(stats.get("critical") or 1),
        "clan": stats.get("clan") or None,
        "trigger": trigger,
        "sentinel": "sentinel" in card.tags,
    }
