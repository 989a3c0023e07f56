"""Arrows deck construction, as each event's organisers define it.

The rule text (arrows-combats-de-monstres.txt) says nothing about deck building, so the
limits are per-event settings passed as ``config``:

* ``deck_min`` / ``deck_max`` — Main Deck size, default 40 to 60;
* ``max_copies`` — copies of one card (by name), default 3;
* ``side_max`` — Side Deck size, default 15 (0 forbids a Side Deck).

A card's own limit from the organisers' card pool (the CSV ``limit`` column) wins over
``max_copies``. The side deck counts toward the copy limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulings.engine.base import DeckProblem
from rulings.engine.construction import (
    copies_and_banlist_problems,
    ruleset_flags,
    section_size_problems,
    unknown_sections,
)
from rulings.engine.decklists import Banlist, ResolvedCard, ResolvedDeck

SECTIONS = ("main", "side")
DEFAULT_CONFIG: Mapping[str, int] = {"deck_min": 40, "deck_max": 60, "max_copies": 3, "side_max": 15}


def event_config(
    config: Mapping[str, Any], ruleset_defaults: Mapping[str, Any] | None = None
) -> dict[str, int]:
    """Defaults, then any deck settings the rule set's flags define, then the event's ``config``."""
    unknown = set(config) - set(DEFAULT_CONFIG)
    if unknown:
        raise ValueError(f"unknown Arrows deck settings {sorted(unknown)}; expected {sorted(DEFAULT_CONFIG)}")
    from_ruleset = {key: value for key, value in (ruleset_defaults or {}).items() if key in DEFAULT_CONFIG}
    merged = {**DEFAULT_CONFIG, **from_ruleset, **config}
    for key, value in merged.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"Arrows deck setting {key} must be a whole number ≥ 0, not {value!r}")
    if merged["deck_min"] > merged["deck_max"]:
        raise ValueError("Arrows deck_min is larger than deck_max")
    return merged


def check_deck(
    deck: ResolvedDeck, *, ruleset: str | None, banlist: Banlist | None, config: Mapping[str, Any]
) -> list[DeckProblem]:
    _, flags = ruleset_flags("arrows", ruleset, {"standard": {}}, "standard")
    settings = event_config(config, flags)
    problems = unknown_sections(deck, SECTIONS, "Arrows")
    problems += section_size_problems(
        deck, {"main": (settings["deck_min"], settings["deck_max"]), "side": (None, settings["side_max"])}
    )

    def limit_for(card: ResolvedCard) -> tuple[int | None, str]:
        if card.max_copies is not None:
            return card.max_copies, " for this card"
        return settings["max_copies"], " per name"

    problems += copies_and_banlist_problems(deck, SECTIONS, limit_for=limit_for, banlist=banlist)
    return problems
