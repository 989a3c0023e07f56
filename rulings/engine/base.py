"""The one small interface every game implements.

Modelled on python-chess: a game exposes a copyable state, the legal actions in that
state, ``apply`` which returns the next state and what happened, and an outcome.
Nothing here imports Django: the engine is used by the web app, the command line and
the benchmarks alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .messages import Text

JSON = dict[str, Any]

# Resolves a bare card reference ({"id": …} or {"name": …}) to a full card object of
# that game, or returns None when the card is unknown. The decks app plugs in the card
# database; without one, bare references are a malformed document.
CardLookup = Callable[[str, Mapping[str, Any]], "JSON | None"]


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


@dataclass(frozen=True)
class PathError:
    """One problem in a document, located by a JSON Pointer (RFC 6901)."""

    path: str
    message: str

    def to_json(self) -> JSON:
        return {"path": self.path, "message": self.message}


class MalformedDocument(EngineError):
    """The document cannot be understood: a 400 for the API, exit 2 for the command."""

    def __init__(self, errors: Iterable[PathError] | PathError):
        self.errors = [errors] if isinstance(errors, PathError) else list(errors)
        super().__init__("; ".join(f"{e.path or '/'}: {e.message}" for e in self.errors))


class IllegalAction(EngineError):
    """A well-formed action the rules forbid. A valid question with an answer.

    ``message`` says why (a :class:`~rulings.engine.messages.Message`, rendered in the reader's
    language when the answer is built); ``explanation`` is its English text.
    """

    def __init__(self, rules: Iterable[str], message: Text):
        self.rules = list(rules)
        self.message = message
        super().__init__(message)

    @property
    def explanation(self) -> str:
        return str(self.message)


class GameOver(IllegalAction):
    """Any action once the game has ended."""


@dataclass
class Event:
    """Something that happened while applying an action.

    ``rules`` and ``message`` explain it; the replay joins them into the step's ``rules`` and
    ``explanation`` (the message rendered in the answer's language: nothing is rendered before an
    answer is built). ``data`` is the event's own JSON payload; ``text`` is the English of the message.
    """

    type: str
    data: JSON = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    message: Text | None = None

    @property
    def text(self) -> str:
        return "" if self.message is None else str(self.message)

    def to_json(self) -> JSON:
        return {"type": self.type, **self.data}


@dataclass(frozen=True)
class Outcome:
    finished: bool = False
    winner: str | None = None
    draw: bool = False
    rules: tuple[str, ...] = ()

    def to_json(self) -> JSON:
        return {
            "finished": self.finished,
            "winner": self.winner,
            "draw": self.draw,
            "rules": list(self.rules),
        }


@dataclass(frozen=True)
class Rule:
    """One entry of a game's rules catalogue.

    ``summary`` is in our own words; ``source`` names the rule text file and
    ``passage`` quotes the sentence(s) of it that decide the rule, as written (French, but for the
    English ``official-rules-notes.md``); ``passage_en`` is our English translation of that quote (the
    quote itself when the source is English). ``interpretation`` records the reading we chose where the
    text is ambiguous.
    """

    id: str
    title: str
    summary: str
    source: str
    passage: str
    rulesets: tuple[str, ...] = ()  # empty: applies in every rule set
    interpretation: str = ""
    passage_en: str = ""

    @property
    def passage_language(self) -> str:
        """The language the passage is written in: the rule texts are French, the notes English."""
        return "en" if self.passage_en == self.passage else "fr"

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "source": self.source,
            "passage": self.passage,
            "passage_en": self.passage_en,
            "rulesets": list(self.rulesets),
            "interpretation": self.interpretation,
        }


@dataclass(frozen=True)
class RuleSet:
    key: str
    title: str
    description: str
    flags: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DeckProblem:
    """One reason a deck list is not legal, with a stable machine code."""

    code: str
    message: str
    section: str | None = None
    card: str | None = None

    def to_json(self) -> JSON:
        out: JSON = {"code": self.code, "message": self.message}
        if self.section:
            out["section"] = self.section
        if self.card:
            out["card"] = self.card
        return out


@runtime_checkable
class Game(Protocol):
    """What the registry, the replay and the deck checks need from a game.

    Every game implements it through one skeleton, :class:`rulings.engine.skeleton.GameEngine`, whose
    hooks are the functions of the game's ``state``, ``actions``, ``rules`` and ``queries`` modules.

    Optional members (looked up with ``getattr``, so a game without them still satisfies this
    protocol):

    - ``settle(state, next_action_data) -> (state, events)``: called by the replay after every legal
      step with the raw JSON of the next action (``None`` after the last); a game finishes there what
      the players no longer decide (Yu-Gi-Oh!: an open chain resolves unless the next action adds a
      link). Its events join the step just applied.
    - ``initial_state(*, rng, ruleset) -> state``: a random starting state, used by
      ``benchmarks/engine_selfplay.py`` for random self-play (call ``start`` on it before playing).
    """

    key: str  # "yugioh", "vanguard", "rayman", "arrows"
    name: str
    rulesets: Mapping[str, RuleSet]
    default_ruleset: str
    catalogue: Mapping[str, Rule]  # rule id -> Rule

    def parse_state(
        self, data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state"
    ) -> Any:
        """Build a state from the spec's JSON; raise MalformedDocument with paths."""

    def parse_action(self, state: Any, data: Any, *, path: str) -> Any:
        """Validate an action's shape (not its legality); raise MalformedDocument."""

    def state_to_json(self, state: Any) -> JSON: ...

    def copy(self, state: Any) -> Any: ...

    def start(self, state: Any) -> list[Event]:
        """Mandatory steps due when a replay begins (e.g. the draw of a Draw Phase)."""

    def legal_actions(self, state: Any, player: str | None = None) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]:
        """Return the next state and its events; raise IllegalAction. ``state`` is not modified."""

    def outcome(self, state: Any) -> Outcome: ...

    def action_to_json(self, action: Any) -> JSON: ...

    def answer(self, state: Any, query: Any, *, path: str = "/query") -> JSON:
        """Answer a query; raise MalformedDocument for a bad one."""
