"""Applying Vanguard actions: phases, ride, call, move, and the battle sub-steps.

Battle sub-steps (one attack at a time, held in ``state.battle``):

1. ``attack`` — the attacker (and its booster) rest; the battle opens in the **guard** step.
2. **guard** — the defender may ``guard`` (cards from the hand, several actions allowed) and
   ``intercept`` (front-row grade 2 rear-guards). The step ends on ``guard`` with no card, or before
   any other action (the replay's ``settle`` closes it when the next action is not the defender's
   guard or intercept, and after the last action; ``apply`` closes it before any other action).
3. **drive** — a vanguard attacker reveals one card (two for grade 3). An effective trigger waits
   for the attacker's ``assign_trigger``; then the card goes to the hand.
4. **damage** — the hit is decided; a hit rear-guard is retired; a hit vanguard's player makes one
   damage check per critical, each trigger waiting for the defender's ``assign_trigger``.
5. **close** — guardians go to the drop zone and the battle ends.

After every action the losing conditions (six damage, empty deck) are checked.
"""

from __future__ import annotations

from itertools import combinations

from ..base import Event, GameOver, IllegalAction, MalformedDocument, Outcome, PathError
from ..messages import Message, msg, terms
from ..skeleton import refused
from .actions import CIRCLE_REFS, Action, default_player, hand_ref, make, parse_action, resolve
from .state import (
    BEHIND,
    COLUMN_PARTNER,
    FRONT_CIRCLES,
    HIDDEN,
    REAR_CIRCLES,
    Battle,
    Card,
    PendingSkill,
    PendingTrigger,
    PlayerState,
    Skill,
    State,
    Unit,
    other,
)

_new = object.__new__
NEXT_PHASE = {"draw": "ride", "ride": "main", "main": "battle", "battle": "end"}

# The words the sentences are made of: "the ride phase", "a stand trigger", "Drive check", "cannot call".
PHASES = terms("vanguard phase", ("setup", "stand", "draw", "ride", "main", "battle", "end"))
TRIGGERS = terms("vanguard trigger", ("critical", "draw", "heal", "stand", "front", "over"))
CHECKS = terms("vanguard check", ("drive", "damage"))
CHECK_TITLES = terms("vanguard check", {"drive": "Drive", "damage": "Damage"})
ACTS = terms("vanguard act", ("ride", "call", "move units", "attack", "change the phase", "end the turn"))


def _event(type: str, rules: tuple[str, ...], text: Message, **data: object) -> Event:
    return Event(type, dict(data), rules, text)


def _illegal(rule: str | tuple[str, ...], text: Message) -> IllegalAction:
    return IllegalAction([rule] if isinstance(rule, str) else list(rule), text)


# ------------------------------------------------------------------------------------------- outcome


def _someone_lost(state: State) -> bool:
    """The hot-path check: a damage zone at the limit, or an empty deck (a count 0 or an empty list)."""
    limit = state.flags["damage_to_lose"]
    a, b = state.players["A"], state.players["B"]
    return len(a.damage) >= limit or len(b.damage) >= limit or not a.deck or not b.deck


def losers(state: State) -> list[tuple[str, str]]:
    """(player, rule id) for every player meeting a losing condition now."""
    out: list[tuple[str, str]] = []
    if not _someone_lost(state):
        return out
    limit = state.flags["damage_to_lose"]
    for player in ("A", "B"):
        side = state.players[player]
        if len(side.damage) >= limit:
            out.append((player, "VG-WIN-DAMAGE"))
        elif side.deck_size() == 0:
            out.append((player, "VG-WIN-DECK"))
    return out


NOT_FINISHED = Outcome()


def outcome(state: State) -> Outcome:
    if not _someone_lost(state):
        return NOT_FINISHED
    lost = losers(state)
    if not lost:
        return NOT_FINISHED
    rules = tuple(dict.fromkeys(rule for _, rule in lost))
    if len(lost) == 2:
        return Outcome(finished=True, draw=True, rules=rules)
    return Outcome(finished=True, winner=other(lost[0][0]), rules=rules)


def _loss_events(state: State) -> list[Event]:
    events: list[Event] = []
    if not _someone_lost(state):
        return events
    for player, rule in losers(state):
        if rule == "VG-WIN-DAMAGE":
            text = msg(
                "Player {player} has {damage} damage and loses.",
                player=player,
                damage=len(state.players[player].damage),
            )
        else:
            text = msg("Player {player}'s deck is empty: player {player} loses.", player=player)
        events.append(_event("lose", (rule,), text, player=player))
    return events


# ----------------------------------------------------------------------------------- small helpers


def _draw(side: PlayerState, player: str, events: list[Event], rule: str, drawn: Card | None = None) -> None:
    deck = side.deck
    if deck.__class__ is int:
        if deck == 0:
            return
        side.deck = deck - 1
        side.hand.append(drawn or HIDDEN)
    else:
        if not deck:
            return
        side.hand.append(deck.pop(0))
    events.append(_event("draw", (rule,), msg("Player {player} draws a card.", player=player), player=player))


def _stand_all(state: State, player: str, events: list[Event]) -> None:
    circles = state.players[player].circles
    for name, unit in circles.items():
        if unit is not None and not unit.stand:
            circles[name] = unit.stood()
    events.append(
        _event(
            "stand",
            ("VG-STAND-PHASE",),
            msg("Player {player} stands all their units.", player=player),
            player=player,
        )
    )


def _clear_bonuses(state: State) -> None:
    for side in state.players.values():
        circles = side.circles
        for name, unit in circles.items():
            if unit is not None and (unit.power_bonus or unit.critical_bonus or unit.used):
                circles[name] = Unit(unit.card, unit.stand)


def _start_turn(state: State, events: list[Event]) -> None:
    """The stand phase holds no choice: stand, enter the draw phase and draw (the turn stays there)."""
    player = state.turn_player
    if state.phase == "stand":
        _stand_all(state, player, events)
        state.phase = "draw"
        state.draw_done = False
    if state.phase == "draw" and not state.draw_done:
        state.draw_done = True
        _draw(state.players[player], player, events, "VG-DRAW-PHASE")


def _end_turn(state: State, events: list[Event]) -> None:
    _clear_bonuses(state)
    state.turn += 1
    state.turn_player = other(state.turn_player)
    state.phase = "stand"
    for side in state.players.values():
        side.rode = False
    events.append(
        _event(
            "turn",
            ("VG-END-PHASE",),
            msg(
                "Turn {turn} begins: player {turn_player}'s turn.",
                turn=state.turn,
                turn_player=state.turn_player,
            ),
            turn=state.turn,
            player=state.turn_player,
        )
    )
    _start_turn(state, events)


def start(state: State) -> list[Event]:
    """Mandatory steps of a state given at the start of its stand or draw phase (in place)."""
    events: list[Event] = []
    if not outcome(state).finished and state.phase in ("stand", "draw"):
        _start_turn(state, events)
    events.extend(_loss_events(state))
    return events


# --------------------------------------------------------------------------------------- triggers


def trigger_effective(state: State, player: str, card: Card) -> bool:
    if card.trigger is None:
        return False
    if not state.flags["trigger_needs_clan"]:
        return True
    clan = card.clan
    return any(u is not None and u.card.clan == clan for u in state.players[player].circles.values())


def _place_checked(state: State, player: str, card: Card, check: str, events: list[Event]) -> None:
    side = state.players[player]
    if card.trigger == "over" and trigger_effective(state, player, card):
        side.removed.append(card)
        events.append(
            _event("removed", ("VG-TRIGGER-OVER",), msg("{card} is removed from the game.", card=card.name))
        )
    elif check == "drive":
        side.hand.append(card)
        events.append(
            _event(
                "to_hand",
                ("VG-DRIVE-CHECK",),
                msg("{card} goes to player {player}'s hand.", card=card.name, player=player),
                player=player,
            )
        )
    else:
        side.damage.append(card)
        events.append(
            _event(
                "damage",
                ("VG-DAMAGE-CHECK",),
                msg(
                    "{card} goes to player {player}'s damage zone ({damage} damage).",
                    card=card.name,
                    player=player,
                    damage=len(side.damage),
                ),
                player=player,
                total=len(side.damage),
            )
        )


def _front_trigger(state: State, player: str, events: list[Event]) -> None:
    circles = state.players[player].circles
    amount = state.flags["trigger_power"]
    for name in FRONT_CIRCLES:
        unit = circles[name]
        if unit is not None:
            circles[name] = unit.plus(power=amount)
    events.append(
        _event(
            "trigger_effect",
            ("VG-TRIGGER-FRONT",),
            msg(
                "Front trigger: each unit of player {player}'s front row gets +{amount} power.",
                player=player,
                amount=amount,
            ),
            player=player,
            trigger="front",
        )
    )


def _own_unit(state: State, player: str, ref: str | None, field: str, rule: str) -> str:
    if ref is None:
        raise _illegal(
            rule,
            msg("assign_trigger needs {field}: one of player {player}'s units.", field=field, player=player),
        )
    owner, zone, circle, unit = resolve(state, ref)
    if owner != player or zone != "circles" or unit is None:
        raise _illegal(
            rule,
            msg(
                "{field} must be one of player {player}'s units, not {ref}.",
                field=field,
                player=player,
                ref=ref,
            ),
        )
    return circle


def missing_choices(state: State, pending: PendingTrigger) -> list[str]:
    kind = pending.card.trigger
    needs = ["power_to"]
    if kind == "critical":
        needs.append("critical_to")
    if kind == "stand" and len(_rested_rear_guards(state, pending.player)) > 1:
        needs.append("stand_to")
    return needs


def _rested_rear_guards(state: State, player: str) -> list[str]:
    circles = state.players[player].circles
    return [name for name in REAR_CIRCLES if circles[name] is not None and not circles[name].stand]


