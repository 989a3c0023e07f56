"""Effects, triggers and the Battle Phase step by step: what ``effects.py`` describes, applied.

Reached only through new fields and actions (``effects`` on a card, ``"battle_steps": true`` in the state,
``activate`` with ``effect``, ``pass``, ``chain_triggers``): a document without them behaves as before.
"""

from __future__ import annotations

from ..base import Event, IllegalAction
from ..messages import Message, msg
from .actions import Action
from .effects import MOVE_EVENTS, Effect, damage_step_reason
from .rules import (
    MAIN_PHASES,
    PHASE_NAMES,
    POSITIONS,
    card_label,
    compute_battle,
    draw_cards,
    free_monster_zone,
    illegal,
    lose_lp,
    resolve_chain,
    to_graveyard,
)
from .state import DAMAGE_STEPS, OTHER, PHASES, Card, OnField, State, find_card, lookup, parse_ref, ref_str

STEP_NAMES = {
    "start": msg("the Start Step"),
    "battle": msg("the Battle Step"),
    "damage_start": msg("the start of the Damage Step"),
    "before_damage": msg("the Damage Step, before damage calculation"),
    "damage_calculation": msg("damage calculation"),
    "after_damage": msg("the Damage Step, after damage calculation"),
    "damage_end": msg("the end of the Damage Step"),
    "end": msg("the End Step"),
}
NEXT_STEP = {
    "start": "battle",
    "damage_start": "before_damage",
    "before_damage": "after_damage",  # damage calculation happens on the way
    "after_damage": "damage_end",
    "damage_end": "battle",
}
DAMAGE_STEP_RULES = {
    "counter_trap": "YGO-DS-COUNTER-TRAP",
    "mandatory": "YGO-DS-MANDATORY",
    "negation": "YGO-DS-NEGATION",
    "moves": "YGO-DS-MOVE-TRIGGER",
    "atk_def": "YGO-DS-ATK-DEF",
}
# a happening kind -> the trigger events it matches
MATCHES = {
    "normal_summoned": ("normal_summoned", "summoned"),
    "flip_summoned": ("flip_summoned", "summoned", "flipped"),
    "special_summoned": ("special_summoned", "summoned"),
    "flipped": ("flipped",),
    "destroyed": ("destroyed", "sent_to_graveyard"),
    "destroyed_by_battle": ("destroyed_by_battle", "destroyed", "sent_to_graveyard"),
    "sent_to_graveyard": ("sent_to_graveyard",),
    "left": (),
    "position_changed": ("position_changed",),
    "attack_declared": ("attack_declared",),
    "attacked": ("attacked",),
    "battle_damage": ("battle_damage",),
    "did": (),
}


def happen(
    state: State, kind: str, card: Card, player: str, from_field: bool = False, group: int | None = None
) -> None:
    """Record one thing that happened (for triggers and for 'missing the timing')."""
    happened = state.happened
    if happened is not None:
        happened.append((len(happened) if group is None else group, kind, card, player, from_field))


def _matches(effect: Effect, kind: str, from_field: bool) -> bool:
    if effect.timing == "flip":
        return kind in ("flipped", "flip_summoned")
    if effect.timing != "trigger":
        return False
    if effect.event == "leaves_field":
        return from_field and kind not in ("normal_summoned", "flip_summoned", "special_summoned", "flipped")
    return effect.event in MATCHES.get(kind, ())


def collect_triggers(state: State, events: list[Event]) -> None:
    """The trigger and flip effects of what happened during this action wait to be chained; an optional
    'when … you can' trigger whose event was not the last thing to happen misses the timing."""
    happened = state.happened
    state.happened = None
    if not happened:
        return
    last = happened[-1][0]
    found = []
    for group, kind, card, player, from_field in happened:
        if kind == "attack_declared":
            listeners = [
                (OTHER[player], m.card)
                for m in state.players[OTHER[player]].monsters
                if m is not None and m.face_up and m.card.effects
            ]
        elif card.effects:
            listeners = [(player, card)]
        else:
            continue
        for owner, listener in listeners:
            for index, effect in enumerate(listener.effects):
                if not _matches(effect, kind, from_field):
                    continue
                if effect.can_miss_timing and group != last:
                    state.missed = (*state.missed, (listener, index))
                    events.append(
                        Event(
                            "missed_timing",
                            {"card": find_card(state, listener), "name": listener.name, "effect": index},
                            ("YGO-MISS-TIMING",),
                            msg(
                                "{card}'s optional \u201cwhen\u201d effect misses the timing: its event was "
                                "not the "
                                "last thing to happen.",
                                card=listener.name,
                            ),
                        )
                    )
                    continue
                found.append((owner, listener, index, len(state.pending) + len(found)))
    if found:
        state.pending = (*state.pending, *found)
        for owner, listener, index, _order in found:
            events.append(
                Event(
                    "triggered",
                    {
                        "card": find_card(state, listener),
                        "name": listener.name,
                        "effect": index,
                        "player": owner,
                    },
                    ("YGO-FLIP-EFFECT",)
                    if listener.effects[index].timing == "flip"
                    else ("YGO-TRIGGER-EFFECT",),
                    msg("{card}'s effect is triggered.", card=listener.name),
                )
            )


