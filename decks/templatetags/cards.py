"""Template helpers for card data that is stored in the card files' own words."""

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

# The kinds the card readers produce (decks/cardfiles/), as players say them.
CARD_KIND_LABELS = {
    "monster": _("Monster"),
    "spell": _("Spell"),
    "trap": _("Trap"),
    "unit": _("Unit"),
    "order": _("Order"),
    "token": _("Token"),
    "creature": _("Creature"),
    "magic": _("Magic"),
    "terrain": _("Terrain"),
}


@register.filter
def card_kind(kind: str) -> str:
    """The card kind in the reader's language; an unknown kind is shown as stored."""
    return CARD_KIND_LABELS.get(kind, kind)
