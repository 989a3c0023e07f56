"""The game-agnostic replay of a situation document (``/work/shared/specs/situations.md``).

``replay(document)`` validates the envelope, builds the game's state, replays the actions one by one
and returns the Answer JSON of the spec. The same function serves the API, the ``ruling`` command and
every game, so every game gets the same envelope checks and the same step format.

Where the automatic events of ``game.start`` go: they are prepended to the first step's events (and
its ``rules`` / ``explanation``). A document without actions whose start produced events gets a single
step with ``"action": null`` holding them, so a draw or a deck-out on entering the Draw Phase is never
silent.

Optional game hook ``settle(state, next_action_data) -> (state, events)``: called after every legal
step with the raw JSON of the next action (``None`` after the last one). A game uses it to finish what
the players have no more say in before the next action (Yu-Gi-Oh!: a chain resolves when nobody adds
a link), and its events join the step that completed it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .base import JSON, Event, GameOver, IllegalAction, MalformedDocument, PathError
from .i18n import DEFAULT_LANGUAGE, catalogue, language_of, render, render_json, rule_json
from .messages import Sentences, msg
from .registry import UnknownGame, game_keys, get_game

ENVELOPE_FIELDS = ("game", "ruleset", "state", "actions", "query")

__all__ = [
    "ENVELOPE_FIELDS",
    "catalogue_json",
    "render_answer",
    "replay",
    "replay_messages",
    "rules_cited_json",
    "step_json",
]


def _pointer_token(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _dedupe(rule_ids: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(rule_ids))


def _step(index: int, action: JSON | None, legal: bool, events: list[Event]) -> JSON:
    """One step of the answer, its explanation still messages: the events' messages in a row."""
    return {
        "index": index,
        "action": action,
        "legal": legal,
        "events": [event.to_json() for event in events],
        "rules": _dedupe(rule for event in events for rule in event.rules),
        "explanation": Sentences([event.message for event in events]),
    }


def step_json(
    index: int, action: JSON | None, legal: bool, events: list[Event], language: str = DEFAULT_LANGUAGE
) -> JSON:
    """One step of the answer: rules are the de-duplicated union of its events' rules, the explanation
    their messages in ``language``."""
    step = _step(index, action, legal, events)
    step["explanation"] = render(step["explanation"], language)
    return step


def _illegal_step(index: int, action: JSON | None, error: IllegalAction, before: list[Event]) -> JSON:
    step = _step(index, action, False, before)
    step["rules"] = _dedupe([*step["rules"], *error.rules])
    step["explanation"] = Sentences((*step["explanation"].parts, error.message))
    return step


def _envelope_errors(document: Any) -> list[PathError]:
    if not isinstance(document, dict):
        return [PathError("", "a situation document is a JSON object")]
    known = ", ".join(ENVELOPE_FIELDS)
    errors = [
        PathError(f"/{_pointer_token(key)}", f"unknown field {key!r}; expected one of {known}")
        for key in document
        if key not in ENVELOPE_FIELDS
    ]
    games = ", ".join(game_keys())
    if "game" not in document:
        errors.append(PathError("/game", f"missing; expected one of {games}"))
    elif not isinstance(document["game"], str) or document["game"] not in game_keys():
        errors.append(PathError("/game", f"unknown game {document['game']!r}; expected one of {games}"))
    if "state" not in document:
        errors.append(PathError("/state", "missing: the state of the game to replay from"))
    if "actions" in document and not isinstance(document["actions"], list):
        errors.append(PathError("/actions", "must be a list of actions"))
    if "query" in document and document["query"] is not None and not isinstance(document["query"], dict):
        errors.append(PathError("/query", 'must be an object such as {"kind": "legal_actions", ...}'))
    return errors


def replay(document: Any, *, card_lookup: Any = None, language: str = DEFAULT_LANGUAGE) -> JSON:
    """Replay a situation document and return the Answer JSON; raise MalformedDocument (all paths).

    ``language`` ("en" or "fr"; anything else is English) is the language of the explanations.
    """
    answer = replay_messages(document, card_lookup=card_lookup)
    found = catalogue(language_of(language))
    for step in answer["steps"]:  # rendered in place: this answer is nobody else's
        step["explanation"] = step["explanation"].render(found)
    if "answer" in answer:
        answer["answer"] = render_json(answer["answer"], language)
    return answer


def render_answer(answer: JSON, language: str = DEFAULT_LANGUAGE) -> JSON:
    """The Answer JSON of :func:`replay_messages` with its explanations rendered in ``language`` (a new
    object: the same answer can be rendered in several languages)."""
    language = language_of(language)
    found = catalogue(language)  # None for English: the msgids filled in
    out = dict(answer)
    out["steps"] = [{**step, "explanation": step["explanation"].render(found)} for step in answer["steps"]]
    if "answer" in answer:
        out["answer"] = render_json(answer["answer"], language)
    return out


