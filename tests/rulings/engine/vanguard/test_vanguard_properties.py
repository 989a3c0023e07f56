"""Invariants of the Vanguard engine under random legal play, and fuzzing of documents."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vanguard_builders import CRIT, G1, G2, HEAL, K0, K1, K2, STAND, document, player, unit

from rulings.engine.base import IllegalAction, MalformedDocument
from rulings.engine.replay import replay
from rulings.engine.vanguard import GAME
from rulings.engine.vanguard.actions import ACTION_FIELDS, Action
from rulings.engine.vanguard.game import sample_deck
from rulings.engine.vanguard.state import CIRCLES, State

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def zone_cards(state: State, player: str) -> list[Any]:
    """Every card object player owns, wherever it is (a revealed trigger waiting counts for its player)."""
    side = state.players[player]
    cards = [*side.hand, *side.damage, *side.drop, *side.soul, *side.guardians, *side.removed]
    cards += [u.card for u in side.circles.values() if u is not None]
    if isinstance(side.deck, list):
        cards += side.deck
    battle = state.battle
    if battle is not None and battle.trigger is not None and battle.trigger.player == player:
        cards.append(battle.trigger.card)
    return cards


def play(seed: int, ruleset: str, steps: int):
    """Random legal self-play from a fresh game: yields (state, action_json) before each action."""
    rng = random.Random(seed)
    state = GAME.initial_state(rng=rng, ruleset=ruleset)
    GAME.start(state)
    for _ in range(steps):
        actions = GAME.legal_actions(state)
        if not actions:
            assert GAME.outcome(state).finished
            return
        action = rng.choice(actions)
        yield state, action
        state, _ = GAME.apply(state, action)
    yield state, None


@FAST
@given(seed=st.integers(0, 10**6), ruleset=st.sampled_from(["original", "standard"]))
def test_cards_conserved_and_nothing_negative(seed: int, ruleset: str) -> None:
    for state, _ in play(seed, ruleset, 250):
        for p in ("A", "B"):
            cards = zone_cards(state, p)
            assert len(cards) == 50, f"player {p} has {len(cards)} cards"
            assert len({id(c) for c in cards}) == 50, "a card is in two zones"
            side = state.players[p]
            assert side.deck_size() >= 0 and len(side.damage) >= 0
            for u in side.circles.values():
                if u is not None:
                    assert u.power >= 0 and u.critical >= 0 and u.power_bonus >= 0 and u.critical_bonus >= 0
        if state.battle is not None:
            assert state.battle.drive_left >= 0 and state.battle.damage_left >= 0


# 15 games of 150 actions, each state parsed back and its legal actions listed twice: with the skills in the
# sample decks, 60 games took 85 s of a CI worker (the slowest test of the suite).
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), ruleset=st.sampled_from(["original", "standard"]))
def test_state_json_round_trip_is_the_identity(seed: int, ruleset: str) -> None:
    previous = None
    for state, action in play(seed, ruleset, 150):
        data = GAME.state_to_json(state)
        if previous is not None:
            # apply shares what it does not change: the state it was given must be untouched.
            assert GAME.state_to_json(previous[0]) == previous[1]
        again = GAME.parse_state(data, ruleset=ruleset)
        assert GAME.state_to_json(again) == data
        assert [a.to_json() for a in GAME.legal_actions(again)] == [
            a.to_json() for a in GAME.legal_actions(state)
        ]
        previous = (state, data) if action is not None else None


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), ruleset=st.sampled_from(["original", "standard"]))
def test_replay_is_deterministic_and_matches_direct_play(seed: int, ruleset: str) -> None:
    trace = list(play(seed, ruleset, 120))
    start = GAME.state_to_json(trace[0][0])
    actions = [GAME.action_to_json(a) for _, a in trace if a is not None]
    final = trace[-1][0]
    if trace[-1][1] is not None:
        final, _ = GAME.apply(final, trace[-1][1])
    # After the last action the replay closes a guard step the defender left open.
    final, _ = GAME.settle(final, None)
    doc = {"game": "vanguard", "ruleset": ruleset, "state": start, "actions": actions}
    first, second = replay(doc), replay(doc)
    assert first == second
    assert first["stopped_at"] is None
    assert first["state"] == GAME.state_to_json(final)


# ------------------------------------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["A", "B", "V", "FL", "x", ""]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)
references = st.sampled_from(
    [
        "A.hand.0",
        "A.hand.1",
        "B.hand.0",
        "A.circles.V",
        "A.circles.FL",
        "A.circles.BL",
        "B.circles.V",
        "B.circles.FL",
        "B.circles.FR",
        "A.damage.0",
        "B.damage.0",
        "A.hand.9",
        "A.circles.XX",
        "C.hand.0",
        "A.hand.-1",
    ]
)
card_values = st.sampled_from([G1, G2, K0, K1, CRIT, STAND, HEAL, {"hidden": True}, {"name": "x"}, {}])
field_values = {
    "cards": st.lists(references, max_size=3) | json_values,
    "drawn": st.lists(card_values, max_size=3),
    "drive_checks": st.lists(card_values, max_size=3),
    "damage_checks": st.lists(card_values, max_size=3),
    "circle": st.sampled_from(list(CIRCLES) + ["A.circles.FL", "B.circles.BL", "ZZ", 3]),
}


@st.composite
def fuzz_actions(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from([*ACTION_FIELDS, "summon"]))
    action: dict[str, Any] = {"player": draw(st.sampled_from(["A", "B", "C"])), "type": kind}
    for field in ACTION_FIELDS.get(kind, ()):
        if draw(st.booleans()):
            action[field] = draw(field_values.get(field, references))
    if draw(st.integers(0, 9)) == 0:
        action[draw(st.text(max_size=5))] = draw(json_values)
    return action


BASES = [
    document(
        "battle",
        player(unit(G2), hand=[G1, K0], FL=unit(G2), BL=unit(G1)),
        player(unit(K2), hand=[K1, K0, K2], FL=unit(K2), FR=unit(K1), damage=[K1]),
    ),
    document(
        "main",
        player(unit(G2), hand=[G1, G2, {"hidden": True}], deck=[G1, CRIT, G2]),
        player(unit(K2), deck=[K1, K0]),
    ),
    document("ride", player(unit(G1), hand=[G2, G1]), player(unit(K2, False), hand=[K1])),
]


@settings(max_examples=200, deadline=None)
@given(
    base=st.sampled_from(BASES),
    actions=st.lists(fuzz_actions(), max_size=5),
    ruleset=st.sampled_from([None, "standard"]),
)
def test_fuzzed_actions_raise_only_engine_errors(base: dict, actions: list, ruleset: str | None) -> None:
    doc = {**base, "actions": actions}
    if ruleset:
        doc["ruleset"] = ruleset
    try:
        answer = replay(doc)
    except MalformedDocument as error:
        assert error.errors and all(e.path.startswith("/") for e in error.errors)
        return
    assert answer["game"] == "vanguard"
    for step in answer["steps"]:
        assert step["legal"] or step["rules"]


@settings(max_examples=200, deadline=None)
@given(state=json_values, actions=json_values, query=json_values)
def test_arbitrary_json_raises_only_malformed_document(state: Any, actions: Any, query: Any) -> None:
    for doc in (
        {"game": "vanguard", "state": state, "actions": actions, "query": query},
        {**BASES[0], "query": query},
        {**BASES[0], "actions": actions},
    ):
        with contextlib.suppress(MalformedDocument, IllegalAction):
            replay(doc)


@settings(max_examples=150, deadline=None)
@given(
    players=st.fixed_dictionaries({}, optional={"A": json_values, "B": json_values}),
    phase=st.sampled_from(["setup", "stand", "draw", "ride", "main", "battle", "end", "nope", 3]),
    battle=json_values,
)
def test_fuzzed_states_raise_only_malformed_document(players: dict, phase: Any, battle: Any) -> None:
    base = BASES[0]["state"]
    state = {**base, "phase": phase, "players": {**base["players"], **players}, "battle": battle}
    document = {
        "game": "vanguard",
        "state": state,
        "actions": [{"player": "A", "type": "next_phase"}],
        "query": {"kind": "legal_actions"},
    }
    with contextlib.suppress(MalformedDocument):
        replay(document)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    stop=st.integers(0, 200),
    actions=st.lists(fuzz_actions(), min_size=1, max_size=4),
    ruleset=st.sampled_from(["original", "standard"]),
)
def test_fuzzed_actions_mid_game(seed: int, stop: int, actions: list, ruleset: str) -> None:
    state = list(play(seed, ruleset, stop))[-1][0]
    data = GAME.state_to_json(state)
    try:
        replay({"game": "vanguard", "ruleset": ruleset, "state": data, "actions": actions})
    except MalformedDocument as error:
        assert all(e.path.startswith(("/actions", "/state")) for e in error.errors)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), ruleset=st.sampled_from(["original", "standard"]))
def test_counted_decks_conserve_cards(seed: int, ruleset: str) -> None:
    """With decks given as counts, every reveal and draw moves one card out of the count."""
    rng = random.Random(seed)
    state = GAME.initial_state(rng=rng, ruleset=ruleset)
    for side in state.players.values():
        side.deck = len(side.deck)
    pool = {"A": sample_deck("Royal Paladin", ruleset), "B": sample_deck("Kagero", ruleset)}
    GAME.start(state)
    for _ in range(250):
        if GAME.outcome(state).finished:
            break
        for p in ("A", "B"):
            side = state.players[p]
            known = len(zone_cards(state, p))
            assert side.deck + known == 50, f"player {p}: {side.deck} in the deck + {known} elsewhere"
        action = rng.choice(GAME.legal_actions(state))
        if action.type == "attack":
            foe = "B" if action.player == "A" else "A"
            fields = {k: v for k, v in action.__dict__.items() if k not in ("type", "player")}
            fields["drive_checks"] = [rng.choice(pool[action.player]) for _ in range(2)]
            fields["damage_checks"] = [rng.choice(pool[foe]) for _ in range(3)]
            action = Action("attack", action.player, **fields)
        state, _ = GAME.apply(state, action)


@FAST
@given(seed=st.integers(0, 10**6), ruleset=st.sampled_from(["original", "standard"]))
def test_skills_keep_their_invariants(seed: int, ruleset: str) -> None:
    """Self-play with the sample decks' skills: face-down damage never exceeds the damage zone, a waiting
    skill is an AUTO skill, a once-per-turn skill is used once a turn, and skills do get played."""
    played = set()
    for state, action in play(seed, ruleset, 300):
        for p in ("A", "B"):
            side = state.players[p]
            assert 0 <= side.face_down <= len(side.damage)
            for on_circle in side.circles.values():
                if on_circle is not None:
                    assert len(set(on_circle.used)) == len(on_circle.used)
                    assert all(on_circle.card.skills[i].once for i in on_circle.used)
        for pending in state.pending:
            waiting = state.players[pending.player].circles[pending.circle]
            assert waiting is None or waiting.card.skills[pending.index].kind == "AUTO"
        if action is not None and action.type in ("activate", "resolve_skill"):
            played.add(action.type)
            if action.type == "activate":
                activating = state.players[action.player].circles[action.card.split(".")[2]]
                assert action.skill not in activating.used
    # Not every game reaches a skill, but the sample decks make it common.
    assert played <= {"activate", "resolve_skill"}
