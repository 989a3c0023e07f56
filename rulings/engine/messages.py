"""What the engine says, as message ids with parameters: rendered in a language only when read.

A :class:`Message` is a gettext msgid — the English sentence itself, with named fields in
``str.format`` style (``"Player {player} draws a card."``) — and the values of its fields. The English
text is the msgid filled in (``str(message)``), so English costs one ``format_map`` and needs no
catalogue; any other language looks the msgid up in ``rulings/engine/locale/<lang>/LC_MESSAGES/
engine.mo`` (stdlib :mod:`gettext`, see :mod:`rulings.engine.i18n`) and fills the translation in.

A field's value may itself be a message — a word of the game (a phase, a position, "a face-down
card"), or a whole clause — and it is rendered in the same language, to any depth. Words whose
English is ambiguous carry a gettext context (``terms("phase", …)``: the RaymanTCG "end" phase is
"de fin" in French where the Yu-Gi-Oh! one is "End Phase").

Every msgid is written literally at the call of :func:`msg`, :func:`msg_plural` or :func:`terms`:
``python -m rulings.engine.makemessages`` finds them there (``make messages``), and a test fails when
one has no French. Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

__all__ = ["Message", "Sentences", "Text", "either", "msg", "msg_plural", "sentences", "terms"]


class Catalogue(Protocol):
    """What rendering needs from a language (:class:`gettext.GNUTranslations` provides it)."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


class Message:
    """One sentence (or word) of the engine: ``id`` is the msgid, ``params`` the values of its fields.

    ``plural`` and ``n`` make it an ngettext message (English: ``id`` when ``n == 1``, else
    ``plural``); ``context`` is its msgctxt. ``str(message)`` is the English text.
    """

    __slots__ = ("context", "id", "n", "params", "plural")

    def __init__(
        self,
        id: str,  # noqa: A002 - the gettext word
        params: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        n: int = 1,
        context: str | None = None,
    ) -> None:
        self.id = id
        self.params = params if params is not None else {}
        self.plural = plural
        self.n = n
        self.context = context

    def template(self, catalogue: Catalogue | None = None) -> str:
        """The template in the catalogue's language (English without one)."""
        if catalogue is None:
            return self.id if self.plural is None or self.n == 1 else self.plural
        if self.context is None:
            if self.plural is None:
                return catalogue.gettext(self.id)
            return catalogue.ngettext(self.id, self.plural, self.n)
        if self.plural is None:
            return catalogue.pgettext(self.context, self.id)
        return catalogue.npgettext(self.context, self.id, self.plural, self.n)

    def render(self, catalogue: Catalogue | None = None) -> str:
        """The text in the catalogue's language; the fields that are messages too, in the same one."""
        if catalogue is None:
            return self.template().format_map(self.params)  # a nested message formats itself in English
        params = {
            key: value.render(catalogue) if isinstance(value, Message | Sentences) else value
            for key, value in self.params.items()
        }
        try:
            return self.template(catalogue).format_map(params)
        except (KeyError, IndexError, ValueError):  # a translation naming a field the msgid has not
            return self.template().format_map(params)

    def __str__(self) -> str:
        return self.template().format_map(self.params)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        extra = "".join(
            f", {name}={getattr(self, name)!r}" for name in ("plural", "context") if getattr(self, name)
        )
        return f"Message({self.id!r}, {self.params!r}{extra})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.id, self.plural, self.n, self.context, self.params) == (
            other.id,
            other.plural,
            other.n,
            other.context,
            other.params,
        )

    def __hash__(self) -> int:
        return hash((self.id, self.context))


class Sentences:
    """Several messages said one after the other, joined by a space (a battle, a step)."""

    __slots__ = ("parts",)

    def __init__(self, parts: Iterable[Text | None]) -> None:
        self.parts = tuple(part for part in parts if part)

    def render(self, catalogue: Catalogue | None = None) -> str:
        return " ".join(part.render(catalogue) if not isinstance(part, str) else part for part in self.parts)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __bool__(self) -> bool:
        return bool(self.parts)

    def __repr__(self) -> str:
        return f"Sentences({list(self.parts)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sentences) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)


Text = Message | Sentences


def msg(id: str, /, **params: Any) -> Message:  # noqa: A002
    """``msg("Player {player} draws a card.", player=key)``: the msgid is the English template."""
    return Message(id, params)


def msg_plural(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """An ngettext message: ``msg_plural("{count} card", "{count} cards", count, count=count)``."""
    return Message(singular, params, plural=plural, n=n)


def sentences(*parts: Text | None) -> Sentences:
    """Messages said one after the other (empty parts are left out)."""
    return Sentences(parts)


def terms(context: str, words: Mapping[str, str] | Iterable[str]) -> dict[str, Message]:
    """Words of a game, by key: ``terms("phase", ("draw", "main"))`` or ``terms("position",
    {"attack": "Attack"})`` (key → English). Each is a message with ``context`` as its msgctxt, so the
    same English word can be translated differently where it means something else."""
    pairs = words.items() if isinstance(words, Mapping) else ((word, word) for word in words)
    return {key: Message(english, context=context) for key, english in pairs}


def either(words: list[Message]) -> Message:
    """Alternatives: ``[main, attack]`` → "main or attack", three or more → "main or attack or end"
    in English (French: "principale, d'attaque ou de fin")."""
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return msg("{first} or {second}", first=words[0], second=words[1])
    return msg("{first} or {others}", first=words[0], others=either(words[1:]))
