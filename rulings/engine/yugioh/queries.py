"""The Yu-Gi-Oh! queries of the spec: legal_summons, damage, hand_limit, deck_out, legal_actions."""

from __future__ import annotations

from typing import Any

from ..base import JSON, IllegalAction, MalformedDocument, PathError
from ..messages import Sentences, msg
from .actions import Action, parse_action
from .rules import (
    apply,
    collect_triggers,
    compute_battle,
    hand_limit_excess,
    hand_limit_rule,
    legal_actions,
    lose_lp,
    resolve_chain,
    segoc_order,
    tributes_needed,
)
from .state import OTHER, OnField, State, find_card, lookup, parse_ref, ref_str

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


# --- effects and chains: can_activate, chain, triggers, missed_timing ----------------------------------


def effect_query(state: State, kind: str, query: JSON, path: str, errors: list[PathError]) -> JSON:
    if kind == "can_activate":
        return _can_activate(state, query, path, errors)
    if errors:
        raise MalformedDocument(errors)
    if kind == "chain":
        return _chain(state)
    if kind == "triggers":
        return _triggers(state)
    return _missed(state, query, path)


def _can_activate(state: State, query: JSON, path: str, errors: list[PathError]) -> JSON:
    if "card" not in query:
        errors.append(PathError(f"{path}/card", "the can_activate query needs the card"))
    if errors:
        raise MalformedDocument(errors)
    ref = parse_ref(query["card"])
    data: dict[str, Any] = {"type": "activate", **{k: v for k, v in query.items() if k != "kind"}}
    data.setdefault("player", ref[0] if ref else state.turn_player)
    action = parse_action(state, data, path=path)
    try:
        _after, events = apply(state, action)
    except IllegalAction as refusal:
        return {"can_activate": False, "rules": list(refusal.rules), "explanation": refusal.message}
    activation = [e for e in events if e.type == "activate"]
    rules = list(dict.fromkeys(r for e in activation for r in e.rules))
    return {
        "can_activate": True,
        "link": activation[-1].data["link"] if activation else None,
        "rules": rules,
        "explanation": Sentences([e.message for e in activation if e.message is not None]),
    }


def _chain(state: State) -> JSON:
    links = [
        {
            "link": n,
            "player": p,
            "card": ref_str(*ref),
            "name": card.name,
            **({"effect": e} if e is not None else {}),
        }
        for n, (p, ref, _speed, e, card) in enumerate(state.chain, 1)
    ]
    if not state.chain:
        return {"links": [], "resolution": [], "rules": [], "explanation": msg("No chain is in progress.")}
    after = state.copy()
    after.happened = []
    events: list = []
    resolve_chain(after, events)
    collect_triggers(after, events)
    return {
        "links": links,
        "resolution": [event.to_json() for event in events],
        "lp_after": {side: after.players[side].lp for side in ("A", "B")},
        "triggers": [
            {"card": find_card(after, card), "name": card.name, "effect": index, "player": player}
            for player, card, index, _o in segoc_order(after, after.pending)
        ],
        "rules": list(dict.fromkeys(["YGO-CHAIN-RESOLVE", *(r for e in events for r in e.rules)])),
        "explanation": Sentences([e.message for e in events if e.message is not None]),
    }


def _triggers(state: State) -> JSON:
    rule = "YGO-TRIGGER-SEGOC" if state.flags["segoc"] else "YGO-TRIGGER-CLASSIC-ORDER"
    order = []
    lines = []
    for n, (player, card, index, _o) in enumerate(segoc_order(state, state.pending), 1):
        effect = card.effects[index]
        order.append(
            {
                "link": n,
                "card": find_card(state, card),
                "name": card.name,
                "effect": index,
                "player": player,
                "mandatory": effect.mandatory,
            }
        )
        lines.append(
            msg(
                "Chain Link {link}: {card} (player {player}, mandatory).",
                link=n,
                card=card.name,
                player=player,
            )
            if effect.mandatory
            else msg(
                "Chain Link {link}: {card} (player {player}, optional).",
                link=n,
                card=card.name,
                player=player,
            )
        )
    if not order:
        return {"order": [], "rules": [rule], "explanation": msg("No triggered effect waits to be chained.")}
    intro = (
        msg(
            "SEGOC: the turn player's mandatory triggers, the opponent's, then the optional ones in the "
            "same order."
        )
        if state.flags["segoc"]
        else msg("Classic rulebook: the triggers go on the chain in the order their events happened.")
    )
    return {"order": order, "rules": [rule, "YGO-TRIGGER-EFFECT"], "explanation": Sentences([intro, *lines])}


def _missed(state: State, query: JSON, path: str) -> JSON:
    ref = parse_ref(query.get("card"))
    found = lookup(state, ref) if ref else None
    if found is None:
        raise MalformedDocument(PathError(f"{path}/card", "a reference to a card that is there"))
    card = found.card if isinstance(found, OnField) else found
    missed = [index for c, index in state.missed if c is card]
    if missed:
        return {
            "missed": True,
            "effects": missed,
            "rules": ["YGO-MISS-TIMING"],
            "explanation": msg(
                "{card}'s optional \u201cwhen\u201d effect missed the timing: something else happened after "
                "its event.",
                card=card.name,
            ),
        }
    waiting = any(c is card for _p, c, _i, _o in state.pending) or any(c is card for *_x, c in state.chain)
    return {
        "missed": False,
        "effects": [],
        "rules": ["YGO-MISS-TIMING"],
        "explanation": msg(
            "{card}'s effect did not miss the timing: it is activated or waits to be chained.", card=card.name
        )
        if waiting
        else msg("{card} has no effect that missed the timing in the last step.", card=card.name),
    }