def segoc_order(state: State, pending: tuple) -> list:
    """SEGOC (current rules): turn player's mandatory, opponent's mandatory, turn player's optional,
    opponent's optional. Classic: in the order the events happened."""
    if not state.flags["segoc"]:
        return list(pending)
    tp = state.turn_player

    def key(item: tuple) -> tuple[int, int]:
        player, card, index, order = item
        optional = not card.effects[index].mandatory
        return (2 * optional + (player != tp), order)

    return sorted(pending, key=key)


def chain_pending(state: State, events: list[Event], chosen: set[str]) -> None:
    rule = "YGO-TRIGGER-SEGOC" if state.flags["segoc"] else "YGO-TRIGGER-CLASSIC-ORDER"
    for player, card, index, _order in segoc_order(state, state.pending):
        effect = card.effects[index]
        where = find_card(state, card)
        if where is None:
            continue
        skipped = None
        if (
            not effect.mandatory
            and state.battle_step in DAMAGE_STEPS
            and damage_step_reason(effect, False) is None
        ):
            skipped = (
                "cannot_activate",
                "YGO-DS-ACTIVATION",
                msg("{card}'s optional effect cannot be activated in the Damage Step.", card=card.name),
            )
        elif not effect.mandatory and where not in chosen:
            skipped = (
                "declined",
                "YGO-TRIGGER-EFFECT",
                msg("{card}'s optional effect is not activated.", card=card.name),
            )
        if skipped is not None:
            kind, why, text = skipped
            events.append(Event(kind, {"card": where, "name": card.name, "effect": index}, (why,), text))
            continue
        state.chain = (*state.chain, (player, parse_ref(where), effect.speed, index, card))
        link = len(state.chain)
        rules = (rule, "YGO-FLIP-EFFECT") if effect.timing == "flip" else (rule, "YGO-TRIGGER-EFFECT")
        rules += damage_step_rules(state, effect, card)
        events.append(
            Event(
                "activate",
                {"card": where, "name": card.name, "link": link, "player": player, "effect": index},
                rules,
                msg(
                    "Player {player} activates {card}'s triggered effect as Chain Link {link}.",
                    player=player,
                    card=card.name,
                    link=link,
                ),
            )
        )
    state.pending = ()


# --- operations -------------------------------------------------------------------------------------


def _players(state: State, owner: str, value: str) -> tuple[str, ...]:
    if value == "both":
        return ("A", "B")
    if value == "you":
        return (owner,)
    if value == "opponent":
        return (OTHER[owner],)
    return (value,)


def _card_ref(state: State, owner: str, card: Card, value: str, target: str | None) -> tuple | None:
    """Where the operand is now: a parsed reference, or None when it is gone."""
    if value == "self":
        where = find_card(state, card)
        return parse_ref(where) if where else None
    if value in ("attacker", "attack_target"):
        if state.attack is None:
            return None
        ref = state.attack[0] if value == "attacker" else state.attack[1]
        return (ref[0], "monsters", ref[2]) if ref is not None and lookup(state, ref) is not None else None
    if value == "summoned":
        return state.summoning
    if value == "target":
        ref = parse_ref(target) if target else None
        return ref if ref is not None and lookup(state, ref) is not None else None
    ref = parse_ref(value)
    return ref if ref is not None and lookup(state, ref) is not None else None


def _remove(state: State, ref: tuple) -> Card:
    player, zone, index = ref
    p = state.players[player]
    if zone == "monsters":
        slot, p.monsters[index] = p.monsters[index], None
        _drop_equips(state, (player, index))
        return slot.card
    if zone == "spells_traps":
        slot, p.spells[index] = p.spells[index], None
        return slot.card
    if zone == "field_spell":
        slot, p.field_spell = p.field_spell, None
        return slot.card
    if zone == "deck":
        p.deck_count -= 1
        return p.deck.pop(index)
    return {"hand": p.hand, "graveyard": p.graveyard, "banished": p.banished, "extra_deck": p.extra}[
        zone
    ].pop(index)


