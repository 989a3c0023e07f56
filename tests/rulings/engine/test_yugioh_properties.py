"""Properties of random legal Yu-Gi-Oh! play, and a fuzzed parser that never crashes."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ygo_builders import document, monster, on_field, player, state

from rulings.engine.base import IllegalAction, MalformedDocument
from rulings.engine.replay import replay
from rulings.engine.yugioh import GAME

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card_count(state_json: dict, side: str) -> int:
    p = state_json["players"][side]
    deck = p["deck"] if isinstance(p["deck"], int) else len(p["deck"])
    on_board = sum(1 for slot in p["monsters"] + p["spells_traps"] if slot is not None)
    lists = sum(len(p[k]) for k in ("hand", "graveyard", "banished", "extra_deck"))
    return deck + on_board + lists + (p["field_spell"] is not None)


def play(seed: int, steps: int, *, counted_deck: bool, ruleset: str = "current"):
    rng = random.Random(seed)
    start = GAME.initial_state(rng=rng, ruleset=ruleset, varied=True)
    if counted_deck:
        data = GAME.state_to_json(start)
        for side in ("A", "B"):
            data["players"][side]["deck"] = len(data["players"][side]["deck"])
        start = GAME.parse_state(data, ruleset=ruleset)
    initial_json = GAME.state_to_json(start)
    state_ = start
    GAME.start(state_)
    chosen = []
    states = [state_]
    for _ in range(steps):
        options = GAME.legal_actions(state_)
        if not options:
            break
        action = rng.choice(options)
        chosen.append(action)
        state_, _events = GAME.apply(state_, action)
        states.append(state_)
    return initial_json, chosen, states


@FAST
@given(seed=st.integers(0, 10**9), counted=st.booleans(), ruleset=st.sampled_from(["current", "classic"]))
def test_random_legal_play_keeps_the_invariants(seed: int, counted: bool, ruleset: str) -> None:
    initial_json, _chosen, states = play(seed, 160, counted_deck=counted, ruleset=ruleset)
    totals = {side: card_count(initial_json, side) for side in ("A", "B")}
    for current in states:
        data = GAME.state_to_json(current)
        for side in ("A", "B"):
            assert data["players"][side]["lp"] >= 0
            assert card_count(data, side) == totals[side], "a card was created or lost"
        if GAME.outcome(current).finished:
            assert GAME.legal_actions(current) == []


@FAST
@given(seed=st.integers(0, 10**9))
def test_every_listed_action_is_legal_and_apply_leaves_its_input_alone(seed: int) -> None:
    _initial, _chosen, states = play(seed, 80, counted_deck=False)
    for current in states[::8]:
        before = json.dumps(GAME.state_to_json(current), sort_keys=True)
        for action in GAME.legal_actions(current):
            try:
                GAME.apply(current, action)
            except IllegalAction as refusal:  # pragma: no cover - the message is the diagnosis
                raise AssertionError(f"listed but illegal: {action.to_json()}: {refusal}") from None
        assert json.dumps(GAME.state_to_json(current), sort_keys=True) == before


@FAST
@given(seed=st.integers(0, 10**9), counted=st.booleans())
def test_state_json_round_trip_is_the_identity(seed: int, counted: bool) -> None:
    _initial, _chosen, states = play(seed, 120, counted_deck=counted)
    for current in states[::5]:
        data = GAME.state_to_json(current)
        again = GAME.parse_state(json.loads(json.dumps(data)), ruleset="current")
        assert GAME.state_to_json(again) == data


@FAST
@given(seed=st.integers(0, 10**9))
def test_replaying_the_chosen_actions_is_deterministic_and_matches_self_play(seed: int) -> None:
    initial_json, chosen, states = play(seed, 100, counted_deck=False)
    doc = {"game": "yugioh", "state": initial_json, "actions": [a.to_json() for a in chosen]}
    first, second = replay(doc), replay(json.loads(json.dumps(doc)))
    assert first == second
    assert first["stopped_at"] is None and all(step["legal"] for step in first["steps"])
    settled, _ = GAME.settle(states[-1], None)
    assert first["state"] == GAME.state_to_json(settled)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=25,
)

BASE = document(
    state(
        phase="battle",
        a=player(
            hand=[monster(), {"name": "Pot", "kind": "spell", "spell_type": "normal"}],
            monsters=[on_field(monster("Striker", 1800, 1000))],
            spells_traps=[
                {
                    "name": "Axe",
                    "kind": "spell",
                    "spell_type": "equip",
                    "atk_modifier": 500,
                    "equipped_to": "A.monsters.0",
                }
            ],
        ),
        b=player(monsters=[on_field(monster("Wall", 0, 2000), "defense", False)]),
    ),
    [
        {"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": "B.monsters.0"},
        {"player": "A", "type": "next_phase"},
        {"player": "A", "type": "normal_summon", "card": "A.hand.0"},
    ],
    {"kind": "damage", "attacker": "A.monsters.0", "target": None},
)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*prefix, i))


ALL_PATHS = list(paths(BASE))


def must_not_crash(doc) -> None:
    try:
        answer = replay(doc)
    except MalformedDocument as exc:
        assert exc.errors and all(e.path == "" or e.path.startswith("/") for e in exc.errors)
    else:
        json.dumps(answer)


@settings(max_examples=150, deadline=None)
@given(doc=json_values)
def test_any_json_is_answered_or_rejected(doc) -> None:
    must_not_crash(doc)
    must_not_crash({"game": "yugioh", "state": doc})
    must_not_crash({"game": "yugioh", "state": BASE["state"], "actions": [doc], "query": doc})


@settings(max_examples=200, deadline=None)
@given(where=st.sampled_from(ALL_PATHS), value=json_values)
def test_one_damaged_field_is_answered_or_rejected(where, value) -> None:
    doc = json.loads(json.dumps(BASE))
    if not where:
        return
    target = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    must_not_crash(doc)


RICH = state(
    phase="main1",
    a=player(
        deck=[monster("Deck Top"), {"name": "Trap Deck", "kind": "trap", "trap_type": "normal"}],
        hand=[
            monster(),
            monster("Big", 3000, 2500, 8),
            {"name": "Polymerization", "kind": "spell", "spell_type": "normal"},
            {"name": "Axe", "kind": "spell", "spell_type": "equip", "atk_modifier": 500},
            {"name": "Sogen", "kind": "spell", "spell_type": "field"},
            {"name": "Trap Hole", "kind": "trap", "trap_type": "normal"},
            {"name": "Typhoon", "kind": "spell", "spell_type": "quick-play"},
        ],
        monsters=[on_field(monster("Dragon A")), None, on_field(monster("Hidden"), "defense", False)],
        spells_traps=[{"name": "Solemn", "kind": "trap", "trap_type": "counter", "face_up": False}],
        field_spell={"name": "Yami", "kind": "spell", "spell_type": "field"},
        graveyard=[monster("Dragon B")],
        banished=[monster("Gone")],
        extra_deck=[monster("Twin", 2800, 2100, 6, monster_type="fusion", materials=["Dragon A", "Warwolf"])],
    ),
    b=player(
        hand=[monster("Foe"), {"name": "Jar", "kind": "spell", "spell_type": "normal"}],
        monsters=[on_field(monster("Wall", 0, 2000), "defense")],
        spells_traps=[{"name": "Dust", "kind": "trap", "trap_type": "normal", "face_up": False}],
    ),
)
REFS = [
    f"{side}.{zone}.{i}"
    for side in ("A", "B")
    for zone in ("hand", "monsters", "spells_traps", "graveyard", "banished", "extra_deck", "deck")
    for i in range(8)
] + ["A.field_spell", "B.field_spell", "A.hand", "C.hand.0", "A.hand.-1"]
VALUES = {
    "card": st.sampled_from(REFS),
    "attacker": st.sampled_from(REFS),
    "target": st.none() | st.sampled_from(REFS),
    "spell": st.sampled_from(REFS),
    "fusion": st.sampled_from(REFS),
    "tributes": st.lists(st.sampled_from(REFS), max_size=3),
    "materials": st.lists(st.sampled_from(REFS), max_size=3),
    "cards": st.lists(st.sampled_from(REFS), max_size=3),
    "position": st.sampled_from(["attack", "defense", "sideways"]),
    "phase": st.sampled_from(["draw", "standby", "main1", "battle", "main2", "end", "nap"]),
    "in_response_to": st.integers(-1, 4),
    "count": st.integers(-1, 5),
    "amount": st.integers(-1, 9000),
    "to": st.sampled_from(["A", "B", "both", "C"]),
    "of": st.sampled_from(["A", "B", "C"]),
}
ACTION_TYPES = [
    "normal_summon", "set_monster", "flip_summon", "change_position", "special_summon", "fusion_summon",
    "set_spell_trap", "activate", "attack", "next_phase", "end_turn", "draw", "discard", "inflict_damage",
    "gain_lp", "destroy", "send_to_graveyard", "mill",
]  # fmt: skip


@st.composite
def actions(draw):
    action = {"player": draw(st.sampled_from(["A", "B"])), "type": draw(st.sampled_from(ACTION_TYPES))}
    for key in draw(st.lists(st.sampled_from(sorted(VALUES)), max_size=4, unique=True)):
        action[key] = draw(VALUES[key])
    return action


@settings(max_examples=200, deadline=None)
@given(
    phase=st.sampled_from(["draw", "main1", "battle", "main2", "end"]),
    ruleset=st.sampled_from(["current", "classic"]),
    sequence=st.lists(actions(), min_size=1, max_size=8),
)
def test_random_actions_on_a_rich_board_are_answered_or_rejected(phase, ruleset, sequence) -> None:
    doc = {"game": "yugioh", "ruleset": ruleset, "state": dict(RICH, phase=phase), "actions": sequence}
    must_not_crash(doc)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**9), varied=st.booleans())
def test_generated_start_equals_its_parsed_json(seed: int, varied: bool) -> None:
    start = GAME.initial_state(rng=random.Random(seed), ruleset="classic", varied=varied)
    data = GAME.state_to_json(start)
    assert GAME.state_to_json(GAME.parse_state(data, ruleset="classic")) == data
