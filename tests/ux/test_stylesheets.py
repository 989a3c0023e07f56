"""Screen styles of the tournament-day pages live in day.css; print.css holds only what WeasyPrint prints."""

from pathlib import Path

import pytest
from django.conf import settings

CSS = Path(settings.BASE_DIR) / "static" / "css"


def test_print_css_is_for_print_only():
    text = (CSS / "print.css").read_text()
    assert "@media screen" not in text
    assert ".player-live" not in text and ".day-tabs" not in text
    assert "@page" in text and ".printout" in text


def test_day_css_has_the_screen_styles():
    text = (CSS / "day.css").read_text()
    assert ".player-live" in text and ".day-tabs" in text and ".wall-time" in text


@pytest.mark.parametrize(
    "url_name, who",
    [
        ("tournaments:console_event", "orga"),
        ("tournaments:player_event", "player1"),
        ("tournaments:wall_pairings", "player1"),
        ("tournaments:wall_clock", "player1"),
        ("tournaments:top_cut", "player1"),
    ],
)
def test_day_pages_link_day_css_not_print_css(demo, as_user, url_name, who):
    from django.urls import reverse

    html = as_user(who).get(reverse(url_name, args=[demo.pk])).content.decode()
    assert "css/day.css" in html
    assert "css/print.css" not in html
