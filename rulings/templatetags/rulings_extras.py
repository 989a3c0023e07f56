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


def _pretty(value: Any, depth: int = 0) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, dict):
        return ", ".join(
            f"{_word(k)}: {_word(v) if k in ('type', 'kind', 'phase', 'position') else _pretty(v, depth + 1)}"
            for k, v in value.items()
        )
    if isinstance(value, list):
        if not value:
            return "—"
        sep = " · " if depth else "; "
        return sep.join(_pretty(v, depth + 1) for v in value)
    return str(value)


@register.filter
def pretty(value: Any) -> str:
    """A JSON value in plain words: {"A": 0, "B": 700} → "A: 0, B: 700"."""
    return _pretty(value)


@register.filter
def humanize_key(value: str) -> str:
    return str(value).replace("_", " ")


@register.filter
def tablet_word(value: Any) -> str:
    """An engine key (a phase, an action type, a field, a flag) in the page's words and language."""
    return _word(value)
