"""Names sorted for readers of English and French (core.collation): letters first, then accents, then case."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from core.collation import collation_key, sort_by_name

NAMES = ["Nadia", "Émile", "Eddy", "Fanny", "zoé", "Zoe", "Ødegaard", "Œdipe", "Adam", "Ærø", "élodie",
         "Émilie"]  # fmt: skip
EXPECTED = ["Adam", "Ærø", "Eddy", "élodie", "Émile", "Émilie", "Fanny", "Nadia", "Ødegaard", "Œdipe", "Zoe",
            "zoé"]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "fr"])
def test_accents_do_not_move_a_name_out_of_its_letter(language):
    shuffled = NAMES[:]
    random.Random(7).shuffle(shuffled)
    assert sort_by_name(shuffled, language=language) == EXPECTED
    # "a name starting with É comes after one starting with N" (issue 17): no longer
    assert sort_by_name(["Nadia", "Émile"], language=language) == ["Émile", "Nadia"]


def test_levels_letters_then_accents_then_case():
    levels = ["emile", "Emile", "émile", "Émile"]
    assert sort_by_name(["Émile", "emile", "Emile", "émile"], language="fr") == levels
    assert sort_by_name(["Cote", "côte", "coté", "cote"], language="fr") == ["cote", "Cote", "coté", "côte"]


def test_spaces_case_folding_and_empty_names():
    assert collation_key("  Anne   Marie ") == collation_key("Anne Marie")
    assert collation_key("Straße")[0] == collation_key("Strasse")[0]  # ß folds to ss at the first level
    assert sort_by_name(["b", "", None, "a"], language="en") == ["", None, "a", "b"]


def test_the_active_language_is_the_default_and_tailorings_apply():
    names = ["Zoé", "Åsa", "Adam", "Örn"]
    with translation.override("fr"):
        assert sort_by_name(names) == ["Adam", "Åsa", "Örn", "Zoé"]
    # Swedish puts å, ä, ö after z (the example tailoring)
    assert sort_by_name(names, language="sv") == ["Adam", "Zoé", "Åsa", "Örn"]
    assert sort_by_name(names, language="fr-CA") == ["Adam", "Åsa", "Örn", "Zoé"]


def test_key_on_objects():
    rows = [{"name": "Émile"}, {"name": "Eddy"}, {"name": "Fanny"}]
    assert [r["name"] for r in sort_by_name(rows, name=lambda r: r["name"], language="en")] == [
        "Eddy", "Émile", "Fanny",
    ]  # fmt: skip
