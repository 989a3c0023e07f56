from django.utils import translation

from decks.templatetags.cards import card_kind


def test_card_kinds_are_shown_in_the_readers_language():
    with translation.override("fr"):
        assert str(card_kind("spell")) == "Magie"
        assert str(card_kind("monster")) == "Monstre"
    with translation.override("en"):
        assert str(card_kind("spell")) == "Spell"
    assert card_kind("something-new") == "something-new"