def _drop_equips(state: State, key: tuple[str, int]) -> None:
    from .rules import _drop_equips as drop

    drop(state, key, [])


def run_op(
    state: State, owner: str, card: Card, op: str, params: dict, target: str | None, events: list[Event]
) -> None:
    """Apply one operation of an effect; an operand that is gone does nothing."""
    rule = "YGO-EFFECT-OPS"
    happen(state, "did", card, owner)
    if op in ("inflict_damage", "gain_lp"):
        for side in _players(state, owner, params["to"]):
            if op == "inflict_damage":
                taken = lose_lp(state, side, params["amount"])
                events.append(
                    Event(
                        "effect_damage",
                        {"player": side, "amount": taken},
                        ("YGO-EFFECT-DAMAGE",),
                        msg(
                            "Player {player} takes {taken} effect damage (LP {lp}).",
                            player=side,
                            taken=taken,
                            lp=state.players[side].lp,
                        ),
                    )  # fmt: skip
                )
            else:
                state.players[side].lp += params["amount"]
                events.append(
                    Event(
                        "gain_lp",
                        {"player": side, "amount": params["amount"]},
                        ("YGO-EFFECT-DAMAGE",),
                        msg("Player {player} gains {amount} LP.", player=side, amount=params["amount"]),
                    )  # fmt: skip
                )
        return
    if op == "pay_lp":
        lose_lp(state, owner, params["amount"])
        events.append(
            Event(
                "pay_lp",
                {"player": owner, "amount": params["amount"]},
                ("YGO-EFFECT-COST",),
                msg("Player {player} pays {amount} LP.", player=owner, amount=params["amount"]),
            )  # fmt: skip
        )
        return
    if op == "draw":
        for side in _players(state, owner, params["player"]):
            draw_cards(state, side, params["count"], events, "YGO-EFFECT-MOVE")
        return
    if op == "end_battle_phase":
        if state.phase == "battle":
            state.attack = None
            if state.battle_steps:
                state.battle_step = "end"
            else:
                state.phase = "main2"
            events.append(
                Event(
                    "end_battle_phase",
                    {},
                    ("YGO-BP-END-BY-EFFECT",),
                    msg("The Battle Phase ends: the game moves to the End Step."),
                )  # fmt: skip
            )
        return
    if op == "skip_phase":
        if state.phase == params["phase"] and state.phase != "end":
            state.phase = PHASES[PHASES.index(state.phase) + 1]
            state.attack, state.battle_step = None, None
            events.append(
                Event(
                    "phase",
                    {"phase": state.phase},
                    ("YGO-EFFECT-OPS",),
                    msg(
                        "The phase is skipped: the turn moves to the {phase} phase.",
                        phase=PHASE_NAMES[state.phase],
                    ),
                )  # fmt: skip
            )
        return
    if op in ("negate_activation", "negate_effect", "negate_summon"):
        return  # handled by the chain (see resolve_effect_link)
    ref = _card_ref(state, owner, card, params["card"], target)
    if ref is None:
        events.append(
            Event(
                "no_effect",
                {"op": op},
                (rule,),
                msg("The card that {op} applies to is no longer there: nothing happens.", op=op),
            )  # fmt: skip
        )
        return
    found = lookup(state, ref)
    name = card_label(found)
    player, zone, index = ref
    from_field = zone in ("monsters", "spells_traps", "field_spell")
    if op == "destroy":
        if not from_field:
            return
        to_graveyard(state, player, zone, index, events, "destroyed", "YGO-EFFECT-MOVE")
        return
    if op == "discard":
        if zone == "hand":
            to_graveyard(state, player, zone, index, events, "discard", "YGO-EFFECT-MOVE")
        return
    if op in ("modify_atk", "modify_def", "change_position", "change_control"):
        if zone != "monsters":
            return
        if op == "change_control":
            other = OTHER[player]
            free = free_monster_zone(state, other)
            if free < 0:
                return
            slot = state.players[player].monsters[index]
            state.players[player].monsters[index] = None
            state.players[other].monsters[free] = slot
            events.append(
                Event(
                    "change_control",
                    {"card": ref_str(*ref), "to": other},
                    ("YGO-EFFECT-OPS",),
                    msg("Player {player} takes control of {card}.", player=other, card=name),
                )  # fmt: skip
            )
            return
        fresh = state.mut_monster(player, index)
        if op == "change_position":
            fresh.position = "defense" if fresh.position == "attack" else "attack"
            flipped = fresh.position == "attack" and not fresh.face_up
            fresh.face_up = True if flipped else fresh.face_up
            happen(state, "position_changed", fresh.card, player, True)
            if flipped and state.happened is not None:
                happen(state, "flipped", fresh.card, player, True, len(state.happened) - 1)
            events.append(
                Event(
                    "change_position",
                    {"card": ref_str(*ref), "position": fresh.position},
                    ("YGO-EFFECT-OPS",),
                    msg(
                        "{card} changes to {position} Position.",
                        card=name,
                        position=POSITIONS[fresh.position],
                    ),
                )  # fmt: skip
            )
            return
        amount = params["amount"]
        atk, def_ = fresh.boost
        fresh.boost = (atk + amount, def_) if op == "modify_atk" else (atk, def_ + amount)
        events.append(
            Event(
                op,
                {"card": ref_str(*ref), "amount": amount},
                ("YGO-EFFECT-OPS",),
                msg(
                    "{card} gets {amount:+d} {stat}.",
                    card=name,
                    amount=amount,
                    stat="ATK" if op == "modify_atk" else "DEF",
                ),
            )  # fmt: skip
        )
        return
    if op == "special_summon":
        if zone in ("monsters", "spells_traps", "field_spell") or free_monster_zone(state, player) < 0:
            return
        moved = _remove(state, ref)
        if moved.kind != "monster":
            state.players[player].graveyard.append(moved)
            return
        free = free_monster_zone(state, player)
        state.players[player].monsters[free] = OnField(moved, params["position"], True, True)
        happen(state, "special_summoned", moved, player)
        events.append(
            Event(
                "special_summon",
                {"card": ref_str(player, "monsters", free), "name": moved.name},
                ("YGO-SPECIAL-SUMMON",),
                msg("{card} is Special Summoned.", card=moved.name),
            )  # fmt: skip
        )
        return
    # banish, return_to_hand, return_to_deck, return_to_extra_deck
    moved = _remove(state, ref)
    p = state.players[player]
    rules: tuple[str, ...] = ("YGO-EFFECT-OPS",)
    if op == "banish":
        p.banished.append(moved)
        where = msg("banished")
    elif op == "return_to_deck":
        if p.deck is None:
            p.deck_count += 1
        else:
            p.deck.insert(0, moved)
            p.deck_count += 1
        where = msg("returned to the deck")
    elif moved.monster_type == "fusion" or op == "return_to_extra_deck":
        p.extra.append(moved)
        rules = ("YGO-FUSION-RETURNS-EXTRA",) if op == "return_to_hand" else rules
        where = msg("returned to the Extra Deck")
    else:
        p.hand.append(moved)
        where = msg("returned to the hand")
    if from_field:
        happen(state, "left", moved, player, True)
    events.append(
        Event(
            op,
            {"card": ref_str(*ref), "name": moved.name},
            rules,
            msg("{card} is {where}.", card=moved.name or name, where=where),
        )  # fmt: skip
    )