def assign_trigger(state: State, action: Action, events: list[Event]) -> None:
    battle = state.battle
    assert battle is not None and battle.trigger is not None
    pending = battle.trigger
    player, card, kind = pending.player, pending.card, pending.card.trigger
    if action.player != player:
        raise _illegal(
            "VG-TRIGGER-CHOICE",
            msg("Player {player} revealed the trigger and makes its choices.", player=player),
        )
    if action.critical_to is not None and kind != "critical":
        raise _illegal(
            "VG-TRIGGER-CHOICE",
            msg("A {kind} trigger gives no critical: leave critical_to out.", kind=TRIGGERS[kind]),
        )
    if action.stand_to is not None and kind != "stand":
        raise _illegal(
            "VG-TRIGGER-CHOICE",
            msg("A {kind} trigger stands nothing: leave stand_to out.", kind=TRIGGERS[kind]),
        )
    if action.heal is not None and kind != "heal":
        raise _illegal(
            "VG-TRIGGER-CHOICE", msg("A {kind} trigger heals nothing: leave heal out.", kind=TRIGGERS[kind])
        )
    side = state.players[player]
    circles = side.circles
    power_circle = _own_unit(state, player, action.power_to, "power_to", "VG-TRIGGER-CHOICE")
    critical_circle = None
    if kind == "critical":
        critical_circle = _own_unit(state, player, action.critical_to, "critical_to", "VG-TRIGGER-CHOICE")
    stand_circle = None
    if kind == "stand":
        rested = _rested_rear_guards(state, player)
        if action.stand_to is not None:
            owner, zone, name, unit = resolve(state, action.stand_to)
            if owner != player or zone != "circles" or name not in REAR_CIRCLES or unit is None or unit.stand:
                raise _illegal(
                    "VG-TRIGGER-STAND",
                    msg("stand_to must be one of player {player}'s rested rear-guards.", player=player),
                )
            stand_circle = name
        elif len(rested) > 1:
            raise _illegal(
                "VG-TRIGGER-CHOICE",
                msg(
                    "Missing stand_to: choose which rested rear-guard to stand ({circles}).",
                    circles=", ".join(rested),
                ),
            )
        elif rested:
            stand_circle = rested[0]
    heal_index = None
    if kind == "heal" and action.heal is not None:
        owner, _, key, _ = resolve(state, action.heal)
        if owner != player:
            raise _illegal(
                "VG-TRIGGER-HEAL", msg("heal must be a card of player {player}'s damage zone.", player=player)
            )
        heal_index = int(key)

    amount = state.flags["over_trigger_power"] if kind == "over" else state.flags["trigger_power"]
    rule = "VG-TRIGGER-OVER" if kind == "over" else "VG-TRIGGER-POWER"
    circles[power_circle] = circles[power_circle].plus(power=amount)
    events.append(
        _event(
            "power",
            (rule, "VG-TRIGGER-CHOICE"),
            msg(
                "{card}: player {player}'s unit on {circle} gets +{amount} power until the end phase.",
                card=card.name,
                player=player,
                circle=power_circle,
                amount=amount,
            ),
            unit=f"{player}.circles.{power_circle}",
            amount=amount,
        )
    )
    if critical_circle is not None:
        circles[critical_circle] = circles[critical_circle].plus(critical=1)
        events.append(
            _event(
                "critical",
                ("VG-TRIGGER-CRITICAL",),
                msg(
                    "Critical trigger: the unit on {circle} gets +1 critical until the end phase.",
                    circle=critical_circle,
                ),
                unit=f"{player}.circles.{critical_circle}",
                amount=1,
            )
        )
    if kind in ("draw", "over"):
        _draw(side, player, events, "VG-TRIGGER-DRAW" if kind == "draw" else "VG-TRIGGER-OVER")
    if kind == "stand":
        if stand_circle is not None:
            circles[stand_circle] = circles[stand_circle].stood()
            events.append(
                _event(
                    "stand_unit",
                    ("VG-TRIGGER-STAND",),
                    msg("Stand trigger: the rear-guard on {circle} stands.", circle=stand_circle),
                    unit=f"{player}.circles.{stand_circle}",
                )
            )
        else:
            events.append(
                _event("stand_unit", ("VG-TRIGGER-STAND",), msg("Stand trigger: no rested rear-guard."))
            )
    if kind == "heal":
        mine, theirs = len(side.damage), len(state.players[other(player)].damage)
        if mine >= theirs and side.damage:
            index = len(side.damage) - 1 if heal_index is None else heal_index
            healed = side.damage.pop(index)
            if index < side.face_down:  # the face-down damage cards are the first ones listed
                side.face_down -= 1
            side.drop.append(healed)
            events.append(
                _event(
                    "heal",
                    ("VG-TRIGGER-HEAL",),
                    msg(
                        "Heal trigger: player {player} has {mine} damage, at least player {opponent}'s "
                        "{theirs}: {healed} goes from the damage zone to the drop zone.",
                        player=player,
                        mine=mine,
                        opponent=other(player),
                        theirs=theirs,
                        healed=healed.name,
                    ),
                    player=player,
                )
            )
        else:
            events.append(
                _event(
                    "no_heal",
                    ("VG-TRIGGER-HEAL",),
                    msg(
                        "Heal trigger: player {player} has {mine} damage, fewer than player {opponent}'s "
                        "{theirs} (or none): no damage is healed.",
                        player=player,
                        mine=mine,
                        opponent=other(player),
                        theirs=theirs,
                    ),
                    player=player,
                )
            )
    battle.trigger = None
    _place_checked(state, player, card, pending.check, events)


# ---------------------------------------------------------------------------------------------- skills
#
# Vanguard skills at play: ACT in the main phase, AUTO at their timings (and their order), CONT values.
#
# The vocabulary is in ``state.py`` (Skill, parse_skill). Rules (catalogue ``VG-SKILL-…``):
#
# - **ACT** (``activate``): the turn player's main phase, no battle; the unit is where the skill works
#   (``on``), the condition holds, a once-per-turn skill is unused this turn, the whole cost can be paid;
#   the cost is paid, then the effects happen in order.
# - **AUTO**: a skill triggers at its timing (``placed``: ridden or called onto its circle; ``attack``:
#   this unit attacks; ``boost``: it boosts; ``attacked``: it is attacked; ``hit``: its attack hits, after
#   the damage checks; ``battle_end``: the battle it attacked in ends) if its condition holds then. The
#   triggered skills wait in ``state.pending``: the turn player's first, then the other player's. A player
#   with several at once chooses their order (``resolve_skill`` names the next); a skill with a cost (which
#   may be declined: ``pay: false``) or a chosen target also waits for ``resolve_skill``; a lone skill with
#   neither resolves by itself. Nothing else happens while a skill waits.
# - **CONT**: while the unit is where the skill works and the condition holds, its power, critical (or a
#   guardian's shield) modifiers apply; they are read when the hit is decided, never written into the
#   unit's ``power``.

TIMINGS = terms(
    "vanguard timing",
    {
        "placed": "when placed",
        "attack": "when it attacks",
        "boost": "when it boosts",
        "attacked": "when it is attacked",
        "hit": "when its attack hits",
        "battle_end": "at the end of its battle",
    },
)
PLACES = terms(
    "vanguard skill place",
    {"V": "the vanguard circle", "RC": "a rear-guard circle", "GC": "the guardian circle"},
)


def _label(card: Card, skill: Skill) -> str:
    return f"{card.name}: {skill.name}" if skill.name else f"{card.name} ({skill.kind})"


def works_on(skill: Skill, circle: str) -> bool:
    on = skill.on
    return on == "any" or (on == "V" and circle == "V") or (on == "RC" and circle in REAR_CIRCLES)


# ------------------------------------------------------------------------------------------ conditions


def condition_problem(state: State, player: str, circle: str, skill: Skill) -> Message | None:
    """Why the skill's condition does not hold now, or None when it does (VG-SKILL-CONDITION)."""
    side = state.players[player]
    for key, value in skill.condition.items():
        if key == "vanguard_grade_at_least":
            grade = side.circles["V"].card.grade
            if grade < value:
                return msg(
                    "it needs a vanguard of grade {needed} or more, and player {player}'s is grade {grade}",
                    needed=value,
                    player=player,
                    grade=grade,
                )
        elif key in ("damage_at_least", "opponent_damage_at_least"):
            who = player if key == "damage_at_least" else other(player)
            damage = len(state.players[who].damage)
            if damage < value:
                return msg(
                    "it needs {needed} damage or more for player {who}, who has {damage}",
                    needed=value,
                    who=who,
                    damage=damage,
                )
        elif key == "soul_at_least":
            if len(side.soul) < value:
                return msg(
                    "it needs {needed} cards or more in the soul, and player {player} has {soul}",
                    needed=value,
                    player=player,
                    soul=len(side.soul),
                )
        elif key == "turn":
            own = state.turn_player == player
            if own != (value == "own"):
                return (
                    msg("it works only during its player's turn")
                    if value == "own"
                    else msg("it works only during the opponent's turn")
                )
        else:  # boosted, target: about the battle this unit attacks in
            battle = state.battle
            attacking = battle is not None and battle.player == player and battle.attacker == circle
            if not attacking:
                return msg("it needs this unit to be attacking")
            if key == "boosted" and battle.booster is None:
                return msg("it needs this unit's attack to be boosted")
            if key == "target" and (battle.target == "V") != (value == "vanguard"):
                return (
                    msg("it needs this unit to attack a vanguard")
                    if value == "vanguard"
                    else msg("it needs this unit to attack a rear-guard")
                )
    return None


# ----------------------------------------------------------------------------------------------- costs


