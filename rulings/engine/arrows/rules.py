"""Arrows rules: applying actions, listing the legal ones, and the end of the game."""

from __future__ import annotations

from collections.abc import Callable

from ..base import Event
from ..common.turns import (
    OTHER,
    PHASES,
    illegal,
    make_apply,
    make_draw,
    make_phase_handlers,
    make_start,
    phases_named,
    players_lose,
)
from ..common.turns import outcome as outcome  # the result stored on the state
from ..messages import Message, msg, terms
from .actions import Action, Ref
from .state import EFFECT_KINDS, LINES, Card, Player, State, TurnEffect

# Shared, immutable actions every legal-action list ends with.
NEXT_PHASE_ACTION = {key: Action("next_phase", key) for key in ("A", "B")}
END_TURN_ACTION = {key: Action("end_turn", key) for key in ("A", "B")}
OTHER_LINE = {"attackers": "defenders", "defenders": "attackers"}
# The lines as a sentence names them ("the attackers line").
LINE_NAMES = terms("arrows line", ("attackers", "defenders"))
# What a refusal names. Built once: the checks run on every action, refused or not.
PLACING = msg("Placing a monster")
MOVING = msg("Moving a monster")
AN_ATTACK = msg("An attack")
A_CARD_EFFECT = msg("A card effect")
STEALING = msg("Stealing a monster")
DAMAGING = msg("Damage to a monster")
DESTROYING = msg("Destroying a monster")
LIFE_POINTS_EFFECT = msg("An effect on life points")
MOVED = msg("The monster moved")
ATTACKER = msg("The attacker")
EFFECT_SOURCE = msg("The monster whose effect it is")
EFFECT_TARGET = msg("The monster the effect applies to")
STOLEN = msg("The stolen monster")
DAMAGED = msg("The damaged monster")
DESTROYED = msg("The destroyed monster")


def first_free(line: list[Card | None]) -> int | None:
    for index, card in enumerate(line):
        if card is None:
            return index
    return None


# --- life points and the end of the game ---------------------------------------------------------


def lose_lp(
    state: State, key: str, amount: int, rules: tuple[str, ...], events: list[Event], why: Message
) -> None:
    player = state.players[key]
    player.lp = max(0, player.lp - amount)
    events.append(
        Event(
            "damage",
            {"player": key, "amount": amount, "lp": player.lp},
            rules,
            msg(
                "{player} loses {amount} life points ({why}); {lp} left.",
                player=key,
                amount=amount,
                why=why,
                lp=player.lp,
            ),
        )
    )


def check_life_points(state: State, events: list[Event]) -> None:
    if state.result is not None:
        return
    out = [key for key in ("A", "B") if state.players[key].lp == 0]
    if out:
        players_lose(
            state,
            events,
            out,
            rule="ARR-LIFE-POINTS",
            draw_text=msg("Both players are at 0 life points: a draw."),
            loss_text=msg("{loser} is at 0 life points: {winner} wins."),
        )


# --- monsters ------------------------------------------------------------------------------------


def destroy_monster(
    state: State, ref: Ref, rules: tuple[str, ...], events: list[Event], why: Message
) -> None:
    owner, line, index = ref
    player = state.players[owner]
    card = player.zone(line)[index]
    player.zone(line)[index] = None
    player.graveyard.append(card.left_field())
    events.append(
        Event(
            "destroyed",
            {"card": f"{owner}.{line}.{index}", "name": card.name},
            (*rules, "ARR-DESTROYED-GRAVEYARD"),
            msg("{card} is destroyed ({why}) and goes to the graveyard.", card=card.name, why=why),
        )
    )


def settle_damage(state: State, ref: Ref, events: list[Event]) -> None:
    """A lower DEF can leave a monster's damage above it: it is destroyed then (ARR-DAMAGE-ACCUMULATES)."""
    monster = state.players[ref[0]].zone(ref[1])[ref[2]]
    if monster is not None and monster.damage_taken > monster.def_:
        destroy_monster(
            state,
            ref,
            ("ARR-DAMAGE-ACCUMULATES",),
            events,
            msg(
                "its {damage} damage is now above its {defense} DEF",
                damage=monster.damage_taken,
                defense=monster.def_,
            ),
        )


