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

__all__ = [
    "Message",
    "PluralMessage",
    "Sentences",
    "Term",
    "Text",
    "either",
    "msg",
    "msg_plural",
    "sentences",
    "terms",
]


class Catalogue(Protocol):
    """What rendering needs from a language (:class:`gettext.GNUTranslations` provides it)."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


class Message:
    """One sentence (or word) of the engine: ``id`` is the msgid, ``params`` the values of its fields.

    ``plural`` and ``n`` make it an ngettext message (English: ``id`` when ``n == 1``, else
    ``plural``), ``context`` is its msgctxt: a plain message has neither (class defaults, so that
    :func:`msg`, which the games call for every event, builds the smallest object it can; a
    :class:`PluralMessage` or a :class:`Term` has them). ``str(message)`` is the English text.
    """

    __slots__ = ("id", "params")
    plural: str | None = None
    n: int = 1
    context: str | None = None

    def __init__(self, id: str, params: Mapping[str, Any] | None = None) -> None:  # noqa: A002
        self.id = id
        self.params = params if params is not None else {}

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
        if catalogue is None:  # a nested message formats itself in English (__format__)
            plural = self.plural
            return (self.id if plural is None or self.n == 1 else plural).format_map(self.params)
        params = {
            key: value.render(catalogue) if isinstance(value, Message | Sentences) else value
            for key, value in self.params.items()
        }
        try:
            return self.template(catalogue).format_map(params)
        except (KeyError, IndexError, ValueError):  # a translation naming a field the msgid has not
            return self.template().format_map(params)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return self.render() if not spec else format(self.render(), spec)

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


class PluralMessage(Message):
    """An ngettext message (``msg_plural``), with a context or not."""

    __slots__ = ("context", "n", "plural")

    def __init__(
        self,
        id: str,  # noqa: A002
        params: Mapping[str, Any] | None,
        plural: str,
        n: int,
        context: str | None = None,
    ) -> None:
        super().__init__(id, params)
        self.plural, self.n, self.context = plural, n, context


class Term(Message):
    """A word of a game with its gettext context (``terms``)."""

    __slots__ = ("context",)

    def __init__(self, id: str, context: str) -> None:  # noqa: A002
        super().__init__(id)
        self.context = context

    def render(self, catalogue: Catalogue | None = None) -> str:
        """A word has no fields: it is its msgid, or its translation, as is."""
        return self.id if catalogue is None else catalogue.pgettext(self.context, self.id)

    def __str__(self) -> str:
        return self.id

    def __format__(self, spec: str) -> str:
        return self.id if not spec else format(self.id, spec)


class Sentences:
    """Several messages said one after the other, joined by a space (a battle, a step)."""

    __slots__ = ("parts",)

    def __init__(self, parts: Iterable[Text | None]) -> None:
        self.parts = tuple(filter(None, parts))

    def render(self, catalogue: Catalogue | None = None) -> str:
        if catalogue is None:  # English, the hot path: a plain message is its msgid filled in
            parts = self.parts
            if len(parts) == 1 and parts[0].__class__ is Message:
                return parts[0].id.format_map(parts[0].params)
            return " ".join(
                [
                    part.id.format_map(part.params)
                    if part.__class__ is Message
                    else part
                    if part.__class__ is str
                    else part.render()
                    for part in parts
                ]
            )
        return " ".join([part if isinstance(part, str) else part.render(catalogue) for part in self.parts])

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


_new = object.__new__


def msg(id: str, /, **params: Any) -> Message:  # noqa: A002
    """``msg("Player {player} draws a card.", player=key)``: the msgid is the English template."""
    message = _new(Message)  # what Message(id, params) does, without the extra call
    message.id = id
    message.params = params
    return message


def msg_plural(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """An ngettext message: ``msg_plural("{count} card", "{count} cards", count, count=count)``."""
    return PluralMessage(singular, params, plural, n)


def sentences(*parts: Text | None) -> Sentences:
    """Messages said one after the other (empty parts are left out)."""
    return Sentences(parts)


def terms(context: str, words: Mapping[str, str] | Iterable[str]) -> dict[str, Message]:
    """Words of a game, by key: ``terms("phase", ("draw", "main"))`` or ``terms("position",
    {"attack": "Attack"})`` (key → English). Each is a message with ``context`` as its msgctxt, so the
    same English word can be translated differently where it means something else."""
    pairs = words.items() if isinstance(words, Mapping) else ((word, word) for word in words)
    return {key: Term(english, context) for key, english in pairs}


def either(words: list[Message]) -> Message:
    """Alternatives: ``[main, attack]`` → "main or attack", three or more → "main or attack or end"
    in English (French: "principale, d'attaque ou de fin")."""
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return msg("{first} or {second}", first=words[0], second=words[1])
    return msg("{first} or {others}", first=words[0], others=either(words[1:]))
