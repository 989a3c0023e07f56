"""Test helpers the RaymanTCG and Arrows tests share: random self-play, the property checks over it,
document fuzzing, and the checks that quotes and cited rule ids come from the rule text.

Each game's test module builds a test class with ``self_play_properties`` for the properties both
games share, and
keeps its own ``@given`` tests for its invariants and its fuzzed documents.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.engine.base import IllegalAction, MalformedDocument
from rulings.engine.replay import replay

# (state, rng) -> an effect step's JSON (never listed by legal_actions), or None
EffectStep = Callable[[Any, random.Random], "dict | None"]


def self_play(game: Any, seed: int, steps: int, *, effect_step: EffectStep | None = None) -> list[Any]:
    """Random legal play from the game's ``initial_state``, with an effect step now and then."""
    rng = random.Random(seed)
    state = game.initial_state(rng=rng, ruleset="standard")
    game.start(state)
    states = [state]
    for _ in range(steps):
        actions = game.legal_actions(state)
        if not actions:
            break
        step = effect_step(state, rng) if effect_step is not None and rng.random() < 0.15 else None
        if step is not None:
            try:
                state, _ = game.apply(state, game.parse_action(state, step, path="/actions/0"))
            except IllegalAction:
                continue
        else:
            state, _ = game.apply(state, rng.choice(actions))
        states.append(state)
    return states


def assert_json_round_trip(game: Any, state: Any, *, equal_unless_result: tuple[str, ...]) -> None:
    """state → JSON → state gives the same JSON; and the same state, unless the game ended otherwise
    than by ``equal_unless_result`` (a result is derived on parsing, not read from the document)."""
    data = json.loads(json.dumps(game.state_to_json(state)))
    again = game.parse_state(data, ruleset="standard")
    assert game.state_to_json(again) == data
    if state.result is None or state.result[2] == equal_unless_result:
        assert again == state


def assert_listed_actions_are_legal(game: Any, states: list[Any]) -> None:
    """Every listed action survives its JSON round trip and applies (apply raises on an illegal one)."""
    for state in states:
        for action in game.legal_actions(state):
            data = game.action_to_json(action)
            assert game.parse_action(state, data, path="/actions/0") == action
            game.apply(state, action)


def assert_apply_leaves_its_input(game: Any, states: list[Any], rng: random.Random) -> None:
    for state in states:
        before = game.state_to_json(state)
        actions = game.legal_actions(state)
        if actions:
            game.apply(state, rng.choice(actions))
        assert game.state_to_json(state) == before


SELF_PLAY_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def self_play_properties(
    name: str, *, game: Any, play: Callable[[int, int], list[Any]], result_kept_by_parsing: tuple[str, ...]
) -> type:
    """A ``Test…`` class of the self-play properties both games share, for one game.

    ``play(seed, steps)`` plays; ``result_kept_by_parsing``: the result rules with which a state
    parsed back equals the played one (other results are derived again, differently). Each call
    builds new test functions: Hypothesis wants one executor per test function.
    """

    class SelfPlayProperties:
        @SELF_PLAY_SETTINGS
        @given(seed=st.integers(0, 10**6))
        def test_replay_is_deterministic(self, seed: int) -> None:
            first = [game.state_to_json(state) for state in play(seed, 150)]
            second = [game.state_to_json(state) for state in play(seed, 150)]
            assert first == second

        @SELF_PLAY_SETTINGS
        @given(seed=st.integers(0, 10**6), steps=st.integers(0, 200))
        def test_state_json_round_trip(self, seed: int, steps: int) -> None:
            state = play(seed, steps)[-1]
            assert_json_round_trip(game, state, equal_unless_result=result_kept_by_parsing)

        @SELF_PLAY_SETTINGS
        @given(seed=st.integers(0, 10**6))
        def test_every_listed_action_is_legal_and_round_trips(self, seed: int) -> None:
            assert_listed_actions_are_legal(game, play(seed, 120)[::7])

        @SELF_PLAY_SETTINGS
        @given(seed=st.integers(0, 10**6))
        def test_apply_never_changes_its_input(self, seed: int) -> None:
            assert_apply_leaves_its_input(game, play(seed, 100)[::10], random.Random(seed))

    SelfPlayProperties.__name__ = SelfPlayProperties.__qualname__ = name
    return SelfPlayProperties


