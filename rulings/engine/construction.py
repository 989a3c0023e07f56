"""Deck-construction checks: one entry point, one module per game.

``check_deck`` returns every problem at once, each with a stable code (see
docs/deck-formats.md). The rules live in ``rulings/engine/<game>/construction.py``, reached
through the game's plug-in; the helpers below are what they share.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .base import DeckProblem
from .decklists import LIMIT_LABELS, SECTION_TITLES, Banlist, ResolvedCard, ResolvedDeck
from .registry import UnknownGame, game_keys, get_plugin

CheckFunction = Callable[..., list[DeckProblem]]


class UnknownRuleset(ValueError):
    pass


def check_deck(
    game: str,
    deck: ResolvedDeck,
    *,
    ruleset: str | None = None,
    banlist: Banlist | None = None,
    config: Mapping[str, Any] | None = None,
) -> list[DeckProblem]:
    """Every reason ``deck`` is not legal for ``game`` (empty list: legal).

    ``ruleset`` picks the game's rule set (None: its default); ``config`` holds
    per-event settings (Arrows: deck size and copies per name). The rules are the game
    plug-in's (``rulings/engine/<game>/plugin.py``, usually its ``construction.py``).
    """
    try:
        plugin = get_plugin(game)
    except UnknownGame:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(game_keys())}") from None
    return plugin.check(deck, ruleset=ruleset, banlist=banlist, config=config)


# --- shared helpers ----------------------------------------------------------------


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def section_title(section: str) -> str:
    return SECTION_TITLES.get(section, section.title())


def unknown_sections(deck: ResolvedDeck, allowed: Iterable[str], game_name: str) -> list[DeckProblem]:
    allowed = tuple(allowed)
    return [
        DeckProblem(
            "unknown_section",
            f"{game_name} decks have no {section_title(section)}; "
            f"use {', '.join(section_title(s) for s in allowed)}",
            section=section,
        )
        for section in deck.sections
        if section not in allowed and deck.section(section)
    ]


def size_problems(
    count: int, *, minimum: int | None, maximum: int | None, what: str, code_prefix: str, section: str | None
) -> list[DeckProblem]:
    """``main_too_small`` "Main Deck has 39 cards; it needs 40 to 60" and friends."""
    if minimum is not None and maximum is not None:
        need = f"exactly {minimum}" if minimum == maximum else f"{minimum} to {maximum}"
    elif minimum is not None:
        need = f"at least {minimum}"
    else:
        need = f"at most {maximum}"
    message = f"{what} has {plural(count, 'card')}; it needs {need}"
    if minimum is not None and count < minimum:
        return [DeckProblem(f"{code_prefix}_too_small", message, section=section)]
    if maximum is not None and count > maximum:
        return [DeckProblem(f"{code_prefix}_too_large", message, section=section)]
    return []


def section_size_problems(
    deck: ResolvedDeck, limits: Mapping[str, tuple[int | None, int | None]]
) -> list[DeckProblem]:
    """``size_problems`` of each section named in ``limits`` (section → (minimum, maximum)), in order."""
    problems: list[DeckProblem] = []
    for section, (minimum, maximum) in limits.items():
        problems += size_problems(
            deck.size(section),
            minimum=minimum,
            maximum=maximum,
            what=section_title(section),
            code_prefix=section,
            section=section,
        )
    return problems


def copies_by_identity(deck: ResolvedDeck, sections: Iterable[str]) -> dict[str, tuple[ResolvedCard, int]]:
    """Total copies of each card across ``sections``, keyed by identity, in list order."""
    totals: dict[str, tuple[ResolvedCard, int]] = {}
    for _, entry in deck.entries(*sections):
        card, count = totals.get(entry.card.identity, (entry.card, 0))
        totals[entry.card.identity] = (card, count + entry.count)
    return totals


def copy_limit_problems(
    totals: Mapping[str, tuple[ResolvedCard, int]],
    *,
    limit_for: Callable[[ResolvedCard], tuple[int | None, str]],
    where: str,
) -> list[DeckProblem]:
    """``too_many_copies`` for each card over its limit. ``limit_for`` gives (limit, why)."""
    problems = []
    for card, count in totals.values():
        limit, why = limit_for(card)
        if limit is not None and count > limit:
            problems.append(
                DeckProblem(
                    "too_many_copies",
                    f"{card.name}: {count} copies {where}; at most {limit} allowed{why}",
                    card=card.name,
                )
            )
    return problems


BANLIST_CODES = {0: "forbidden", 1: "limited", 2: "semi_limited"}


def banlist_problems(
    totals: Mapping[str, tuple[ResolvedCard, int]], banlist: Banlist | None
) -> list[DeckProblem]:
    """``forbidden`` "Pot of Greed is Forbidden on the 2026.02 TCG list", ``limited``,
    ``semi_limited``, and ``not_on_whitelist`` for a whitelist such as GOAT."""
    if banlist is None:
        return []
    problems = []
    for card, count in totals.values():
        if card.has("unknown"):
            continue  # an unresolved reference is reported once, as unknown_card
        limit = banlist.limit_for(card.ids | {card.identity})
        if limit is None:
            if banlist.whitelist:
                problems.append(
                    DeckProblem(
                        "not_on_whitelist",
                        f"{card.name} is not allowed: the {banlist.name} list only allows the cards it names",
                        card=card.name,
                    )
                )
            continue
        if limit >= 3 or count <= limit:
            continue
        label = LIMIT_LABELS.get(limit, f"limited to {limit}")
        if limit == 0:
            message = f"{card.name} is Forbidden on the {banlist.name} list"
        else:
            message = (
                f"{card.name} is {label} on the {banlist.name} list: {count} copies; at most {limit} allowed"
            )
        problems.append(DeckProblem(BANLIST_CODES.get(limit, "limited"), message, card=card.name))
    return problems


def copies_and_banlist_problems(
    deck: ResolvedDeck,
    sections: Iterable[str],
    *,
    limit_for: Callable[[ResolvedCard], tuple[int | None, str]],
    banlist: Banlist | None,
) -> list[DeckProblem]:
    """Copies counted across ``sections``: ``too_many_copies`` (see ``copy_limit_problems``), then the
    banlist's problems. Every game ends its deck check with these two."""
    totals = copies_by_identity(deck, sections)
    return copy_limit_problems(totals, limit_for=limit_for, where="in the deck") + banlist_problems(
        totals, banlist
    )


def ruleset_flags(
    game: str, ruleset: str | None, fallback: Mapping[str, Mapping[str, Any]], fallback_default: str
) -> tuple[str, Mapping[str, Any]]:
    """The rule set's flags from the game's catalogue, else our own copy of them.

    The game's ``catalogue`` module is the source of truth; the fallback only keeps
    deck checks working while that module is missing or broken.
    """
    rulesets: Mapping[str, Any] = {}
    default = fallback_default
    try:
        catalogue = importlib.import_module(f"rulings.engine.{game}.catalogue")
        rulesets = {key: value.flags for key, value in catalogue.RULESETS.items()}
        default = getattr(catalogue, "DEFAULT_RULESET", default)
    except Exception:  # noqa: BLE001 - any failure there must leave deck checks working
        rulesets = {}
    key = ruleset or default
    flags = dict(fallback.get(key, {}))
    if key in rulesets:
        flags.update(rulesets[key])
    elif key not in fallback:
        known = sorted(set(rulesets) | set(fallback))
        raise UnknownRuleset(f"unknown {game} rule set {key!r}; expected one of {', '.join(known)}")
    return key, flags