def cost_problem(state: State, player: str, unit: Unit, skill: Skill) -> Message | None:
    """Why the whole cost cannot be paid now, or None (VG-SKILL-COST)."""
    side = state.players[player]
    cost = skill.cost
    blast = cost.get("counter_blast", 0)
    face_up = len(side.damage) - side.face_down
    if blast > face_up:
        return msg(
            "counter blast {count} needs {count} face-up damage, and player {player} has {face_up}",
            count=blast,
            player=player,
            face_up=face_up,
        )
    soul = cost.get("soul_blast", 0)
    if soul > len(side.soul):
        return msg(
            "soul blast {count} needs {count} cards in the soul, and player {player} has {soul}",
            count=soul,
            player=player,
            soul=len(side.soul),
        )
    if cost.get("rest") and not unit.stand:
        return msg("its cost rests {card}, which is already rested", card=unit.card.name)
    return None


def pay_cost(state: State, player: str, circle: str, skill: Skill, events: list[Event]) -> None:
    side = state.players[player]
    cost = skill.cost
    blast = cost.get("counter_blast", 0)
    if blast:
        side.face_down += blast
        events.append(
            _event(
                "counter_blast",
                ("VG-SKILL-COST",),
                msg(
                    "Counter blast {count}: player {player} turns {count} damage face down "
                    "({face_down} face down).",
                    count=blast,
                    player=player,
                    face_down=side.face_down,
                ),
                player=player,
                count=blast,
            )
        )
    soul = cost.get("soul_blast", 0)
    if soul:
        blasted, side.soul = side.soul[:soul], side.soul[soul:]
        side.drop.extend(blasted)
        events.append(
            _event(
                "soul_blast",
                ("VG-SKILL-COST",),
                msg(
                    "Soul blast {count}: {cards} go from player {player}'s soul to the drop zone.",
                    count=soul,
                    cards=", ".join(c.name for c in blasted),
                    player=player,
                ),
                player=player,
                count=soul,
            )
        )
    if cost.get("rest"):
        unit = side.circles[circle]
        side.circles[circle] = unit.rested()
        events.append(
            _event(
                "rest",
                ("VG-SKILL-COST",),
                msg("{card} rests to pay the cost.", card=unit.card.name),
                unit=f"{player}.circles.{circle}",
            )
        )


# --------------------------------------------------------------------------------------------- effects


def _targets(state: State, player: str, circle: str, to: str, target: str | None) -> list[str]:
    circles = state.players[player].circles
    if to == "self":
        names: tuple[str, ...] | list[str] = (circle,)
    elif to == "vanguard":
        names = ("V",)
    elif to == "front_row":
        names = FRONT_CIRCLES
    elif to == "rear_guards":
        names = REAR_CIRCLES
    else:  # chosen: checked before anything is paid
        names = (target.split(".")[2],) if target else ()
    return [n for n in names if circles[n] is not None]


def target_problem(state: State, player: str, skill: Skill, target: str | None) -> Message | None:
    """Why ``target`` does not fit the skill's chosen target, or None (also when it needs none)."""
    choice = skill.choice
    if choice is None:
        return msg("this skill chooses no target: leave target out") if target else None
    if target is None:
        if _choices(state, player, skill) == [None]:
            return None  # nothing to choose from: the effect that needs the target does nothing
        return (
            msg("this skill needs a target: one of player {player}'s units", player=player)
            if choice == "chosen"
            else msg("this skill needs a target: one of player {player}'s rear-guards", player=other(player))
        )
    owner, zone, circle, unit = resolve(state, target)
    wanted = player if choice == "chosen" else other(player)
    if owner != wanted or zone != "circles" or unit is None or (choice != "chosen" and circle == "V"):
        return (
            msg(
                "the target must be one of player {player}'s units, not {target}",
                player=wanted,
                target=target,
            )
            if choice == "chosen"
            else msg(
                "the target must be one of player {player}'s rear-guards, not {target}",
                player=wanted,
                target=target,
            )
        )
    return None


def resolve_effects(
    state: State, player: str, circle: str, card: Card, skill: Skill, target: str | None, events: list[Event]
) -> None:
    side = state.players[player]
    label = _label(card, skill)
    rules = ("VG-SKILL-EFFECT",)
    for verb, amount, to in skill.effects:
        if verb in ("power", "critical"):
            for name in _targets(state, player, circle, to, target):
                unit = side.circles[name]
                side.circles[name] = (
                    unit.plus(power=amount) if verb == "power" else unit.plus(critical=amount)
                )
                events.append(
                    _event(
                        verb,
                        rules,
                        msg(
                            "{skill}: {unit} on {circle} gets +{amount} power until the end of the turn.",
                            skill=label,
                            unit=unit.card.name,
                            circle=name,
                            amount=amount,
                        )
                        if verb == "power"
                        else msg(
                            "{skill}: {unit} on {circle} gets +{amount} critical until the end of the turn.",
                            skill=label,
                            unit=unit.card.name,
                            circle=name,
                            amount=amount,
                        ),
                        unit=f"{player}.circles.{name}",
                        amount=amount,
                    )
                )
        elif verb == "draw":
            for _ in range(amount):
                _draw(side, player, events, "VG-SKILL-EFFECT")
        elif verb == "soul_charge":
            for _ in range(amount):
                _soul_charge(side, player, events)
        elif verb == "counter_charge":
            turned = min(amount, side.face_down)
            side.face_down -= turned
            events.append(
                _event(
                    "counter_charge",
                    rules,
                    msg(
                        "Counter charge: player {player} turns {count} damage face up.",
                        player=player,
                        count=turned,
                    ),
                    player=player,
                    count=turned,
                )
            )
        elif verb == "heal":
            for _ in range(min(amount, len(side.damage))):
                healed = side.damage.pop()
                side.drop.append(healed)
                side.face_down = min(side.face_down, len(side.damage))
                events.append(
                    _event(
                        "heal",
                        rules,
                        msg(
                            "{skill}: {healed} goes from player {player}'s damage zone to the drop zone.",
                            skill=label,
                            healed=healed.name,
                            player=player,
                        ),
                        player=player,
                    )
                )
        elif verb == "stand":
            for name in _targets(state, player, circle, to, target):
                unit = side.circles[name]
                side.circles[name] = unit.stood()
                events.append(
                    _event(
                        "stand_unit",
                        rules,
                        msg(
                            "{skill}: {unit} on {circle} stands.",
                            skill=label,
                            unit=unit.card.name,
                            circle=name,
                        ),
                        unit=f"{player}.circles.{name}",
                    )
                )
        elif target is not None:  # retire a chosen opponent's rear-guard (none to choose: nothing)
            foe, _, name, _ = resolve(state, target)
            # The opponent's zones may be shared with the state before this action: copy them first.
            foe_side = state.players[foe] = state.players[foe].copy()
            retired = foe_side.circles[name]
            foe_side.circles[name] = None
            foe_side.drop.append(retired.card)
            events.append(
                _event(
                    "retire",
                    rules,
                    msg(
                        "{skill}: {unit} on {circle} is retired to the drop zone.",
                        skill=label,
                        unit=retired.card.name,
                        circle=name,
                    ),
                    unit=target,
                )
            )


def _soul_charge(side: PlayerState, player: str, events: list[Event]) -> None:
    deck = side.deck
    if deck.__class__ is int:
        if not deck:
            return
        side.deck = deck - 1
        card = HIDDEN
    else:
        if not deck:
            return
        card = deck.pop(0)
    side.soul.append(card)
    events.append(
        _event(
            "soul_charge",
            ("VG-SKILL-EFFECT",),
            msg("Soul charge: the top card of player {player}'s deck goes to the soul.", player=player),
            player=player,
        )
    )


# ------------------------------------------------------------------------------------------------- ACT


def check_activation(
    state: State,
    player: str,
    ref: str | None,
    index: int | None,
    target: str | None,
    steps: list[tuple[str, Message]] | None = None,
) -> tuple[str, int, list[tuple[str, Message]]]:
    """The checks of an ACT skill, in order: (circle, skill index, [(rule, what holds)]); raise
    IllegalAction at the first that fails (``steps``, when given, keeps the checks that held)."""
    if steps is None:
        steps = []
    if state.turn_player != player or state.phase != "main" or state.battle is not None or state.pending:
        raise _illegal(
            ("VG-SKILL-ACT", "VG-TURN-PHASES"),
            msg(
                "ACT skills are activated in their player's main phase, and it is the {phase} phase of "
                "player {turn_player}'s turn.",
                phase=_phase(state),
                turn_player=state.turn_player,
            ),
        )
    steps.append(
        (
            "VG-SKILL-ACT",
            msg("It is player {player}'s main phase: ACT skills can be activated.", player=player),
        )
    )
    owner, zone, circle, unit = resolve(state, ref) if ref else (None, None, None, None)
    if owner != player or zone != "circles" or unit is None:
        raise _illegal(
            ("VG-SKILL-ACT",),
            msg(
                "Only a unit of player {player} on a circle activates an ACT skill, not {ref}.",
                player=player,
                ref=ref,
            ),
        )
    skills = unit.card.skills
    if index is None:
        index = next((i for i, s in enumerate(skills) if s.kind == "ACT"), -1)
    if not 0 <= index < len(skills) or skills[index].kind != "ACT":
        raise _illegal(
            ("VG-SKILL-ACT",), msg("{card} has no ACT skill with that number.", card=unit.card.name)
        )
    skill = skills[index]
    if not works_on(skill, circle):
        raise _illegal(
            ("VG-SKILL-ACT",),
            msg(
                "{card}'s skill works only on {place}, and the unit is on {circle}.",
                card=unit.card.name,
                place=PLACES[skill.on],
                circle=circle,
            ),
        )
    steps.append(
        (
            "VG-SKILL-ACT",
            msg("{card} is on {circle}, where its skill works.", card=unit.card.name, circle=circle),
        )
    )
    if skill.once:
        if index in unit.used:
            raise _illegal(
                ("VG-SKILL-ONCE",),
                msg("{card}'s skill is once per turn and was already used this turn.", card=unit.card.name),
            )
        steps.append(("VG-SKILL-ONCE", msg("The skill is once per turn and has not been used this turn.")))
    checks = (
        ("VG-SKILL-CONDITION", skill.condition, condition_problem(state, player, circle, skill)),
        ("VG-SKILL-COST", skill.cost, cost_problem(state, player, unit, skill)),
    )
    for rule, present, problem in checks:
        if problem is not None:
            raise _illegal(
                (rule,),
                msg("{card}'s skill cannot be activated: {reason}.", card=unit.card.name, reason=problem),
            )
        if present:
            steps.append(
                (
                    rule,
                    msg("Its condition holds.")
                    if rule == "VG-SKILL-CONDITION"
                    else msg("Player {player} can pay the whole cost.", player=player),
                )
            )
    problem = target_problem(state, player, skill, target)
    if problem is not None:
        raise _illegal(
            ("VG-SKILL-EFFECT",), msg("{card}'s skill: {reason}.", card=unit.card.name, reason=problem)
        )
    return circle, index, steps


