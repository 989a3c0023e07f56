"""The site's view of the game registry (``rulings.engine.registry``): choices with translated labels.

Every list of games in the site comes from here or from the registry itself: model and form choices,
the ``Game`` enums of the decks and tournaments apps, the API's choices and schema. The labels are the
plug-ins' English names, translated through the engine's catalogue (msgctxt ``"game"``) in the active
language when they are shown.
"""

from __future__ import annotations

from django.db import models
from django.utils.functional import lazy
from django.utils.translation import get_language

from rulings.engine import i18n, registry


def _label(context: str, text: str) -> str:
    return i18n.label(context, text, get_language() or i18n.DEFAULT_LANGUAGE)


translated_label = lazy(_label, str)
"""``translated_label("tablet", "Hand")``: a plug-in's word, translated when it is shown."""


def game_choices() -> list[tuple[str, str]]:
    """``(key, name)`` of every game, the name translated when shown. Pass the function itself as a
    model field's ``choices``: a game registered later (a test's) is then a choice too, and adding a game
    needs no migration (the migrations name this function: keep its name and place)."""
    return [(key, translated_label("game", name)) for key, name in registry.game_choices()]


def game_enum(name: str = "Game") -> type[models.TextChoices]:
    """A ``TextChoices`` of the games as the registry has them now (``Game.YUGIOH == "yugioh"``)."""
    return models.TextChoices(name, [(key.upper(), (key, label)) for key, label in game_choices()])
