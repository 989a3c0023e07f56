"""The engine's words in a language: gettext catalogues, read with the stdlib :mod:`gettext`.

The engine never writes a sentence: its events and refusals carry :class:`~rulings.engine.messages.
Message` objects (a msgid, the English template, and its parameters), and its rule catalogue and
rule sets are English data. Text is made here, when an answer is built: English is the msgid filled
in; another language looks each msgid up in ``locale/<lang>/LC_MESSAGES/engine.mo`` (domain
``engine``). Rule titles, summaries and interpretations have the rule id as their msgctxt, rule-set
titles and descriptions ``"<game>:<key>"``; a rule's ``passage`` is the French quote of its source
and is never translated.

The compiled ``engine.mo`` is committed next to its ``engine.po``; ``make messages``
(``python -m rulings.engine.makemessages``) extracts, merges and compiles them, and
``tests/rulings/engine/test_catalogues.py`` fails when a msgid has no translation or the .mo does not
say what the .po says. Should the .mo be missing, the .po is compiled in memory when the language is
first used.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path
from typing import Any

from .base import Rule, RuleSet
from .messages import Message, Sentences
from .pofile import mo_bytes, parse

LOCALE_DIR = Path(__file__).resolve().with_name("locale")
DOMAIN = "engine"
DEFAULT_LANGUAGE = "en"


def _languages() -> tuple[str, ...]:
    """English, then every language with a catalogue under ``locale/``."""
    folders = sorted(LOCALE_DIR.iterdir()) if LOCALE_DIR.is_dir() else []
    found = [
        path.name
        for path in folders
        if any((path / "LC_MESSAGES" / f"{DOMAIN}{suffix}").exists() for suffix in (".po", ".mo"))
    ]
    return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))


LANGUAGES = _languages()

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "catalogue",
    "label",
    "language_of",
    "render",
    "render_json",
    "rule_json",
    "ruleset_text",
    "ruleset_title",
]


def language_of(value: Any) -> str:
    """``"fr"``, ``"fr-FR"``, ``"FR_ca"`` → ``"fr"``; anything else (unknown, None) → ``"en"``."""
    if isinstance(value, str):
        base = value.strip().lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


@cache
def catalogue(language: str) -> gettext.GNUTranslations | None:
    """The compiled catalogue of a language (``language_of`` form), or None for English."""
    if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
        return None
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    compiled = folder / f"{DOMAIN}.mo"
    if compiled.exists():
        with compiled.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    source = parse((folder / f"{DOMAIN}.po").read_text(encoding="utf-8"))
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(source)))


def render(text: Message | Sentences | str | None, language: str = DEFAULT_LANGUAGE) -> str:
    """The text of one message (or several said in a row) in ``language``; ``None`` is ``""``."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text  # not a message: nothing to translate it with
    return text.render(catalogue(language_of(language)))


def render_json(value: Any, language: str = DEFAULT_LANGUAGE) -> Any:
    """A copy of a JSON value (a query's answer) with every message in it rendered in ``language``."""
    return _render_json(value, catalogue(language_of(language)))


def _render_json(value: Any, found: gettext.GNUTranslations | None) -> Any:
    if isinstance(value, Message | Sentences):
        return value.render(found)
    if isinstance(value, dict):
        return {key: _render_json(item, found) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_render_json(item, found) for item in value]
    return value


def _translated(language: str, context: str, text: str) -> str:
    found = catalogue(language_of(language))
    return text if found is None or not text else found.pgettext(context, text)


def rule_json(rule: Rule, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A catalogue entry; in another language its title, summary and interpretation (the passage is
    the French quote of the rule text already)."""
    out = rule.to_json()
    if language_of(language) != DEFAULT_LANGUAGE:
        for key in ("title", "summary", "interpretation"):
            out[key] = _translated(language, rule.id, out[key])
    return out


def label(context: str, text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A word a game plug-in gives in English, in ``language``: its name (``context`` ``"game"``) or a
    label of its tablet (``"tablet"``). Unknown words stay English."""
    return _translated(language, context, text)


def ruleset_text(game: str, ruleset: RuleSet, language: str = DEFAULT_LANGUAGE) -> tuple[str, str]:
    """``(title, description)`` of one of ``game``'s rule sets in ``language``; English as is."""
    context = f"{game}:{ruleset.key}"
    return _translated(language, context, ruleset.title), _translated(language, context, ruleset.description)


def ruleset_title(game: str, ruleset: RuleSet, language: str = DEFAULT_LANGUAGE) -> str:
    """The title of one of ``game``'s rule sets in ``language`` (form choices, event pages)."""
    return ruleset_text(game, ruleset, language)[0]