def resolve_effect_link(
    state: State, chain: tuple, number: int, negated: dict[int, str], events: list[Event]
) -> None:
    player, ref, _speed, index, card = chain[number - 1]
    effect = card.effects[index]
    on_field = lookup(state, ref)
    if (on_field.card if isinstance(on_field, OnField) else on_field) is card:
        where = ref_str(*ref)
    else:
        where = find_card(state, card) or ref_str(*ref)
    spell_trap = (
        isinstance(on_field, OnField) and on_field.card is card and ref[1] in ("spells_traps", "field_spell")
    )
    if number in negated:
        kind = negated[number]
        events.append(
            Event(
                "negated",
                {"link": number, "card": where, "name": card.name, "how": kind},
                ("YGO-NEGATE",),
                msg(
                    "Chain Link {link} ({card}) is negated: it does not resolve.", link=number, card=card.name
                ),
            )
        )
        if spell_trap and (kind == "activation" or _spent(card)):
            to_graveyard(state, ref[0], ref[1], ref[2], [], "destroyed", "YGO-NEGATE")
        return
    for op, params in effect.does:
        if op in ("negate_activation", "negate_effect") and number > 1:
            negated[number - 1] = "activation" if op == "negate_activation" else "effect"
        elif op == "negate_summon" and state.summoning is not None:
            s_player, _zone, s_index = state.summoning
            slot = state.players[s_player].monsters[s_index]
            state.summoning = None
            if slot is not None:
                state.pending = tuple(item for item in state.pending if item[1] is not slot.card)
                to_graveyard(
                    state, s_player, "monsters", s_index, events, "summon_negated", "YGO-NEGATE-SUMMON"
                )
        else:
            run_op(state, player, card, op, params, None, events)
    spent = spell_trap and _spent(card)
    if spent:
        happened, state.happened = state.happened, None
        to_graveyard(state, ref[0], ref[1], ref[2], [], "resolved_to_graveyard", "YGO-SPELL-RESOLVED")
        state.happened = happened
    events.append(
        Event(
            "resolve",
            {"link": number, "card": where, "name": card.name, "to_graveyard": spent, "effect": index},
            ("YGO-CHAIN-RESOLVE", "YGO-EFFECT-OPS"),
            msg("Chain Link {link} ({card}) resolves.", link=number, card=card.name),
        )
    )


