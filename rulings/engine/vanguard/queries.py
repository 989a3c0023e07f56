"""Answers to the Vanguard queries of ``situations.md``: damage, deck_out, legal_actions."""

from __future__ import annotations

from typing import Any

from ..base import JSON, Event, IllegalAction, MalformedDocument, PathError
from ..messages import Sentences, msg
from .actions import Action, _check_reference, _parse_cards, resolve
from .catalogue import CATALOGUE
from .rules import (
    TIMINGS,
    advance,
    apply,
    assign_trigger,
    attack_power,
    auto_report,
    check_activation,
    drive_count,
    legal_actions,
    losers,
    needs_choice,
    pending_options,
    resolve_skill,
    trigger,
    triggered,
)
from .state import BEHIND, FRONT_CIRCLES, REAR_CIRCLES, Battle, Card, State, _Errors, other

# Stands for a check card the question left out (deck given as a count): a card without a trigger.
NO_TRIGGER = Card("(a card without trigger)", 0, 0)
_PADDING = 12  # more checks than any attack makes

QUERY_FIELDS = {
    "damage": ("attacker", "target", "booster", "guardians", "interceptors", "drive_checks", "damage_checks"),
    "deck_out": ("player",),
    "legal_actions": ("player",),
    "can_activate": ("card", "skill", "target"),
    "auto_order": ("timing", "card", "attacker", "target", "booster"),
}


def answer(state: State, query: Any, *, path: str = "/query") -> JSON:
    if not isinstance(query, dict):
        raise MalformedDocument(PathError(path, 'a query is an object such as {"kind": "legal_actions"}'))
    kind = query.get("kind")
    if kind not in QUERY_FIELDS:
        raise MalformedDocument(
            PathError(f"{path}/kind", f"unknown query {kind!r}; expected one of {', '.join(QUERY_FIELDS)}")
        )
    allowed = ("kind", *QUERY_FIELDS[kind])
    unknown = [PathError(f"{path}/{k}", f"unknown field {k!r} for {kind}") for k in query if k not in allowed]
    if unknown:
        raise MalformedDocument(unknown)
    if kind == "damage":
        return damage(state, query, path)
    if kind == "can_activate":
        return can_activate(state, query, path)
    if kind == "auto_order":
        return auto_order(state, query, path)
    player = query.get("player")
    if kind == "legal_actions":
        if player is not None and player not in ("A", "B"):
            raise MalformedDocument(PathError(f"{path}/player", f'"A", "B" or left out, got {player!r}'))
        return {"actions": [action.to_json() for action in legal_actions(state, player)]}
    if player not in ("A", "B"):
        raise MalformedDocument(PathError(f"{path}/player", f'required: "A" or "B", got {player!r}'))
    return deck_out(state, player)


def deck_out(state: State, player: str) -> JSON:
    """When ``player`` loses by an empty deck, counting the one card of each of their draw phases."""
    deck = state.players[player].deck_size()
    if deck == 0:
        return {
            "deck": 0,
            "loses": True,
            "when": "now: an empty deck loses at once, without having to draw",
            "rules": ["VG-WIN-DECK"],
        }
    if player == state.turn_player and (
        state.phase in ("setup", "stand") or (state.phase == "draw" and not state.draw_done)
    ):
        first_draw = state.turn
    elif player == state.turn_player:
        first_draw = state.turn + 2
    else:
        first_draw = state.turn + 1
    last = first_draw + 2 * (deck - 1)
    return {
        "deck": deck,
        "loses": False,
        "when": f"draw phase of turn {last}, when the last card is drawn (sooner if checks or effects take "
        "cards from the deck)",
        "turn": last,
        "rules": ["VG-WIN-DECK", "VG-DRAW-PHASE"],
    }


def _ref(state: State, query: dict[str, Any], key: str, path: str, errors: _Errors) -> str | None:
    value = query.get(key)
    if value is None:
        return None
    return _check_reference(state, value, f"{path}/{key}", errors, "circles")


