"""The queries about effects and chains: can this be activated now, what does the chain resolve to, which
triggers activate and in which order, did it miss the timing. Each answer is explained, rules cited."""

from __future__ import annotations

from typing import Any

from ..base import JSON, IllegalAction, MalformedDocument, PathError
from ..messages import Sentences, msg
from .actions import parse_action
from .effect_rules import collect_triggers, segoc_order
from .rules import apply, resolve_chain
from .state import OnField, State, find_card, lookup, parse_ref, ref_str


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
            {"card": find_card(after, card), "effect": index, "player": player}
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