def _spent(card: Card) -> bool:
    return (card.spell_type if card.kind == "spell" else card.trap_type) in (
        "normal",
        "quick-play",
        "counter",
        "ritual",
    )


# --- activation ---------------------------------------------------------------------------------------


def damage_step_check(state: State, effect: Effect | None, card: Card) -> None:
    """The Damage Step activation rule of the Battle Phase text, enforced."""
    if state.battle_step not in DAMAGE_STEPS:
        return
    if state.battle_step == "damage_calculation":
        raise illegal("YGO-DS-ACTIVATION", msg("Nothing is activated during damage calculation itself."))
    if damage_step_reason(effect, card.kind == "trap" and card.trap_type == "counter") is None:
        raise illegal(
            "YGO-DS-ACTIVATION",
            msg(
                "{card} cannot be activated in the Damage Step: only Counter Traps, effects that change ATK "
                "or "
                "DEF (Spell Speed 2 or more), mandatory effects, negations of an activation and triggers on "
                "a card "
                "moving, flipping or changing position can.",
                card=card.name,
            ),
        )


def damage_step_rules(state: State, effect: Effect | None, card: Card) -> tuple[str, ...]:
    if state.battle_step not in DAMAGE_STEPS:
        return ()
    reason = damage_step_reason(effect, card.kind == "trap" and card.trap_type == "counter")
    return ("YGO-DS-ACTIVATION", DAMAGE_STEP_RULES[reason]) if reason else ()


def _respond_check(state: State, speed: int, response_to: int | None, name: str) -> None:
    chain = state.chain
    if response_to is None:
        if chain:
            raise illegal(
                "YGO-CHAIN-LAST-LINK",
                msg(
                    "A chain is in progress: respond to its last link (in_response_to) or let it resolve "
                    "(pass)."
                ),
            )
        return
    if not chain:
        raise illegal(
            "YGO-CHAIN-LAST-LINK",
            msg("There is no chain in progress to respond to (link {response_to}).", response_to=response_to),
        )
    if response_to != len(chain):
        raise illegal(
            "YGO-CHAIN-LAST-LINK",
            msg(
                "A response answers the last link of the chain (link {link}), not link {response_to}.",
                link=len(chain),
                response_to=response_to,
            ),
        )
    if speed == 1:
        raise illegal(
            "YGO-CHAIN-SPEED-1", msg("{card} is Spell Speed 1: it can only start a chain.", card=name)
        )
    if speed < chain[-1][2]:
        raise illegal(
            "YGO-CHAIN-RESPONSE",
            msg(
                "{card} is Spell Speed {speed}: it cannot respond to a Spell Speed {last_speed} link.",
                card=name,
                speed=speed,
                last_speed=chain[-1][2],
            ),
        )


def ops_check(state: State, effect: Effect) -> None:
    """What the operations of an effect need to be activated now (a summon to negate, a chain)."""
    ops = effect.ops
    if "negate_summon" in ops and state.summoning is None:
        raise illegal(
            "YGO-NEGATE-SUMMON",
            msg("A summon is negated only while the monster is being summoned, right after the summon."),
        )
    if ops & {"negate_activation", "negate_effect"} and not state.chain:
        raise illegal("YGO-NEGATE", msg("There is no activation to negate: no chain is in progress."))


