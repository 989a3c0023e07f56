"""The Yu-Gi-Oh! queries of the spec: legal_summons, damage, hand_limit, deck_out, legal_actions."""

from __future__ import annotations

from typing import Any

from ..base import JSON, IllegalAction, MalformedDocument, PathError
from ..messages import Sentences, msg
from .actions import Action
from .rules import (
    apply,
    compute_battle,
    hand_limit_excess,
    hand_limit_rule,
    legal_actions,
    lose_lp,
    tributes_needed,
)
from .state import OTHER, OnField, State, lookup, parse_ref, ref_str

QUERIES = {
    "legal_summons": {"player"},
    "damage": {"attacker", "target"},
    "hand_limit": {"player"},
    "deck_out": {"player"},
    "legal_actions": {"player"},
    # effects and chains (docs/situations.md)
    "can_activate": {"player", "card", "effect", "in_response_to", "target"},
    "chain": set(),
    "triggers": set(),
    "missed_timing": {"card"},
}


def answer(state: State, query: Any, *, path: str = "/query") -> JSON:
    if not isinstance(query, dict):
        raise MalformedDocument(PathError(path, 'a query is an object such as {"kind": "damage", ...}'))
    kind = query.get("kind")
    if not isinstance(kind, str) or kind not in QUERIES:
        raise MalformedDocument(
            PathError(f"{path}/kind", f"unknown query kind {kind!r}; one of {', '.join(QUERIES)}")
        )
    errors = [
        PathError(f"{path}/{key}", f"unknown field {key!r} for the {kind} query")
        for key in query
        if key != "kind" and key not in QUERIES[kind]
    ]
    if kind == "damage":
        return _damage(state, query, path, errors)
    if kind in ("can_activate", "chain", "triggers", "missed_timing"):
        from .effect_queries import effect_query

        return effect_query(state, kind, query, path, errors)
    player = query.get("player", state.turn_player)
    if player not in ("A", "B"):
        errors.append(PathError(f"{path}/player", 'the player is "A" or "B"'))
    if errors:
        raise MalformedDocument(errors)
    if kind == "legal_summons":
        return _legal_summons(state, player)
    if kind == "hand_limit":
        return _hand_limit(state, player)
    if kind == "deck_out":
        return _deck_out(state, player)
    return {"actions": [a.to_json() for a in legal_actions(state, player)]}


def _monster_ref(state: State, value: Any, at: str, errors: list[PathError]) -> tuple[str, int] | None:
    ref = parse_ref(value)
    if ref is None or ref[1] != "monsters" or not isinstance(lookup(state, ref), OnField):
        errors.append(
            PathError(at, f'a reference to a monster on the field such as "B.monsters.0", not {value!r}')
        )
        return None
    return ref[0], ref[2]


def _damage(state: State, query: JSON, path: str, errors: list[PathError]) -> JSON:
    if "attacker" not in query:
        errors.append(PathError(f"{path}/attacker", "the damage query needs the attacker"))
        attacker = None
    else:
        attacker = _monster_ref(state, query["attacker"], f"{path}/attacker", errors)
    target = None
    if query.get("target") is not None:
        target = _monster_ref(state, query["target"], f"{path}/target", errors)
        if attacker and target and target[0] == attacker[0]:
            errors.append(PathError(f"{path}/target", "the target is a monster of the attacker's opponent"))
    if errors:
        raise MalformedDocument(errors)
    battle = compute_battle(state, attacker, target)
    after = state.copy()
    for side in ("A", "B"):
        lose_lp(after, side, battle.damage[side])
    return {
        "damage": dict(battle.damage),
        "destroyed": [ref_str(p, "monsters", i) for p, i in battle.destroyed],
        "flipped": [ref_str(p, "monsters", i) for p, i in battle.flipped],
        "lp_after": {side: after.players[side].lp for side in ("A", "B")},
        "rules": list(dict.fromkeys(battle.rules)),
        "explanation": Sentences(battle.messages),
    }


def _hand_limit(state: State, player: str) -> JSON:
    hand = len(state.players[player].hand)
    return {
        "limit": state.flags["hand_limit"],
        "hand": hand,
        "must_discard": hand_limit_excess(state, player),
        "rules": [hand_limit_rule(state)],
    }


