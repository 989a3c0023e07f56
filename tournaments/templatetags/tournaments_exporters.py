"""`{% event_exporters as exporters %}`: the registered exporters (`tournaments.exporters`), for the console's
"Print & export" page (its view stays as it is)."""

from __future__ import annotations

from django import template

from tournaments.exporters import exporters

register = template.Library()


@register.simple_tag
def event_exporters():
    return exporters()