def effect_check(state: State, action: Action) -> tuple[Card, Effect, tuple, list[str]]:
    """Everything that decides whether a card's effect can be activated now; raises IllegalAction."""
    player = action.player
    ref = parse_ref(action.args["card"])
    found = lookup(state, ref)
    card = found.card if isinstance(found, OnField) else found
    index = action.args.get("effect", 0)
    if ref[0] != player:
        raise illegal(
            "YGO-TURN-PLAYER", msg("Player {player} activates their own cards' effects.", player=player)
        )
    if index >= len(card.effects):
        raise illegal(
            "YGO-EFFECT-OPS", msg("{card} has no effect number {index}.", card=card.label, index=index)
        )
    effect = card.effects[index]
    rules = [
        {"ignition": "YGO-EFFECT-IGNITION", "quick": "YGO-EFFECT-QUICK"}.get(
            effect.timing, "YGO-TRIGGER-EFFECT"
        )
    ]
    if effect.timing == "continuous":
        raise illegal(
            "YGO-EFFECT-CONTINUOUS",
            msg("{card}'s effect is continuous: it applies while the card is face-up and is never activated.",
                card=card.name),
        )  # fmt: skip
    if effect.timing in ("trigger", "flip"):
        raise illegal(
            "YGO-TRIGGER-EFFECT",
            msg("{card}'s effect is a trigger: it activates when its event happens (chain_triggers, pass).",
                card=card.name),
        )  # fmt: skip
    if ref[1] == "monsters" and not found.face_up:
        raise illegal(
            "YGO-EFFECT-IGNITION",
            msg("{card} is face-down: its effects cannot be activated.", card=card.label),
        )
    if effect.timing == "ignition":
        if ref[1] != "monsters" and card.kind == "monster":
            raise illegal(
                "YGO-EFFECT-IGNITION", msg("An ignition effect of a monster is activated on the field.")
            )
        if player != state.turn_player or state.phase not in MAIN_PHASES:
            raise illegal(
                "YGO-EFFECT-IGNITION",
                msg(
                    "{card}'s ignition effect is activated by its controller in their Main Phase only.",
                    card=card.name,
                ),
            )
    if card.kind in ("spell", "trap") and ref[1] == "spells_traps" and not found.face_up:
        raise illegal(
            "YGO-EFFECT-OPS",
            msg("{card} is face-down: activate the card itself (activate without effect).", card=card.name),
        )
    ops_check(state, effect)
    _respond_check(state, effect.speed, action.args.get("in_response_to"), card.name)

    damage_step_check(state, effect, card)
    rules.extend(damage_step_rules(state, effect, card))
    for op, params in effect.cost:
        if op == "pay_lp" and state.players[player].lp < params["amount"]:
            raise illegal("YGO-EFFECT-COST", msg("Player {player} cannot pay {amount} LP.", player=player,
                                                 amount=params["amount"]))  # fmt: skip
        if op == "discard" and _card_ref(state, player, card, params["card"], None) is None:
            raise illegal("YGO-EFFECT-COST", msg("The card to discard as a cost is not there."))
    return card, effect, ref, rules


def do_activate_effect(state: State, action: Action, events: list[Event]) -> None:
    player = action.player
    card, effect, ref, rules = effect_check(state, action)
    for op, params in effect.cost:
        run_op(state, player, card, op, params, action.args.get("target"), events)
    state.happened = [] if state.happened is not None else None  # a cost is not what the effect answers
    state.chain = (*state.chain, (player, ref, effect.speed, action.args.get("effect", 0), card))
    link = len(state.chain)
    if link > 1:
        rules[:0] = ["YGO-CHAIN-RESPONSE", "YGO-CHAIN-LAST-LINK"]
    if "negate_summon" in effect.ops:
        rules.append("YGO-NEGATE-SUMMON")
    if effect.cost:
        rules.append("YGO-EFFECT-COST")
    events.append(
        Event(
            "activate",
            {
                "card": ref_str(*ref),
                "name": card.name,
                "link": link,
                "player": player,
                "effect": action.args.get("effect", 0),
            },
            tuple(rules),
            msg(
                "Player {player} activates {card}'s effect as Chain Link {link}.",
                player=player,
                card=card.name,
                link=link,
            ),
        )  # fmt: skip
    )


# --- both players pass, and the Battle Phase step by step ---------------------------------------------------


def do_pass(state: State, action: Action, events: list[Event]) -> None:
    if state.chain:
        resolve_chain(state, events)
        return
    if state.pending:
        chain_pending(state, events, set())
        return
    if state.phase != "battle" or state.battle_step is None:
        raise illegal(
            "YGO-PASS",
            msg("Both players pass with nothing to resolve: outside step-by-step battle, use next_phase."),
        )
    step = state.battle_step
    if step == "end":
        state.battle_step = None
        state.phase = "main2"
        events.append(
            Event(
                "phase",
                {"phase": "main2"},
                ("YGO-BP-STEPS",),
                msg("The Battle Phase ends; Main Phase 2 begins."),
            )
        )
        return
    if step == "battle":
        if state.attack is None:
            state.battle_step = "end"
            events.append(_step_event("end"))
            return
        if _replay(state, events):
            return
        state.battle_step = "damage_start"
        events.append(_step_event("damage_start"))
        return
    if step == "before_damage":
        _damage_calculation(state, events)
        return
    state.battle_step = NEXT_STEP[step]
    if state.battle_step == "battle":
        state.attack = None
    events.append(_step_event(state.battle_step))


