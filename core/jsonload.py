"""One strict JSON loader for documents that come from outside (uploaded files, command-line files).

``load_json_strict(data)`` refuses, each with a typed exception carrying a JSON Pointer where one is known and
a clear, translated message:

* invalid UTF-8 (``JSONEncodingError``; a leading UTF-8 BOM is accepted), a file over ``max_bytes``
  (``JSONSizeError``);
* nesting deeper than ``max_depth`` (``JSONDepthError``) — checked *before* parsing and without recursion,
  because Python's ``json`` module recurses (a file of ``"[" * 100000`` is a ``RecursionError`` otherwise);
* ``NaN``, ``Infinity``, ``-Infinity`` (Python's reader accepts them; no JSON column stores them), floats that
  overflow to infinity (``1e999``), integers outside the signed 64-bit range — without ever converting a long
  digit string, which Python refuses past 4300 digits with a ``ValueError`` (``JSONNumberError``);
* lone UTF-16 surrogates written as ``\\ud800`` escapes (``JSONStringError``: no UTF-8 text can store them);
* duplicate keys in one object (``JSONDuplicateKeyError``: which one wins is not defined by JSON);
* anything else ``json`` calls a syntax error (``JSONSyntaxError``, with line and column).

Every exception is a ``JSONLoadError`` (a ``ValueError``) with ``path``, ``message``, ``code``,
``as_error()`` → ``{"path", "message", "code"}`` (the API's error shape) and ``errors`` (every problem found
of that kind, at most 50).
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from django.utils.translation import gettext as _

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
MAX_REPORTED = 50

# A string (escapes skipped; an unterminated one runs to the end, so the scan stays linear) or a bracket or a
# comma. Everything else (numbers, literals, colons, whitespace) does not change the depth or the pointer.
_TOKEN = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?|[\[\]{},]')
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?')
_BRACKETS_ONLY = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JSONLoadError(ValueError):
    """A document refused by ``load_json_strict``."""

    code = "json"

    def __init__(
        self,
        message: str,
        *,
        path: str = "",
        position: int | None = None,
        errors: list[dict[str, str]] | None = None,
    ):
        self.message = message
        self.path = path
        self.position = position
        self.errors = errors or [self.as_error()]
        super().__init__(f"{path or '/'}: {message}")

    def as_error(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message, "code": self.code}


class JSONSizeError(JSONLoadError):
    code = "too_large"


class JSONEncodingError(JSONLoadError):
    code = "encoding"


class JSONSyntaxError(JSONLoadError):
    code = "json"


class JSONDepthError(JSONLoadError):
    code = "depth"


class JSONNumberError(JSONLoadError):
    code = "number"


class JSONStringError(JSONLoadError):
    code = "surrogate"


class JSONDuplicateKeyError(JSONLoadError):
    code = "duplicate_key"


def pointer(parts: list[str | int] | tuple[str | int, ...]) -> str:
    """RFC 6901 JSON Pointer of a path: ``["a/b", 0]`` → ``/a~1b/0``."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


class _Bad:
    """Stands for a number refused while parsing; found again afterwards to report its pointer."""

    __slots__ = ("literal", "reason")

    def __init__(self, literal: str, reason: str):
        self.literal = literal
        self.reason = reason


class _DuplicateKeys(dict):
    """An object in which a key appeared twice (the first duplicate is remembered)."""

    duplicate: str = ""


def load_json_strict(
    data: bytes | str,
    *,
    max_depth: int = 64,
    max_bytes: int | None = None,
    max_int_digits: int = 20,
    allow_lone_surrogates: bool = False,
) -> Any:
    """Parse ``data`` (UTF-8 bytes, or text) as strict JSON; the module's docstring says what is refused.

    ``allow_lone_surrogates``: for documents never stored as text (a situation replayed and answered with
    ASCII escapes), a lone surrogate escape is kept rather than refused."""
    if max_bytes is not None and len(data) > max_bytes:
        raise JSONSizeError(
            _("The document is larger than the limit of %(limit)s bytes.") % {"limit": f"{max_bytes:,}"}
        )
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONEncodingError(
                _("The file is not UTF-8 text (invalid byte at offset %(offset)d).") % {"offset": exc.start},
                position=exc.start,
            ) from None
    else:
        text = data.removeprefix("\ufeff")
    raw_text = not isinstance(data, (bytes, bytearray, memoryview))  # may hold surrogates unescaped
    _check_depth(text, max_depth)

    found: list[_Bad] = []
    duplicates: list[bool] = []

    def on_constant(name: str) -> _Bad:
        bad = _Bad(name, "constant")
        found.append(bad)
        return bad

    def on_float(literal: str) -> float | _Bad:
        value = float(literal)
        if math.isfinite(value):
            return value
        bad = _Bad(literal, "overflow")
        found.append(bad)
        return bad

    def on_int(literal: str) -> int | _Bad:
        digits = len(literal) - (literal[:1] == "-")
        if digits <= max_int_digits:
            value = int(literal)
            if INT64_MIN <= value <= INT64_MAX:
                return value
        bad = _Bad(literal, "int")
        found.append(bad)
        return bad

    def on_pairs(pairs: list[tuple[str, Any]]) -> dict:
        out = dict(pairs)
        if len(out) == len(pairs):
            return out
        seen: set[str] = set()
        flagged = _DuplicateKeys(out)
        for key, _value in pairs:
            if key in seen:
                flagged.duplicate = key
                break
            seen.add(key)
        duplicates.append(True)
        return flagged

    try:
        value = json.loads(
            text,
            parse_constant=on_constant,
            parse_float=on_float,
            parse_int=on_int,
            object_pairs_hook=on_pairs,
        )
    except json.JSONDecodeError as exc:
        raise JSONSyntaxError(
            _("Not valid JSON: %(error)s (line %(line)d, column %(column)d).")
            % {"error": exc.msg, "line": exc.lineno, "column": exc.colno},
            path=_pointer_at(text, exc.pos),
            position=exc.pos,
        ) from None
    except RecursionError:  # cannot happen below max_depth; kept so that no caller ever sees it
        raise JSONDepthError(_("The document is nested too deeply.")) from None
    surrogates = not allow_lone_surrogates and (
        _SURROGATE_ESCAPE.search(text) or (raw_text and _LONE_SURROGATE.search(text))
    )
    if found or duplicates or surrogates:
        _report_problems(value, surrogates=bool(surrogates))
    return value