def damage(state: State, query: dict[str, Any], path: str) -> JSON:
    """What an attack would do now, with the given guardians and interceptors (not applied).

    Trigger choices are made for the question's sake: the attacker gives drive-check power and
    critical to the attacking unit (a stand trigger stands the first rested rear-guard); the defender
    gives damage-check power to their vanguard.
    """
    errors = _Errors()
    for key in ("attacker", "target"):
        if query.get(key) is None:
            errors.add(f"{path}/{key}", "required")
    attacker_ref = _ref(state, query, "attacker", path, errors)
    target_ref = _ref(state, query, "target", path, errors)
    booster_ref = _ref(state, query, "booster", path, errors)
    guardian_refs = []
    interceptor_refs = []
    for key, zone, out in (
        ("guardians", "hand", guardian_refs),
        ("interceptors", "circles", interceptor_refs),
    ):
        value = query.get(key, [])
        if not isinstance(value, list):
            errors.add(f"{path}/{key}", "a list of card references")
            continue
        for i, item in enumerate(value):
            ref = _check_reference(state, item, f"{path}/{key}/{i}", errors, zone)
            if ref is not None:
                out.append(ref)
    if errors.items:
        raise MalformedDocument(errors.items)
    player, _, attacker_circle, _ = resolve(state, attacker_ref)
    defender, _, target_circle, _ = resolve(state, target_ref)
    if defender == player:
        errors.add(f"{path}/target", "the attacked unit belongs to the other player")
    if attacker_circle not in FRONT_CIRCLES:
        errors.add(f"{path}/attacker", "the attacker stands on a front-row circle (V, FL, FR)")
    if target_circle not in FRONT_CIRCLES:
        errors.add(f"{path}/target", "only front-row units (V, FL, FR) can be attacked")
    booster_circle = None
    if booster_ref is not None:
        owner, _, booster_circle, _ = resolve(state, booster_ref)
        if owner != player or booster_circle != BEHIND.get(attacker_circle):
            errors.add(f"{path}/booster", "the booster is the unit directly behind the attacker")
    for i, ref in enumerate(guardian_refs):
        if not ref.startswith(f"{defender}."):
            errors.add(f"{path}/guardians/{i}", f"guardians come from player {defender}'s hand")
    for i, ref in enumerate(interceptor_refs):
        owner, _, circle, _ = resolve(state, ref)
        if owner != defender or circle not in ("FL", "FR") or circle == target_circle:
            errors.add(
                f"{path}/interceptors/{i}", "an interceptor is another front-row rear-guard of the defender"
            )
    reveals = {}
    for key, owner in (("drive_checks", player), ("damage_checks", defender)):
        value = query.get(key)
        if value is None:
            reveals[key] = None
            continue
        if isinstance(state.players[owner].deck, list):
            errors.add(f"{path}/{key}", f"player {owner}'s deck is a list: checks reveal its top cards")
        reveals[key] = _parse_cards(state, value, f"{path}/{key}", errors)
    if errors.items:
        raise MalformedDocument(errors.items)

    legality = attack_legality(
        state, player, attacker_ref, target_ref, booster_ref, guardian_refs, interceptor_refs
    )
    sim = state.copy()
    sim.phase = "battle"
    sim.turn_player = player
    mine, theirs = sim.players[player], sim.players[defender]
    attacker = mine.circles[attacker_circle]
    mine.circles[attacker_circle] = attacker.rested()
    if booster_circle is not None:
        mine.circles[booster_circle] = mine.circles[booster_circle].rested()
    for index in sorted((int(ref.split(".")[2]) for ref in guardian_refs), reverse=True):
        theirs.guardians.append(theirs.hand.pop(index))
    for ref in interceptor_refs:
        circle = ref.split(".")[2]
        theirs.guardians.append(theirs.circles[circle].card)
        theirs.circles[circle] = None
    battle = Battle(player, attacker_circle, target_circle, booster_circle)
    battle.drive_left = drive_count(attacker, attacker_circle)
    # A question may leave out the checks of a counted deck: they are then taken as cards without a
    # trigger, and the answer counts those assumptions (an attack action instead must give them).
    padded = {}
    for key, owner in (("drive_checks", player), ("damage_checks", defender)):
        given = reveals[key] or []
        padded[key] = None
        if not isinstance(sim.players[owner].deck, list):
            padded[key] = [*given, *[NO_TRIGGER] * _PADDING]
    battle.drive_reveals = padded["drive_checks"]
    battle.damage_reveals = padded["damage_checks"]
    battle.source = path
    sim.battle = battle
    events: list[Event] = [
        Event(
            "attack",
            {"attacker": attacker_ref, "target": target_ref},
            ("VG-ATTACK", "VG-BOOST") if booster_circle else ("VG-ATTACK",),
            msg(
                "{attacker} attacks with {power} power.",
                attacker=attacker.card.name,
                power=attack_power(sim, battle),
            ),
        )
    ]
    if guardian_refs:
        events.append(Event("guard", {"player": defender}, ("VG-GUARD",)))
    if interceptor_refs:
        events.append(Event("intercept", {"player": defender}, ("VG-INTERCEPT",)))
    found = [
        *triggered(sim, "attack", [(player, attacker_circle)]),
        *triggered(sim, "boost", [(player, booster_circle)] if booster_circle else []),
        *triggered(sim, "attacked", [(defender, target_circle)]),
    ]
    if found:
        found = [p for p in found if p.player == player] + [p for p in found if p.player != player]
        trigger(sim, "attack", [], events, found)
    _settle_skills(sim, events)
    advance(sim, events, close_guard=True)
    _settle_skills(sim, events)
    while sim.battle is not None and sim.battle.trigger is not None:
        pending = sim.battle.trigger
        who = pending.player
        unit = f"{who}.circles.{attacker_circle if who == player else 'V'}"
        rested = [
            n
            for n in REAR_CIRCLES
            if sim.players[who].circles[n] is not None and not sim.players[who].circles[n].stand
        ]
        choice = Action(
            "assign_trigger",
            who,
            power_to=unit,
            critical_to=unit if pending.card.trigger == "critical" else None,
            stand_to=f"{who}.circles.{rested[0]}" if pending.card.trigger == "stand" and rested else None,
        )
        assign_trigger(sim, choice, events)
        advance(sim, events, close_guard=True)
        _settle_skills(sim, events)
    hit_event = next((e for e in events if e.type in ("hit", "no_hit")), None)
    return {
        "hit": hit_event is not None and hit_event.type == "hit",
        "damage_checks": sum(1 for e in events if e.type == "damage_check"),
        "damage_after": {p: len(sim.players[p].damage) for p in ("A", "B")},
        "retired": [e.data["unit"] for e in events if e.type == "retire"],
        "attack_power": hit_event.data["attack"] if hit_event else None,
        "defense_power": hit_event.data["defense"] if hit_event else None,
        "drive_checks": sum(1 for e in events if e.type == "drive_check"),
        "guardians_retired": guardian_refs + interceptor_refs,
        "rules": list(dict.fromkeys(rule for e in events for rule in e.rules)),
        "explanation": Sentences(e.message for e in events),
        "assumed_no_trigger": {
            key: _PADDING - sum(1 for card in left if card is NO_TRIGGER)
            for key, left in (
                ("drive_checks", battle.drive_reveals),
                ("damage_checks", battle.damage_reveals),
            )
            if left is not None
        },
        "loses": sorted({e.data["player"] for e in events if e.type == "lose"} | _losers(sim)),
        **legality,
    }


