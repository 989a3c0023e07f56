"""Effects, chains and the Battle Phase step by step: invariants under random legal play (a chain always
resolves, no card is ever created or lost) and the shape of the effect vocabulary in documents."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.engine.base import MalformedDocument
from rulings.engine.effects import OPS
from rulings.engine.replay import replay
from rulings.engine.yugioh import GAME
from rulings.engine.yugioh.actions import Action

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPERATIONS = [
    {"op": "destroy", "card": "target"},
    {"op": "banish", "card": "target"},
    {"op": "return_to_hand", "card": "target"},
    {"op": "return_to_deck", "card": "target"},
    {"op": "return_to_extra_deck", "card": "target"},
    {"op": "change_position", "card": "target"},
    {"op": "change_control", "card": "target"},
    {"op": "modify_atk", "card": "attacker", "amount": -700},
    {"op": "modify_def", "card": "self", "amount": 300},
    {"op": "draw", "player": "both"},
    {"op": "inflict_damage", "to": "both", "amount": 900},
    {"op": "gain_lp", "to": "you", "amount": 500},
    {"op": "special_summon", "card": "A.graveyard.0", "position": "defense"},
    {"op": "discard", "card": "B.hand.0"},
    {"op": "negate_activation"},
    {"op": "negate_effect"},
    {"op": "negate_summon"},
    {"op": "end_battle_phase"},
    {"op": "skip_phase", "phase": "battle"},
    {"op": "skip_phase", "phase": "main1", "player": "opponent"},
    {"op": "extra_battle_phase"},
]
TIMINGS = st.sampled_from(["ignition", "quick", "trigger", "flip", "continuous"])
EVENTS = st.sampled_from(["normal_summoned", "destroyed", "sent_to_graveyard", "flipped", "attack_declared"])


@st.composite
def effects(draw: st.DrawFn) -> list[dict]:
    out = []
    for _ in range(draw(st.integers(1, 2))):
        timing = draw(TIMINGS)
        effect: dict = {
            "timing": timing,
            "does": draw(st.lists(st.sampled_from(OPERATIONS), min_size=1, max_size=3)),
        }
        if timing == "trigger":
            effect.update(event=draw(EVENTS), trigger=draw(st.sampled_from(["when", "if"])))
        if timing in ("trigger", "flip"):
            effect["optional"] = draw(st.booleans())
        out.append(effect)
    return out


def monster(name: str, effects_: list[dict] | None, **field) -> dict:
    card = {"name": name, "kind": "monster", "level": 4, "atk": 1500, "def": 1000, **field}
    if effects_:
        card.update(monster_type="effect", effects=effects_)
    return card


def board(e: list[list[dict]], phase: str) -> dict:
    def side(offset: int) -> dict:
        return {
            "lp": 8000,
            "deck": [monster(f"Deck {offset}{i}", None) for i in range(6)],
            "hand": [monster(f"Hand {offset}", e[offset])],
            "monsters": [
                monster(f"Field {offset}", e[offset + 1]),
                monster(f"Set {offset}", e[offset], face_up=False),
            ]
            + [None] * 3,
            "spells_traps": [
                {
                    "name": f"Trap {offset}",
                    "kind": "trap",
                    "trap_type": "normal",
                    "face_up": False,
                    "effects": e[offset + 2],
                }
            ]
            + [None] * 4,
            "graveyard": [monster(f"Grave {offset}", None)],
            "extra_deck": [],
        }

    return {
        "turn": 3,
        "turn_player": "A",
        "phase": phase,
        "battle_steps": True,
        "players": {"A": side(0), "B": side(3)},
    }


def total_cards(data: dict) -> int:
    count = 0
    for p in data["players"].values():
        count += p["deck"] if isinstance(p["deck"], int) else len(p["deck"])
        count += sum(1 for slot in p["monsters"] + p["spells_traps"] if slot is not None)
        count += sum(len(p[k]) for k in ("hand", "graveyard", "banished", "extra_deck")) + (
            p["field_spell"] is not None
        )
    return count


def settle_everything(state):
    """Both players pass until no chain and no trigger is left: it must end."""
    for _ in range(60):
        if GAME.outcome(state).finished or not (state.chain or state.pending):
            return state
        state, _ = GAME.apply(state, Action(state.turn_player, "pass"))
    raise AssertionError("the chain never finished resolving")


@FAST
@given(
    e=st.lists(effects(), min_size=6, max_size=6),
    phase=st.sampled_from(["main1", "battle"]),
    ruleset=st.sampled_from(["current", "classic"]),
    seed=st.integers(0, 10**6),
)
def test_a_chain_always_resolves_and_no_card_is_lost(e, phase, ruleset, seed) -> None:
    state = GAME.parse_state(board(e, phase), ruleset=ruleset)
    total = total_cards(GAME.state_to_json(state))
    rng = random.Random(seed)
    for _ in range(40):
        choices = GAME.legal_actions(state)
        if not choices:
            break
        state, _events = GAME.apply(state, rng.choice(choices))
        data = GAME.state_to_json(state)
        assert total_cards(data) == total, "a card was created or lost"
        assert all(p["lp"] >= 0 for p in data["players"].values())
        assert GAME.state_to_json(GAME.parse_state(data, ruleset=ruleset)) == data
        settled = settle_everything(state)
        assert not settled.chain or GAME.outcome(settled).finished
        assert total_cards(GAME.state_to_json(settled)) == total


@FAST
@given(seed=st.integers(0, 10**9), ruleset=st.sampled_from(["current", "classic"]))
def test_self_play_with_effects_reaches_chains_and_triggers_and_keeps_every_card(seed, ruleset) -> None:
    rng = random.Random(seed)
    state = GAME.initial_state(rng=rng, ruleset=ruleset, varied=True)
    GAME.start(state)
    per_side = {s: total_cards({"players": {s: GAME.state_to_json(state)["players"][s]}}) for s in "AB"}
    for _ in range(250):
        choices = GAME.legal_actions(state)
        if not choices:
            assert GAME.outcome(state).finished
            break
        state, _ = GAME.apply(state, rng.choice(choices))
        data = GAME.state_to_json(state)
        for s in "AB":  # self-play decks never change control: each side keeps its own cards
            assert total_cards({"players": {s: data["players"][s]}}) == per_side[s]
        if state.chain:
            assert not settle_everything(state).chain or GAME.outcome(settle_everything(state)).finished


def test_every_operation_is_listed_in_the_docs() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[4] / "docs" / "situations.md").read_text(encoding="utf-8")
    for op in OPS:
        assert f"`{op}`" in text, op
    for timing in ("ignition", "quick", "trigger", "continuous", "flip"):
        assert f"`{timing}`" in text, timing


@pytest.mark.parametrize(
    ("effect", "path"),
    [
        ({"timing": "sometimes", "does": [{"op": "draw"}]}, "/effects/0/timing"),
        ({"timing": "trigger", "does": [{"op": "draw"}]}, "/effects/0/event"),
        ({"timing": "ignition", "does": [{"op": "explode"}]}, "/effects/0/does/0/op"),
        ({"timing": "ignition", "does": [{"op": "destroy"}]}, "/effects/0/does/0/card"),
        ({"timing": "ignition", "does": []}, "/effects/0/does"),
        ({"timing": "ignition", "speed": 2, "does": [{"op": "draw"}]}, "/effects/0/speed"),
        ({"timing": "quick", "optional": True, "does": [{"op": "draw"}]}, "/effects/0/optional"),
        (
            {"timing": "quick", "does": [{"op": "modify_atk", "card": "self", "amount": "lots"}]},
            "/effects/0/does/0/amount",
        ),
        ({"timing": "quick", "does": [{"op": "draw"}], "colour": "red"}, "/effects/0/colour"),
    ],
)
def test_a_malformed_effect_is_reported_at_its_path(effect: dict, path: str) -> None:
    card = monster("Odd", [effect])
    doc = {"game": "yugioh", "state": {"turn": 3, "players": {"A": {"hand": [card]}, "B": {}}}, "actions": []}
    with pytest.raises(MalformedDocument) as caught:
        replay(doc)
    assert f"/state/players/A/hand/0{path}" in {error.path for error in caught.value.errors}


def test_without_battle_steps_an_attack_still_resolves_at_once_and_pass_is_not_listed() -> None:
    a = {"monsters": [monster("Striker", None, atk=2000)], "deck": 5}
    b = {"monsters": [monster("Wall", None, atk=1000)], "deck": 5}
    data = {"turn": 3, "phase": "battle", "players": {"A": a, "B": b}}
    state = GAME.parse_state(data, ruleset="current")
    assert all(action.type != "pass" for action in GAME.legal_actions(state))
    after, _ = GAME.apply(
        state, Action("A", "attack", {"attacker": "A.monsters.0", "target": "B.monsters.0"})
    )
    assert after.players["B"].lp == 7000 and "battle_step" not in GAME.state_to_json(after)


REFS = [
    f"{p}.{z}.{i}" for p in "AB" for z in ("hand", "monsters", "spells_traps", "graveyard") for i in range(2)
]
ANY_ACTION = st.one_of(
    st.fixed_dictionaries(
        {"player": st.sampled_from("AB"), "type": st.just("activate"), "card": st.sampled_from(REFS)},
        optional={
            "effect": st.integers(0, 2),
            "in_response_to": st.integers(1, 3),
            "target": st.sampled_from(REFS),
        },
    ),
    st.fixed_dictionaries({"player": st.sampled_from("AB"), "type": st.sampled_from(["pass", "next_phase"])}),
    st.fixed_dictionaries(
        {"player": st.sampled_from("AB"), "type": st.just("chain_triggers")},
        optional={"optional": st.lists(st.sampled_from(REFS), max_size=2, unique=True)},
    ),
    st.fixed_dictionaries(
        {
            "player": st.sampled_from("AB"),
            "type": st.just("attack"),
            "attacker": st.sampled_from(REFS),
            "target": st.one_of(st.none(), st.sampled_from(REFS)),
        }
    ),
    st.fixed_dictionaries(
        {
            "player": st.sampled_from("AB"),
            "type": st.sampled_from(["normal_summon", "flip_summon"]),
            "card": st.sampled_from(REFS),
        }
    ),
)
ANY_QUERY = st.one_of(
    st.fixed_dictionaries({"kind": st.sampled_from(["chain", "triggers"])}),
    st.fixed_dictionaries(
        {"kind": st.sampled_from(["can_activate", "missed_timing"]), "card": st.sampled_from(REFS)}
    ),
)


@FAST
@given(
    e=st.lists(effects(), min_size=6, max_size=6),
    phase=st.sampled_from(["main1", "battle"]),
    steps=st.booleans(),
    actions=st.lists(ANY_ACTION, max_size=10),
    query=st.one_of(st.none(), ANY_QUERY),
)
def test_any_effect_document_is_answered_or_rejected(e, phase, steps, actions, query) -> None:
    data = board(e, phase)
    data["battle_steps"] = steps
    doc = {"game": "yugioh", "state": data, "actions": actions}
    if query is not None:
        doc["query"] = query
    try:
        answer = replay(doc)
    except MalformedDocument:
        return
    assert answer["stopped_at"] is None or not answer["steps"][answer["stopped_at"]]["legal"]
