"""The Cardfight!! Vanguard game: the engine skeleton with Vanguard's modules and its self-play hook.

State, actions and queries follow ``/work/shared/specs/situations.md``; the rules catalogue
(``catalogue.py``) ties every ``VG-…`` id to a passage of ``vanguard-regles.txt``.
"""

from __future__ import annotations

import random

from ..skeleton import GameEngine
from . import actions, queries, rules, state
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .state import Card, Skill, State, Unit, parse_skill

__all__ = ["GAME", "VanguardGame", "sample_deck"]


class VanguardGame(GameEngine, state=state, actions=actions, rules=rules, queries=queries):
    key = "vanguard"
    name = "Cardfight!! Vanguard"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE

    def initial_state(self, *, rng: random.Random, ruleset: str | None = None, effects: bool = True) -> State:
        """A fresh game in the setup phase: two 50-card decks, grade 0 vanguards, five-card hands; the
        sample decks' units carry skills unless ``effects=False``."""
        ruleset = ruleset or DEFAULT_RULESET
        state = State(ruleset, 1, "A", "setup")
        for player, clan in (("A", "Royal Paladin"), ("B", "Kagero")):
            deck = sample_deck(clan, ruleset, skills=effects)
            side = state.players[player]
            side.circles["V"] = Unit(deck.pop(0))
            rng.shuffle(deck)
            side.hand = deck[:5]
            side.deck = deck[5:]
        return state


def _skill(data: dict) -> Skill:
    skill = parse_skill(data, "/skills/0", _refuse)
    assert skill is not None
    return skill


def _refuse(path: str, message: str) -> None:
    raise ValueError(f"{path}: {message}")


# The sample decks' skills: one of each kind and most timings, so self-play exercises them.
SAMPLE_SKILLS = {
    3: (
        _skill(
            {
                "kind": "ACT",
                "name": "Twin Blade",
                "on": "V",
                "once_per_turn": True,
                "cost": {"counter_blast": 1},
                "effects": [{"power": 5000, "to": "self"}, {"draw": 1}],
            }
        ),
        _skill(
            {
                "kind": "CONT",
                "name": "Veteran",
                "on": "V",
                "condition": {"damage_at_least": 4, "turn": "own"},
                "effects": [{"power": 2000, "to": "self"}],
            }
        ),
    ),
    2: (
        _skill(
            {"kind": "AUTO", "name": "Charge", "timing": "attack", "on": "RC", "effects": [{"power": 3000}]}
        ),
        _skill(
            {
                "kind": "AUTO",
                "name": "Victory",
                "timing": "hit",
                "on": "RC",
                "cost": {"soul_blast": 1},
                "effects": [{"counter_charge": 1}],
            }
        ),
    ),
    1: (
        _skill({"kind": "AUTO", "name": "Cheer", "timing": "boost", "effects": [{"power": 2000}]}),
        _skill(
            {
                "kind": "ACT",
                "name": "Support",
                "on": "RC",
                "cost": {"rest": True},
                "effects": [{"power": 3000, "to": "vanguard"}],
            }
        ),
        _skill(
            {
                "kind": "AUTO",
                "name": "Arrival",
                "timing": "placed",
                "on": "V",
                "effects": [{"soul_charge": 1}],
            }
        ),
    ),
}


def sample_deck(clan: str, ruleset: str = DEFAULT_RULESET, *, skills: bool = True) -> list[Card]:
    """A legal 50-card deck of one clan, starting vanguard first (16 triggers, 4 heals at most); its
    grade 1 to 3 units carry ``SAMPLE_SKILLS`` unless ``skills`` is false."""
    if ruleset == "standard":
        triggers = {"critical": 6, "draw": 4, "heal": 4, "front": 1, "over": 1}
    else:
        triggers = {"critical": 4, "draw": 4, "stand": 4, "heal": 4}
    deck = [Card(f"{clan} Starter", 0, 6000, 10000, 1, clan)]
    for kind, count in triggers.items():
        shield = 50000 if kind == "over" else 10000
        deck += [Card(f"{clan} {kind.title()} Trigger", 0, 5000, shield, 1, clan, kind) for _ in range(count)]
    given = SAMPLE_SKILLS if skills else {}
    deck += [Card(f"{clan} Grade 1", 1, 8000, 5000, 1, clan, skills=given.get(1, ())) for _ in range(14)]
    deck += [Card(f"{clan} Grade 2", 2, 10000, 5000, 1, clan, skills=given.get(2, ())) for _ in range(11)]
    deck += [Card(f"{clan} Grade 3", 3, 11000, None, 1, clan, skills=given.get(3, ())) for _ in range(8)]
    return deck


GAME = VanguardGame()