# --- depth, without recursion -------------------------------------------------------------------------------


def _check_depth(text: str, max_depth: int) -> None:
    brackets = _BRACKETS_ONLY.sub("", _STRING.sub("", text))
    if not brackets or max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) <= max_depth:
        return
    # Too deep: find where, walking the tokens (slower, but only for refused documents).
    path, position = _scan(text, len(text), max_depth=max_depth)
    raise JSONDepthError(
        _("Nested deeper than %(limit)d levels.") % {"limit": max_depth},
        path=_render(path),
        position=position,
    )


def _pointer_at(text: str, position: int) -> str:
    """The JSON Pointer of the value being read at ``position`` (where a syntax error was found)."""
    return _render(_scan(text, position)[0])


def _scan(text: str, end: int, *, max_depth: int | None = None) -> tuple[list[list], int | None]:
    """The open containers at ``end`` — or at the first bracket that opens level ``max_depth + 1`` — each as
    ``[kind, index or raw key token (None while its key is being read), expecting a key]``."""
    path: list[list] = []
    for match in _TOKEN.finditer(text, 0, end):
        piece = match.group()
        if piece in ("[", "{"):
            if max_depth is not None and len(path) >= max_depth:
                return path, match.start()
            path.append([piece, 0 if piece == "[" else None, piece == "{"])
        elif piece in ("]", "}"):
            if path:
                path.pop()
        elif piece == ",":
            if path:
                if path[-1][0] == "[":
                    path[-1][1] += 1
                else:
                    path[-1][1], path[-1][2] = None, True
        elif path and path[-1][0] == "{" and path[-1][2]:
            path[-1][1], path[-1][2] = piece, False
    return path, None


def _render(path: list[list]) -> str:
    parts: list[str | int] = []
    for kind, where, _expecting in path:
        if kind == "[":
            parts.append(where)
        elif where is not None:
            parts.append(_key(where))
        else:
            break  # the key itself is being read: the object is the place
    return pointer(parts)


def _key(raw: str) -> str:
    try:
        return json.loads(raw if raw.endswith('"') and len(raw) > 1 else raw + '"')
    except ValueError:
        return raw.strip('"')


# --- problems found while parsing, reported with their pointer ------------------------------------------


def _report_problems(value: Any, *, surrogates: bool = True) -> None:
    numbers: list[dict[str, str]] = []
    strings: list[dict[str, str]] = []
    keys: list[dict[str, str]] = []
    stack: list[tuple[Any, tuple]] = [(value, ())]
    while stack:
        item, where = stack.pop()
        if isinstance(item, _Bad):
            numbers.append({"path": pointer(where), "message": _number_message(item), "code": "number"})
        elif isinstance(item, str):
            if surrogates and _LONE_SURROGATE.search(item):
                strings.append({"path": pointer(where), "message": _surrogate_message(), "code": "surrogate"})
        elif isinstance(item, dict):
            if isinstance(item, _DuplicateKeys):
                keys.append({
                    "path": pointer((*where, item.duplicate)),
                    "message": _("The key “%(key)s” appears twice in this object.") % {"key": item.duplicate},
                    "code": "duplicate_key",
                })  # fmt: skip
            for k, v in reversed(item.items()):
                if surrogates and _LONE_SURROGATE.search(k):
                    strings.append({
                        "path": pointer(where), "message": _surrogate_message(), "code": "surrogate"
                    })  # fmt: skip
                stack.append((v, (*where, k)))
        elif isinstance(item, list):
            stack.extend((v, (*where, i)) for i, v in reversed(list(enumerate(item))))
    for errors, kind in (
        (numbers, JSONNumberError),
        (strings, JSONStringError),
        (keys, JSONDuplicateKeyError),
    ):
        if errors:
            first = errors[0]
            raise kind(first["message"], path=first["path"], errors=errors[:MAX_REPORTED])


def _number_message(bad: _Bad) -> str:
    shown = bad.literal if len(bad.literal) <= 24 else f"{bad.literal[:12]}…({len(bad.literal)} characters)"
    if bad.reason == "constant":
        return _("%(value)s is not a JSON number: expected a finite number.") % {"value": shown}
    if bad.reason == "overflow":
        return _("The number %(value)s is too large (it would be infinite).") % {"value": shown}
    return _("The whole number %(value)s is outside the 64-bit range.") % {"value": shown}


def _surrogate_message() -> str:
    return _("Text with a lone UTF-16 surrogate (an escape between U+D800 and U+DFFF without its pair).")