def hit_monster(state: State, ref: Ref, amount: int, events: list[Event]) -> bool:
    """Add damage to a monster; destroy it once the total is above its DEF (ARR-DAMAGE-ACCUMULATES)."""
    owner, line, index = ref
    zone = state.players[owner].zone(line)
    monster = zone[index].clone()
    monster.damage_taken += amount
    zone[index] = monster
    destroyed = monster.damage_taken > monster.def_
    figures = {
        "monster": monster.name,
        "amount": amount,
        "total": monster.damage_taken,
        "defense": monster.def_,
    }
    events.append(
        Event(
            "monster_damage",
            {"card": f"{owner}.{line}.{index}", "amount": amount, "damage_taken": monster.damage_taken},
            ("ARR-DAMAGE-ACCUMULATES",),
            msg(
                "{monster} takes {amount} damage ({total} in all against {defense} DEF): more than its DEF.",
                **figures,
            )
            if destroyed
            else msg(
                "{monster} takes {amount} damage ({total} in all against {defense} DEF): "
                "not more than its DEF, nothing happens.",
                **figures,
            ),
        )
    )
    if destroyed:
        destroy_monster(state, ref, ("ARR-DAMAGE-ACCUMULATES",), events, msg("its damage is above its DEF"))
    return destroyed


def resolve_attack(state: State, attacker_ref: Ref, target_ref: Ref | None) -> list[Event]:
    """The outcome of an attack (no legality checks: the damage query uses it too)."""
    key, a_line, a_index = attacker_ref
    opponent = OTHER[key]
    attacker = state.players[key].zone(a_line)[a_index]
    events: list[Event] = []
    if target_ref is None:
        lose_lp(
            state,
            opponent,
            attacker.atk,
            ("ARR-DIRECT-ATTACK",),
            events,
            msg("direct attack by {attacker}", attacker=attacker.name),
        )
        check_life_points(state, events)
        return events
    target = state.players[target_ref[0]].zone(target_ref[1])[target_ref[2]]
    atk, def_ = attacker.atk, target.def_
    events.append(
        Event(
            "combat",
            {"attacker": f"{key}.{a_line}.{a_index}", "target": "{}.{}.{}".format(*target_ref)},
            ("ARR-ATTACK-PHASE",),
            msg(
                "{attacker} ({atk} ATK) attacks {target} ({defense} DEF).",
                attacker=attacker.name,
                atk=atk,
                target=target.name,
                defense=def_,
            ),
        )
    )
    hit_monster(state, target_ref, atk, events)
    if atk > def_:
        lose_lp(state, opponent, atk - def_, ("ARR-COMBAT-DAMAGE",), events, msg("its monster was beaten"))
    elif def_ > atk:
        destroy_monster(state, attacker_ref, ("ARR-DEF-HIGHER",), events, msg("it attacked a higher DEF"))
        lose_lp(state, key, def_ - atk, ("ARR-DEF-HIGHER",), events, msg("its monster attacked a higher DEF"))
    else:
        events.append(
            Event(
                "tie",
                {"attacker": f"{key}.{a_line}.{a_index}"},
                ("ARR-EQUAL",),
                msg("ATK equals DEF: no player takes damage."),
            )
        )
    check_life_points(state, events)
    return events


def mark_used(used: tuple[str, ...], kind: str) -> tuple[str, ...]:
    """Kept in the catalogue order (atk, def, ret), as the state JSON lists them."""
    return tuple(each for each in EFFECT_KINDS if each in used or each == kind)


def apply_effect(monster: Card, kind: str, amount: int) -> Card:
    """An ATK or DEF effect replaces the previous one; RET effects add up (ARR-RET-STACK)."""
    new = monster.clone()
    if kind == "atk":
        base = new.atk - new.atk_bonus
        new.atk = max(0, base + amount)
        new.atk_bonus = new.atk - base
    elif kind == "def":
        base = new.def_ - new.def_bonus
        new.def_ = max(0, base + amount)
        new.def_bonus = new.def_ - base
    else:
        new.ret_bonus += amount
    return new


