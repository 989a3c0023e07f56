"""Small filters for the rulings pages."""

from __future__ import annotations

import json
from typing import Any

from django import template

register = template.Library()


@register.filter
def get(mapping: Any, key: Any) -> Any:
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def as_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _word(key: Any) -> str:
    from django.utils.translation import get_language

    from rulings.engine.i18n import DEFAULT_LANGUAGE, language_of
    from rulings.engine.tablet_words import word

    return word(key, language_of(get_language() or DEFAULT_LANGUAGE))


def _pretty(value: Any, depth: int = 0, names: Any = None) -> str:
    names = names or {}
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, dict) and isinstance(value.get("type"), str) and value.get("player") in ("A", "B"):
        rest = {k: v for k, v in value.items() if k not in ("type", "player")}  # an action: "A · Attack — …"
        head = f"{value['player']} · {_word(value['type'])}"
        return head + (f" — {_pretty(rest, depth + 1, names)}" if rest else "")
    if isinstance(value, dict):
        return ", ".join(
            f"{_word(k)}: {_word(v) if k in WORD_VALUES else _pretty(v, depth + 1, names)}"
            for k, v in value.items()
        )
    if isinstance(value, list):
        if not value:
            return "—"
        sep = " · " if depth else "; "
        return sep.join(_pretty(v, depth + 1, names) for v in value)
    if isinstance(value, str) and value in names:
        return str(names[value])
    if isinstance(value, str) and (said := _phrase(value)) is not None:
        return said
    if isinstance(value, str):
        return refs_in_words(value)
    return str(value)


def _phrase(text: str) -> str | None:
    from django.utils.translation import get_language

    from rulings.engine.i18n import DEFAULT_LANGUAGE, language_of
    from rulings.engine.tablet_words import phrase

    return phrase(text, language_of(get_language() or DEFAULT_LANGUAGE))


WORD_VALUES = ("type", "kind", "phase", "position")  # keys whose values are keys too


@register.filter
def pretty(value: Any, names: Any = None) -> str:
    """A JSON value in plain words: {"A": 0, "B": 700} → "A: 0, B: 700"; references (``names``:
    reference → words) in words."""
    return _pretty(value, names=names)


@register.filter
def humanize_key(value: str) -> str:
    return str(value).replace("_", " ")


@register.filter
def tablet_word(value: Any) -> str:
    """An engine key (a phase, an action type, a field, a flag) in the page's words and language."""
    return _word(value)


@register.filter
def game_name(value: Any) -> str:
    """A game's English name in the page's language ("Yu-Gi-Oh! JCC" in French)."""
    from django.utils.translation import get_language

    from rulings.engine.i18n import DEFAULT_LANGUAGE, label

    return label("game", str(value), get_language() or DEFAULT_LANGUAGE)


@register.inclusion_tag("rulings/_cited_rule.html")
def cited_rule(game: str, rule_id: str, ruleset: str | None = None, panel: bool = True, open: bool = False):
    """A rule an answer cites, quoted where it is cited: ``panel`` — the tablet — opens the whole rule
    in its side panel (htmx), otherwise the chip links to the rule's page; ``open`` shows the quote
    without a tap. ``ruleset`` is the rule set the answer applied."""
    from rulings.selectors import rule_cited_get

    rule = rule_cited_get(game=str(game), rule_id=str(rule_id), ruleset=ruleset)
    return {"game": game, "rule_id": rule_id, "rule": rule, "panel": panel, "open": open}


@register.filter
def ruleset_names(keys: Any, rulesets: Any) -> str:
    """Rule-set keys by their names (``rulesets``: the game's ``{"key", "title"}`` rows)."""
    titles = {row["key"]: row["title"] for row in rulesets or ()}
    return ", ".join(titles.get(key, key) for key in keys or ())


@register.filter
def refs_in_words(text: Any) -> str:
    """An engine sentence with its card references ("A.monsters.0") in plain words."""
    from rulings.services.tablet import refs_in_words as in_words

    return in_words(str(text)) if text else ""
