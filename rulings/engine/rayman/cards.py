"""RaymanTCG: a card of the card database as the card of a situation document.

Pure Python: ``card`` is a ``decks.models.Card`` or anything with its ``key``, ``name``, ``kind``,
``stats`` and ``tags`` (``rulings.engine.plugin.CardLike``).
"""

from __future__ import annotations

from typing import Any

from ..plugin import CardLike


def situation_card(card: CardLike) -> dict[str, Any]:
    stats = card.stats
    out: dict[str, Any] = {"name": card.name, "kind": card.kind}
    if card.kind == "terrain":
        out["terrain"] = stats.get("element")
        return out
    out["cost"] = int(stats.get("cost") or 0)
    if card.kind == "creature":
        out["atk"] = int(stats.get("attack") or 0)
        out["def"] = int(stats.get("defense") or 0)
        out["hp"] = out["max_hp"] = int(stats.get("hp") or 0)
    return out