def flip_facing(state: State, key: str, space: int, events: list[Event]) -> None:
    """The monster now in ``key``'s attacker space faces the opponent's monster in the same space."""
    mine = state.players[key].attackers[space]
    opponent = state.players[OTHER[key]]
    theirs = opponent.attackers[space]
    if theirs is None or mine is None:
        return
    if theirs.strength > mine.strength:
        events.append(
            Event(
                "not_flipped",
                {"card": f"{key}.attackers.{space}", "facing": f"{OTHER[key]}.attackers.{space}"},
                ("ARR-FLIP-OWN-TURN",),
                msg(
                    "{mine} faces a stronger arrow but is not flipped: only the acting player's arrows do.",
                    mine=mine.name,
                ),
            )
        )
        return
    if theirs.strength == mine.strength:
        return
    me = state.players[key]
    line = "defenders" if first_free(me.defenders) is not None else "attackers"
    free = first_free(me.zone(line))
    if free is None:
        events.append(
            Event(
                "not_flipped",
                {"card": f"{OTHER[key]}.attackers.{space}"},
                ("ARR-FLIP",),
                msg(
                    "{theirs} would be flipped, but {player} has no free space to take it.",
                    theirs=theirs.name,
                    player=key,
                ),
            )
        )
        return
    opponent.attackers[space] = None
    taken = theirs.reset_effects()
    taken.placed_this_turn = True
    taken.attacked_this_turn = False
    me.zone(line)[free] = taken
    events.append(
        Event(
            "flipped",
            {"card": f"{OTHER[key]}.attackers.{space}", "to": f"{key}.{line}.{free}", "name": theirs.name},
            ("ARR-FLIP", "ARR-STOLEN-RESET"),
            msg(
                "{mine}'s arrows ({mine_strength}) beat {theirs}'s ({theirs_strength}): {theirs} is flipped "
                "to {player}'s side ({player}.{line}.{free}); its ATK and DEF effects reset.",
                mine=mine.name,
                mine_strength=mine.strength,
                theirs=theirs.name,
                theirs_strength=theirs.strength,
                player=key,
                line=line,
                free=free,
            ),
        )
    )
    settle_damage(state, (key, line, free), events)


# --- turn structure ------------------------------------------------------------------------------


draw = make_draw(
    unknown_card=lambda: Card("unknown", "unknown card"),
    draw_rules=("ARR-TURN",),
    deck_out_rules=("ARR-DECK-OUT",),
    empty_deck_rules=("ARR-DECK-OUT",),
)
start = make_start(draw)


def halve(state: State, key: str, rules: tuple[str, ...], events: list[Event]) -> None:
    player = state.players[key]
    before = player.lp
    player.lp = (before + 1) // 2
    events.append(
        Event(
            "lp_halved",
            {"player": key, "lp": player.lp},
            (*rules, "ARR-HALVE-ROUND-UP"),
            msg(
                "{player}'s life points are halved: {before} → {after} (rounded up).",
                player=key,
                before=before,
                after=player.lp,
            ),
        )
    )


def resolve_effect(state: State, effect: TurnEffect, rules: tuple[str, ...], events: list[Event]) -> None:
    if effect.type == "halve_lp":
        halve(state, effect.player, rules, events)
        return
    for key in ("A", "B") if effect.player == "both" else (effect.player,):
        lose_lp(state, key, effect.amount, rules, events, msg("an effect"))