def attack_legality(
    state: State,
    player: str,
    attacker: str,
    target: str,
    booster: str | None,
    guardians: list[str],
    interceptors: list[str],
) -> JSON:
    """``{"legal": true}``, or ``{"legal": false, "not_legal": {"rules", "explanation"}}``: whether the
    attack (with its boost) could be declared now, and the guardians and interceptors called against it
    — the same refusals ``apply`` gives, tried on copies."""
    if state.battle is not None:
        return _not_legal(IllegalAction(["VG-TURN-PHASES"], msg("An attack is still being resolved.")))
    fields: dict[str, Any] = {"attacker": attacker, "target": target}
    if booster is not None:
        fields["booster"] = booster
    try:
        after, _ = apply(state, Action("attack", player, **fields))
        defender = other(player)
        if guardians:
            after, _ = apply(after, Action("guard", defender, cards=tuple(guardians)))
        for ref in interceptors:
            circle = ref.split(".")[2]
            after, _ = apply(after, Action("intercept", defender, card=f"{defender}.circles.{circle}"))
    except IllegalAction as error:
        return _not_legal(error)
    return {"legal": True}


def _not_legal(error: IllegalAction) -> JSON:
    return {"legal": False, "not_legal": {"rules": list(error.rules), "explanation": error.message}}