def _phase(state: State) -> Message:
    return PHASES[state.phase]


def activate(state: State, action: Action, events: list[Event]) -> None:
    player = action.player
    circle, index, _ = check_activation(state, player, action.card, action.skill, action.target)
    side = state.players[player]
    unit = side.circles[circle]
    skill = unit.card.skills[index]
    events.append(
        _event(
            "activate",
            ("VG-SKILL-ACT",),
            msg("Player {player} activates {skill}.", player=player, skill=_label(unit.card, skill)),
            unit=f"{player}.circles.{circle}",
            skill=index,
        )
    )
    if skill.once:
        side.circles[circle] = unit.using(index)
    pay_cost(state, player, circle, skill, events)
    resolve_effects(state, player, circle, unit.card, skill, action.target, events)


def legal_activations(state: State, player: str) -> list[Action]:
    out: list[Action] = []
    refs = CIRCLE_REFS[player]
    for circle, unit in state.players[player].circles.items():
        if unit is None or not unit.card.skills:
            continue
        for index, skill in enumerate(unit.card.skills):
            if skill.kind != "ACT":
                continue
            for target in _choices(state, player, skill):
                try:
                    check_activation(state, player, refs[circle], index, target)
                except IllegalAction:
                    continue
                fields = {"type": "activate", "player": player, "card": refs[circle], "skill": index}
                if target is not None:
                    fields["target"] = target
                out.append(make(fields))
    return out


def _choices(state: State, player: str, skill: Skill) -> list[str | None]:
    if skill.choice is None:
        return [None]
    owner = player if skill.choice == "chosen" else other(player)
    circles = state.players[owner].circles
    names = circles if skill.choice == "chosen" else REAR_CIRCLES
    return [CIRCLE_REFS[owner][n] for n in names if circles[n] is not None] or [None]


# ------------------------------------------------------------------------------------------------ AUTO


def triggered(state: State, timing: str, units: list[tuple[str, str]]) -> list[PendingSkill]:
    """The AUTO skills of ``units`` ((player, circle)) that trigger at ``timing`` now, turn player's first."""
    return auto_report(state, timing, units)[0]


def auto_report(
    state: State, timing: str, units: list[tuple[str, str]]
) -> tuple[list[PendingSkill], list[tuple[PendingSkill, Message]]]:
    """(the AUTO skills that trigger, turn player's first; those of that timing that do not, and why)."""
    found: list[PendingSkill] = []
    skipped: list[tuple[PendingSkill, Message]] = []
    for player, circle in units:
        unit = state.players[player].circles.get(circle)
        if unit is None or not unit.card.skills:
            continue
        for index, skill in enumerate(unit.card.skills):
            if skill.kind != "AUTO" or skill.timing != timing:
                continue
            pending = PendingSkill(player, circle, index, unit.card.name, timing)
            if not works_on(skill, circle):
                problem: Message | None = msg("it works only on {place}", place=PLACES[skill.on])
            elif skill.once and index in unit.used:
                problem = msg("it is once per turn and was already used this turn")
            else:
                problem = condition_problem(state, player, circle, skill)
            if problem is None:
                found.append(pending)
            else:
                skipped.append((pending, problem))
    turn_player = state.turn_player
    return [p for p in found if p.player == turn_player] + [
        p for p in found if p.player != turn_player
    ], skipped


def trigger(
    state: State,
    timing: str,
    units: list[tuple[str, str]],
    events: list[Event],
    found: list[PendingSkill] | None = None,
) -> None:
    """Queue the AUTO skills that trigger (``found``, when their conditions were read earlier), say so,
    and resolve what needs no choice."""
    if found is None:
        found = triggered(state, timing, units)
    if not found:
        return
    for pending in found:
        card = state.players[pending.player].circles[pending.circle].card
        events.append(
            _event(
                "skill_triggered",
                ("VG-SKILL-AUTO",),
                msg(
                    "{skill} triggers ({timing}).",
                    skill=_label(card, card.skills[pending.index]),
                    timing=TIMINGS[pending.timing],
                ),
                unit=f"{pending.player}.circles.{pending.circle}",
                skill=pending.index,
                timing=pending.timing,
            )
        )
    state.pending = [*state.pending, *found]
    run_pending(state, events)


def waiting(state: State) -> tuple[str, list[PendingSkill]] | None:
    """The player who must choose now and their pending skills, or None when nothing waits."""
    if not state.pending:
        return None
    player = state.pending[0].player
    return player, [p for p in state.pending if p.player == player]


def needs_choice(state: State, pending: PendingSkill) -> bool:
    unit = state.players[pending.player].circles.get(pending.circle)
    if unit is None or unit.card.name != pending.name:
        return False
    skill = unit.card.skills[pending.index]
    return bool(skill.cost) or skill.choice is not None


def run_pending(state: State, events: list[Event]) -> None:
    """Resolve pending skills while the next one needs no choice (one skill of its player, no cost and
    no target); stop when a player must choose."""
    while state.pending:
        player, mine = waiting(state)
        if len(mine) > 1:
            events.append(
                _event(
                    "skill_order",
                    ("VG-SKILL-AUTO-ORDER",),
                    msg(
                        "Player {player} has {count} AUTO skills to resolve and chooses their order: "
                        "resolve_skill names the next one.",
                        player=player,
                        count=len(mine),
                    ),
                    player=player,
                    count=len(mine),
                )
            )
            return
        if needs_choice(state, mine[0]):
            events.append(
                _event(
                    "skill_waits",
                    ("VG-SKILL-AUTO",),
                    msg(
                        "Player {player} resolves the skill with resolve_skill (paying its cost or not, "
                        "choosing its target).",
                        player=player,
                    ),
                    player=player,
                )
            )
            return
        _resolve(state, mine[0], True, None, events)


def _resolve(state: State, pending: PendingSkill, pay: bool, target: str | None, events: list[Event]) -> None:
    state.pending = [p for p in state.pending if p is not pending]
    player, circle = pending.player, pending.circle
    side = state.players[player]
    unit = side.circles.get(circle)
    if unit is None or unit.card.name != pending.name:
        events.append(
            _event(
                "skill_fizzles",
                ("VG-SKILL-AUTO",),
                msg(
                    "{card} is no longer on {circle}: its skill does nothing.",
                    card=pending.name,
                    circle=circle,
                ),
            )
        )
        return
    skill = unit.card.skills[pending.index]
    label = _label(unit.card, skill)
    if skill.cost and not pay:
        events.append(
            _event(
                "skill_declined",
                ("VG-SKILL-COST",),
                msg(
                    "Player {player} does not pay the cost of {skill}: it does nothing.",
                    player=player,
                    skill=label,
                ),
            )
        )
        return
    problem = cost_problem(state, player, unit, skill) if skill.cost else None
    if problem is not None:
        events.append(
            _event(
                "skill_unpaid",
                ("VG-SKILL-COST",),
                msg("{skill} does nothing: {reason}.", skill=label, reason=problem),
            )
        )
        return
    events.append(
        _event(
            "skill_resolves",
            ("VG-SKILL-AUTO",),
            msg("{skill} resolves.", skill=label),
            unit=f"{player}.circles.{circle}",
            skill=pending.index,
        )
    )
    if skill.once:
        side.circles[circle] = unit.using(pending.index)
    pay_cost(state, player, circle, skill, events)
    resolve_effects(state, player, circle, unit.card, skill, target, events)


def resolve_skill(state: State, action: Action, events: list[Event]) -> None:
    """``resolve_skill``: the waiting player names the pending skill that resolves next."""
    found = waiting(state)
    if found is None:
        raise _illegal(("VG-SKILL-AUTO",), msg("No AUTO skill is waiting to resolve."))
    player, mine = found
    if action.player != player:
        raise _illegal(
            ("VG-SKILL-AUTO-ORDER",),
            msg("Player {player}'s AUTO skills resolve first: player {player} chooses.", player=player),
        )
    owner, zone, circle, _ = resolve(state, action.card) if action.card else (None, None, None, None)
    index = action.skill
    chosen = next(
        (p for p in mine if owner == player and p.circle == circle and (index is None or p.index == index)),
        None,
    )
    if chosen is None:
        raise _illegal(
            ("VG-SKILL-AUTO-ORDER",),
            msg(
                "Name one of player {player}'s waiting skills: {skills}.",
                player=player,
                skills=", ".join(f"{p.player}.circles.{p.circle} skill {p.index}" for p in mine),
            ),
        )
    unit = state.players[player].circles.get(circle)
    pay = action.pay is not False
    if unit is not None and unit.card.name == chosen.name and pay:
        skill = unit.card.skills[chosen.index]
        problem = target_problem(state, player, skill, action.target)
        if problem is not None:
            raise _illegal(
                ("VG-SKILL-EFFECT",), msg("{card}'s skill: {reason}.", card=unit.card.name, reason=problem)
            )
    elif action.target is not None:
        raise _illegal(
            ("VG-SKILL-EFFECT",), msg("A skill that does not resolve takes no target: leave target out.")
        )
    _resolve(state, chosen, pay, action.target, events)
    run_pending(state, events)