def end_turn(state: State, events: list[Event]) -> None:
    # Monster effects first, then magic (ARR-MONSTER-PRIORITY); the sort keeps each group's order.
    pending = sorted(state.turn_effects, key=lambda effect: effect.source != "monster")
    state.turn_effects = ()
    for effect in pending:
        rules = ("ARR-TURN-EFFECTS", "ARR-MONSTER-PRIORITY")
        resolve_effect(state, effect, rules, events)
    check_life_points(state, events)
    if state.result is not None:
        return
    for player in state.players.values():
        for line in (player.attackers, player.defenders):
            for index, monster in enumerate(line):
                if monster is not None and (monster.placed_this_turn or monster.attacked_this_turn):
                    fresh = monster.clone()
                    fresh.placed_this_turn = fresh.attacked_this_turn = False
                    line[index] = fresh
    key = state.turn_player
    state.turn += 1
    state.turn_player = OTHER[key]
    state.phase = "draw"
    state.draw_done = False
    events.append(
        Event(
            "turn_start",
            {"turn": state.turn, "player": state.turn_player},
            ("ARR-TURN",),
            msg(
                "{player} ends the turn; turn {turn} is {turn_player}'s.",
                player=key,
                turn=state.turn,
                turn_player=state.turn_player,
            ),
        )
    )
    draw(state, events)


# --- the actions ---------------------------------------------------------------------------------


def _require_phase(state: State, phases: tuple[str, ...], what: Message, rule: str = "ARR-TURN") -> None:
    if state.phase not in phases:
        raise illegal(
            rule,
            msg(
                "{what} happens in the {phases} phase, not the {phase} phase.",
                what=what,
                phases=phases_named(phases),
                phase=PHASES[state.phase],
            ),
        )


def _field_monster(state: State, ref: Ref, what: Message, *, owner: str | None = None) -> Card:
    ref_owner, zone, index = ref
    if zone not in LINES or (owner is not None and ref_owner != owner):
        where = {"ref_owner": ref_owner, "zone": zone, "index": index}
        if owner:
            text = msg(
                "{what} must be a monster in {owner}'s lines; {ref_owner}.{zone}.{index} is not.",
                what=what,
                owner=owner,
                **where,
            )
        else:
            text = msg(
                "{what} must be a monster in a lines; {ref_owner}.{zone}.{index} is not.", what=what, **where
            )
        raise illegal("ARR-LINES", text)
    return state.players[ref_owner].zone(zone)[index]


def _target_space(player: Player, line: str, space: int | None) -> int:
    spaces = player.zone(line)
    if space is None:
        free = first_free(spaces)
        if free is None:
            raise illegal("ARR-LINES", msg("Every space of the {line} line is taken.", line=LINE_NAMES[line]))
        return free
    if spaces[space] is not None:
        raise illegal(
            "ARR-LINES", msg("Space {space} of the {line} line is taken.", space=space, line=LINE_NAMES[line])
        )
    return space