def _step_event(step: str) -> Event:
    rule = "YGO-DS-STEPS" if step in DAMAGE_STEPS else "YGO-BP-STEPS"
    return Event(
        "battle_step",
        {"step": step},
        (rule, "YGO-PASS"),
        msg("Both players pass: {step} begins.", step=STEP_NAMES[step]),
    )


def _replay(state: State, events: list[Event]) -> bool:
    attacker, target, count = state.attack
    opponent = OTHER[attacker[0]]
    now = sum(1 for m in state.players[opponent].monsters if m is not None)
    slot = lookup(state, attacker)
    if slot is None or slot.position != "attack":
        state.attack = None
        events.append(
            Event(
                "attack_ends",
                {},
                ("YGO-BP-REPLAY",),
                msg("The attacker is no longer on the field in Attack Position: the attack ends."),
            )
        )
        return True
    if now != count or (target is not None and lookup(state, target) is None):
        state.attack = None
        fresh = state.mut_monster(attacker[0], attacker[2])
        fresh.attacked = False
        events.append(
            Event(
                "replay",
                {"attacker": ref_str(*attacker), "monsters": now, "at_declaration": count},
                ("YGO-BP-REPLAY",),
                msg(
                    "The number of monsters player {opponent} controls changed ({count} to {now}): replay. "
                    "The attacker "
                    "may attack again, choose another target, or not attack.",
                    opponent=opponent,
                    count=count,
                    now=now,
                ),
            )
        )
        return True
    return False


def _damage_calculation(state: State, events: list[Event]) -> None:
    attacker, target, _count = state.attack
    a_slot = lookup(state, attacker)
    if a_slot is None or (target is not None and lookup(state, target) is None):
        state.battle_step = "damage_end"
        events.append(
            Event(
                "attack_ends",
                {},
                ("YGO-BP-REPLAY",),
                msg("A monster of the battle left the field: no damage calculation."),
            )
        )
        return
    battle = compute_battle(
        state, (attacker[0], attacker[2]), None if target is None else (target[0], target[2])
    )
    state.battle_step = "damage_calculation"
    group = len(state.happened) if state.happened is not None else 0
    flipped_cards = []
    for t_player, t_index in battle.flipped:
        fresh = state.mut_monster(t_player, t_index)
        fresh.face_up, fresh.position = True, "defense"
        flipped_cards.append((fresh.card, t_player))
        events.append(
            Event(
                "flip",
                {"card": ref_str(t_player, "monsters", t_index), "name": fresh.card.name},
                ("YGO-FLIP-BY-ATTACK",),
            )
        )
    rules = tuple(r for r in battle.rules if r != "YGO-FLIP-BY-ATTACK")
    from ..messages import Sentences

    text = Sentences(battle.messages)
    damaged = False
    for side in ("A", "B"):
        if battle.damage[side]:
            taken = lose_lp(state, side, battle.damage[side])
            events.append(
                Event(
                    "battle_damage",
                    {"player": side, "amount": taken},
                    ("YGO-DS-DAMAGE-CALCULATION", *rules),
                    text,
                )
            )
            text = None
            damaged = True
            if side != attacker[0]:
                happen(state, "battle_damage", a_slot.card, attacker[0], True, group)
    if not damaged:
        events.append(
            Event("damage_calculation", {"case": battle.case}, ("YGO-DS-DAMAGE-CALCULATION", *rules), text)
        )
    for card, player in flipped_cards:
        happen(
            state, "flipped", card, player, True, group
        )  # the flip effect waits until after damage calculation
    for t_player, t_index in sorted(battle.destroyed, key=lambda k: (k[0] != attacker[0], k)):
        to_graveyard(state, t_player, "monsters", t_index, events, "destroyed", rules[0], group)
    state.battle_step = "after_damage"
    events.append(_step_event("after_damage"))


