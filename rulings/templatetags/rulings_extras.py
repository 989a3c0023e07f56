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


def _pretty(value: Any, depth: int = 0) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_pretty(v, depth + 1)}" for k, v in value.items())
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