def do_place(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main",), PLACING)
    key = action.player
    owner, zone, index = action.card  # type: ignore[misc]
    if owner != key or zone not in ("hand", "graveyard"):
        raise illegal(
            "ARR-LINES",
            msg(
                "A monster is placed from {player}'s hand or graveyard, not {owner}.{zone}.{index}.",
                player=key,
                owner=owner,
                zone=zone,
                index=index,
            ),
        )
    player = state.players[key]
    card = player.zone(zone)[index]
    if card.kind != "monster":
        raise illegal(
            "ARR-LINES", msg("{card} is not a monster: only monsters stand in the lines.", card=card.name)
        )
    line = action.line
    space = _target_space(player, line, action.space)  # type: ignore[arg-type]
    del player.zone(zone)[index]
    monster = card.clone()
    monster.placed_this_turn = True
    monster.attacked_this_turn = False
    monster.damage_taken = 0
    player.zone(line)[space] = monster  # type: ignore[arg-type]
    rules = ("ARR-LINES", "ARR-NO-ATTACK-PLACED") + (
        ("ARR-NO-ATTACK-SUMMONED",) if zone == "graveyard" else ()
    )
    events = [
        Event(
            "placed",
            {"player": key, "card": f"{key}.{line}.{space}", "name": card.name, "from": zone},
            rules,
            msg(
                "{player} places {card} in the {line} line (space {space}); it cannot attack this turn.",
                player=key,
                card=card.name,
                line=LINE_NAMES[line],
                space=space,
            ),
        )
    ]
    # Its own ATK and DEF effects, then RET, before its arrows act (ARR-EFFECTS-BEFORE-ARROWS).
    for kind in ("atk", "def", "ret"):
        if kind in monster.effects and kind not in monster.effects_used:
            monster = apply_effect(monster, kind, monster.effects[kind])
            monster.effects_used = mark_used(monster.effects_used, kind)
            player.zone(line)[space] = monster  # type: ignore[arg-type]
            events.append(
                Event(
                    "effect",
                    {"card": f"{key}.{line}.{space}", "effect": kind, "amount": monster.effects[kind]},
                    ("ARR-EFFECTS-BEFORE-ARROWS", "ARR-EFFECTS-ONCE"),
                    msg(
                        "{monster}'s {effect} effect ({amount:+d}) precedes arrows.",
                        monster=monster.name,
                        effect=kind.upper(),
                        amount=monster.effects[kind],
                    ),
                )
            )
    if line == "attackers":
        flip_facing(state, key, space, events)
    return events


def do_move(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main",), MOVING)
    key = action.player
    monster = _field_monster(state, action.card, MOVED, owner=key)  # type: ignore[arg-type]
    _, zone, index = action.card  # type: ignore[misc]
    line = action.line
    if line == zone:
        raise illegal(
            "ARR-LINES",
            msg(
                "{monster} is already in the {line} line: a move goes to the other line.",
                monster=monster.name,
                line=LINE_NAMES[line],
            ),
        )
    player = state.players[key]
    space = _target_space(player, line, action.space)  # type: ignore[arg-type]
    player.zone(zone)[index] = None
    player.zone(line)[space] = monster  # type: ignore[arg-type]
    events = [
        Event(
            "moved",
            {"card": f"{key}.{zone}.{index}", "to": f"{key}.{line}.{space}", "name": monster.name},
            ("ARR-LINES", "ARR-DEFENDER-MOVED") if line == "attackers" else ("ARR-LINES",),
            msg(
                "{player} moves {monster} to the {line} line (space {space}).",
                player=key,
                monster=monster.name,
                line=LINE_NAMES[line],
                space=space,
            ),
        )
    ]
    if line == "attackers":
        flip_facing(state, key, space, events)
    return events


def check_attack(state: State, action: Action) -> None:
    key = action.player
    _require_phase(state, ("attack",), AN_ATTACK, "ARR-ATTACK-PHASE")
    monster = _field_monster(state, action.card, ATTACKER, owner=key)  # type: ignore[arg-type]
    opponent = state.players[OTHER[key]]
    line = action.card[1]  # type: ignore[index]
    full_attack_line = all(card is not None for card in opponent.attackers)
    if line == "defenders":
        if not full_attack_line:
            raise illegal(
                "ARR-ATTACKER-LINE",
                msg(
                    "{monster} is a defender: only attackers can attack. The exception (a defender may "
                    "attack while player {opponent}'s attacker line is full) does not apply: player "
                    "{opponent} has {count} of {spaces} attacker spaces filled.",
                    monster=monster.name,
                    opponent=OTHER[key],
                    count=sum(card is not None for card in opponent.attackers),
                    spaces=len(opponent.attackers),
                ),
            )
        if action.target is None or action.target[1] != "attackers":
            raise illegal(
                "ARR-FULL-ATTACKER-LINE",
                msg(
                    "{opponent} fills every attacker space, so {monster} may attack, "
                    "but only one of {opponent}'s attackers.",
                    opponent=OTHER[key],
                    monster=monster.name,
                ),
            )
    if monster.placed_this_turn and not state.flags["attack_on_placement_turn"]:
        raise illegal(
            ("ARR-NO-ATTACK-PLACED", "ARR-NO-ATTACK-SUMMONED"),
            msg("{monster} was placed this turn: it cannot attack until a later turn.", monster=monster.name),
        )
    if monster.attacked_this_turn:
        raise illegal(
            "ARR-ONE-ATTACK", msg("{monster} has already attacked this turn.", monster=monster.name)
        )
    if action.target is None:
        if any(card is not None for card in opponent.defenders):
            raise illegal(
                "ARR-DIRECT-ATTACK",
                msg(
                    "{opponent} has a monster in the defender line: the player cannot be attacked directly.",
                    opponent=OTHER[key],
                ),
            )
        return
    if action.target[0] != OTHER[key] or action.target[1] not in LINES:
        raise illegal(
            "ARR-ATTACKER-LINE",
            msg("An attack targets a monster of {opponent} or the player.", opponent=OTHER[key]),
        )


def do_attack(state: State, action: Action) -> list[Event]:
    check_attack(state, action)
    key, line, index = action.card  # type: ignore[misc]
    monster = state.players[key].zone(line)[index].clone()
    monster.attacked_this_turn = True
    state.players[key].zone(line)[index] = monster
    return resolve_attack(state, action.card, action.target)  # type: ignore[arg-type]


def do_trigger_effect(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack", "end"), A_CARD_EFFECT)
    key = action.player
    source = _field_monster(state, action.card, EFFECT_SOURCE, owner=key)  # type: ignore[arg-type]
    kind = action.effect
    assert kind is not None
    if kind in source.effects_used:
        raise illegal(
            "ARR-EFFECTS-ONCE",
            msg(
                "{source}'s {effect} effect has already been triggered.",
                source=source.name,
                effect=kind.upper(),
            ),
        )
    amount = action.amount if action.amount is not None else source.effects.get(kind)
    if amount is None:
        raise illegal(
            "ARR-EFFECTS-ONCE",
            msg(
                "{source} has no {effect} effect: give its `amount`.", source=source.name, effect=kind.upper()
            ),
        )
    _, s_line, s_index = action.card  # type: ignore[misc]
    used = source.clone()
    used.effects_used = mark_used(used.effects_used, kind)
    state.players[key].zone(s_line)[s_index] = used
    target_ref = action.target or action.card
    assert target_ref is not None
    target = _field_monster(state, target_ref, EFFECT_TARGET)
    owner, t_line, t_index = target_ref
    changed = apply_effect(target, kind, amount)
    state.players[owner].zone(t_line)[t_index] = changed
    rules = ("ARR-EFFECTS-ONCE", "ARR-RET-STACK")
    says = {"source": source.name, "effect": kind.upper(), "amount": amount, "target": changed.name}
    events = [
        Event(
            "effect",
            {"card": f"{owner}.{t_line}.{t_index}", "effect": kind, "amount": amount,
             "atk": changed.atk, "def": changed.def_, "ret_bonus": changed.ret_bonus},
            rules,
            msg("{source}'s {effect} effect ({amount:+d}) applies to {target} and adds to its other RET "
                "effects.", **says)
            if kind == "ret"
            else msg("{source}'s {effect} effect ({amount:+d}) applies to {target}, replacing any earlier "
                     "one.", **says),
        )
    ]  # fmt: skip
    settle_damage(state, target_ref, events)
    return events


def do_steal(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack", "end"), STEALING)
    key = action.player
    monster = _field_monster(state, action.card, STOLEN, owner=OTHER[key])  # type: ignore[arg-type]
    owner, zone, index = action.card  # type: ignore[misc]
    me = state.players[key]
    line = action.line or zone
    space = first_free(me.zone(line))
    if space is None:
        line = OTHER_LINE[line]
        space = first_free(me.zone(line))
    if space is None:
        raise illegal(
            "ARR-LINES",
            msg("{player} has no free space to take {monster}.", player=key, monster=monster.name),
        )
    state.players[owner].zone(zone)[index] = None
    taken = monster.reset_effects()
    taken.placed_this_turn = True
    taken.attacked_this_turn = False
    me.zone(line)[space] = taken
    events = [
        Event(
            "stolen",
            {
                "card": f"{owner}.{zone}.{index}",
                "to": f"{key}.{line}.{space}",
                "atk": taken.atk,
                "def": taken.def_,
            },
            ("ARR-STOLEN-RESET",),
            msg(
                "{player} takes {monster}; its ATK and DEF effects reset ({atk} ATK, {defense} DEF).",
                player=key,
                monster=monster.name,
                atk=taken.atk,
                defense=taken.def_,
            ),
        )
    ]
    settle_damage(state, (key, line, space), events)
    return events


def do_damage_monster(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack", "end"), DAMAGING)
    _field_monster(state, action.card, DAMAGED)  # type: ignore[arg-type]
    events: list[Event] = []
    hit_monster(state, action.card, action.amount or 0, events)  # type: ignore[arg-type]
    return events


def do_destroy(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack", "end"), DESTROYING)
    _field_monster(state, action.card, DESTROYED)  # type: ignore[arg-type]
    events: list[Event] = []
    destroy_monster(state, action.card, (), events, msg("a card effect"))  # type: ignore[arg-type]
    return events


def do_life_points(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack", "end"), LIFE_POINTS_EFFECT)
    effect = TurnEffect(
        "halve_lp" if action.type == "halve_lp" else "inflict_damage",
        action.to,  # type: ignore[arg-type]
        action.amount or 0,
        action.source or "magic",
    )
    if action.deferred:
        state.turn_effects = (*state.turn_effects, effect)
        return [
            Event(
                "turn_effect_pending",
                effect.to_json(),
                ("ARR-TURN-EFFECTS",),
                msg("The effect waits for the very end of the end phase."),
            )
        ]
    events: list[Event] = []
    resolve_effect(state, effect, ("ARR-LIFE-POINTS",), events)
    check_life_points(state, events)
    return events


do_next_phase, do_end_turn = make_phase_handlers(
    draw=draw, end_turn=end_turn, turn_rule="ARR-TURN", draw_rule="ARR-TURN"
)

HANDLERS: dict[str, Callable[[State, Action], list[Event]]] = {
    "place": do_place,
    "move": do_move,
    "attack": do_attack,
    "trigger_effect": do_trigger_effect,
    "steal": do_steal,
    "damage_monster": do_damage_monster,
    "destroy": do_destroy,
    "halve_lp": do_life_points,
    "inflict_damage": do_life_points,
    "next_phase": do_next_phase,
    "end_turn": do_end_turn,
}
apply = make_apply(HANDLERS, game_over_rule="ARR-GAME-OVER", turn_rule="ARR-TURN", draw_rule="ARR-TURN")


def legal_actions(state: State, player: str | None = None) -> list[Action]:
    key = player or state.turn_player
    if state.result is not None or key != state.turn_player:
        return []
    phase = state.phase
    if phase == "draw":
        return [NEXT_PHASE_ACTION[key], END_TURN_ACTION[key]] if state.draw_done else [NEXT_PHASE_ACTION[key]]
    player = state.players[key]
    opponent = state.players[OTHER[key]]
    actions: list[Action] = []
    if phase == "main":
        free = {line: first_free(player.zone(line)) is not None for line in LINES}
        for index, card in enumerate(player.hand):
            if card.kind == "monster":
                for line in LINES:
                    if free[line]:
                        actions.append(Action("place", key, (key, "hand", index), line=line))
        for line in LINES:
            if free[OTHER_LINE[line]]:
                for index, monster in enumerate(player.zone(line)):
                    if monster is not None:
                        actions.append(Action("move", key, (key, line, index), line=OTHER_LINE[line]))
    elif phase == "attack":
        can_wait = not state.flags["attack_on_placement_turn"]
        opp = OTHER[key]
        defenders = [(opp, "defenders", i) for i, card in enumerate(opponent.defenders) if card is not None]
        attackers = [(opp, "attackers", i) for i, card in enumerate(opponent.attackers) if card is not None]
        targets: list[Ref | None] = attackers + defenders if defenders else [*attackers, None]
        full = len(attackers) == state.spaces
        for line, line_targets in (("attackers", targets), ("defenders", attackers if full else [])):
            for index, monster in enumerate(player.zone(line)):
                if monster is None or monster.attacked_this_turn or (monster.placed_this_turn and can_wait):
                    continue
                for target in line_targets:
                    actions.append(Action("attack", key, (key, line, index), target))
    actions.append(NEXT_PHASE_ACTION[key])
    actions.append(END_TURN_ACTION[key])
    return actions


def check_given(state: State) -> None:
    """A state given in a document may already be decided (check_life_points)."""
    check_life_points(state, [])
