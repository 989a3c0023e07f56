import pytest
from django.utils import translation

from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_rule_set_title_follows_the_page_language():
    event = Event(game="vanguard", rule_set="original", name="Title test")
    with translation.override("en"):
        english = event.rule_set_title
    with translation.override("fr"):
        french = event.rule_set_title
    assert english.startswith("Original")
    assert french != english and french