def pending_options(state: State, player: str | None) -> list[Action]:
    found = waiting(state)
    if found is None or (player is not None and player != found[0]):
        return []
    who, mine = found
    out = []
    for pending in mine:
        ref = CIRCLE_REFS[who][pending.circle]
        unit = state.players[who].circles.get(pending.circle)
        skill = (
            unit.card.skills[pending.index] if unit is not None and unit.card.name == pending.name else None
        )
        targets = _choices(state, who, skill) if skill is not None else [None]
        for target in targets:
            fields = {"type": "resolve_skill", "player": who, "card": ref, "skill": pending.index}
            if target is not None:
                fields["target"] = target
            out.append(make(fields))
        if skill is not None and skill.cost:
            out.append(
                make(
                    {
                        "type": "resolve_skill",
                        "player": who,
                        "card": ref,
                        "skill": pending.index,
                        "pay": False,
                    }
                )
            )
    return out


# ------------------------------------------------------------------------------------------------ CONT


def cont_bonus(state: State, player: str, circle: str, stat: str) -> int:
    """The CONT modifiers of ``stat`` (power, critical) on player's unit on ``circle`` now."""
    total = 0
    for source, unit in state.players[player].circles.items():
        if unit is None or not unit.card.skills:
            continue
        for skill in unit.card.skills:
            if skill.kind != "CONT" or not works_on(skill, source):
                continue
            for verb, amount, to in skill.effects:
                if verb != stat:
                    continue
                applies = (
                    (to == "self" and source == circle)
                    or (to == "vanguard" and circle == "V")
                    or (to == "front_row" and circle in FRONT_CIRCLES)
                    or (to == "rear_guards" and circle in REAR_CIRCLES)
                )
                if applies and condition_problem(state, player, source, skill) is None:
                    total += amount
    return total


def guardian_shield(state: State, player: str, card: Card) -> int:
    """A guardian's shield with its CONT (GC) modifiers."""
    shield = card.shield or 0
    for skill in card.skills:
        if (
            skill.kind == "CONT"
            and skill.on == "GC"
            and condition_problem(state, player, "GC", skill) is None
        ):
            shield += sum(amount for verb, amount, _ in skill.effects if verb == "shield")
    return shield


# ------------------------------------------------------------------------------------------- battle


def drive_count(unit: Unit, circle: str) -> int:
    if circle != "V":
        return 0
    return 2 if unit.card.grade >= 3 else 1


def _has_skills(side: PlayerState) -> bool:
    return any(u is not None and u.card.skills for u in side.circles.values())


def attack_power(state: State, battle: Battle) -> int:
    """The attacker's power with its booster's, CONT modifiers included (VG-SKILL-CONT)."""
    player = battle.player
    side = state.players[player]
    circles = side.circles
    attacker = circles[battle.attacker]
    power = attacker.power if attacker is not None else 0
    booster = battle.booster
    if booster is not None and circles[booster] is not None:
        power += circles[booster].power
    if _has_skills(side):
        if attacker is not None:
            power += cont_bonus(state, player, battle.attacker, "power")
        if booster is not None and circles[booster] is not None:
            power += cont_bonus(state, player, booster, "power")
    return power


def defense_power(state: State, battle: Battle) -> int:
    """The attacked unit's power (CONT modifiers included) plus every guardian's shield."""
    defender = other(battle.player)
    side = state.players[defender]
    target = side.circles[battle.target]
    power = target.power if target is not None else 0
    if target is not None and _has_skills(side):
        power += cont_bonus(state, defender, battle.target, "power")
    guardians = side.guardians
    if any(card.skills for card in guardians):
        return power + sum(guardian_shield(state, defender, card) for card in guardians)
    return power + sum(card.shield or 0 for card in guardians)


def unit_critical(state: State, player: str, circle: str) -> int:
    unit = state.players[player].circles[circle]
    if unit is None:
        return 1
    if _has_skills(state.players[player]):
        return unit.critical + cont_bonus(state, player, circle, "critical")
    return unit.critical


def can_guard_with(card: Card, vanguard_grade: int) -> Message | None:
    """Why ``card`` cannot guard, or None when it can."""
    if card.hidden:
        return msg("the card is unknown (drawn from a deck given as a count): describe it in the state first")
    if card.grade >= 3 or card.shield is None:
        return msg(
            "{card} is a grade {grade} with no shield: grade 3 units cannot guard",
            card=card.name,
            grade=card.grade,
        )
    if card.grade > vanguard_grade:
        return msg(
            "{card} is grade {grade}, above the vanguard's grade {vanguard_grade}",
            card=card.name,
            grade=card.grade,
            vanguard_grade=vanguard_grade,
        )
    return None


def interceptors(state: State, battle: Battle) -> list[str]:
    circles = state.players[other(battle.player)].circles
    out = []
    for name in ("FL", "FR"):
        unit = circles[name]
        if unit is not None and name != battle.target and unit.card.grade == 2:
            out.append(name)
    return out


def _reveal(state: State, player: str, battle: Battle, check: str) -> Card | None:
    side = state.players[player]
    deck = side.deck
    if deck.__class__ is not int:
        return deck.pop(0) if deck else None
    if deck == 0:
        return None
    reveals = battle.drive_reveals if check == "drive" else battle.damage_reveals
    if not reveals:
        needed = battle.drive_left if check == "drive" else battle.damage_left
        raise MalformedDocument(
            PathError(
                f"{battle.source}/{check}_checks",
                f"player {player}'s deck is given as a count, so the {check} check needs the revealed card: "
                f"give {needed} more card(s) in {check}_checks",
            )
        )
    side.deck = deck - 1
    return reveals.pop(0)


def _check(state: State, battle: Battle, player: str, check: str, events: list[Event]) -> bool:
    """One drive or damage check; True when a trigger now waits for its player's choice."""
    card = _reveal(state, player, battle, check)
    rule = "VG-DRIVE-CHECK" if check == "drive" else "VG-DAMAGE-CHECK"
    if check == "drive":
        battle.drive_left -= 1
    else:
        battle.damage_left -= 1
    if card is None:
        if check == "drive":
            battle.drive_left = 0
        else:
            battle.damage_left = 0
        events.append(
            _event(
                "no_check",
                (rule,),
                msg("Player {player}'s deck is empty: no {check} check.", player=player, check=CHECKS[check]),
            )
        )
        return False
    events.append(
        _event(
            f"{check}_check",
            (rule,),
            msg(
                "{check} check: player {player} reveals {card} ({trigger} trigger).",
                check=CHECK_TITLES[check],
                player=player,
                card=card.name,
                trigger=TRIGGERS[card.trigger],
            )
            if card.trigger
            else msg(
                "{check} check: player {player} reveals {card}.",
                check=CHECK_TITLES[check],
                player=player,
                card=card.name,
            ),
            player=player,
            card=card.to_json(),
        )
    )
    if card.trigger is not None:
        if not trigger_effective(state, player, card):
            events.append(
                _event(
                    "trigger_no_effect",
                    ("VG-TRIGGER-CLAN",),
                    msg(
                        "{card}'s clan ({clan}) matches no unit of player {player}: "
                        "the trigger has no effect.",
                        card=card.name,
                        clan=card.clan,
                        player=player,
                    ),
                    player=player,
                )
            )
        elif card.trigger == "front":
            _front_trigger(state, player, events)
        else:
            battle.trigger = PendingTrigger(player, card, check)
            needs = missing_choices(state, battle.trigger)
            events.append(
                _event(
                    "trigger",
                    ("VG-TRIGGER-CHOICE",),
                    msg(
                        "Player {player} must now assign the {trigger} trigger ({choices}).",
                        player=player,
                        trigger=TRIGGERS[card.trigger],
                        choices=", ".join(needs),
                    ),
                    player=player,
                    trigger=card.trigger,
                    needs=needs,
                )
            )
            return True
    _place_checked(state, player, card, check, events)
    return False


def _close_battle(state: State, events: list[Event]) -> None:
    battle = state.battle
    assert battle is not None
    side = state.players[other(battle.player)]
    if side.guardians:
        names = ", ".join(c.name for c in side.guardians)
        side.drop.extend(side.guardians)
        side.guardians = []
        events.append(
            _event(
                "guardians_retired",
                ("VG-GUARDIANS-RETIRED",),
                msg("The guardians ({names}) go to the drop zone.", names=names),
                player=other(battle.player),
            )
        )
    ending = None
    attacker = state.players[battle.player].circles[battle.attacker]
    if attacker is not None and attacker.card.skills:
        ending = triggered(state, "battle_end", [(battle.player, battle.attacker)])
    state.battle = None
    events.append(_event("battle_end", (), msg("The battle ends.")))
    if ending:
        trigger(state, "battle_end", [], events, ending)


