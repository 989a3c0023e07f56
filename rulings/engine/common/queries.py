"""The queries RaymanTCG and Arrows share: damage (on a copy), legal_actions and deck_out.

Each game's ``queries.py`` builds its ``answer`` here once, at import, with its own rule ids, query
kinds and the pieces that are its own: the cards an attack names, the check of an attack's legality,
the damage figures and any extra query kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import JSON, Event, IllegalAction
from ..messages import msg
from . import validate as v
from .turns import OTHER

# (state, value, path, *, owner) -> ref: a card on the field that can attack or be attacked; when
# ``owner`` is given, it must be theirs.
FighterRef = Callable[..., tuple[str, str, int]]


def deck_out(state: Any, key: str, *, deck_out_rules: tuple[str, str]) -> JSON:
    """Like Yu-Gi-Oh!: ``loses`` says whether the player's next draw finds the deck empty."""
    deck = state.players[key].deck_size()
    deck_out_rule = deck_out_rules[0]
    rules = list(deck_out_rules)
    if state.result is not None and deck_out_rule in state.result[2] and state.result[0] == OTHER[key]:
        return {"deck": deck, "loses": True, "when": f"already lost (turn {state.turn})", "rules": rules}
    if state.turn_player == key:
        next_draw = state.turn if state.phase == "draw" and not state.draw_done else state.turn + 2
    else:
        next_draw = state.turn + 1
    return {
        "deck": deck,
        "loses": deck == 0 and bool(state.flags["empty_deck_draw_loses"]),
        "when": f"draw phase of turn {next_draw + 2 * deck}",
        "rules": rules,
    }


def make_answer(
    *,
    query_kinds: tuple[str, ...],
    turn_rule: str,
    deck_out_rules: tuple[str, str],
    legal_actions: Callable[[Any, str], list[Any]],
    action_to_json: Callable[[Any], JSON],
    resolve_attack: Callable[[Any, Any, Any], list[Event]],
    fighter_ref: FighterRef,
    check_attack: Callable[[Any, str, Any, Any], None],
    damage_figures: Callable[[Any, Any, list[Event]], JSON],
    player_query: Callable[[Any, str, str], JSON] | None = None,
) -> Callable[..., JSON]:
    """``answer(state, query, *, path="/query")``.

    ``turn_rule`` is cited when a player who is not the turn player would attack; ``deck_out_rules``
    are (the deck-out rule, the rule on draws). ``check_attack(state, key, attacker, target)`` raises
    IllegalAction when the attack is not legal now and leaves ``state`` untouched;
    ``damage_figures(state, simulation, events)`` gives the game's own answer fields, before winner,
    rules and legality; ``player_query(state, kind, key)`` answers the game's own query kinds beyond
    damage, legal_actions and deck_out.
    """

    def damage(state: Any, query: dict, path: str) -> JSON:
        """What an attack would do, on a copy, and whether it is legal now."""
        v.obj(query, path, required=("kind", "attacker"), optional=("target",))
        attacker = fighter_ref(state, query["attacker"], v.pointer(path, "attacker"), owner=None)
        key = attacker[0]
        target = None
        if query.get("target") is not None:
            target = fighter_ref(state, query["target"], v.pointer(path, "target"), owner=OTHER[key])
        legality: JSON = {"legal": True}
        try:
            if state.result is not None:
                raise IllegalAction(state.result[2], msg("The game is already over."))
            if state.turn_player != key:
                raise IllegalAction(
                    (turn_rule,),
                    msg(
                        "It is {turn_player}'s turn, not {player}'s.",
                        turn_player=state.turn_player,
                        player=key,
                    ),
                )
            check_attack(state, key, attacker, target)
        except IllegalAction as error:
            legality = {"legal": False, "not_legal": {"rules": error.rules, "explanation": error.message}}
        simulation = state.copy()
        simulation.result = None
        events = resolve_attack(simulation, attacker, target)
        return {
            **damage_figures(state, simulation, events),
            "winner": simulation.result[0] if simulation.result else None,
            "rules": list(dict.fromkeys(rule for event in events for rule in event.rules)),
            **legality,
        }

    def answer(state: Any, query: Any, *, path: str = "/query") -> JSON:
        if not isinstance(query, dict):
            raise v.fail(path, 'a query is an object such as {"kind": "legal_actions", "player": "A"}')
        kind = v.choice(query.get("kind"), v.pointer(path, "kind"), query_kinds)
        if kind == "damage":
            return damage(state, query, path)
        v.obj(query, path, required=("kind",), optional=("player",))
        key = v.player(query.get("player", state.turn_player), v.pointer(path, "player"))
        if kind == "legal_actions":
            return {"actions": [action_to_json(action) for action in legal_actions(state, key)]}
        if kind == "deck_out":
            return deck_out(state, key, deck_out_rules=deck_out_rules)
        if player_query is None:
            raise NotImplementedError(kind)
        return player_query(state, kind, key)

    return answer
