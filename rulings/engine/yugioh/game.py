"""The Yu-Gi-Oh! game: the engine skeleton with Yu-Gi-Oh!'s modules and its self-play hook."""

from __future__ import annotations

import random

from ..base import JSON
from ..skeleton import GameEngine
from . import actions, queries, rules, state
from .catalogue import CATALOGUE, DEFAULT_RULESET, RULESETS
from .state import Card, Player, State, any_effects


class YugiohGame(GameEngine, state=state, actions=actions, rules=rules, queries=queries):
    key = "yugioh"
    name = "Yu-Gi-Oh! TCG"
    rulesets = RULESETS
    default_ruleset = DEFAULT_RULESET
    catalogue = CATALOGUE

    def initial_state(
        self, *, rng: random.Random, ruleset: str | None = None, varied: bool = False, effects: bool = True
    ) -> State:
        """A duel about to start: two 40-card decks, 5 cards in hand each.

        By default the decks are mostly vanilla monsters with some effect monsters (ignition, quick,
        trigger and flip effects: the benchmark's workload), and the Battle Phase goes step by step
        (``battle_steps``); ``varied`` mixes in Equip, Quick-Play, Field and Polymerization spells, traps of
        each type (some with effects) and Fusion Monsters, so that random play reaches every kind of action
        (the property tests use it). ``effects=False``: vanilla monsters only and the attack resolved at once
        (the plain self-play benchmark of the engine's first version).
        """
        ruleset = ruleset or DEFAULT_RULESET
        data = {
            "turn": 1,
            "turn_player": "A",
            "phase": "draw",
            "players": {side: _random_player(rng, varied, effects) for side in ("A", "B")},
            "battle_steps": effects,
        }
        return _build_state(data, ruleset)


def _build_state(data: JSON, ruleset: str) -> State:
    """The generated data is valid by construction: build it without the validating parser, which
    would dominate the self-play benchmark (parse_state(state_to_json(s)) gives the same state)."""
    state = State()
    state.turn, state.turn_player, state.phase = data["turn"], data["turn_player"], data["phase"]
    state.ruleset, state.flags = ruleset, RULESETS[ruleset].flags
    state.draw_done, state.chain, state.ended = False, (), None
    state.battle_steps, state.battle_step, state.attack, state.pending = (
        data.get("battle_steps", False),
        None,
        None,
        (),
    )
    state.summoning = state.happened = None
    state.missed = ()
    state.extra_bp, state.skips = 0, ()
    state.players = {}
    for side, p_data in data["players"].items():
        p = Player()
        p.lp = p_data["lp"]
        p.deck = [Card(c) for c in p_data["deck"]]
        p.deck_count = len(p.deck)
        p.hand = [Card(c) for c in p_data["hand"]]
        p.monsters, p.spells, p.field_spell = [None] * 5, [None] * 5, None
        p.graveyard, p.banished = [], []
        p.extra = [Card(c) for c in p_data["extra_deck"]]
        p.ns_used = False
        state.players[side] = p
    state.has_effects = any_effects(state)
    return state


# What the self-play decks' effect cards do: one effect of each timing, bounded by costs (no endless loop).
SELF_PLAY_EFFECTS: tuple[JSON, ...] = (
    {"timing": "ignition", "cost": [{"op": "pay_lp", "amount": 500}], "does": [{"op": "draw"}]},
    {
        "timing": "quick",
        "cost": [{"op": "pay_lp", "amount": 300}],
        "does": [{"op": "modify_atk", "card": "self", "amount": 500}],
    },
    {
        "timing": "trigger",
        "event": "normal_summoned",
        "trigger": "when",
        "optional": True,
        "does": [{"op": "inflict_damage", "to": "opponent", "amount": 300}],
    },
    {"timing": "trigger", "event": "destroyed", "does": [{"op": "gain_lp", "to": "you", "amount": 500}]},
    {"timing": "flip", "does": [{"op": "destroy", "card": "attacker"}]},
)
SELF_PLAY_TRAP_EFFECTS: dict[str, JSON] = {
    "normal": {"timing": "quick", "does": [{"op": "destroy", "card": "attacker"}]},
    "continuous": {"timing": "quick", "does": [{"op": "modify_atk", "card": "attacker", "amount": -500}]},
    "counter": {"timing": "quick", "does": [{"op": "negate_activation"}]},
}


def _random_player(rng: random.Random, varied: bool, effects: bool = True) -> JSON:
    """Mostly vanilla monsters, with a few Equip, Quick-Play, Field and Polymerization spells, Normal,
    Continuous and Counter traps, and Fusion Monsters made of two of the deck's monsters."""
    deck: list[JSON] = []
    for i in range(40):
        roll = rng.random() if varied else 0.0
        if roll < 0.72:
            level = rng.choice((1, 2, 3, 4, 4, 4, 5, 6, 7, 8))
            atk, defense = rng.randrange(0, 3100, 100), rng.randrange(0, 3100, 100)
            card = {"name": f"Vanilla {i}", "kind": "monster", "level": level, "atk": atk, "def": defense}
            if effects and rng.random() < 0.25:
                card["name"] = f"Effect {i}"
                card["monster_type"] = "effect"
                card["effects"] = [rng.choice(SELF_PLAY_EFFECTS)]
            deck.append(card)
        elif roll < 0.80:
            deck.append({"name": f"Equip {i}", "kind": "spell", "spell_type": "equip", "atk_modifier": 500})
        elif roll < 0.85:
            deck.append({"name": f"Quick {i}", "kind": "spell", "spell_type": "quick-play"})
        elif roll < 0.88:
            deck.append({"name": f"Field {i}", "kind": "spell", "spell_type": "field"})
        elif roll < 0.91:
            deck.append({"name": "Polymerization", "kind": "spell", "spell_type": "normal"})
        else:
            trap_type = rng.choice(("normal", "continuous", "counter"))
            card = {"name": f"Trap {i}", "kind": "trap", "trap_type": trap_type}
            if rng.random() < 0.5:
                card["effects"] = [SELF_PLAY_TRAP_EFFECTS[trap_type]]
            deck.append(card)
    rng.shuffle(deck)
    names = [card["name"] for card in deck if card["kind"] == "monster"]
    extra = [
        {
            "name": f"Fusion {n}",
            "kind": "monster",
            "monster_type": "fusion",
            "level": 7,
            "atk": 2800,
            "def": 2000,
            "materials": rng.sample(names, 2),
        }
        for n in range(3)
        if len(names) >= 2
    ]
    return {"lp": 8000, "deck": deck[5:], "hand": deck[:5], "extra_deck": extra}


GAME = YugiohGame()