def _settle_skills(sim: State, events: list[Event]) -> None:
    """Skills waiting in the question's simulation resolve in the listed order, costs paid when they
    can be, the first possible target chosen; the battle then goes on."""
    while sim.pending:
        options = pending_options(sim, None)
        resolve_skill(sim, options[0], events)
        advance(sim, events, close_guard=True)


def _steps_json(steps: list[tuple[str, Any]]) -> JSON:
    """The steps of an answer: each with its rule and the passage of the rule text it applies."""
    return {
        "steps": [
            {"rule": rule, "passage": CATALOGUE[rule].passage, "explanation": text} for rule, text in steps
        ],
        "rules": list(dict.fromkeys(rule for rule, _ in steps)),
        "explanation": Sentences(text for _, text in steps),
    }


def can_activate(state: State, query: dict[str, Any], path: str) -> JSON:
    """Whether an ACT skill can be activated now, every check explained in order with its rule quoted."""
    errors = _Errors()
    if query.get("card") is None:
        errors.add(f"{path}/card", 'required: the unit, such as "A.circles.V"')
    ref = _ref(state, query, "card", path, errors)
    target = query.get("target")
    if target is not None:
        target = _check_reference(state, target, f"{path}/target", errors, "circles")
    index = query.get("skill")
    if index is not None and (not isinstance(index, int) or isinstance(index, bool) or index < 0):
        errors.add(f"{path}/skill", f"the index of the skill in its card's skills (0, 1…), got {index!r}")
    if errors.items:
        raise MalformedDocument(errors.items)
    player = ref.split(".")[0]
    skills = state.players[player].circles[ref.split(".")[2]].card.skills
    if index is None:
        index = next((i for i, skill in enumerate(skills) if skill.kind == "ACT"), None)
    steps: list[tuple[str, Any]] = []
    legality: JSON = {"legal": True}
    try:
        _, index, _ = check_activation(state, player, ref, index, target, steps)
    except IllegalAction as error:
        legality = {"legal": False, "not_legal": {"rules": list(error.rules), "explanation": error.message}}
        steps.append((error.rules[0], error.message))
    unit = state.players[player].circles[ref.split(".")[2]]
    skill = unit.card.skills[index] if isinstance(index, int) and 0 <= index < len(unit.card.skills) else None
    return {
        **legality,
        "card": ref,
        "skill": index if skill is not None else None,
        "cost": skill.to_json()["cost"] if skill is not None else {},
        **_steps_json(steps),
    }