def _deck_out(state: State, player: str) -> JSON:
    deck = state.players[player].deck_count
    if state.ended is not None and "YGO-DECK-OUT" in state.ended[2] and state.ended[0] == OTHER[player]:
        return {
            "deck": deck,
            "loses": True,
            "when": f"already lost (turn {state.turn})",
            "rules": ["YGO-DECK-OUT"],
        }
    rules = ["YGO-DECK-OUT", "YGO-DRAW"]
    # the player's upcoming Draw Phases, one card each
    if player == state.turn_player and state.phase == "draw" and not state.draw_done:
        first = state.turn
    else:
        first = state.turn + 1 if player != state.turn_player else state.turn + 2
    turn = first
    remaining = deck
    while True:
        skips = turn == 1 and not state.flags["first_player_draws"]
        if not skips:
            if remaining == 0:
                break
            remaining -= 1
        turn += 2
    if first == 1 and not state.flags["first_player_draws"]:
        rules.append("YGO-DRAW-FIRST-TURN-SKIP")
    return {"deck": deck, "loses": deck == 0, "when": f"draw phase of turn {turn}", "rules": rules}


def _legal_summons(state: State, player: str) -> JSON:
    summons: list[JSON] = []
    not_legal: list[JSON] = []
    p = state.players[player]
    candidates = [(f"{player}.hand.{i}", c) for i, c in enumerate(p.hand) if c.kind == "monster"]
    candidates += [
        (f"{player}.monsters.{i}", m.card)
        for i, m in enumerate(p.monsters)
        if m is not None and not m.face_up
    ]
    candidates += [(f"{player}.extra_deck.{i}", c) for i, c in enumerate(p.extra) if c.kind == "monster"]
    occupied = [f"{player}.monsters.{i}" for i, m in enumerate(p.monsters) if m is not None]
    legal = {}
    for action in legal_actions(state, player):
        if action.type in ("normal_summon", "set_monster", "flip_summon"):
            legal.setdefault(action.args["card"], []).append(action)
        elif action.type == "fusion_summon":
            legal.setdefault(action.args["fusion"], []).append(action)
    for ref, card in candidates:
        found = legal.get(ref)
        zone = ref.split(".")[1]
        if found:
            kinds: list[str] = []
            for action in found:
                kind = {
                    "normal_summon": "tribute_summon" if action.args.get("tributes") else "normal_summon",
                    "set_monster": "tribute_set" if action.args.get("tributes") else "set",
                    "flip_summon": "flip_summon",
                    "fusion_summon": "special_summon",
                }[action.type]
                if kind not in kinds:
                    kinds.append(kind)
            needed = tributes_needed(card.level) if zone == "hand" else 0
            summons.extend({"card": ref, "type": kind, "tributes_needed": needed} for kind in kinds)
            continue
        probe = _probe(state, player, ref, card, zone, occupied)
        if probe is not None:
            not_legal.append({"card": ref, "rules": probe.rules, "explanation": probe.message})
    return {"summons": summons, "not_legal": not_legal}


def _probe(
    state: State, player: str, ref: str, card: Any, zone: str, occupied: list[str]
) -> IllegalAction | None:
    """Why this monster cannot be summoned now: apply the natural attempt and keep its refusal."""
    if zone == "hand":
        needed = tributes_needed(card.level)
        tributes = occupied[:needed]
        args: JSON = {"card": ref}
        if needed:
            args["tributes"] = tributes
        action = Action(player, "normal_summon", args)
    elif zone == "monsters":
        action = Action(player, "flip_summon", {"card": ref})
    else:
        if card.monster_type != "fusion":
            return IllegalAction(
                ["YGO-FUSION-EXTRA-DECK"], msg("{card} is not a Fusion Monster.", card=card.name)
            )
        return IllegalAction(
            ["YGO-FUSION-SUMMON"],
            msg(
                "{card} needs Polymerization and its Fusion Materials ({materials}), available now in a Main "
                "Phase of its owner's turn.",
                card=card.name,
                materials=", ".join(card.materials),
            )
            if card.materials
            else msg(
                "{card} needs Polymerization and its Fusion Materials, available now in a Main Phase of its "
                "owner's turn.",
                card=card.name,
            ),
        )
    try:
        apply(state, action)
    except IllegalAction as refusal:
        return refusal
    return None
