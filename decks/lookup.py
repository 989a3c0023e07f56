"""A database-backed ``CardLookup`` for the rulings replay engine (see rulings/engine/base.py).

``card_lookup(game, {"id": …})`` or ``card_lookup(game, {"name": …})`` returns the card in the
engine's situation format (docs: /work/shared/specs/situations.md), or None when the card
database does not know it; the game's plug-in converts it (``rulings/engine/<game>/cards.py``).
Plug it in with ``replay(..., cards=card_lookup)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from decks.selectors import card_get
from rulings.engine.registry import UnknownGame, get_plugin


def card_lookup(game_key: str, ref: Mapping[str, Any]) -> dict[str, Any] | None:
    """The full card for ``{"id": …}`` or ``{"name": …}``; None when unknown (or not a game card)."""
    try:
        convert = get_plugin(game_key).card_to_situation  # rulings/engine/<game>/cards.py
    except UnknownGame:
        return None
    if not isinstance(ref, Mapping):
        return None
    card = None
    if ref.get("id") is not None and isinstance(ref["id"], int | str) and not isinstance(ref["id"], bool):
        card = card_get(game=game_key, ref=ref["id"])
    if card is None and isinstance(ref.get("name"), str) and ref["name"].strip():
        card = card_get(game=game_key, ref=ref["name"])
    if card is None:
        return None
    return convert(card) or None