def advance(state: State, events: list[Event], *, close_guard: bool = False) -> None:
    """Run the battle's automatic sub-steps until a player must choose or the battle ends (in place)."""
    battle = state.battle
    while battle is not None:
        if battle.trigger is not None or state.pending or losers(state):
            return
        if battle.step == "guard":
            if not close_guard:
                return
            battle.step = "drive"
            continue
        attacker_side = battle.player
        defender = other(attacker_side)
        if battle.step == "drive":
            if battle.drive_left > 0:
                if _check(state, battle, attacker_side, "drive", events):
                    return
                continue
            battle.step = "damage"
            continue
        # damage step
        if battle.hit is None:
            offense, defense = attack_power(state, battle), defense_power(state, battle)
            battle.hit = offense >= defense
            target_ref = f"{defender}.circles.{battle.target}"
            if not battle.hit:
                events.append(
                    _event(
                        "no_hit",
                        ("VG-HIT",),
                        msg(
                            "{offense} power against {defense}: the attack does not hit.",
                            offense=offense,
                            defense=defense,
                        ),
                        target=target_ref,
                        attack=offense,
                        defense=defense,
                    )
                )
            else:
                events.append(
                    _event(
                        "hit",
                        ("VG-HIT",),
                        msg(
                            "{offense} power against {defense}: the attack hits.",
                            offense=offense,
                            defense=defense,
                        ),
                        target=target_ref,
                        attack=offense,
                        defense=defense,
                    )
                )
                circles = state.players[defender].circles
                if battle.target == "V":
                    battle.damage_left = unit_critical(state, attacker_side, battle.attacker)
                elif circles[battle.target] is not None:
                    retired = circles[battle.target]
                    circles[battle.target] = None
                    state.players[defender].drop.append(retired.card)
                    events.append(
                        _event(
                            "retire",
                            ("VG-HIT-REARGUARD",),
                            msg(
                                "The hit rear-guard {retired} is retired to the drop zone.",
                                retired=retired.card.name,
                            ),
                            unit=target_ref,
                        )
                    )
        if battle.damage_left > 0:
            if _check(state, battle, defender, "damage", events):
                return
            continue
        if battle.hit and not battle.hit_done:
            battle.hit_done = True
            trigger(state, "hit", [(attacker_side, battle.attacker)], events)
            continue
        _close_battle(state, events)
        return


# ----------------------------------------------------------------------------------------- actions


def _hand_card(state: State, player: str, ref: str, rule: str, verb: str) -> tuple[int, Card]:
    owner, zone, key, card = resolve(state, ref)
    if owner != player or zone != "hand":
        raise _illegal(
            rule,
            msg(
                "Player {player} can only {verb} a card from their own hand, not {ref}.",
                player=player,
                verb=ACTS[verb],
                ref=ref,
            ),
        )
    if card.hidden:
        raise _illegal(
            "VG-HIDDEN-CARD",
            msg("{ref} is an unknown card (drawn from a deck given as a count): describe it first.", ref=ref),
        )
    return int(key), card


def _require_turn(state: State, action: Action, phase: str | None, rule: str, what: str) -> None:
    if action.player != state.turn_player:
        raise _illegal(
            "VG-TURN-PHASES",
            msg(
                "It is player {turn_player}'s turn: player {player} cannot {what} now.",
                turn_player=state.turn_player,
                player=action.player,
                what=ACTS[what],
            ),
        )
    if phase is not None and state.phase != phase:
        raise _illegal(
            (rule, "VG-TURN-PHASES"),
            msg(
                "Player {player} can {what} only in the {needed} phase, and it is the {phase} phase.",
                player=action.player,
                what=ACTS[what],
                needed=PHASES[phase],
                phase=PHASES[state.phase],
            ),
        )


def _mulligan(state: State, action: Action, events: list[Event]) -> None:
    player = action.player
    side = state.players[player]
    if state.phase != "setup":
        raise _illegal(
            "VG-SETUP-MULLIGAN", msg("A mulligan is made only before the game starts (setup phase).")
        )
    if side.mulligan_done:
        raise _illegal(
            "VG-SETUP-MULLIGAN",
            msg("Player {player} has already decided on their hand: one mulligan only.", player=player),
        )
    indexes = []
    for ref in action.cards or ():
        owner, zone, key, _ = resolve(state, ref)
        if owner != player or zone != "hand":
            raise _illegal(
                "VG-SETUP-MULLIGAN",
                msg("Player {player} returns cards from their own hand only.", player=player),
            )
        indexes.append(int(key))
    drawn = action.drawn or []
    if drawn and len(drawn) != len(indexes):
        raise _illegal(
            "VG-SETUP-MULLIGAN",
            msg(
                "{count} card(s) returned, so {count} drawn, not {drawn}.",
                count=len(indexes),
                drawn=len(drawn),
            ),
        )
    returned = [side.hand[i] for i in indexes]
    side.hand = [c for i, c in enumerate(side.hand) if i not in set(indexes)]
    for i in range(len(returned)):
        _draw(side, player, [], "VG-SETUP-MULLIGAN", drawn[i] if drawn else None)
    if isinstance(side.deck, list):
        side.deck.extend(returned)
    else:
        side.deck += len(returned)
    side.mulligan_done = True
    events.append(
        _event(
            "mulligan",
            ("VG-SETUP-MULLIGAN",),
            msg(
                "Player {player} returns {count} card(s) to the deck and draws as many.",
                player=player,
                count=len(returned),
            )
            if returned
            else msg("Player {player} keeps their hand.", player=player),
            player=player,
            count=len(returned),
        )
    )
    if all(p.mulligan_done for p in state.players.values()):
        state.phase = "stand"
        events.append(
            _event(
                "game_start",
                ("VG-TURN-PHASES",),
                msg(
                    "The game starts: player {turn_player} takes the first turn.",
                    turn_player=state.turn_player,
                ),
            )
        )
        _start_turn(state, events)


def _ride(state: State, action: Action, events: list[Event]) -> None:
    _require_turn(state, action, "ride", "VG-RIDE-ONCE", "ride")
    player = action.player
    side = state.players[player]
    if side.rode:
        raise _illegal("VG-RIDE-ONCE", msg("Player {player} has already ridden this turn.", player=player))
    index, card = _hand_card(state, player, action.card, "VG-RIDE-GRADE", "ride")
    old = side.circles["V"]
    if card.grade not in (old.card.grade, old.card.grade + 1):
        raise _illegal(
            "VG-RIDE-GRADE",
            msg(
                "{card} is grade {grade}; the vanguard is grade {vanguard_grade}: a ride needs grade "
                "{vanguard_grade} or {next_grade}.",
                card=card.name,
                grade=card.grade,
                vanguard_grade=old.card.grade,
                next_grade=old.card.grade + 1,
            ),
        )
    del side.hand[index]
    side.soul.append(old.card)
    side.circles["V"] = Unit(card, old.stand)
    side.rode = True
    events.append(
        _event(
            "ride",
            ("VG-RIDE-GRADE", "VG-RIDE-SOUL"),
            msg(
                "Player {player} rides {card} (grade {grade}); {old} goes to the soul.",
                player=player,
                card=card.name,
                grade=card.grade,
                old=old.card.name,
            ),
            player=player,
            card=card.name,
        )
    )
    if card.skills:
        trigger(state, "placed", [(player, "V")], events)


def _call(state: State, action: Action, events: list[Event]) -> None:
    _require_turn(state, action, "main", "VG-CALL", "call")
    player = action.player
    side = state.players[player]
    circle = action.circle
    if circle not in REAR_CIRCLES:
        raise _illegal(
            "VG-CALL", msg("Units are called to rear-guard circles (FL, BL, BC, FR, BR), not to V.")
        )
    index, card = _hand_card(state, player, action.card, "VG-CALL", "call")
    grade = side.circles["V"].card.grade
    if card.grade > grade:
        raise _illegal(
            "VG-CALL",
            msg(
                "{card} is grade {grade}, above the vanguard's grade {vanguard_grade}.",
                card=card.name,
                grade=card.grade,
                vanguard_grade=grade,
            ),
        )
    del side.hand[index]
    old = side.circles[circle]
    if old is not None:
        side.drop.append(old.card)
        events.append(
            _event(
                "retire",
                ("VG-CALL",),
                msg("{old} on {circle} is retired to make room.", old=old.card.name, circle=circle),
                unit=f"{player}.circles.{circle}",
            )
        )
    side.circles[circle] = Unit(card)
    events.append(
        _event(
            "call",
            ("VG-CALL",),
            msg("Player {player} calls {card} to {circle}.", player=player, card=card.name, circle=circle),
            player=player,
            card=card.name,
            circle=circle,
        )
    )
    if card.skills:
        trigger(state, "placed", [(player, circle)], events)


def _move(state: State, action: Action, events: list[Event]) -> None:
    _require_turn(state, action, "main", "VG-MOVE", "move units")
    player = action.player
    owner, zone, source, unit = resolve(state, action.card)
    if owner != player or zone != "circles" or source not in COLUMN_PARTNER:
        raise _illegal(
            "VG-MOVE",
            msg("Only player {player}'s rear-guards in the FL/BL/FR/BR circles can move.", player=player),
        )
    if COLUMN_PARTNER[source] != action.circle:
        raise _illegal(
            "VG-MOVE",
            msg(
                "A rear-guard moves to the other circle of its column: from {source} only to {partner}.",
                source=source,
                partner=COLUMN_PARTNER[source],
            ),
        )
    circles = state.players[player].circles
    circles[source], circles[action.circle] = circles[action.circle], unit
    events.append(
        _event(
            "move",
            ("VG-MOVE",),
            msg(
                "{unit} moves from {source} to {circle} (the units swap).",
                unit=unit.card.name,
                source=source,
                circle=action.circle,
            )
            if circles[source] is not None
            else msg(
                "{unit} moves from {source} to {circle}.",
                unit=unit.card.name,
                source=source,
                circle=action.circle,
            ),
            unit=f"{player}.circles.{source}",
            circle=action.circle,
        )
    )


