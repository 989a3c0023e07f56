"""Catalogue pieces RaymanTCG and Arrows share: each quotes a single rule text."""

from __future__ import annotations

from collections.abc import Callable

from ..base import Rule


def rule_maker(source: str) -> Callable[..., Rule]:
    """``rule(id, title, summary, passage, passage_en=…, interpretation="")`` for rules that all quote
    ``source`` (``passage_en``: the English of the French quote)."""

    def rule(
        id: str, title: str, summary: str, passage: str, *, passage_en: str, interpretation: str = ""
    ) -> Rule:
        return Rule(
            id=id,
            title=title,
            summary=summary,
            source=source,
            passage=passage,
            passage_en=passage_en,
            interpretation=interpretation,
        )

    return rule
