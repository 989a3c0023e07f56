"""A database-backed ``CardLookup`` for the rulings replay engine (see rulings/engine/base.py).

``card_lookup(game, {"id": …})`` or ``card_lookup(game, {"name": …})`` returns the card in the
engine's situation format (docs: /work/shared/specs/situations.md), or None when the card
database does not know it. Plug it in with ``replay(..., cards=card_lookup)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from decks.models import Card
from decks.selectors import card_get

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


def _yugioh_subtype(card: Card, table: Mapping[str, str]) -> str:
    stats = card.stats
    race = str(stats.get("race") or "").lower()  # YGOPRODeck: a spell's "race" is its type
    if race in table:
        return table[race]
    types = stats.get("types") or []  # cdb: type bit names
    for word in types:
        if word in table:
            return table[word]
    return "normal"


def _yugioh_monster_type(card: Card) -> str:
    stats = card.stats
    words = {w.lower() for w in (stats.get("types") or [])}
    words |= set(str(stats.get("frame") or "").lower().split("_"))
    words |= {w.lower() for w in (stats.get("typeline") or [])}
    for word in _MONSTER_TYPES:
        if word in words:
            return word
    return "normal"


def yugioh_card(card: Card) -> dict[str, Any]:
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


def vanguard_card(card: Card) -> dict[str, Any]:
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


def rayman_card(card: Card) -> dict[str, Any]:
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


def arrows_card(card: Card) -> dict[str, Any]:
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


CONVERTERS = {"yugioh": yugioh_card, "vanguard": vanguard_card, "rayman": rayman_card, "arrows": arrows_card}


def card_lookup(game_key: str, ref: Mapping[str, Any]) -> dict[str, Any] | None:
    """The full card for ``{"id": …}`` or ``{"name": …}``; None when unknown (or not a game card)."""
    convert = CONVERTERS.get(game_key)
    if convert is None or not isinstance(ref, Mapping):
        return None
    card = None
    if ref.get("id") is not None and isinstance(ref["id"], int | str) and not isinstance(ref["id"], bool):
        card = card_get(game=game_key, ref=ref["id"])
    if card is None and isinstance(ref.get("name"), str) and ref["name"].strip():
        card = card_get(game=game_key, ref=ref["name"])
    if card is None:
        return None
    return convert(card) or None
