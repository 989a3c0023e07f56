"""``{% load card_pool %}``: ``user|can_manage_card_pool`` — may this person import into the shared pool?"""

from django import template

from decks.permissions import can_manage_card_pool as _can_manage_card_pool

register = template.Library()


@register.filter
def can_manage_card_pool(user) -> bool:
    return _can_manage_card_pool(user)