def replay_messages(document: Any, *, card_lookup: Any = None) -> JSON:
    """:func:`replay`, with every explanation (steps and query answer) left as messages."""
    errors = _envelope_errors(document)
    game = None
    if isinstance(document, dict) and not any(e.path == "/game" for e in errors):
        try:
            game = get_game(document["game"])
        except (UnknownGame, ImportError) as exc:
            errors.append(PathError("/game", f"the game {document['game']!r} is not available ({exc})"))
    ruleset = None
    if game is not None:
        ruleset = document.get("ruleset", None)
        if ruleset is None:
            ruleset = game.default_ruleset
        elif not isinstance(ruleset, str) or ruleset not in game.rulesets:
            errors.append(
                PathError(
                    "/ruleset", f"unknown rule set {ruleset!r}; expected one of {sorted(game.rulesets)}"
                )
            )
            ruleset = None
    state = None
    if game is not None and ruleset is not None and "state" in document:
        try:
            state = game.parse_state(document["state"], ruleset=ruleset, cards=card_lookup, path="/state")
        except MalformedDocument as exc:
            errors.extend(exc.errors)
    if errors:
        raise MalformedDocument(errors)
    assert game is not None and ruleset is not None

    actions = document.get("actions") or []
    query = document.get("query")
    settle = getattr(game, "settle", None)
    steps: list[JSON] = []
    stopped_at: int | None = None
    pending = list(game.start(state))

    for index, raw in enumerate(actions):
        path = f"/actions/{index}"
        outcome = game.outcome(state)
        if outcome.finished:
            action = game.parse_action(state, raw, path=path)
            # the game's own refusal names its rule; the generic one covers a game that would not refuse
            error = GameOver(
                outcome.rules,
                msg("The game is already over (a draw). No further action applies.")
                if outcome.draw
                else msg(
                    "The game is already over (player {winner} won). No further action applies.",
                    winner=outcome.winner,
                ),
            )
            try:
                game.apply(state, action)
            except IllegalAction as refusal:
                error = refusal
            steps.append(_illegal_step(index, game.action_to_json(action), error, pending))
            pending = []
            stopped_at = index
            break
        action = game.parse_action(state, raw, path=path)
        action_json = game.action_to_json(action)
        try:
            state, events = game.apply(state, action)
        except IllegalAction as error:
            steps.append(_illegal_step(index, action_json, error, pending))
            pending = []
            stopped_at = index
            break
        events = [*pending, *events]
        pending = []
        if settle is not None:
            next_raw = actions[index + 1] if index + 1 < len(actions) else None
            state, settled = settle(state, next_raw)
            events.extend(settled)
        steps.append(_step(index, action_json, True, events))

    if not actions and settle is not None:
        state, settled = settle(state, None)
        pending.extend(settled)
    if pending:
        steps.append(_step(0, None, True, pending))

    answer: JSON = {
        "game": game.key,
        "ruleset": ruleset,
        "steps": steps,
        "stopped_at": stopped_at,
        "state": game.state_to_json(state),
        "outcome": game.outcome(state).to_json(),
    }
    if query is not None:
        answer["answer"] = game.answer(state, query, path="/query")
    return answer


def catalogue_json(game_key: str, language: str = DEFAULT_LANGUAGE) -> list[JSON]:
    """The rules catalogue of a game, in the order the game lists it (for GET /api/rulings/rules/);
    in French the titles and summaries are French (the passages are French quotes already)."""
    game = get_game(game_key)
    language = language_of(language)
    return [rule_json(rule, language) for rule in game.catalogue.values()]


def rules_cited_json(answer: JSON, language: str = DEFAULT_LANGUAGE) -> list[JSON]:
    """The catalogue entries of every rule an answer cites — its steps', its outcome's, its query
    answer's — in the order first cited, titles in ``language`` (the passages are the quotes as
    written, with ``passage_en`` beside them)."""
    game = get_game(answer["game"])
    cited = [rule for step in answer["steps"] for rule in step["rules"]]
    cited += answer["outcome"].get("rules", [])
    query = answer.get("answer")
    if isinstance(query, dict) and isinstance(query.get("rules"), list):
        cited += [rule for rule in query["rules"] if isinstance(rule, str)]
    language = language_of(language)
    return [rule_json(game.catalogue[rule], language) for rule in _dedupe(cited) if rule in game.catalogue]
