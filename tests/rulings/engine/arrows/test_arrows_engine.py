"""Unit tests of the Arrows engine pieces the golden scenarios do not isolate."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulings.engine.arrows import GAME
from rulings.engine.arrows.rules import apply_effect
from rulings.engine.arrows.state import Card
from rulings.engine.base import MalformedDocument
from rulings.engine.replay import replay
from tests.rulings.engine.common_props import rule_text_tests

RULE_TEXT = Path("/work/shared/rules/arrows-combats-de-monstres.txt")
GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "arrows"

TestArrowsRuleText = rule_text_tests(
    "TestArrowsRuleText", game=GAME, rule_text=RULE_TEXT, golden=GOLDEN, prefix="ARR"
)


def monster(name: str, atk: int, def_: int, arrows: int = 0, **extra: object) -> dict:
    return {"name": name, "atk": atk, "def": def_, "arrows": arrows, **extra}


def document(actions=(), query=None, phase="main", spaces=None, **players: dict) -> dict:
    base = {"lp": 8000, "hand": [], "deck": 10}
    state = {
        "turn": 3,
        "turn_player": "A",
        "phase": phase,
        "players": {key: {**base, **players.get(key, {})} for key in ("A", "B")},
    }
    if spaces is not None:
        state["line_spaces"] = spaces
    doc = {"game": "arrows", "state": state, "actions": list(actions)}
    if query is not None:
        doc["query"] = query
    return doc


@pytest.mark.parametrize(
    ("atk", "def_", "damage", "destroyed"),
    [
        (1500, 1000, {"A": 0, "B": 500}, ["B.defenders.0"]),
        (800, 1200, {"A": 400, "B": 0}, ["A.attackers.0"]),
        (1000, 1000, {"A": 0, "B": 0}, []),
    ],
)
def test_combat_outcomes(atk: int, def_: int, damage: dict, destroyed: list) -> None:
    doc = document(
        A={"attackers": [monster("X", atk, 0)]},
        B={"defenders": [monster("Y", 0, def_)]},
        query={"kind": "damage", "attacker": "A.attackers.0", "target": "B.defenders.0"},
        phase="attack",
    )
    answer = replay(doc)["answer"]
    assert answer["damage"] == damage and answer["destroyed"] == destroyed
    assert answer["lp_after"] == {key: 8000 - damage[key] for key in ("A", "B")}


def test_a_flip_with_no_free_space_leaves_the_monster() -> None:
    doc = document(
        [{"player": "A", "type": "place", "card": "A.hand.0", "line": "attackers", "space": 1}],
        spaces=2,
        A={
            "hand": [monster("Archer", 1, 1, 9)],
            "attackers": [monster("P", 1, 1)],
            "defenders": [monster("Q", 1, 1)] * 2,
        },
        B={"attackers": [None, monster("T", 1, 1, 0)]},
    )  # fmt: skip
    answer = replay(doc)
    assert answer["steps"][0]["events"][-1]["type"] == "not_flipped"
    assert answer["state"]["players"]["B"]["attackers"][1]["name"] == "T"


def test_a_flipped_monster_goes_to_a_free_attacker_space_when_the_defenders_are_full() -> None:
    doc = document(
        [{"player": "A", "type": "place", "card": "A.hand.0", "line": "attackers", "space": 0}],
        spaces=2,
        A={"hand": [monster("Archer", 1, 1, 9)], "defenders": [monster("Q", 1, 1)] * 2},
        B={"attackers": [monster("T", 1, 1, 0)]},
    )  # fmt: skip
    attackers = replay(doc)["state"]["players"]["A"]["attackers"]
    assert [card["name"] for card in attackers] == ["Archer", "T"]


def test_effects_clamp_at_zero_and_reset_restores_the_base() -> None:
    card = Card("monster", "M")
    card.atk, card.def_ = 300, 500
    lowered = apply_effect(card, "atk", -1000)
    assert lowered.atk == 0 and lowered.atk_bonus == -300
    raised = apply_effect(lowered, "atk", 200)  # replaces the earlier ATK effect
    assert raised.atk == 500 and raised.atk_bonus == 200
    assert raised.reset_effects().atk == 300
    stacked = apply_effect(apply_effect(card, "ret", 1), "ret", 2)
    assert stacked.ret_bonus == 3 and stacked.strength == 3


@given(lp=st.integers(0, 10**6))
def test_halving_rounds_up(lp: int) -> None:
    doc = document([{"player": "A", "type": "halve_lp", "of": "B"}], B={"lp": lp})
    assert replay(doc)["state"]["players"]["B"]["lp"] == -(-lp // 2)


def test_lines_are_padded_and_too_long_lines_are_malformed() -> None:
    answer = replay(document(A={"attackers": [monster("X", 1, 1)]}))
    assert answer["state"]["line_spaces"] == 3
    assert answer["state"]["players"]["A"]["attackers"][1:] == [None] * 2
    with pytest.raises(MalformedDocument) as caught:
        replay(document(spaces=1, A={"defenders": [monster("X", 1, 1), monster("Y", 1, 1)]}))
    assert caught.value.errors[0].path == "/state/players/A/defenders"


def test_every_spec_action_type_parses() -> None:
    doc = document(
        A={"hand": [monster("H", 1, 1)], "attackers": [monster("X", 1, 1)]},
        B={"defenders": [monster("Y", 1, 1)]},
    )
    state = GAME.parse_state(doc["state"], ruleset="standard")
    for data in (
        {"player": "A", "type": "place", "card": "A.hand.0", "line": "attackers"},
        {"player": "A", "type": "move", "card": "A.attackers.0", "line": "defenders"},
        {"player": "A", "type": "attack", "attacker": "A.attackers.0", "target": None},
        {"player": "A", "type": "attack", "attacker": "A.attackers.0", "target": "B.defenders.0"},
        {"player": "A", "type": "halve_lp", "of": "B"},
        {"player": "A", "type": "inflict_damage", "to": "both", "amount": 100},
        {"player": "A", "type": "next_phase"},
        {"player": "A", "type": "end_turn"},
    ):
        assert GAME.action_to_json(GAME.parse_action(state, data, path="/actions/0")) == data


def test_legal_actions_of_the_waiting_player_are_empty() -> None:
    doc = document(query={"kind": "legal_actions", "player": "B"}, B={"hand": [monster("H", 1, 1)]})
    assert replay(doc)["answer"] == {"actions": []}


def test_arrows_given_as_directions_count_one_each() -> None:
    doc = document(
        [{"player": "A", "type": "place", "card": "A.hand.0", "line": "attackers"}],
        A={"hand": [monster("H", 1, 1, ["up", "left"])]},
        B={"attackers": [monster("T", 1, 1, ["down"])]},
    )
    answer = replay(doc)
    assert answer["state"]["players"]["A"]["defenders"][0]["arrows"] == ["down"]
    assert answer["state"]["players"]["A"]["attackers"][0]["arrows"] == ["up", "left"]
    with pytest.raises(MalformedDocument) as caught:
        replay(document(A={"hand": [monster("H", 1, 1, "up")]}))
    assert caught.value.errors[0].path == "/state/players/A/hand/0/arrows"
