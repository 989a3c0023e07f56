"""Yu-Gi-Oh! refusals have no side effects, also at the replay's level (issue 14, item 4).

Without step-by-step battle, the replay resolves an open chain before the next action when that action
adds no link (``settle``: both players passed). A refused action shows nothing of the kind, so it must
leave the chain open: for random moments of random play with an open chain, triggers waiting to be
chained or a Battle Phase window, and random actions (legal at another moment of the game), a refused
action is the replay's last step and the answer's state is the state before it.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.engine.base import IllegalAction, MalformedDocument
from rulings.engine.replay import replay
from rulings.engine.yugioh import GAME

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def trace(seed: int, battle_steps: bool, ruleset: str) -> list[tuple]:
    """(state before, action, state after) of random legal self-play with effect cards."""
    rng = random.Random(seed)
    state = GAME.initial_state(rng=rng, ruleset=ruleset, varied=True)
    state.battle_steps = battle_steps
    GAME.start(state)
    moves = []
    for _ in range(220):
        actions = GAME.legal_actions(state)
        if not actions:
            break
        action = rng.choice(actions)
        after, _ = GAME.apply(state, action)
        moves.append((state, action, after))
        state = after
    return moves


def is_window(state) -> bool:
    """A moment where something waits: an open chain, triggers to chain, a Battle Phase step."""
    return bool(state.chain or state.pending or state.battle_step is not None or state.attack is not None)


def candidates(moves: list[tuple], rng: random.Random) -> list[dict]:
    out = []
    for before, _action, _after in rng.sample(moves, min(len(moves), 15)):
        for player in ("A", "B"):
            actions = GAME.legal_actions(before, player)
            out += [GAME.action_to_json(a) for a in rng.sample(actions, min(len(actions), 4))]
    return out


def readable(state, data: dict) -> bool:
    """Whether the action names cards that are there before the chain resolves: one that names a card
    only the resolution brings (a drawn card) is read after it, so the resolution stands (documented)."""
    try:
        GAME.parse_action(state, data, path="/actions/0")
    except MalformedDocument:
        return False
    return True


def assert_clean_refusal(state, data: dict) -> None:
    try:
        action = GAME.parse_action(state, data, path="/actions/0")
    except MalformedDocument:
        return
    before = GAME.state_to_json(state)
    try:
        GAME.apply(state, action)
    except IllegalAction as error:
        assert error.rules, f"refusing {data} names no rule"
        text = str(error.message)
        assert text.rstrip()[-1] in ".!?)", f"refusing {data}: {text!r} is not one sentence"
    assert GAME.state_to_json(state) == before, f"applying {data} changed the state it was given"


@FAST
@given(
    seed=st.integers(0, 10**6),
    battle_steps=st.booleans(),
    ruleset=st.sampled_from(["current", "classic"]),
)
def test_a_refused_action_in_a_window_changes_nothing_even_through_the_replay(
    seed: int, battle_steps: bool, ruleset: str
) -> None:
    rng = random.Random(seed)
    moves = trace(seed, battle_steps, ruleset)
    pool = candidates(moves, rng)
    windows = [move for move in moves if is_window(move[2])]
    for before, action, after in rng.sample(windows, min(len(windows), 8)):
        for data in rng.sample(pool, min(len(pool), 8)):
            assert_clean_refusal(after, data)
            # the same through the replay: the action that opened the window, then the candidate
            document = {
                "game": "yugioh",
                "ruleset": ruleset,
                "state": GAME.state_to_json(before),
                "actions": [GAME.action_to_json(action), data],
            }
            try:
                answer = replay(document)
            except MalformedDocument:
                continue
            assert answer["steps"][0]["legal"]
            if answer["stopped_at"] == 1 and readable(after, data):
                assert answer["state"] == GAME.state_to_json(after), f"refusing {data} changed the state"
                assert answer["steps"][1]["rules"]


def test_a_refused_action_leaves_an_open_chain_open() -> None:
    """The known case: the replay used to resolve the chain before refusing the next action."""
    monster = {"name": "Striker", "kind": "monster", "level": 4, "atk": 1800, "def": 1000}
    trap = {
        "name": "Sakuretsu",
        "kind": "trap",
        "trap_type": "normal",
        "effects": [{"timing": "quick", "does": [{"op": "inflict_damage", "to": "opponent", "amount": 500}]}],
    }
    row = [None] * 5
    state = {
        "turn": 3,
        "turn_player": "A",
        "phase": "main1",
        "players": {
            "A": {"lp": 8000, "deck": 10, "hand": [], "monsters": [monster, *row[1:]],
                  "spells_traps": [trap, *row[1:]]},
            "B": {"lp": 8000, "deck": 10, "hand": [], "monsters": [monster, *row[1:]], "spells_traps": row},
        },
    }  # fmt: skip
    answer = replay(
        {
            "game": "yugioh",
            "state": state,
            "actions": [
                {"player": "A", "type": "activate", "card": "A.spells_traps.0", "effect": 0},
                {"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": "B.monsters.0"},
            ],
        }
    )
    assert answer["stopped_at"] == 1
    assert answer["state"]["chain"] == [{"player": "A", "card": "A.spells_traps.0", "effect": 0}]
    assert answer["state"]["players"]["B"]["lp"] == 8000
    assert answer["steps"][1]["rules"] == ["YGO-ATTACK-BATTLE-PHASE"]
