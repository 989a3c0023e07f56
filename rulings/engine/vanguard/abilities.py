"""Vanguard skills at play: ACT in the main phase, AUTO at their timings (and their order), CONT values.

The vocabulary is in ``skills.py``. Rules (catalogue ``VG-SKILL-…``):

- **ACT** (``activate``): the turn player's main phase, no battle; the unit is where the skill works
  (``on``), the condition holds, a once-per-turn skill is unused this turn, the whole cost can be paid;
  the cost is paid, then the effects happen in order.
- **AUTO**: a skill triggers at its timing (``placed``: ridden or called onto its circle; ``attack``:
  this unit attacks; ``boost``: it boosts; ``attacked``: it is attacked; ``hit``: its attack hits, after
  the damage checks; ``battle_end``: the battle it attacked in ends) if its condition holds then. The
  triggered skills wait in ``state.pending``: the turn player's first, then the other player's. A player
  with several at once chooses their order (``resolve_skill`` names the next); a skill with a cost (which
  may be declined: ``pay: false``) or a chosen target also waits for ``resolve_skill``; a lone skill with
  neither resolves by itself. Nothing else happens while a skill waits.
- **CONT**: while the unit is where the skill works and the condition holds, its power, critical (or a
  guardian's shield) modifiers apply; they are read when the hit is decided, never written into the
  unit's ``power``.
"""

from __future__ import annotations

from ..base import Event, IllegalAction
from ..messages import Message, msg, terms
from .actions import CIRCLE_REFS, Action, make, resolve
from .skills import CHOSEN, Skill
from .state import FRONT_CIRCLES, REAR_CIRCLES, Card, PendingSkill, PlayerState, State, Unit, other

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


def _event(type: str, rules: tuple[str, ...], text: Message, **data: object) -> Event:
    return Event(type, dict(data), rules, text)


def _illegal(rules: tuple[str, ...], text: Message) -> IllegalAction:
    return IllegalAction(list(rules), text)


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
    from .rules import _draw  # the draw of the rules, with its event

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
        else:  # retire a chosen opponent's rear-guard
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
    from .state import HIDDEN

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
    from .rules import PHASES

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
    return [CIRCLE_REFS[owner][n] for n in names if circles[n] is not None]


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


__all__ = [
    "CHOSEN",
    "auto_report",
    "activate",
    "check_activation",
    "cont_bonus",
    "guardian_shield",
    "legal_activations",
    "pending_options",
    "resolve_skill",
    "trigger",
    "triggered",
]
