"""Invariants of the RaymanTCG engine over random self-play, and fuzzing of the document parser."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.engine.base import MalformedDocument
from rulings.engine.rayman import GAME
from rulings.engine.rayman.state import State
from rulings.engine.replay import replay
from tests.rulings.engine import common_props as props


def effect_step(state: State, rng: random.Random) -> dict | None:
    """A random effect step (never listed by legal_actions) a judge could add to model a card."""
    key = state.turn_player
    creatures = [
        f"{owner}.creatures.{i}" for owner in "AB" for i in range(len(state.players[owner].creatures))
    ]
    own = [ref for ref in creatures if ref.startswith(key)]
    choice = rng.randrange(5)
    if choice == 0 and creatures:
        step = {"type": "ability_damage", "card": rng.choice(creatures), "amount": rng.randrange(0, 900)}
        if own and rng.random() < 0.5:
            step["source"] = rng.choice(own)
        return step
    if choice == 1 and creatures:
        return {"type": "modify_stats", "card": rng.choice(creatures), "atk": rng.randrange(-900, 900),
                "def": rng.randrange(-900, 900)}  # fmt: skip
    if choice == 2 and creatures:
        return {"type": "destroy", "card": rng.choice(creatures)}
    if choice == 3:
        return {
            "type": rng.choice(["gain_tings", "lose_tings"]),
            "to": rng.choice("AB"),
            "amount": rng.randrange(600),
        }
    return None


def play(seed: int, steps: int, *, effects: bool = True) -> list[State]:
    """Random legal play, with a random effect step now and then."""
    return props.self_play(GAME, seed, steps, effect_step=effect_step if effects else None)


def card_count(state: State, key: str) -> int:
    player = state.players[key]
    return (
        player.deck_size()
        + len(player.hand)
        + len(player.graveyard)
        + len(player.terrains)
        + len(player.creatures)
        + len(player.magic)
    )


@props.SELF_PLAY_SETTINGS
@given(seed=st.integers(0, 10**6))
def test_no_negative_values_and_cards_conserved(seed: int) -> None:
    states = play(seed, 300)
    for state in states:
        for key in ("A", "B"):
            player = state.players[key]
            assert player.tings >= 0
            assert card_count(state, key) == 60
            for creature in player.creatures:
                assert creature.atk >= 0 and creature.def_ >= 0
                assert 0 < creature.hp <= creature.max_hp
            assert all(card.hp == card.max_hp for card in player.graveyard if card.kind == "creature")


TestRaymanSelfPlay = props.self_play_properties(
    "TestRaymanSelfPlay", game=GAME, play=play, result_kept_by_parsing=("RAY-WIN-TINGS",)
)

JSON_VALUES = props.json_values(
    ["A", "B", "A.hand.0", "B.creatures.0", "A.terrains.0", "attack", "main", "creature"]
)

VALID = {
    "game": "rayman",
    "state": {
        "turn": 3,
        "turn_player": "A",
        "phase": "main",
        "players": {
            "A": {
                "tings": 100,
                "hand": [{"name": "C", "kind": "creature", "cost": 1, "atk": 300, "def": 200, "hp": 400}],
                "deck": 5,
                "terrains": [{"name": "T", "terrain": "Feu", "occupied": False}],
                "creatures": [{"name": "R", "atk": 500, "def": 100, "hp": 300, "max_hp": 400}],
            },
            "B": {
                "tings": 0,
                "hand": [],
                "deck": 5,
                "creatures": [{"name": "G", "atk": 100, "def": 100, "hp": 100}],
            },
        },
    },
    "actions": [
        {"player": "A", "type": "play_creature", "card": "A.hand.0", "terrains": ["A.terrains.0"]},
        {"player": "A", "type": "next_phase"},
        {"player": "A", "type": "attack", "attacker": "A.creatures.0", "target": "B.creatures.0"},
    ],
    "query": {"kind": "legal_actions", "player": "A"},
}


def test_the_fuzzed_document_is_valid_to_start_with() -> None:
    answer = replay(VALID)
    assert answer["stopped_at"] is None and answer["answer"]["actions"]


@settings(max_examples=200, deadline=None)
@given(path=st.lists(st.integers(0, 20), max_size=7), value=JSON_VALUES)
def test_mutated_documents_only_raise_malformed(path: list, value: object) -> None:
    props.assert_replay_only_raises_malformed(props.mutate(VALID, path, value))


@settings(max_examples=100, deadline=None)
@given(document=JSON_VALUES)
def test_arbitrary_json_only_raises_malformed(document: object) -> None:
    props.assert_replay_only_raises_malformed(document)
    with contextlib.suppress(MalformedDocument):
        GAME.parse_state(document, ruleset="standard")
