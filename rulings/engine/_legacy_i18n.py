"""The engine's words in another language, rendered only when an answer is built.

The engine builds its English texts as it always did: self-play and English replays pay nothing
for translation. The English message templates are the msgids (``"Player {0} draws {1} card{2}."``,
the f-string of the source with its fields numbered in order); ``messages_fr.MESSAGES`` gives the
French of each. When a replay is asked in French, each event text (and each refusal) is matched
against the compiled English templates, its fields are taken out, the words among them that are
themselves English (a phase, a position, "a face-down card"…) are translated with
``messages_fr.VALUES``, and the French template is filled in. A text that joins several sentences
(a Yu-Gi-Oh! battle) is translated sentence by sentence. Anything not recognised stays in English
rather than being lost — ``tests/rulings/engine/test_i18n.py`` makes sure every template of the
engine has its French and that the golden replays come out with no English left.

Transitional: only the games not yet speaking in messages (``rulings.engine.messages``) come here.
"""

from __future__ import annotations

import re
import string
from functools import cache, lru_cache
from typing import Any

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"

__all__ = [
    "LANGUAGES",
    "fields",
    "language_of",
    "translate",
    "translate_answer",
]


def language_of(value: Any) -> str:
    """``"fr"``, ``"fr-FR"``, ``"FR_ca"`` → ``"fr"``; anything else (unknown, None) → ``"en"``."""
    if isinstance(value, str):
        base = value.strip().lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def fields(template: str) -> list[str]:
    """The field names of a template, in order (``"{0} attacks {1}."`` → ``["0", "1"]``)."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


# A field never spans the end of a sentence: joined sentences are translated one by one.
_FIELD = r"((?:(?!\. [A-Z(]).)*?)"


def _pattern(template: str) -> re.Pattern[str]:
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(_FIELD)
    return re.compile("".join(parts), re.DOTALL)


@cache
def _catalogue(language: str) -> tuple[list[tuple[re.Pattern[str], list[str], str]], Any]:
    """The compiled templates of a language, most specific (longest literal text) first."""
    from . import messages_fr

    table = {"fr": messages_fr}[language]
    compiled = []
    for english, translated in table.MESSAGES.items():
        literal = len("".join(lit for lit, _, _, _ in string.Formatter().parse(english)))
        compiled.append((literal, _pattern(english), fields(english), translated))
    compiled.sort(key=lambda item: -item[0])
    return [(pattern, names, translated) for _, pattern, names, translated in compiled], table


def _one(text: str, language: str, depth: int = 0) -> str | None:
    templates, table = _catalogue(language)
    for pattern, names, translated in templates:
        match = pattern.fullmatch(text)
        if match is not None:
            return _fill(translated, dict(zip(names, match.groups(), strict=True)), table, language, depth)
    return None


def _fill(template: str, found: dict[str, str], table: Any, language: str, depth: int) -> str:
    """``{1}`` takes the value (translated by ``VALUES``, or itself a message); ``{1:kind}`` looks the
    value up in ``KINDS[kind]`` (the same English word, "end", is "de fin" or "End Phase" by game)."""
    out = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        out.append(literal)
        if name is None:
            continue
        value = found[name]
        if spec:
            out.append(table.KINDS[spec].get(value, value))
        elif value in table.VALUES:
            out.append(table.VALUES[value])
        else:
            nested = _one(value, language, depth + 1) if depth < 2 and " " in value else None
            out.append(value if nested is None else nested)
    return "".join(out)


_SENTENCE_END = re.compile(r"[.:)] ")


@lru_cache(maxsize=4096)
def translate(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """``text`` (one engine message, or several joined by spaces) in ``language``; English as is."""
    if language == DEFAULT_LANGUAGE or not text:
        return text
    whole = _one(text, language)
    if whole is not None:
        return whole
    # several sentences joined: the shortest translatable head, then the rest
    for match in _SENTENCE_END.finditer(text):
        head, rest = text[: match.start() + 1], text[match.end() :]
        first = _one(head, language)
        if first is not None:
            return f"{first} {translate(rest, language)}"
    return text


def translate_answer(value: Any, language: str) -> Any:
    """Every ``explanation`` inside a query answer, translated in place; returns ``value``."""
    if language == DEFAULT_LANGUAGE:
        return value
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "explanation" and isinstance(item, str):
                value[key] = translate(item, language)
            else:
                translate_answer(item, language)
    elif isinstance(value, list):
        for item in value:
            translate_answer(item, language)
    return value