def auto_order(state: State, query: dict[str, Any], path: str) -> JSON:
    """Which AUTO skills trigger at a timing, and in which order they resolve, explained step by step."""
    errors = _Errors()
    timing = query.get("timing")
    if timing not in ("placed", "attack", "hit", "battle_end"):
        errors.add(f"{path}/timing", f"one of placed, attack, hit, battle_end, got {timing!r}")
        raise MalformedDocument(errors.items)
    if timing == "placed":
        if query.get("card") is None:
            errors.add(f"{path}/card", 'required for placed: the unit placed, such as "A.circles.FL"')
        ref = _ref(state, query, "card", path, errors)
        if errors.items:
            raise MalformedDocument(errors.items)
        owner, _, circle, _ = resolve(state, ref)
        sim = state
        units = {"placed": [(owner, circle)]}
    else:
        for key in ("attacker", "target"):
            if query.get(key) is None:
                errors.add(f"{path}/{key}", f"required for {timing}")
        attacker = _ref(state, query, "attacker", path, errors)
        target = _ref(state, query, "target", path, errors)
        booster = _ref(state, query, "booster", path, errors)
        if errors.items:
            raise MalformedDocument(errors.items)
        player, _, attacker_circle, _ = resolve(state, attacker)
        defender, _, target_circle, _ = resolve(state, target)
        booster_circle = booster.split(".")[2] if booster else None
        if defender == player:
            errors.add(f"{path}/target", "the attacked unit belongs to the other player")
        if attacker_circle not in FRONT_CIRCLES or target_circle not in FRONT_CIRCLES:
            errors.add(path, "the attacker and the attacked unit stand on front-row circles (V, FL, FR)")
        if booster and (booster.split(".")[0] != player or booster_circle != BEHIND.get(attacker_circle)):
            errors.add(f"{path}/booster", "the booster is the unit directly behind the attacker")
        if errors.items:
            raise MalformedDocument(errors.items)
        sim = state.copy()
        sim.turn_player = player
        sim.phase = "battle"
        sim.battle = Battle(player, attacker_circle, target_circle, booster_circle)
        if timing == "attack":
            units = {
                "attack": [(player, attacker_circle)],
                "boost": [(player, booster_circle)] if booster_circle else [],
                "attacked": [(defender, target_circle)],
            }
        else:
            units = {timing: [(player, attacker_circle)]}
    found: list[Any] = []
    steps: list[tuple[str, Any]] = []
    for moment, who in units.items():
        triggering, skipped = auto_report(sim, moment, who)
        found += triggering
        for pending, reason in skipped:
            steps.append(
                (
                    "VG-SKILL-CONDITION",
                    msg(
                        "{skill} does not trigger: {reason}.", skill=_skill_label(sim, pending), reason=reason
                    ),
                )
            )
    turn_player = sim.turn_player
    found = [p for p in found if p.player == turn_player] + [p for p in found if p.player != turn_player]
    for pending in found:
        steps.append(
            (
                "VG-SKILL-AUTO",
                msg(
                    "{skill} triggers ({timing}).",
                    skill=_skill_label(sim, pending),
                    timing=TIMINGS[pending.timing],
                ),
            )
        )
    players = list(dict.fromkeys(p.player for p in found))
    if len(players) == 2:
        steps.append(
            (
                "VG-SKILL-AUTO-ORDER",
                msg(
                    "Player {turn_player}'s skills resolve first (the turn player's), then player {other}'s.",
                    turn_player=players[0],
                    other=players[1],
                ),
            )
        )
    chooses = []
    for who in players:
        mine = [p for p in found if p.player == who]
        if len(mine) > 1:
            chooses.append({"player": who, "count": len(mine)})
            steps.append(
                (
                    "VG-SKILL-AUTO-ORDER",
                    msg(
                        "Player {player} has {count} AUTO skills to resolve and chooses their order: "
                        "resolve_skill names the next one.",
                        player=who,
                        count=len(mine),
                    ),
                )
            )
        elif needs_choice(sim, mine[0]):
            steps.append(
                (
                    "VG-SKILL-AUTO",
                    msg(
                        "Player {player} resolves the skill with resolve_skill (paying its cost or not, "
                        "choosing its target).",
                        player=who,
                    ),
                )
            )
        else:
            steps.append(
                (
                    "VG-SKILL-AUTO",
                    msg("{skill} needs no choice and resolves by itself.", skill=_skill_label(sim, mine[0])),
                )
            )
    if not found:
        steps.append(("VG-SKILL-AUTO", msg("No AUTO skill triggers at that timing.")))
    return {
        "timing": timing,
        "skills": [
            {
                **p.to_json(),
                "waits": len([q for q in found if q.player == p.player]) > 1 or needs_choice(sim, p),
            }
            for p in found
        ],
        "chooses_order": chooses,
        "not_triggering": [{**p.to_json(), "reason": reason} for p, reason in skipped_all(sim, units)],
        **_steps_json(steps),
    }


def skipped_all(sim: State, units: dict[str, list[tuple[str, str]]]) -> list[tuple[Any, Any]]:
    return [item for moment, who in units.items() for item in auto_report(sim, moment, who)[1]]


def _skill_label(state: State, pending: Any) -> str:
    card = state.players[pending.player].circles[pending.circle].card
    skill = card.skills[pending.index]
    return f"{card.name}: {skill.name}" if skill.name else f"{card.name} ({skill.kind})"


def _losers(state: State) -> set[str]:
    return {player for player, _ in losers(state)}


__all__ = ["answer", "auto_order", "can_activate", "damage", "deck_out", "other"]