def json_values(samples: list[str]) -> st.SearchStrategy:
    """Any JSON value, leaning on ``samples`` (card references, phases…) the parser must reject well."""
    return st.recursive(
        st.none() | st.booleans() | st.integers(-5, 5000) | st.text(max_size=8) | st.sampled_from(samples),
        lambda children: (
            st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
        ),
        max_leaves=12,
    )


def mutate(document: object, path: list, value: object) -> object:
    """Replace the node that ``path`` leads to (indexes taken modulo the container size)."""
    if not path or not isinstance(document, dict | list) or not document:
        return value
    if isinstance(document, dict):
        key = sorted(document)[path[0] % len(document)]
        return {**document, key: mutate(document[key], path[1:], value)}
    index = path[0] % len(document)
    return [*document[:index], mutate(document[index], path[1:], value), *document[index + 1 :]]


def assert_replay_only_raises_malformed(document: object) -> None:
    with contextlib.suppress(MalformedDocument, IllegalAction):
        replay(document)


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip()


def assert_catalogue_quotes(game: Any, rule_text: Path) -> None:
    """Every catalogue passage (``[...]`` between fragments) stands in the rule text."""
    text = normalised(rule_text.read_text(encoding="utf-8"))
    for rule in game.catalogue.values():
        assert rule.source == rule_text.name
        for fragment in normalised(rule.passage).split(" [...] "):
            assert fragment in text, f"{rule.id}: {fragment!r} is not in {rule_text.name}"


def assert_golden_quotes(golden: Path, rule_text: Path) -> None:
    """Every golden scenario's ``passage`` ("file: quote / quote") stands in the rule text."""
    text = normalised(rule_text.read_text(encoding="utf-8"))
    files = sorted(golden.glob("*.json"))
    assert len(files) >= 40
    for path in files:
        source, _, quote = json.loads(path.read_text(encoding="utf-8"))["passage"].partition(": ")
        assert source == rule_text.name, path.name
        for part in normalised(quote).split(" / "):
            for fragment in part.split(" [...] "):
                assert fragment in text, f"{path.name}: {fragment!r} is not in {rule_text.name}"


def cited_rule_ids(game: Any, prefix: str) -> set[str]:
    """The ``"<prefix>-…"`` rule ids written in the game's package (its deck checks cite their own)."""
    package = Path(__file__).resolve().parents[3] / Path(game.__class__.__module__.replace(".", "/")).parent
    return {
        rule
        for source in package.glob("*.py")
        if source.name != "construction.py"
        for rule in re.findall(rf"\"({prefix}-[A-Z-]+)\"", source.read_text(encoding="utf-8"))
    }


def rule_text_tests(name: str, *, game: Any, rule_text: Path, golden: Path, prefix: str) -> type:
    """A ``Test…`` class: the catalogue and the golden scenarios quote ``rule_text``, and every
    ``"<prefix>-…"`` rule id the game's package cites is in its catalogue. The quote checks skip
    cleanly without /work/shared."""
    needs_text = pytest.mark.skipif(
        not rule_text.exists(), reason="the French rule texts (/work/shared/rules) are not here"
    )

    class RuleTextTests:
        @needs_text
        def test_every_catalogue_passage_is_quoted_from_the_text(self) -> None:
            assert_catalogue_quotes(game, rule_text)

        @needs_text
        def test_every_golden_passage_is_quoted_from_the_text(self) -> None:
            assert_golden_quotes(golden, rule_text)

        def test_every_rule_id_the_engine_cites_is_in_the_catalogue(self) -> None:
            cited = cited_rule_ids(game, prefix)
            assert len(cited) > 15
            assert cited <= set(game.catalogue), sorted(cited - set(game.catalogue))

    RuleTextTests.__name__ = RuleTextTests.__qualname__ = name
    return RuleTextTests
