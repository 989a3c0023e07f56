"""Validate a parsed deck list against the database (or any CardIndex); the rules live in rulings.engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from decks.formats import DeckList
from decks.selectors import DatabaseCardIndex
from decks.validation import CardIndex, ValidationReport, validate_deck_list
from rulings.engine.decklists import Banlist as EngineBanlist


def deck_validate(
    *,
    deck: DeckList,
    game: str,
    banlist: EngineBanlist | None = None,
    ruleset: str | None = None,
    config: Mapping[str, Any] | None = None,
    cards: CardIndex | None = None,
) -> ValidationReport:
    """Every problem of ``deck`` at once. Without ``cards``, cards come from the database (a few queries)."""
    index = cards if cards is not None else DatabaseCardIndex(game).preload(deck)
    return validate_deck_list(deck, game=game, cards=index, ruleset=ruleset, banlist=banlist, config=config)
