"""Invariants of the Arrows engine over random self-play, and fuzzing of the document parser."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.engine.arrows import GAME
from rulings.engine.arrows.game import SELF_PLAY_DECK
from rulings.engine.arrows.state import State
from rulings.engine.base import MalformedDocument
from rulings.engine.replay import replay
from tests.rulings.engine import common_props as props


def effect_step(state: State, rng: random.Random) -> dict | None:
    """A random effect step (never listed by legal_actions) a judge could add to model a card."""
    key = state.turn_player
    monsters = [
        f"{owner}.{line}.{i}"
        for owner in "AB"
        for line in ("attackers", "defenders")
        for i, card in enumerate(getattr(state.players[owner], line))
        if card is not None
    ]
    own = [ref for ref in monsters if ref.startswith(key)]
    theirs = [ref for ref in monsters if not ref.startswith(key)]
    choice = rng.randrange(6)
    if choice == 0 and own and monsters:
        effect = rng.choice(["atk", "def", "ret"])
        return {"type": "trigger_effect", "card": rng.choice(own), "effect": effect,
                "target": rng.choice(monsters), "amount": rng.randrange(-1500, 1500)}  # fmt: skip
    if choice == 1 and theirs:
        return {"type": "steal", "card": rng.choice(theirs)}
    if choice == 2 and monsters:
        return {"type": "damage_monster", "card": rng.choice(monsters), "amount": rng.randrange(0, 1500)}
    if choice == 3:
        return {"type": "halve_lp", "of": rng.choice("AB"), "at_end_of_turn": rng.random() < 0.5,
                "source": rng.choice(["monster", "magic"])}  # fmt: skip
    if choice == 4:
        return {"type": "inflict_damage", "to": rng.choice(["A", "B", "both"]), "amount": rng.randrange(900),
                "at_end_of_turn": rng.random() < 0.5}  # fmt: skip
    return None


def play(seed: int, steps: int, *, effects: bool = True) -> list[State]:
    """Random legal play, with a random effect step now and then."""
    return props.self_play(GAME, seed, steps, effect_step=effect_step if effects else None)


def monsters(state: State):
    for key in ("A", "B"):
        player = state.players[key]
        for line in (player.attackers, player.defenders):
            yield from (card for card in line if card is not None)


def card_count(state: State) -> int:
    # Flips move monsters between players, so cards are conserved across both players together.
    total = 0
    for key in ("A", "B"):
        player = state.players[key]
        total += player.deck_size() + len(player.hand) + len(player.graveyard)
        total += sum(card is not None for card in player.attackers + player.defenders)
    return total


@props.SELF_PLAY_SETTINGS
@given(seed=st.integers(0, 10**6))
def test_no_negative_values_and_cards_conserved(seed: int) -> None:
    for state in play(seed, 300):
        assert card_count(state) == 2 * SELF_PLAY_DECK
        for key in ("A", "B"):
            assert state.players[key].lp >= 0
            assert len(state.players[key].attackers) == len(state.players[key].defenders) == state.spaces
        for monster in monsters(state):
            assert monster.atk >= 0 and monster.def_ >= 0 and monster.damage_taken >= 0
            assert monster.damage_taken <= monster.def_, "a monster with damage above its DEF is destroyed"


TestArrowsSelfPlay = props.self_play_properties(
    "TestArrowsSelfPlay", game=GAME, play=play, result_kept_by_parsing=("ARR-LIFE-POINTS",)
)

JSON_VALUES = props.json_values(
    ["A", "B", "both", "A.hand.0", "B.defenders.0", "A.attackers.1", "attackers", "ret"]
)

VALID = {
    "game": "arrows",
    "state": {
        "turn": 3,
        "turn_player": "A",
        "phase": "main",
        "line_spaces": 3,
        "players": {
            "A": {
                "lp": 8000,
                "hand": [
                    {"name": "H", "atk": 900, "def": 300, "arrows": 4, "effects": {"atk": 200, "ret": 1}}
                ],
                "deck": 5,
                "attackers": [None, {"name": "R", "atk": 1500, "def": 100, "arrows": 1}],
                "defenders": [],
            },
            "B": {
                "lp": 8000,
                "hand": [],
                "deck": 5,
                "attackers": [{"name": "T", "atk": 100, "def": 100, "arrows": 2}],
                "defenders": [{"name": "G", "atk": 100, "def": 1000, "damage_taken": 200}],
            },
        },
    },
    "actions": [
        {"player": "A", "type": "place", "card": "A.hand.0", "line": "attackers", "space": 0},
        {"player": "A", "type": "next_phase"},
        {"player": "A", "type": "attack", "attacker": "A.attackers.1", "target": "B.defenders.0"},
        {"player": "A", "type": "halve_lp", "of": "B", "at_end_of_turn": True, "source": "monster"},
    ],
    "query": {"kind": "damage", "attacker": "A.attackers.1", "target": None},
}


def test_the_fuzzed_document_is_valid_to_start_with() -> None:
    answer = replay(VALID)
    assert answer["stopped_at"] is None
    assert answer["state"]["players"]["A"]["attackers"][0]["name"] == "H"


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