def _no_battle_this_turn(state: State) -> bool:
    """Standard rules: the player who goes first skips the battle phase of the game's first turn."""
    return state.turn == 1 and bool(state.flags.get("first_turn_no_battle"))


def _attack(state: State, action: Action, events: list[Event]) -> None:
    _require_turn(state, action, "battle", "VG-ATTACK", "attack")
    if _no_battle_this_turn(state):
        raise _illegal(
            ("VG-FIRST-TURN-NO-BATTLE", "VG-ATTACK"),
            msg(
                "Player {player} goes first: there is no battle on the first turn ({ruleset} rules).",
                player=action.player,
                ruleset=state.ruleset,
            ),
        )
    player = action.player
    side = state.players[player]
    owner, zone, circle, attacker = resolve(state, action.attacker)
    if attacker is None:
        raise _illegal(
            "VG-ATTACK", msg("There is no unit on {circle} to attack with any more.", circle=action.attacker)
        )
    if owner != player or circle not in FRONT_CIRCLES:
        raise _illegal(
            "VG-ATTACK", msg("The attacker is one of the turn player's front-row units (V, FL, FR).")
        )
    if not attacker.stand:
        raise _illegal(
            "VG-ATTACK", msg("{attacker} is rested and cannot attack.", attacker=attacker.card.name)
        )
    defender, _, target, target_unit = resolve(state, action.target)
    if target_unit is None:  # retired since the action was read (the battle before it closed)
        raise _illegal(
            "VG-ATTACK", msg("There is no unit on {circle} to attack any more.", circle=action.target)
        )
    if defender == player or target not in FRONT_CIRCLES:
        raise _illegal(
            "VG-ATTACK",
            msg("The target is a unit of the opponent's front row (V, FL, FR), not the back row."),
        )
    booster_circle = None
    if action.booster is not None:
        b_owner, _, booster_circle, booster = resolve(state, action.booster)
        if b_owner != player or booster_circle != BEHIND[circle]:
            raise _illegal(
                "VG-BOOST",
                msg(
                    "Only the unit directly behind the attacker ({circle}) can boost it.",
                    circle=BEHIND[circle],
                ),
            )
        if booster.card.grade > 1:
            raise _illegal(
                "VG-BOOST",
                msg(
                    "{booster} is grade {grade}: only grade 0 and 1 units can boost.",
                    booster=booster.card.name,
                    grade=booster.card.grade,
                ),
            )
        if not booster.stand:
            raise _illegal(
                "VG-BOOST", msg("{booster} is rested and cannot boost.", booster=booster.card.name)
            )
        side.circles[booster_circle] = booster.rested()
    side.circles[circle] = attacker.rested()
    battle = Battle(player, circle, target, booster_circle)
    battle.drive_left = drive_count(attacker, circle)
    battle.drive_reveals = list(action.drive_checks) if action.drive_checks is not None else None
    battle.damage_reveals = list(action.damage_checks) if action.damage_checks is not None else None
    battle.source = action.path
    state.battle = battle
    events.append(
        _event(
            "attack",
            ("VG-ATTACK", "VG-BOOST") if booster_circle else ("VG-ATTACK",),
            msg(
                "{attacker} rests and attacks {target}, boosted by {booster}: {power} power.",
                attacker=attacker.card.name,
                target=target_unit.card.name,
                booster=state.players[player].circles[booster_circle].card.name,
                power=attack_power(state, battle),
            )
            if booster_circle
            else msg(
                "{attacker} rests and attacks {target}: {power} power.",
                attacker=attacker.card.name,
                target=target_unit.card.name,
                power=attack_power(state, battle),
            ),
            attacker=action.attacker,
            target=action.target,
            power=attack_power(state, battle),
        )
    )
    defender_side = state.players[defender]
    if _has_skills(side) or _has_skills(defender_side):
        found = [
            *triggered(state, "attack", [(player, circle)]),
            *triggered(state, "boost", [(player, booster_circle)] if booster_circle else []),
            *triggered(state, "attacked", [(defender, target)]),
        ]
        turn_player = state.turn_player
        found = [p for p in found if p.player == turn_player] + [p for p in found if p.player != turn_player]
        trigger(state, "attack", [], events, found)
    advance(state, events)


def _guard(state: State, action: Action, events: list[Event]) -> None:
    battle = state.battle
    player = action.player
    if battle is None or battle.step != "guard":
        raise _illegal("VG-GUARD", msg("Guardians are called only in the guard step of an attack."))
    if player == battle.player:
        raise _illegal("VG-GUARD", msg("Only the attacked player guards."))
    side = state.players[player]
    if not action.cards:
        events.append(
            _event("guard_end", ("VG-GUARD",), msg("Player {player} calls no more guardians.", player=player))
        )
        advance(state, events, close_guard=True)
        return
    grade = side.circles["V"].card.grade
    indexes = []
    for ref in action.cards:
        owner, zone, key, card = resolve(state, ref)
        if owner != player or zone != "hand":
            raise _illegal("VG-GUARD", msg("Guardians come from player {player}'s hand.", player=player))
        reason = can_guard_with(card, grade)
        if reason:
            raise _illegal(
                "VG-HIDDEN-CARD" if card.hidden else "VG-GUARD",
                msg("{ref} cannot guard: {reason}.", ref=ref, reason=reason),
            )
        indexes.append(int(key))
    chosen = set(indexes)
    guardians = [side.hand[i] for i in indexes]
    side.hand = [c for i, c in enumerate(side.hand) if i not in chosen]
    side.guardians.extend(guardians)
    shield = sum(guardian_shield(state, player, c) for c in guardians)
    events.append(
        _event(
            "guard",
            ("VG-GUARD",),
            msg(
                "Player {player} guards with {guardians} (+{shield} shield): {defense} to beat.",
                player=player,
                guardians=", ".join(c.name for c in guardians),
                shield=shield,
                defense=defense_power(state, battle),
            ),
            player=player,
            shield=shield,
        )
    )
    advance(state, events)


def _intercept(state: State, action: Action, events: list[Event]) -> None:
    battle = state.battle
    player = action.player
    if battle is None or battle.step != "guard" or player == battle.player:
        raise _illegal(
            "VG-INTERCEPT", msg("Only the attacked player intercepts, in the guard step of an attack.")
        )
    owner, zone, circle, unit = resolve(state, action.card)
    if owner != player or zone != "circles" or circle not in ("FL", "FR"):
        raise _illegal(
            "VG-INTERCEPT", msg("Only a rear-guard of the attacked player's front row (FL, FR) intercepts.")
        )
    if circle == battle.target:
        raise _illegal("VG-INTERCEPT", msg("The attacked unit cannot intercept its own attack."))
    if unit.card.grade != 2:
        raise _illegal(
            "VG-INTERCEPT",
            msg(
                "{unit} is grade {grade}: only grade 2 units intercept.",
                unit=unit.card.name,
                grade=unit.card.grade,
            ),
        )
    side = state.players[player]
    side.circles[circle] = None
    side.guardians.append(unit.card)
    events.append(
        _event(
            "intercept",
            ("VG-INTERCEPT",),
            msg(
                "{unit} intercepts from {circle} (+{shield} shield): {defense} to beat.",
                unit=unit.card.name,
                circle=circle,
                shield=unit.card.shield or 0,
                defense=defense_power(state, battle),
            ),
            unit=action.card,
        )
    )
    advance(state, events)


def _next_phase(state: State, action: Action, events: list[Event]) -> None:
    _require_turn(state, action, None, "VG-TURN-PHASES", "change the phase")
    if state.phase == "setup":
        raise _illegal(
            "VG-SETUP-MULLIGAN", msg("The game starts once both players have kept or redrawn their hand.")
        )
    if state.phase == "stand" or (state.phase == "draw" and not state.draw_done):
        _start_turn(state, events)
        return
    if state.phase == "end":
        _end_turn(state, events)
        return
    if state.phase == "main" and _no_battle_this_turn(state):
        state.phase = "end"
        _clear_bonuses(state)
        events.append(
            _event(
                "phase",
                ("VG-FIRST-TURN-NO-BATTLE", "VG-END-PHASE"),
                msg(
                    "Player {turn_player} goes first: the battle phase of the first turn is skipped; "
                    "the end phase begins.",
                    turn_player=state.turn_player,
                ),
                phase="end",
                skipped="battle",
            )
        )
        return
    state.phase = NEXT_PHASE[state.phase]
    if state.phase == "end":
        _clear_bonuses(state)
    events.append(
        _event(
            "phase",
            ("VG-END-PHASE",) if state.phase == "end" else ("VG-TURN-PHASES",),
            msg("The {phase} phase begins.", phase=PHASES[state.phase]),
            phase=state.phase,
        )
    )


def _end_turn_action(state: State, action: Action, events: list[Event]) -> None:
    _require_turn(state, action, None, "VG-TURN-PHASES", "end the turn")
    if state.phase == "setup":
        raise _illegal(
            "VG-SETUP-MULLIGAN", msg("The game starts once both players have kept or redrawn their hand.")
        )
    _end_turn(state, events)


