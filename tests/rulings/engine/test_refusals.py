"""Refusals have no side effects (issue 14, item 4), in every game.

For random states of random legal play and random actions (actions that were legal at another moment of
the same game, so most are refused now), a refused ``apply`` leaves the state's JSON exactly as it was
and gives its rules and a one-sentence reason. For Vanguard, whose replay closes an open guard step
before the attacker's next action (``settle``), the same holds at the replay's level: a refused action
closes nothing, unless the defender had passed and the battle then waits for a choice (a trigger or an
AUTO skill).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.engine.base import IllegalAction, MalformedDocument
from rulings.engine.registry import game_keys, get_game

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def trace(game, seed: int, steps: int) -> list:
    rng = random.Random(seed)
    state = game.initial_state(rng=rng, ruleset=game.default_ruleset)
    game.start(state)
    states = [state]
    for _ in range(steps):
        actions = game.legal_actions(state)
        if not actions or game.outcome(state).finished:
            break
        state, _ = game.apply(state, rng.choice(actions))
        states.append(state)
    return states


def candidates(game, states: list, rng: random.Random) -> list[dict]:
    """Action JSON that was legal at some moment of the game (either player)."""
    out = []
    for state in rng.sample(states, min(len(states), 12)):
        for player in ("A", "B"):
            actions = game.legal_actions(state, player)
            out += [game.action_to_json(a) for a in rng.sample(actions, min(len(actions), 4))]
    return out


def assert_refusal_is_clean(game, state, data: dict) -> bool:
    """Apply ``data`` to ``state``; when refused, check the state is untouched. True when refused."""
    try:
        action = game.parse_action(state, data, path="/actions/0")
    except MalformedDocument:
        return False
    before = game.state_to_json(state)
    try:
        game.apply(state, action)
    except IllegalAction as error:
        assert game.state_to_json(state) == before, f"refusing {data} changed the state"
        assert error.rules, f"refusing {data} names no rule"
        text = str(error.message)
        assert text and text.rstrip()[-1] in ".!?)", f"refusing {data}: {text!r} is not a sentence"
        return True
    assert game.state_to_json(state) == before, f"applying {data} changed the state it was given"
    return False


@pytest.mark.parametrize("game_key", game_keys())
@FAST
@given(seed=st.integers(0, 10**6))
def test_a_refused_action_leaves_the_state_as_it_was(game_key: str, seed: int) -> None:
    game = get_game(game_key)
    rng = random.Random(seed)
    states = trace(game, seed, 120)
    pool = candidates(game, states, rng)
    for state in rng.sample(states, min(len(states), 15)):
        for data in rng.sample(pool, min(len(pool), 10)):
            assert_refusal_is_clean(game, state, data)


@FAST
@given(seed=st.integers(0, 10**6))
def test_vanguard_replay_refusal_closes_nothing(seed: int) -> None:
    """``settle`` before a refused action changes the state only when the defender had passed and the
    battle now waits for a trigger or an AUTO skill (or the game ended): the refusal is then about that."""
    game = get_game("vanguard")
    rng = random.Random(seed)
    states = trace(game, seed, 200)
    pool = candidates(game, states, rng)
    open_guard = [s for s in states if s.battle is not None and s.battle.step == "guard"]
    for state in open_guard[:10]:
        for data in rng.sample(pool, min(len(pool), 10)):
            before = game.state_to_json(state)
            settled, _ = game.settle(state, data)
            assert game.state_to_json(state) == before
            try:
                game.apply(settled, game.parse_action(settled, data, path="/actions/0"))
            except MalformedDocument:
                continue
            except IllegalAction:
                if settled is not state:
                    trigger = settled.battle is not None and settled.battle.trigger is not None
                    waits = trigger or bool(settled.pending)
                    assert waits or game.outcome(settled).finished, f"{data} was refused after settling"
