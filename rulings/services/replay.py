"""Replaying situation documents: one function for the API, the command and the tablet.

The rules are the engine's (``rulings.engine``); this module only plugs in the card database and
turns the engine's answer or errors into the JSON both interfaces return byte for byte.
"""

from __future__ import annotations

import json
import logging
from importlib import import_module
from typing import Any

from core.jsonload import JSONLoadError, load_json_strict
from rulings.engine.base import MalformedDocument, PathError
from rulings.engine.i18n import DEFAULT_LANGUAGE, language_of
from rulings.engine.replay import render_answer, replay, replay_messages, rules_cited_json

logger = logging.getLogger(__name__)

JSON = dict[str, Any]


class ReplayFailed(Exception):
    """The document is not a question the engine can answer: ``errors`` = [{path, message}] (HTTP 400)."""

    def __init__(self, errors: list[JSON]):
        self.errors = errors
        super().__init__("; ".join(f"{e['path'] or '/'}: {e['message']}" for e in errors))

    def to_json(self) -> JSON:
        return {"errors": self.errors}


def card_lookup_get() -> Any:
    """The card database lookup of the decks app, when it is installed; None otherwise.

    Imported lazily so the rulings app works (and bare ``{"id": …}`` cards are a clear 400) without it.
    The lookup object only queries the database when a document actually names a card by id or name.
    """
    try:
        module = import_module("decks.lookup")
    except ImportError:
        return None
    lookup = getattr(module, "card_lookup", None)
    if callable(lookup):
        return lookup  # (game_key, {"id"|"name": …}) -> card JSON | None, as rulings.engine.base.CardLookup
    return None


# Situation documents are a dozen levels deep at most (state → players → zone → card → modifiers).
MAX_DOCUMENT_DEPTH = 64


def document_parse(*, text: str | bytes) -> Any:
    """Parse a JSON text with the one strict loader of documents from outside (core/jsonload.py): bad JSON,
    NaN/Infinity, a number no state holds, nesting too deep: a ReplayFailed naming its JSON Pointer."""
    try:
        return load_json_strict(text, max_depth=MAX_DOCUMENT_DEPTH, allow_lone_surrogates=True)
    except JSONLoadError as exc:
        raise ReplayFailed([{"path": e["path"], "message": e["message"]} for e in exc.errors]) from exc


def language_resolve(*, requested: str | None = None) -> str:
    """The engine language of a request: ``requested`` (``?lang=``, ``--lang``) when given — an unknown
    one is English —, else the active Django language (the site's language switch, Accept-Language)."""
    if requested:
        return language_of(requested)
    from django.utils.translation import get_language

    return language_of(get_language())


def answer_localized(*, answer: JSON, document: Any, language: str) -> JSON:
    """A saved answer (stored in English) with its explanations in ``language``.

    The engine's French is made from its messages, not from English text: the saved document is
    replayed again and, when the engine still answers exactly what was saved, that answer is rendered
    in ``language``. When it answers otherwise (the rules or the card database changed since the
    ruling was saved), the saved answer is shown as it was saved, in English: a ruling is a record.
    Returns a new answer; the saved one is left as it is.
    """
    language = language_of(language)
    if language == DEFAULT_LANGUAGE or not isinstance(answer, dict):
        return answer
    try:
        raw = situation_replay_messages(document=document)
    except ReplayFailed:
        return answer
    if _as_stored(render_answer(raw)) != _as_stored(answer):
        return answer
    return render_answer(raw, language)


def _as_stored(answer: JSON) -> Any:
    """The answer as a JSON column gives it back (tuples are lists)."""
    return json.loads(json.dumps(answer))


def situation_replay(
    *,
    document: Any,
    card_lookup: Any = None,
    use_card_database: bool = True,
    language: str = DEFAULT_LANGUAGE,
    rules_cited: bool = False,
) -> JSON:
    """Replay a situation document and return the Answer JSON of the spec; raise ReplayFailed (400).

    An illegal action is an answer, not an error. Any unexpected failure of the engine is reported as
    a 400 naming the document as a whole (and logged), never as a server error. ``language`` ("en",
    "fr") is the language of the explanations. ``rules_cited`` adds the words of the rules the answer
    cites (``rules_cited``: the API's and the command's JSON); a saved ruling keeps the answer without
    them, so that the engine's answer today can be compared with it (``answer_localized``).
    """
    if card_lookup is None and use_card_database and _mentions_bare_card(document):
        card_lookup = card_lookup_get()
    answer = _answered(lambda: replay(document, card_lookup=card_lookup, language=language))
    if rules_cited:
        answer["rules_cited"] = rules_cited_json(answer, language)
    return answer


def situation_replay_messages(
    *, document: Any, card_lookup: Any = None, use_card_database: bool = True
) -> JSON:
    """:func:`situation_replay` with the explanations left as the engine's messages (render them with
    ``rulings.engine.replay.render_answer`` in one language or several)."""
    if card_lookup is None and use_card_database and _mentions_bare_card(document):
        card_lookup = card_lookup_get()
    return _answered(lambda: replay_messages(document, card_lookup=card_lookup))


def _answered(engine_call: Any) -> JSON:
    """The engine's answer, or its refusal of the document as a ReplayFailed (never a server error)."""
    try:
        return engine_call()
    except MalformedDocument as exc:
        raise ReplayFailed([_error_json(error) for error in exc.errors]) from exc
    except RecursionError as exc:
        raise ReplayFailed([{"path": "", "message": "the document is nested too deeply"}]) from exc
    except Exception as exc:  # noqa: BLE001 - see situation_replay: never a 500 for a document
        logger.exception("the rules engine failed on a situation document")
        raise ReplayFailed(
            [
                {
                    "path": "",
                    "message": "the rules engine could not answer this document "
                    f"({type(exc).__name__}: {exc})",
                }
            ]
        ) from exc


def answer_dumps(payload: JSON) -> str:
    """The one JSON text of an answer or an error list: the API body and the command's output."""
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (\\ud800) came in: answer with escapes, still valid JSON
        text = json.dumps(payload, ensure_ascii=True, separators=(",", ":"))
    return text


def _error_json(error: PathError) -> JSON:
    return {"path": error.path, "message": error.message}


_CARD_KEYS = frozenset({"id", "name"})


def _mentions_bare_card(value: Any, depth: int = 0) -> bool:
    """Whether some card is given by ``id`` and/or ``name`` alone (only then is the database needed)."""
    if depth > 40:
        return False
    if isinstance(value, dict):
        if value and set(value) <= _CARD_KEYS:
            return True
        return any(_mentions_bare_card(item, depth + 1) for item in value.values())
    if isinstance(value, list):
        return any(_mentions_bare_card(item, depth + 1) for item in value)
    return False