_ONE_SIDED = frozenset({"ride", "call", "move", "activate"})
_QUIET = frozenset({"ride", "main"})  # next_phase from there only changes the phase
_HANDLERS = {
    "mulligan": _mulligan,
    "ride": _ride,
    "call": _call,
    "move": _move,
    "attack": _attack,
    "guard": _guard,
    "intercept": _intercept,
    "next_phase": _next_phase,
    "end_turn": _end_turn_action,
    "activate": activate,
}


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    finished = outcome(state)
    if finished.finished:
        raise GameOver(finished.rules, msg("The game is already over: no further action applies."))
    kind = action.type
    if state.pending or kind == "resolve_skill":
        return _apply_pending(state, action)
    quiet = kind == "next_phase" and (state.phase in _QUIET or (state.phase == "draw" and state.draw_done))
    if quiet and state.phase == "main" and _no_battle_this_turn(state):
        quiet = False  # straight to the end phase, which clears trigger bonuses: the zones change
    if state.battle is None and (kind in _ONE_SIDED or quiet):
        # Ride, call and move change only the acting player's zones (the other side is shared); moving
        # on from a drawn draw phase, the ride or the main phase changes no zone at all.
        new = state.copy(sides="" if quiet else action.player)
        events: list[Event] = []
        _HANDLERS[kind](new, action, events)
        events.extend(_loss_events(new))
        return new, events
    new = state.copy()
    events = []
    battle = new.battle
    if battle is not None and battle.trigger is None and battle.step == "guard":
        defender = other(battle.player)
        _refuse_in_guard_step(action, defender)
        if not (action.player == defender and action.type in ("guard", "intercept")):
            # The defender said nothing more: the guard step ends before this action.
            advance(new, events, close_guard=True)
            battle = new.battle
    if battle is not None and battle.trigger is not None:
        pending = battle.trigger
        if action.type != "assign_trigger" or action.player != pending.player:
            raise _illegal(
                "VG-TRIGGER-CHOICE",
                msg(
                    "Player {player} must first assign the {trigger} trigger revealed by the {check} check: "
                    "assign_trigger with {choices}.",
                    player=pending.player,
                    trigger=TRIGGERS[pending.card.trigger],
                    check=CHECKS[pending.check],
                    choices=", ".join(missing_choices(new, pending)),
                ),
            )
        assign_trigger(new, action, events)
        advance(new, events)
    elif action.type == "assign_trigger":
        raise _illegal("VG-TRIGGER-CHOICE", msg("No trigger is waiting for a choice."))
    elif battle is not None and action.type not in ("guard", "intercept"):
        raise _illegal("VG-TURN-PHASES", msg("An attack is still being resolved."))
    else:
        _HANDLERS[action.type](new, action, events)
    events.extend(_loss_events(new))
    return new, events


def _apply_pending(state: State, action: Action) -> tuple[State, list[Event]]:
    """While AUTO skills wait, only ``resolve_skill`` applies (VG-SKILL-AUTO, VG-SKILL-AUTO-ORDER)."""
    if action.type != "resolve_skill":
        raise _illegal(
            "VG-SKILL-AUTO",
            msg(
                "Player {player} must first resolve the waiting AUTO skill: resolve_skill.",
                player=state.pending[0].player,
            ),
        )
    new = state.copy()
    events: list[Event] = []
    resolve_skill(new, action, events)
    advance(new, events)
    events.extend(_loss_events(new))
    return new, events


def settle(state: State, next_action: object) -> tuple[State, list[Event]]:
    """Close an open guard step unless the next action is the defender's guard or intercept."""
    battle = state.battle
    if battle is None or battle.trigger is not None or battle.step != "guard" or outcome(state).finished:
        return state, []
    if state.pending:
        return state, []
    if isinstance(next_action, dict) and next_action.get("type") in ("guard", "intercept"):
        actor = next_action.get("player")
        if actor is None:
            actor = default_player(state, next_action["type"])
        if actor == other(battle.player):
            return state, []
    if isinstance(next_action, dict):
        # The defender's other actions and the attacker's guard are refused before anything happens.
        kind = next_action.get("type")
        actor = next_action.get("player")
        if actor is None and kind in ("guard", "intercept"):
            actor = other(state.turn_player)
        if actor is None and kind == "assign_trigger":
            actor = "any"  # whoever's trigger the closed step reveals
        defender_acts = actor == other(battle.player) and kind != "assign_trigger"
        if defender_acts or (actor == battle.player and kind in ("guard", "intercept")):
            return state, []
    new = state.copy()
    events: list[Event] = []
    advance(new, events, close_guard=True)
    events.extend(_loss_events(new))
    waits = bool(new.pending) or (new.battle is not None and new.battle.trigger is not None)
    if next_action is not None and not waits and not outcome(new).finished and _refused(new, next_action):
        # The attacker's next action closes the guard step (the defender has passed) unless it is
        # refused for its own reason: a refused action changes nothing. When the closed step waits for
        # a choice (a trigger, an AUTO skill) the close stands: the action came before that choice.
        return state, []
    return new, events


def _refuse_in_guard_step(action: Action, defender: str) -> None:
    """In the guard step the defender only guards or intercepts (or, once the step closes, assigns a
    damage-check trigger), and only the defender guards: anything else from them, and the attacker's
    guard or intercept, is refused before the step closes."""
    if action.type in ("guard", "intercept") and action.player != defender:
        raise _illegal(
            "VG-GUARD" if action.type == "guard" else "VG-INTERCEPT",
            msg("Only the attacked player (player {defender}) guards and intercepts.", defender=defender),
        )
    if action.player == defender and action.type not in ("guard", "intercept", "assign_trigger"):
        raise _illegal(
            ("VG-GUARD", "VG-TURN-PHASES"),
            msg(
                "Player {defender} is being attacked: until they stop guarding they can only guard or "
                "intercept.",
                defender=defender,
            ),
        )


def _refused(state: State, data: object) -> bool:
    """Whether the next action (raw JSON) would be refused in ``state`` (the battle's guard step closed)."""
    return refused(apply, parse_action, state, data)


# ---------------------------------------------------------------------------------- legal actions


def _assign_options(state: State, pending: PendingTrigger) -> list[Action]:
    player = pending.player
    circles = state.players[player].circles
    units = [f"{player}.circles.{n}" for n, u in circles.items() if u is not None]
    kind = pending.card.trigger
    out = []
    if kind == "critical":
        for p in units:
            for c in units:
                out.append(Action("assign_trigger", player, power_to=p, critical_to=c))
    elif kind == "stand":
        rested = _rested_rear_guards(state, player)
        targets = [f"{player}.circles.{n}" for n in rested] if len(rested) > 1 else [None]
        for p in units:
            for t in targets:
                out.append(Action("assign_trigger", player, power_to=p, stand_to=t))
    else:
        for p in units:
            out.append(Action("assign_trigger", player, power_to=p))
    return out


def legal_actions(state: State, player: str | None = None) -> list[Action]:
    if _someone_lost(state):
        return []
    if state.pending:
        return pending_options(state, player)
    out: list[Action] = []
    if state.phase == "setup":
        for p in ("A", "B"):
            side = state.players[p]
            if side.mulligan_done or (player is not None and player != p):
                continue
            refs = [hand_ref(p, i) for i in range(len(side.hand))]
            for size in range(len(refs) + 1):
                for chosen in combinations(refs, size):
                    out.append(make({"type": "mulligan", "player": p, "cards": chosen}))
        return out
    battle = state.battle
    if battle is not None:
        if battle.trigger is not None:
            if player is None or player == battle.trigger.player:
                return _assign_options(state, battle.trigger)
            return out
        defender = other(battle.player)
        if player is not None and player != defender:
            return out
        side = state.players[defender]
        grade = side.circles["V"].card.grade
        out.append(make({"type": "guard", "player": defender, "cards": ()}))
        for i, card in enumerate(side.hand):
            if can_guard_with(card, grade) is None:
                out.append(make({"type": "guard", "player": defender, "cards": (hand_ref(defender, i),)}))
        for name in interceptors(state, battle):
            out.append(make({"type": "intercept", "player": defender, "card": CIRCLE_REFS[defender][name]}))
        return out
    me = state.turn_player
    if player is not None and player != me:
        return out
    side = state.players[me]
    phase = state.phase
    circles = side.circles
    if phase == "ride":
        if not side.rode:
            grade = circles["V"].card.grade
            for i, card in enumerate(side.hand):
                if not card.hidden and (card.grade == grade or card.grade == grade + 1):
                    out.append(make({"type": "ride", "player": me, "card": hand_ref(me, i)}))
    elif phase == "main":
        grade = circles["V"].card.grade
        for i, card in enumerate(side.hand):
            if not card.hidden and card.grade <= grade:
                ref = hand_ref(me, i)
                for circle in REAR_CIRCLES:
                    action = _new(Action)
                    action.__dict__ = {"type": "call", "player": me, "card": ref, "circle": circle}
                    out.append(action)
        refs = CIRCLE_REFS[me]
        for source, dest in COLUMN_PARTNER.items():
            if circles[source] is not None:
                out.append(make({"type": "move", "player": me, "card": refs[source], "circle": dest}))
        out.extend(legal_activations(state, me))
    elif phase == "battle" and not _no_battle_this_turn(state):
        foe = other(me)
        foe_circles = state.players[foe].circles
        foe_refs = CIRCLE_REFS[foe]
        refs = CIRCLE_REFS[me]
        targets = [foe_refs[n] for n in FRONT_CIRCLES if foe_circles[n] is not None]
        for name in FRONT_CIRCLES:
            unit = circles[name]
            if unit is None or not unit.stand:
                continue
            ref = refs[name]
            behind = BEHIND[name]
            booster = circles[behind]
            boost = booster is not None and booster.stand and booster.card.grade <= 1
            for target in targets:
                out.append(make({"type": "attack", "player": me, "attacker": ref, "target": target}))
                if boost:
                    out.append(
                        make(
                            {
                                "type": "attack",
                                "player": me,
                                "attacker": ref,
                                "target": target,
                                "booster": refs[behind],
                            }
                        )
                    )
    if phase != "end":
        out.append(make({"type": "next_phase", "player": me}))
    out.append(make({"type": "end_turn", "player": me}))
    return out
