"""Arrows: a card of the card database as the card of a situation document.

Pure Python: ``card`` is a ``decks.models.Card`` or anything with its ``key``, ``name``, ``kind``,
``stats`` and ``tags`` (``rulings.engine.plugin.CardLike``).
"""

from __future__ import annotations

from typing import Any

from ..plugin import CardLike


def situation_card(card: CardLike) -> dict[str, Any]:
    stats = card.stats
    if card.kind != "monster":
        return {"name": card.name, "kind": card.kind}
    return {
        "name": card.name,
        "kind": "monster",
        "atk": int(stats.get("atk") or 0),
        "def": int(stats.get("def") or 0),
        "arrows": int(stats.get("ret") or 0),
    }
