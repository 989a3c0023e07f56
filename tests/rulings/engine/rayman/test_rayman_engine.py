"""Unit tests of the RaymanTCG engine pieces the golden scenarios do not isolate."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.engine.base import GameOver, IllegalAction, MalformedDocument
from rulings.engine.rayman import GAME
from rulings.engine.rayman.actions import Action
from rulings.engine.rayman.rules import combat_damage, find_payment
from rulings.engine.rayman.state import Card, Player
from rulings.engine.registry import get_game
from rulings.engine.replay import replay
from tests.rulings.engine.common_props import rule_text_tests

RULE_TEXT = Path("/work/shared/rules/raymantcg-regles.txt")
GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "rayman"

TestRaymanRuleText = rule_text_tests(
    "TestRaymanRuleText", game=GAME, rule_text=RULE_TEXT, golden=GOLDEN, prefix="RAY"
)


def creature(atk: int, def_: int, *, advantage: bool = False) -> Card:
    card = Card("creature", "C")
    card.atk, card.def_, card.hp, card.max_hp, card.advantage = atk, def_, 100, 100, advantage
    return card


@pytest.mark.parametrize(
    ("attacker", "target", "expected"),
    [
        (creature(600, 600), creature(200, 200), (400, 0)),
        (creature(300, 0), creature(0, 500), (0, 200)),
        (creature(500, 0), creature(0, 500), (0, 0)),
        (creature(1000, 1000, advantage=True), creature(1000, 1000), (100, 0)),
        (creature(1000, 1000), creature(1000, 1000, advantage=True), (0, 100)),
        (creature(1000, 0, advantage=True), creature(0, 1000, advantage=True), (0, 0)),
        (creature(1200, 0, advantage=True), creature(0, 1000), (200, 0)),
    ],
)
def test_combat_damage(attacker: Card, target: Card, expected: tuple[int, int]) -> None:
    assert combat_damage(attacker, target, 100)[:2] == expected


def terrains(*types: str, occupied: tuple[int, ...] = ()) -> Player:
    player = Player()
    for index, terrain_type in enumerate(types):
        card = Card("terrain", terrain_type)
        card.terrain, card.occupied = terrain_type, index in occupied
        player.terrains.append(card)
    return player


def test_find_payment_uses_matching_colours_and_free_terrains_only() -> None:
    player = terrains("Eau", "Feu", "Air", "Feu", occupied=(1,))
    assert find_payment(player, {"Feu": 1, "any": 2}) == [0, 2, 3]
    assert find_payment(player, {"Feu": 2}) is None
    assert find_payment(player, 3) == [0, 2, 3]
    assert find_payment(player, 4) is None
    assert find_payment(player, 0) == []


def document(**players: dict) -> dict:
    base = {"tings": 0, "hand": [], "deck": 10}
    return {
        "game": "rayman",
        "state": {
            "turn": 3,
            "turn_player": "A",
            "phase": "main",
            "players": {key: {**base, **players.get(key, {})} for key in ("A", "B")},
        },
    }


def test_bare_card_reference_goes_through_the_card_lookup() -> None:
    doc = document(A={"hand": [{"name": "Rayman"}]})
    with pytest.raises(MalformedDocument) as caught:
        replay(doc)
    assert [error.path for error in caught.value.errors] == ["/state/players/A/hand/0"]

    def lookup(game: str, ref: dict) -> dict | None:
        assert game == "rayman"
        if ref.get("name") != "Rayman":
            return None
        return {
            "name": "Rayman",
            "kind": "creature",
            "cost": 2,
            "atk": 400,
            "def": 300,
            "hp": 500,
            "max_hp": 500,
        }

    answer = replay(doc, card_lookup=lookup)
    assert answer["state"]["players"]["A"]["hand"][0]["atk"] == 400


def test_a_card_drawn_from_a_counted_deck_is_unknown_and_cannot_be_played() -> None:
    doc = document(B={"creatures": [{"name": "G", "atk": 1, "def": 1, "hp": 1}]})
    doc["state"]["phase"] = "draw"
    doc["actions"] = [{"player": "A", "type": "play_creature", "card": "A.hand.0"}]
    answer = replay(doc)
    assert answer["state"]["players"]["A"]["deck"] == 9
    assert answer["state"]["players"]["A"]["hand"] == [{"name": "unknown card", "kind": "unknown"}]
    assert answer["steps"][0]["legal"] is False


def test_damage_query_outside_the_attack_phase_still_computes_and_says_why_not_now() -> None:
    doc = document(
        A={"creatures": [{"name": "R", "atk": 600, "def": 0, "hp": 100}]},
        B={"creatures": [{"name": "G", "atk": 0, "def": 200, "hp": 300}]},
    )
    doc["query"] = {"kind": "damage", "attacker": "A.creatures.0", "target": "B.creatures.0"}
    answer = replay(doc)["answer"]
    assert answer["damage_to_target"] == 400 and answer["tings_gained"] == {"A": 100, "B": 0}
    assert answer["rules"] == ["RAY-COMBAT-DAMAGE", "RAY-HP-DESTROYED", "RAY-TINGS-OVERKILL"]
    assert answer["legal"] is False and answer["not_legal"]["rules"] == ["RAY-TURN"]


def test_damage_query_rejects_a_target_on_the_attackers_side() -> None:
    doc = document(A={"creatures": [{"name": "R", "atk": 1, "def": 1, "hp": 1}] * 2})
    doc["query"] = {"kind": "damage", "attacker": "A.creatures.0", "target": "A.creatures.1"}
    with pytest.raises(MalformedDocument) as caught:
        replay(doc)
    assert caught.value.errors[0].path == "/query/target"


def test_every_spec_action_type_parses() -> None:
    doc = document(
        A={
            "hand": [{"name": "T", "kind": "terrain", "terrain": "Air"}],
            "terrains": [{"terrain": "Eau", "occupied": False}],
            "creatures": [{"name": "R", "atk": 1, "def": 1, "hp": 1}],
        },
        B={"creatures": [{"name": "G", "atk": 1, "def": 1, "hp": 1}]},
    )
    state = GAME.parse_state(doc["state"], ruleset="standard")
    for data in (
        {"player": "A", "type": "play_terrain", "card": "A.hand.0"},
        {"player": "A", "type": "play_creature", "card": "A.hand.0", "terrains": ["A.terrains.0"]},
        {"player": "A", "type": "play_magic", "card": "A.hand.0", "terrains": []},
        {"player": "A", "type": "attack", "attacker": "A.creatures.0", "target": None},
        {"player": "A", "type": "attack", "attacker": "A.creatures.0", "target": "B.creatures.0"},
        {"player": "A", "type": "ability_damage", "card": "B.creatures.0", "amount": 300},
        {"player": "A", "type": "next_phase"},
        {"player": "A", "type": "end_turn"},
    ):
        action = GAME.parse_action(state, data, path="/actions/0")
        assert GAME.action_to_json(action) == data


def test_unknown_action_type_and_field_are_malformed() -> None:
    state = GAME.parse_state(document()["state"], ruleset="standard")
    with pytest.raises(MalformedDocument) as caught:
        GAME.parse_action(state, {"player": "A", "type": "summon"}, path="/actions/3")
    assert caught.value.errors[0].path == "/actions/3/type"
    with pytest.raises(MalformedDocument) as caught:
        GAME.parse_action(state, {"player": "A", "type": "end_turn", "force": True}, path="/actions/0")
    assert caught.value.errors[0].path == "/actions/0/force"


def test_apply_after_the_end_raises_game_over() -> None:
    doc = document(A={"tings": 5000})
    state = GAME.parse_state(doc["state"], ruleset="standard")
    assert GAME.outcome(state).winner == "A"
    with pytest.raises(GameOver):
        GAME.apply(state, Action("end_turn", "A"))
    assert GAME.legal_actions(state) == []


def test_illegal_action_leaves_no_trace() -> None:
    state = GAME.parse_state(document()["state"], ruleset="standard")
    before = GAME.state_to_json(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Action("attack", "A", ("A", "creatures", 0), None))
    assert GAME.state_to_json(state) == before


def test_deck_check_numbers_are_rule_set_flags() -> None:
    flags = get_game("rayman").rulesets["standard"].flags
    assert flags["deck_size"] == 60 and flags["max_copies"] == 4 and flags["opening_hand"] == 7
    assert set(flags["single_copy_types"]) == {"Boss", "Unique", "Invocation"}
    assert len(flags["unlimited_copies"]) == 6 and "Caves de Skops" in flags["unlimited_copies"]


def test_initial_state_deals_seven_cards_from_sixty() -> None:
    import random

    state = GAME.initial_state(rng=random.Random(3), ruleset="standard")
    for key in ("A", "B"):
        assert len(state.players[key].hand) == 7 and state.players[key].deck_size() == 53
    assert state.phase == "draw" and GAME.start(state)[0].type == "draw"
    assert state.phase == "draw" and state.draw_done and len(state.players["A"].hand) == 8
