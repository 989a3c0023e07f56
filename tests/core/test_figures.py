"""One format per figure (core.figures and the |percent, |konami filters), in English and French."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import translation

from core.figures import konami_number, percent, percent_number, spreadsheet_percent

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("language", "fraction", "shown"),
    [
        ("en", 5 / 9, "55.56 %"),
        ("fr", 5 / 9, "55,56 %"),
        ("en", 1 / 3, "33.33 %"),
        ("fr", 1.0, "100,00 %"),
        ("en", 0.0, "0.00 %"),
        ("en", 0.33335, "33.34 %"),  # half up, on the decimal figure (not the binary float's 33.334999…)
        ("fr", 0.125, "12,50 %"),
    ],
)
def test_percent_in_both_languages(language, fraction, shown):
    with translation.override(language):
        assert percent(fraction) == shown.replace(" ", NBSP)


def test_missing_and_odd_values():
    assert percent(None) == "—"
    assert percent("not a number") == "—"
    assert percent_number(Decimal("0.55555")) == Decimal("55.56")
    assert spreadsheet_percent(5 / 9) == 55.56
    assert spreadsheet_percent(None) == ""


def test_konami_number_keeps_its_eight_digits():
    assert konami_number("03726677") == "03726677"
    assert konami_number(3726677) == "03726677"
    assert konami_number(None) == "—"


@pytest.mark.parametrize(("language", "expected"), [("en", "44.44 % 06500625"), ("fr", "44,44 % 06500625")])
def test_template_filters(language, expected):
    template = Template("{% load figures %}{{ omw|percent }} {{ number|konami }}")
    with translation.override(language):
        rendered = template.render(Context({"omw": 4 / 9, "number": "06500625"}))
    assert rendered == expected.replace(" %", NBSP + "%")
