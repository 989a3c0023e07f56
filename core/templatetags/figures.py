"""Template filters for figures: `{% load figures %}`, then `{{ row.omw|percent }}` and
`{{ row.konami_number|konami }}` (the formats are described in core/figures.py)."""

from __future__ import annotations

from django import template

from core import figures

register = template.Library()


@register.filter
def percent(value):
    return figures.percent(value)


@register.filter
def konami(value):
    return figures.konami_number(value)