def declare_attack(
    state: State, action: Action, events: list[Event], slot: OnField, ref: tuple, target: tuple | None
) -> None:
    """``attack`` in step-by-step battle: the declaration only; damage comes through the steps."""
    if state.attack is not None or state.battle_step not in ("start", "battle"):
        raise illegal(
            "YGO-BP-STEPS",
            msg("An attack is declared in the Battle Step, with no other attack in progress (now: {step}).",
                step=STEP_NAMES.get(state.battle_step or "battle")),
        )  # fmt: skip
    player = action.player
    opponent = OTHER[player]
    count = sum(1 for m in state.players[opponent].monsters if m is not None)
    fresh = state.mut_monster(player, ref[2])
    fresh.attacked = True
    state.battle_step = "battle"
    state.attack = (
        (player, "monsters", ref[2]),
        None if target is None else (target[0], "monsters", target[1]),
        count,
    )
    group = len(state.happened) if state.happened is not None else 0
    happen(state, "attack_declared", slot.card, player, True, group)
    if target is not None:
        t_slot = state.players[target[0]].monsters[target[1]]
        happen(state, "attacked", t_slot.card, target[0], True, group)
    events.append(
        Event(
            "attack_declared",
            {"attacker": action.args["attacker"], "target": action.args.get("target")},
            ("YGO-BP-STEPS",),
            msg(
                "{card} declares an attack: both players may respond before the Damage Step.",
                card=slot.card.name,
            ),
        )
    )


def do_chain_triggers(state: State, action: Action, events: list[Event]) -> None:
    if state.chain or not state.pending:
        raise illegal("YGO-TRIGGER-EFFECT", msg("No triggered effect waits to be put on a chain."))
    chosen = set(action.args.get("optional", []))
    waiting = {find_card(state, card) for _p, card, _i, _o in state.pending}
    for ref in chosen:
        if ref not in waiting:
            raise illegal("YGO-TRIGGER-EFFECT", msg("{card} has no triggered effect waiting.", card=ref))
    chain_pending(state, events, chosen)


def pending_gate(state: State, action: Action) -> None:
    """While triggers wait, they go on a chain first (a summon can still be negated)."""
    if action.type in ("pass", "chain_triggers"):
        return
    if action.type == "activate" and state.summoning is not None:
        found = lookup(state, parse_ref(action.args["card"]))
        card = found.card if isinstance(found, OnField) else found
        effect = (
            card.effects[action.args.get("effect", 0)]
            if card.effects[action.args.get("effect", 0) :]
            else None
        )
        if effect is not None and "negate_summon" in effect.ops:
            return
    raise illegal(
        ("YGO-TRIGGER-SEGOC" if state.flags["segoc"] else "YGO-TRIGGER-CLASSIC-ORDER"),
        msg(
            "Triggered effects wait to be put on a chain first (chain_triggers, or pass for the mandatory "
            "ones)."
        ),
    )


# --- what self-play and the legal_actions query add -----------------------------------------------------


def extra_actions(state: State, player: str, out: list[Action]) -> None:
    """Effect activations of cards that carry effects (quick effects answer the last link)."""
    link = len(state.chain)
    ignition = not link and player == state.turn_player and state.phase in MAIN_PHASES
    last_speed = state.chain[-1][2] if link else 0
    for side_ref, card, face_up in _effect_cards(state, player):
        if not face_up:
            continue
        for index, effect in enumerate(card.effects):
            timing = effect.timing
            if timing == "ignition":
                if not ignition or side_ref[2] != "m":
                    continue
            elif timing != "quick" or effect.speed < last_speed:
                continue
            args = {"card": side_ref, "effect": index}
            if link:
                args["in_response_to"] = link
            candidate = Action(player, "activate", args)
            try:
                effect_check(state, candidate)
            except IllegalAction:
                continue
            out.append(candidate)


def _effect_cards(state: State, player: str):
    p = state.players[player]
    for i, slot in enumerate(p.monsters):
        if slot is not None and slot.card.effects:
            yield f"{player}.monsters.{i}", slot.card, slot.face_up
    for i, card in enumerate(p.hand):
        if card.effects and card.kind == "monster":
            yield f"{player}.hand.{i}", card, True


def step_actions(state: State, player: str, out: list[Action]) -> None:
    if player == state.turn_player and (state.chain or state.pending or state.battle_step is not None):
        out.append(Action(player, "pass", {}))


def chain_gate(state: State, action: Action) -> None:
    """With explicit passes ("battle_steps"), an open chain waits: respond to it or pass."""
    if action.type in ("pass", "chain_triggers") or "in_response_to" in action.args:
        return
    raise illegal(
        "YGO-CHAIN-LAST-LINK",
        msg("A chain is in progress: respond to its last link (in_response_to) or let it resolve (pass)."),
    )


def attack_allowed_now(state: State) -> bool:
    return state.attack is None and state.battle_step in ("start", "battle") and not state.chain


def describe_step(state: State) -> Message:
    return STEP_NAMES[state.battle_step]


__all__ = ["MOVE_EVENTS"]
