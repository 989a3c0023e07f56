"""Every rule quotes its source and carries the English of the quote (issue 14, "rules quoted").

The tablet shows a cited rule's deciding sentence as written (French) with its English beside it; a rule
without its English, or whose quote is no longer in its text, would show a judge nothing to go by.
The quote checks of Vanguard, RaymanTCG and Arrows live with their engines' tests; Yu-Gi-Oh!'s, which
quotes three texts, is here. They run only where the rule texts are (``../shared/rules``, or
``$TABLESIDE_SHARED/rules``): the product ships without them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rulings.engine.registry import game_keys, get_game
from tests.rulings.engine.common_props import normalised

ROOT = Path(__file__).resolve().parents[3]
RULES_DIR = Path(os.environ.get("TABLESIDE_SHARED") or ROOT.parent / "shared") / "rules"
ELISION = re.compile(r"\[(?:…|\.\.\.)\]")

RULES = [rule for key in game_keys() for rule in get_game(key).catalogue.values()]


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.id)
def test_every_rule_has_the_english_of_its_quote(rule) -> None:
    assert rule.passage_en.strip(), f"{rule.id}: no English for its passage"
    assert rule.passage_en == rule.passage_en.strip()
    if rule.source.endswith(".txt"):  # the French rule texts: the English is a translation
        assert rule.passage_language == "fr" and rule.passage_en != rule.passage
    else:  # official-rules-notes.md is English: its quote is its own English
        assert rule.passage_language == "en" and rule.passage_en == rule.passage
    # the translation leaves out what the quote leaves out
    assert len(ELISION.findall(rule.passage_en)) == len(ELISION.findall(rule.passage)), rule.id


def test_the_english_check_sees_a_missing_translation() -> None:
    from dataclasses import replace

    rule = get_game("yugioh").catalogue["YGO-TRIBUTE-COUNT"]
    with pytest.raises(AssertionError):
        test_every_rule_has_the_english_of_its_quote(replace(rule, passage_en=""))
    with pytest.raises(AssertionError):
        test_every_rule_has_the_english_of_its_quote(replace(rule, passage_en=rule.passage))


def _source_text(name: str) -> str:
    text = (RULES_DIR / name).read_text(encoding="utf-8")
    return normalised(text.replace("**", ""))  # the notes' Markdown bold is no part of the words


def missing_fragments(rule, text: str) -> list[str]:
    """The pieces of ``rule``'s passage (between elisions) that ``text`` does not hold."""
    pieces = (piece.strip(" .") for piece in ELISION.split(normalised(rule.passage)))
    return [piece for piece in pieces if piece and piece not in text]


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="the rule texts (../shared/rules) are not here")
def test_every_yugioh_passage_is_quoted_from_its_text() -> None:
    catalogue = get_game("yugioh").catalogue
    assert {rule.source for rule in catalogue.values()} == {
        "yugioh-reglement.txt",
        "yugioh-phase-de-bataille.txt",
        "official-rules-notes.md",
    }
    texts = {name: _source_text(name) for name in {rule.source for rule in catalogue.values()}}
    missing = {rule.id: missing_fragments(rule, texts[rule.source]) for rule in catalogue.values()}
    assert not {rule_id: pieces for rule_id, pieces in missing.items() if pieces}


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="the rule texts (../shared/rules) are not here")
def test_the_quote_check_sees_a_passage_the_text_does_not_hold() -> None:
    from dataclasses import replace

    rule = get_game("yugioh").catalogue["YGO-DRAW"]
    text = _source_text(rule.source)
    assert missing_fragments(rule, text) == []
    changed = replace(rule, passage=rule.passage.replace("1 carte", "2 cartes"))
    wrong = "On tire toujours 1 et seulement 2 cartes pendant sa draw phase"
    assert missing_fragments(changed, text) == [wrong]
