"""Yu-Gi-Oh!: a card of the card database as the card of a situation document.

Pure Python: ``card`` is a ``decks.models.Card`` or anything with its ``key``, ``name``, ``kind``,
``stats`` and ``tags`` (``rulings.engine.plugin.CardLike``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..plugin import CardLike

_SPELL_TYPES = {
    "normal": "normal",
    "quick-play": "quick-play",
    "quick_play": "quick-play",
    "continuous": "continuous",
    "equip": "equip",
    "field": "field",
    "ritual": "ritual",
}
_TRAP_TYPES = {"normal": "normal", "continuous": "continuous", "counter": "counter"}
_MONSTER_TYPES = ("link", "xyz", "synchro", "fusion", "ritual", "token", "effect", "normal")


def _yugioh_subtype(card: CardLike, table: Mapping[str, str]) -> str:
    stats = card.stats
    race = str(stats.get("race") or "").lower()  # YGOPRODeck: a spell's "race" is its type
    if race in table:
        return table[race]
    types = stats.get("types") or []  # cdb: type bit names
    for word in types:
        if word in table:
            return table[word]
    return "normal"


def _yugioh_monster_type(card: CardLike) -> str:
    stats = card.stats
    words = {w.lower() for w in (stats.get("types") or [])}
    words |= set(str(stats.get("frame") or "").lower().split("_"))
    words |= {w.lower() for w in (stats.get("typeline") or [])}
    for word in _MONSTER_TYPES:
        if word in words:
            return word
    return "normal"


def situation_card(card: CardLike) -> dict[str, Any]:
    stats = card.stats
    out: dict[str, Any] = {"id": int(card.key) if card.key.isdigit() else card.key, "name": card.name}
    if card.kind == "monster":
        out["kind"] = "monster"
        out["level"] = stats.get("level") or stats.get("rank") or stats.get("link_rating") or 0
        out["atk"] = stats.get("atk") or 0
        if "link_rating" not in stats:
            out["def"] = stats.get("def") or 0
        out["monster_type"] = _yugioh_monster_type(card)
        if stats.get("attribute"):
            out["attribute"] = stats["attribute"]
        if stats.get("race"):
            out["race"] = stats["race"]
    elif card.kind == "spell":
        out.update(kind="spell", spell_type=_yugioh_subtype(card, _SPELL_TYPES))
    elif card.kind == "trap":
        out.update(kind="trap", trap_type=_yugioh_subtype(card, _TRAP_TYPES))
    else:
        return {}
    return out
