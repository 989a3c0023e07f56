"""Applying Yu-Gi-Oh! actions, listing the legal ones, and battle arithmetic.

Every refusal raises IllegalAction with the catalogue ids that decide it; every event carries the
ids that explain it. ``apply`` never modifies the state it is given: it works on a structural copy.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..base import Event, GameOver, IllegalAction, MalformedDocument, Outcome
from ..effects import MOVE_EVENTS, NEGATIONS, STAT_CHANGES, Effect
from ..messages import Message, Sentences, msg, msg_plural, sentences, terms
from ..skeleton import refused
from .actions import Action, missing_refs, parse_action
from .state import (
    A_FACE_DOWN_CARD,
    DAMAGE_STEPS,
    OTHER,
    PHASES,
    Card,
    OnField,
    State,
    find_card,
    lookup,
    parse_ref,
    ref_str,
)

MAIN_PHASES = ("main1", "main2")
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
RESOLVED_TO_GRAVEYARD = {"normal", "quick-play", "counter", "ritual"}

# The words the sentences are made of ("the battle phase", "Defense Position", "cannot attack"), and what
# the refusals name, built once: the checks run on every action, refused or not.
PHASE_NAMES = terms("yugioh phase", ("draw", "standby", "main1", "battle", "main2", "end"))
POSITIONS = terms("yugioh position", {"attack": "Attack", "defense": "Defense"})
ACTS = terms(
    "yugioh act",
    (
        "Normal Summon",
        "Set a monster",
        "Flip Summon",
        "change a monster's position",
        "activate Polymerization",
        "Set a Spell or Trap",
        "attack",
        "move to the next phase",
        "end the turn",
    ),
)
THE_CARD = msg("The card")
THE_MONSTER = msg("The monster")
A_TRIBUTE = msg("A Tribute")
POLYMERIZATION = msg("Polymerization")
THE_ATTACKER = msg("The attacker")
A_FUSION_MATERIAL = msg("A Fusion Material")
A_DISCARDED_CARD = msg("A discarded card")
CAN_NORMAL_SUMMON = msg("A player can Normal Summon")
CAN_SET_A_MONSTER = msg("A player can Set a monster")
FLIP_SUMMON_HAPPENS = msg("A Flip Summon happens")
POSITION_CHANGES = msg("A position changes")
POLYMERIZATION_ACTIVATED = msg("Polymerization (a Normal Spell) is activated")
SPELLS_AND_TRAPS_SET = msg("Spells and Traps are Set")


def illegal(rules: tuple[str, ...] | list[str] | str, text: Message) -> IllegalAction:
    return IllegalAction([rules] if isinstance(rules, str) else rules, text)


# --- helpers ----------------------------------------------------------------------------------------


def free_monster_zone(state: State, player: str) -> int:
    for i, slot in enumerate(state.players[player].monsters):
        if slot is None:
            return i
    return -1


def free_spell_zone(state: State, player: str) -> int:
    for i, slot in enumerate(state.players[player].spells):
        if slot is None:
            return i
    return -1


def hand_limit_excess(state: State, player: str) -> int:
    """How many cards that player must discard before the current turn can end."""
    if player != state.turn_player and not state.flags["hand_limit_any_player"]:
        return 0
    return max(0, len(state.players[player].hand) - state.flags["hand_limit"])


def field_spell_rule(state: State) -> str:
    return "YGO-FIELD-SPELL-GLOBAL" if state.flags["shared_field_spell"] else "YGO-FIELD-SPELL-OWN-ZONE"


def hand_limit_rule(state: State) -> str:
    return "YGO-HAND-LIMIT-ANY-PLAYER" if state.flags["hand_limit_any_player"] else "YGO-HAND-LIMIT"


def stats(
    state: State, player: str, index: int, battle: tuple | None = None, revealed: tuple | None = None
) -> tuple[int, int]:
    """ATK and DEF of a monster with the modifiers of the face-up Equip Spells equipped to it and of the
    continuous effects that apply to it (``battle``, ``revealed``: see ``continuous_changes``)."""
    slot = state.players[player].monsters[index]
    atk, def_ = slot.card.atk + slot.boost[0], slot.card.def_ + slot.boost[1]
    key = (player, index)
    if state.has_effects:
        for _card, op, amount in continuous_changes(state, key, battle, revealed):
            if op == "modify_atk":
                atk += amount
            else:
                def_ += amount
    for side in ("A", "B"):
        for spell in state.players[side].spells:
            if spell is not None and spell.equipped_to == key and spell.face_up:
                atk += spell.card.atk_modifier
                def_ += spell.card.def_modifier
    return max(0, atk), max(0, def_)


def continuous_changes(
    state: State, key: tuple[str, int], battle: tuple | None = None, revealed: tuple | None = None
) -> list[tuple[Card, str, int]]:
    """The continuous ATK/DEF changes (``modify_atk``/``modify_def`` of a ``continuous`` effect) that
    apply to the monster at ``key``: from every face-up card on the field, for as long as it is there
    (YGO-EFFECT-CONTINUOUS). ``battle`` is the attack being calculated, ``(attacker, target or None)``,
    for the operands "attacker" and "attack_target"; ``revealed`` a face-down monster that the attack
    flips face-up before damage calculation, whose continuous effects then apply."""
    out = []
    for side in ("A", "B"):
        p = state.players[side]
        for zone, row in (
            ("monsters", p.monsters),
            ("spells_traps", p.spells),
            ("field_spell", (p.field_spell,)),
        ):
            for i, slot in enumerate(row):
                if slot is None or not slot.card.effects:
                    continue
                if not slot.face_up and not (zone == "monsters" and (side, i) == revealed):
                    continue
                for effect in slot.card.effects:
                    if effect.timing != "continuous":
                        continue
                    for op, params in effect.does:
                        if (
                            op in STAT_CHANGES
                            and _continuous_operand(params["card"], side, zone, i, battle) == key
                        ):
                            out.append((slot.card, op, params["amount"]))
    return out


def _continuous_operand(value: str, side: str, zone: str, index: int, battle: tuple | None) -> tuple | None:
    """The monster (player, zone index) a continuous effect's card operand names, or None."""
    if value == "self":
        return (side, index) if zone == "monsters" else None
    if value in ("attacker", "attack_target"):
        return None if battle is None else battle[0 if value == "attacker" else 1]
    ref = parse_ref(value)
    return (ref[0], ref[2]) if ref is not None and ref[1] == "monsters" else None


def card_label(found: object) -> str | Message:
    if isinstance(found, OnField):
        return found.card.name if found.face_up else A_FACE_DOWN_CARD
    return found.name if isinstance(found, Card) else "?"


def check_end(state: State) -> Event | None:
    """State-based loss at 0 LP (both at once: a draw). Returns the event, or None."""
    if state.ended is not None:
        return None
    a, b = state.players["A"].lp == 0, state.players["B"].lp == 0
    if a and b:
        state.ended = (None, True, ("YGO-LP-BOTH-ZERO",))
        return Event(
            "game_over",
            {"draw": True},
            ("YGO-LP-BOTH-ZERO",),
            msg("Both players reached 0 LP together: draw."),
        )
    if a or b:
        loser = "A" if a else "B"
        state.ended = (OTHER[loser], False, ("YGO-LP-ZERO",))
        return Event(
            "game_over",
            {"winner": OTHER[loser], "loser": loser},
            ("YGO-LP-ZERO",),
            msg(
                "Player {loser} has 0 LP and loses; player {winner} wins.",
                loser=loser,
                winner=OTHER[loser],
            ),
        )
    return None


def lose_lp(state: State, player: str, amount: int) -> int:
    """Lower LP, never below 0; returns the damage actually taken."""
    p = state.players[player]
    taken = min(p.lp, amount)
    p.lp -= taken
    return taken


def draw_cards(state: State, player: str, count: int, events: list[Event], rule: str) -> None:
    p = state.players[player]
    drawn = 0
    while drawn < count:
        if p.deck_count == 0:
            if drawn:
                events.append(
                    Event(
                        "draw",
                        {"player": player, "count": drawn},
                        (rule,),
                        msg("{player} draws {drawn}.", player=player, drawn=drawn),
                    )
                )
            state.ended = (OTHER[player], False, ("YGO-DECK-OUT",))
            events.append(
                Event(
                    "deck_out",
                    {"player": player, "winner": OTHER[player]},
                    ("YGO-DECK-OUT",),
                    msg(
                        "Player {player} must draw with no card left in the deck and loses the duel.",
                        player=player,
                    ),
                )
            )
            return
        p.hand.append(p.deck.pop(0) if p.deck is not None else _unknown())
        p.deck_count -= 1
        drawn += 1
    events.append(
        Event(
            "draw",
            {"player": player, "count": drawn},
            (rule,),
            msg_plural(
                "Player {player} draws {count} card.",
                "Player {player} draws {count} cards.",
                drawn,
                player=player,
                count=drawn,
            ),
        )
    )


def _unknown() -> Card:
    from .state import UNKNOWN_CARD

    return UNKNOWN_CARD


def enter_draw_phase(state: State, events: list[Event]) -> None:
    """The mandatory draw on entering the Draw Phase (or its skip on the first turn)."""
    if state.draw_done or state.ended is not None:
        return
    state.draw_done = True
    if state.turn == 1:
        if not state.flags["first_player_draws"]:
            events.append(
                Event(
                    "skip_draw",
                    {"player": state.turn_player},
                    ("YGO-DRAW-FIRST-TURN-SKIP",),
                    msg("The first player does not draw on the first turn of the duel."),
                )
            )
            return
        draw_cards(state, state.turn_player, 1, events, "YGO-DRAW-FIRST-TURN-CLASSIC")
        return
    draw_cards(state, state.turn_player, 1, events, "YGO-DRAW")


def start(state: State) -> list[Event]:
    """A state in the Draw Phase has not drawn yet: the draw (or its first-turn skip) happens now.

    Like ``apply``, this returns events and leaves the state to the caller to replace: the draw
    is made on the state itself because the replay owns that state and nobody else holds it.
    """
    events: list[Event] = []
    if state.phase == "draw" and state.ended is None:
        enter_draw_phase(state, events)
    return events


FIELD_ZONES = frozenset(("monsters", "spells_traps", "field_spell"))


def to_graveyard(
    state: State,
    player: str,
    zone: str,
    index: int,
    events: list[Event],
    reason: str,
    rule: str,
    group: int | None = None,
) -> None:
    """Move a card from any zone to its owner's Graveyard; equips of a monster that leaves follow it."""
    p = state.players[player]
    if zone == "monsters":
        slot = p.monsters[index]
        p.monsters[index] = None
        card = slot.card
    elif zone == "spells_traps":
        slot = p.spells[index]
        p.spells[index] = None
        card = slot.card
    elif zone == "field_spell":
        card = p.field_spell.card
        p.field_spell = None
    elif zone == "deck":
        card = p.deck.pop(index)
        p.deck_count -= 1
    else:
        cards = {"hand": p.hand, "graveyard": p.graveyard, "banished": p.banished, "extra_deck": p.extra}[
            zone
        ]
        card = cards.pop(index)
    p.graveyard.append(card)
    if state.happened is not None:
        happened = state.happened
        kind = (
            ("destroyed_by_battle" if rule.startswith("YGO-BATTLE") else "destroyed")
            if reason == "destroyed"
            else "sent_to_graveyard"
        )
        happened.append(
            (group if group is not None else len(happened), kind, card, player, zone in FIELD_ZONES)
        )
    events.append(
        Event(
            reason,
            {"card": ref_str(player, zone, index), "name": card.name},
            (rule,),
            msg(
                "{card} ({ref}) goes to the Graveyard.",
                card=card.name or THE_CARD,
                ref=ref_str(player, zone, index),
            ),
        )
    )
    if zone == "monsters":
        _drop_equips(state, (player, index), events)


def _drop_equips(state: State, key: tuple[str, int], events: list[Event]) -> None:
    for side in ("A", "B"):
        spells = state.players[side].spells
        for i, spell in enumerate(spells):
            if spell is not None and spell.equipped_to == key:
                to_graveyard(state, side, "spells_traps", i, events, "equip_destroyed", "YGO-EQUIP-LEAVES")


def reset_turn_flags(state: State) -> None:
    for side in ("A", "B"):
        p = state.players[side]
        p.ns_used = False
        for row in (p.monsters, p.spells):
            for i, slot in enumerate(row):
                if slot is not None and (slot.summoned or slot.set_ or slot.changed or slot.attacked):
                    fresh = slot.copy()
                    fresh.summoned = fresh.set_ = fresh.changed = fresh.attacked = False
                    row[i] = fresh
        if p.field_spell is not None and p.field_spell.set_:
            fresh = p.field_spell.copy()
            fresh.set_ = False
            p.field_spell = fresh


# --- chains -----------------------------------------------------------------------------------------


def resolve_chain(state: State, events: list[Event]) -> None:
    """Resolve the chain in progress, last link first; spent cards go to the Graveyard."""
    chain = state.chain
    state.chain = ()
    negated: dict[int, str] = {}
    for number in range(len(chain), 0, -1):
        player, ref, _speed, effect_index, link_card = chain[number - 1]
        if effect_index is not None:
            resolve_effect_link(state, chain, number, negated, events)
            continue
        found = lookup(state, ref)
        name = found.card.name if isinstance(found, OnField) else ""
        spent = False
        if isinstance(found, OnField):
            card = found.card
            spent = (card.spell_type if card.kind == "spell" else card.trap_type) in RESOLVED_TO_GRAVEYARD
        if spent:
            # the spent card leaves without a separate event: the spec gives one event per link
            quiet: list[Event] = []
            happened, state.happened = state.happened, None  # not a thing that "happens" for the timing
            to_graveyard(state, ref[0], ref[1], ref[2], quiet, "resolved_to_graveyard", "YGO-SPELL-RESOLVED")
            state.happened = happened
        events.append(
            Event(
                "resolve",
                {"link": number, "card": ref_str(*ref), "name": name, "to_graveyard": spent},
                ("YGO-CHAIN-RESOLVE", "YGO-SPELL-RESOLVED") if spent else ("YGO-CHAIN-RESOLVE",),
                msg(
                    "Chain Link {link} ({card}) resolves and goes to the Graveyard.",
                    link=number,
                    card=name or ref_str(*ref),
                )
                if spent
                else msg("Chain Link {link} ({card}) resolves.", link=number, card=name or ref_str(*ref)),
            )
        )


# --- battle -----------------------------------------------------------------------------------------


class Battle:
    __slots__ = ("damage", "destroyed", "flipped", "rules", "messages", "case", "continuous")

    def __init__(self) -> None:
        self.damage = {"A": 0, "B": 0}
        self.destroyed: list[tuple[str, int]] = []
        self.flipped: list[tuple[str, int]] = []
        self.rules: list[str] = []
        self.messages: list[Message] = []
        self.case = ""
        self.continuous = False


def _continuous_messages(state: State, fight: tuple, revealed: tuple | None, result: Battle) -> None:
    """Say which continuous effects change the ATK/DEF of the monsters of this battle."""
    for key in fight:
        if key is None:
            continue
        for card, op, amount in continuous_changes(state, key, fight, revealed):
            result.continuous = True
            result.messages.append(
                msg(
                    "{card}'s continuous effect gives {target} {amount:+d} {stat}.",
                    card=card.name,
                    target=state.players[key[0]].monsters[key[1]].card.name,
                    amount=amount,
                    stat="ATK" if op == "modify_atk" else "DEF",
                )
            )


def compute_battle(state: State, attacker: tuple[str, int], target: tuple[str, int] | None) -> Battle:
    """Damage calculation for one attack, on the state as it is (nothing is changed)."""
    result = _battle(state, attacker, target)
    if result.continuous:  # after the battle's own rules: the first of those decides the destruction
        result.rules.append("YGO-EFFECT-CONTINUOUS")
    return result


def _battle(state: State, attacker: tuple[str, int], target: tuple[str, int] | None) -> Battle:
    result = Battle()
    a_player, a_index = attacker
    revealed = None
    if target is not None and not state.players[target[0]].monsters[target[1]].face_up:
        revealed = target
    fight = (attacker, target)
    atk, _ = stats(state, a_player, a_index, fight, revealed)
    a_name = state.players[a_player].monsters[a_index].card.name
    if state.has_effects:
        _continuous_messages(state, fight, revealed, result)
    if target is None:
        defender = OTHER[a_player]
        result.damage[defender] = atk
        result.rules.append("YGO-ATTACK-DIRECT")
        result.messages.append(
            msg(
                "{attacker} attacks directly: player {defender} takes {atk} damage (its ATK).",
                attacker=a_name,
                defender=defender,
                atk=atk,
            )
        )
        result.case = "direct"
        return result
    t_player, t_index = target
    slot = state.players[t_player].monsters[t_index]
    t_name = slot.card.name
    if not slot.face_up:
        result.flipped.append(target)
        result.rules.append("YGO-FLIP-BY-ATTACK")
        result.messages.append(
            msg(
                "{target} is attacked face-down: it is flipped face-up in Defense Position first.",
                target=t_name,
            )
        )
    t_atk, t_def = stats(state, t_player, t_index, fight, revealed)
    if slot.position == "attack" and slot.face_up:
        if atk > t_atk:
            result.destroyed.append(target)
            result.damage[t_player] = atk - t_atk
            result.rules.append("YGO-BATTLE-ATK-VS-ATK")
            result.messages.append(
                msg(
                    "{attacker} ({atk} ATK) beats {target} ({target_atk} ATK): {target} is destroyed "
                    "and player {target_player} takes {damage} damage.",
                    attacker=a_name,
                    atk=atk,
                    target=t_name,
                    target_atk=t_atk,
                    target_player=t_player,
                    damage=atk - t_atk,
                )
            )
        elif atk < t_atk:
            result.destroyed.append(attacker)
            result.damage[a_player] = t_atk - atk
            result.rules.append("YGO-BATTLE-ATK-VS-ATK")
            result.messages.append(
                msg(
                    "{attacker} ({atk} ATK) loses to {target} ({target_atk} ATK): {attacker} is destroyed "
                    "and player {attacker_player} takes {damage} damage.",
                    attacker=a_name,
                    atk=atk,
                    target=t_name,
                    target_atk=t_atk,
                    attacker_player=a_player,
                    damage=t_atk - atk,
                )
            )
        elif atk == 0:
            result.rules.append("YGO-BATTLE-ZERO-ATK")
            if state.flags["zero_atk_tie_destroys"]:
                result.destroyed.extend([attacker, target])
                result.messages.append(
                    msg("Both monsters have 0 ATK: under the classic rules both are destroyed.")
                )
            else:
                result.messages.append(
                    msg("Both monsters have 0 ATK: neither is destroyed and nobody takes damage.")
                )
        else:
            result.destroyed.extend([attacker, target])
            result.rules.append("YGO-BATTLE-ATK-TIE")
            result.messages.append(
                msg("Both monsters have {atk} ATK: both are destroyed and nobody takes damage.", atk=atk)
            )
        result.case = "attack"
        return result
    result.case = "defense"
    if atk > t_def:
        result.destroyed.append(target)
        result.rules.append("YGO-BATTLE-ATK-VS-DEF-HIGHER")
        result.messages.append(
            msg(
                "{attacker} ({atk} ATK) exceeds {target}'s {target_def} DEF: it is destroyed, no damage.",
                attacker=a_name,
                atk=atk,
                target=t_name,
                target_def=t_def,
            )
        )
    elif atk == t_def:
        result.rules.append("YGO-BATTLE-ATK-VS-DEF-EQUAL")
        result.messages.append(
            msg(
                "{attacker}'s {atk} ATK equals {target}'s DEF: nothing is destroyed, no damage.",
                attacker=a_name,
                atk=atk,
                target=t_name,
            )
        )
    else:
        result.damage[a_player] = t_def - atk
        result.rules.append("YGO-BATTLE-ATK-VS-DEF-LOWER")
        result.messages.append(
            msg(
                "{attacker} ({atk} ATK) is below {target}'s {target_def} DEF: player {attacker_player} takes "
                "{damage} damage and nothing is destroyed.",
                attacker=a_name,
                atk=atk,
                target=t_name,
                target_def=t_def,
                attacker_player=a_player,
                damage=t_def - atk,
            )
        )
    return result


# --- legality checks shared by apply and legal_actions ----------------------------------------------


def _own_ref(
    action: Action, value: str, zones: tuple[str, ...], rule: str, what: Message
) -> tuple[str, str, int]:
    ref = parse_ref(value)
    if ref[0] != action.player or ref[1] not in zones:
        raise illegal(
            rule,
            msg(
                "{what} must be one of player {player}'s cards in {zones}, not {value}.",
                what=what,
                player=action.player,
                zones=" or ".join(zones),
                value=value,
            ),
        )
    return ref


def _turn_action(state: State, action: Action, what: str) -> None:
    """``what``: one of ``ACTS``, named in the refusal."""
    if action.player != state.turn_player:
        raise illegal(
            "YGO-TURN-PLAYER",
            msg(
                "Only the turn player ({turn_player}) can {what}.",
                turn_player=state.turn_player,
                what=ACTS[what],
            ),
        )


def _main_phase(state: State, rule: str, what: Message) -> None:
    if state.phase not in MAIN_PHASES:
        raise illegal(
            rule,
            msg(
                "{what} only in Main Phase 1 or 2, not in the {phase} phase.",
                what=what,
                phase=PHASE_NAMES[state.phase],
            ),
        )


def tributes_needed(level: int) -> int:
    return 0 if level <= 4 else 1 if level <= 6 else 2


# --- actions ----------------------------------------------------------------------------------------


def do_summon(state: State, action: Action, events: list[Event], set_: bool) -> None:
    verb = "Set a monster" if set_ else "Normal Summon"
    _turn_action(state, action, verb)
    _main_phase(state, "YGO-NS-MAIN-PHASE", CAN_SET_A_MONSTER if set_ else CAN_NORMAL_SUMMON)
    ref = _own_ref(action, action.args["card"], ("hand",), "YGO-NS-MAIN-PHASE", THE_MONSTER)
    card = state.players[action.player].hand[ref[2]]
    if card.kind != "monster":
        raise illegal("YGO-NS-MAIN-PHASE", msg("{card} is not a monster.", card=card.name))
    if card.monster_type == "fusion":
        raise illegal(
            "YGO-FUSION-EXTRA-DECK",
            msg("{card} is a Fusion Monster: it cannot be Normal Summoned or Set.", card=card.name),
        )
    p = state.players[action.player]
    if p.ns_used:
        raise illegal(
            "YGO-NS-ONCE",
            msg(
                "Player {player} has already Normal Summoned or Set a monster this turn.",
                player=action.player,
            ),
        )
    needed = tributes_needed(card.level)
    tribute_refs = action.args.get("tributes", [])
    if len(tribute_refs) != needed:
        raise illegal(
            "YGO-TRIBUTE-COUNT",
            msg_plural(
                "{card} is Level {level}: it needs {needed} Tribute, {given} given.",
                "{card} is Level {level}: it needs {needed} Tributes, {given} given.",
                needed,
                card=card.name,
                level=card.level,
                needed=needed,
                given=len(tribute_refs),
            ),
        )
    tributes = [_own_ref(action, t, ("monsters",), "YGO-TRIBUTE-OWN", A_TRIBUTE)[2] for t in tribute_refs]
    if not tributes and free_monster_zone(state, action.player) < 0:
        raise illegal(
            "YGO-MONSTER-ZONES", msg("Player {player}'s five Monster Zones are full.", player=action.player)
        )
    for index in sorted(tributes):
        to_graveyard(state, action.player, "monsters", index, events, "tributed", "YGO-TRIBUTE-OWN")
    zone = free_monster_zone(state, action.player)
    p.hand.pop(ref[2])
    p.ns_used = True
    if set_:
        p.monsters[zone] = OnField(card, "defense", False, False, True)
        kind = "tribute_set" if tributes else "set"
        text = msg("{card} is Set face-down in Defense Position.", card=card.name)
    else:
        p.monsters[zone] = OnField(card, "attack", True, True)
        kind = "tribute_summon" if tributes else "normal_summon"
        text = msg("{card} is Normal Summoned face-up in Attack Position.", card=card.name)
    rules = ("YGO-NS-ONCE", "YGO-NS-POSITIONS") + (("YGO-TRIBUTE-COUNT",) if tributes else ())
    if not set_:
        state.summoning = (action.player, "monsters", zone)
        if state.happened is not None:
            state.happened.append((len(state.happened), "normal_summoned", card, action.player, False))
    events.append(
        Event(kind, {"card": ref_str(action.player, "monsters", zone), "name": card.name}, rules, text)
    )


def do_flip_summon(state: State, action: Action, events: list[Event]) -> None:
    _turn_action(state, action, "Flip Summon")
    _main_phase(state, "YGO-FLIP-SUMMON", FLIP_SUMMON_HAPPENS)
    ref = _own_ref(action, action.args["card"], ("monsters",), "YGO-FLIP-SUMMON", THE_MONSTER)
    slot = state.players[action.player].monsters[ref[2]]
    if slot.face_up:
        raise illegal(
            "YGO-FLIP-SUMMON",
            msg("{card} is already face-up; only a face-down monster is flipped.", card=slot.card.name),
        )
    if slot.set_:
        raise illegal(
            "YGO-FLIP-SUMMON-NOT-SET-TURN",
            msg("{card} was Set this turn: it cannot be Flip Summoned yet.", card=slot.card.name),
        )
    if slot.changed:
        raise illegal(
            "YGO-POSITION-ONCE", msg("{card} already changed position this turn.", card=slot.card.name)
        )
    fresh = state.mut_monster(action.player, ref[2])
    fresh.face_up, fresh.position, fresh.summoned, fresh.changed = True, "attack", True, True
    state.summoning = (action.player, "monsters", ref[2])
    if state.happened is not None:
        state.happened.append((len(state.happened), "flip_summoned", slot.card, action.player, True))
    events.append(
        Event(
            "flip_summon",
            {"card": action.args["card"], "name": slot.card.name},
            ("YGO-FLIP-SUMMON",),
            msg(
                "{card} is Flip Summoned face-up in Attack Position (this does not use the Normal Summon).",
                card=slot.card.name,
            ),
        )
    )


def do_change_position(state: State, action: Action, events: list[Event]) -> None:
    _turn_action(state, action, "change a monster's position")
    _main_phase(state, "YGO-POSITION-ONCE", POSITION_CHANGES)
    ref = _own_ref(action, action.args["card"], ("monsters",), "YGO-POSITION-ONCE", THE_MONSTER)
    slot = state.players[action.player].monsters[ref[2]]
    name = slot.card.name
    if not slot.face_up:
        raise illegal(
            "YGO-POSITION-FACE-DOWN",
            msg("{card} is face-down: only a Flip Summon turns it face-up.", card=name),
        )
    if slot.summoned or slot.set_:
        raise illegal(
            "YGO-POSITION-NOT-ARRIVAL-TURN",
            msg("{card} came to the field this turn: its position cannot change.", card=name),
        )
    if slot.attacked:
        raise illegal(
            "YGO-POSITION-NOT-AFTER-ATTACK",
            msg("{card} attacked this turn: its position cannot change.", card=name),
        )
    if slot.changed:
        raise illegal("YGO-POSITION-ONCE", msg("{card} already changed position this turn.", card=name))
    new = "defense" if slot.position == "attack" else "attack"
    wanted = action.args.get("position")
    if wanted is not None and wanted != new:
        raise illegal(
            "YGO-POSITION-ONCE",
            msg("{card} is already in {position} Position.", card=name, position=POSITIONS[wanted]),
        )
    fresh = state.mut_monster(action.player, ref[2])
    fresh.position, fresh.changed = new, True
    if state.happened is not None:
        state.happened.append((len(state.happened), "position_changed", slot.card, action.player, True))
    events.append(
        Event(
            "change_position",
            {"card": action.args["card"], "position": new},
            ("YGO-POSITION-ONCE",),
            msg("{card} changes to {position} Position.", card=name, position=POSITIONS[new]),
        )
    )


def do_special_summon(state: State, action: Action, events: list[Event]) -> None:
    ref = parse_ref(action.args["card"])
    player = action.player
    if ref[0] != player or ref[1] not in ("hand", "graveyard", "banished", "deck", "extra_deck"):
        raise illegal(
            "YGO-SPECIAL-SUMMON",
            msg("Player {player} Special Summons one of their own cards not on the field.", player=player),
        )
    card = lookup(state, ref)
    if card.kind != "monster":
        raise illegal("YGO-SPECIAL-SUMMON", msg("{card} is not a monster.", card=card.name))
    if ref[1] == "extra_deck":
        raise illegal(
            "YGO-FUSION-EXTRA-DECK",
            msg("{card} leaves the Extra Deck only by a Fusion Summon (fusion_summon).", card=card.name),
        )
    zone = free_monster_zone(state, player)
    if zone < 0:
        raise illegal(
            "YGO-MONSTER-ZONES", msg("Player {player}'s five Monster Zones are full.", player=player)
        )
    p = state.players[player]
    if ref[1] == "deck":
        p.deck.pop(ref[2])
        p.deck_count -= 1
    else:
        {"hand": p.hand, "graveyard": p.graveyard, "banished": p.banished}[ref[1]].pop(ref[2])
    position = action.args["position"]
    p.monsters[zone] = OnField(card, position, True, True)
    state.summoning = (player, "monsters", zone)
    if state.happened is not None:
        state.happened.append((len(state.happened), "special_summoned", card, player, False))
    events.append(
        Event(
            "special_summon",
            {"card": ref_str(player, "monsters", zone), "name": card.name, "position": position},
            ("YGO-SPECIAL-SUMMON",),
            msg(
                "{card} is Special Summoned face-up in {position} Position; "
                "this does not use the Normal Summon.",
                card=card.name,
                position=POSITIONS[position],
            ),
        )
    )


def is_polymerization(card: Card) -> bool:
    return card.kind == "spell" and "polymerization" in card.name.lower()


def do_fusion_summon(state: State, action: Action, events: list[Event]) -> None:
    player = action.player
    _turn_action(state, action, "activate Polymerization")
    _main_phase(state, "YGO-SPELL-NORMAL", POLYMERIZATION_ACTIVATED)
    spell_ref = _own_ref(
        action, action.args["spell"], ("hand", "spells_traps"), "YGO-FUSION-SUMMON", POLYMERIZATION
    )
    spell = lookup(state, spell_ref)
    spell_card = spell.card if isinstance(spell, OnField) else spell
    if not is_polymerization(spell_card):
        raise illegal("YGO-FUSION-SUMMON", msg("{card} is not Polymerization.", card=spell_card.name))
    if spell_ref[1] == "hand" and free_spell_zone(state, player) < 0:
        raise illegal(
            "YGO-SPELL-TRAP-ZONES",
            msg("Player {player} has no empty Spell & Trap Zone for Polymerization.", player=player),
        )
    fusion_ref = parse_ref(action.args["fusion"])
    fusion = lookup(state, fusion_ref)
    if (
        fusion_ref[0] != player
        or fusion_ref[1] != "extra_deck"
        or fusion.kind != "monster"
        or fusion.monster_type != "fusion"
    ):
        raise illegal(
            "YGO-FUSION-EXTRA-DECK",
            msg("The Fusion Monster must be a Fusion Monster in the player's Extra Deck."),
        )
    materials = [
        _own_ref(action, m, ("hand", "monsters"), "YGO-FUSION-SUMMON", A_FUSION_MATERIAL)
        for m in action.args["materials"]
    ]
    cards = []
    for ref in materials:
        found = lookup(state, ref)
        card = found.card if isinstance(found, OnField) else found
        if card.kind != "monster":
            raise illegal(
                "YGO-FUSION-SUMMON",
                msg("{card} is not a monster and cannot be a Fusion Material.", card=card.name),
            )
        cards.append(card)
    if spell_ref in materials:
        raise illegal("YGO-FUSION-SUMMON", msg("Polymerization cannot be its own material."))
    if fusion.materials:
        if sorted(c.name for c in cards) != sorted(fusion.materials):
            raise illegal(
                "YGO-FUSION-SUMMON",
                msg(
                    "{fusion} needs exactly {materials} as Fusion Materials.",
                    fusion=fusion.name,
                    materials=", ".join(fusion.materials),
                ),
            )
    elif len(cards) < 2:
        raise illegal("YGO-FUSION-SUMMON", msg("A Fusion Summon needs at least two Fusion Materials."))
    on_field = sum(1 for ref in materials if ref[1] == "monsters")
    if on_field == 0 and free_monster_zone(state, player) < 0:
        raise illegal(
            "YGO-MONSTER-ZONES", msg("Player {player}'s five Monster Zones are full.", player=player)
        )
    p = state.players[player]
    events.append(
        Event(
            "activate",
            {"card": action.args["spell"], "name": spell_card.name, "link": 1, "player": player},
            ("YGO-SPELL-NORMAL",),
            msg("Player {player} activates {spell}.", player=player, spell=spell_card.name),
        )
    )
    for ref in sorted(materials, key=lambda r: (r[1], -r[2])):
        to_graveyard(state, player, ref[1], ref[2], events, "fusion_material", "YGO-FUSION-SUMMON")
    if spell_ref[1] == "hand":
        # the hand shrank: find Polymerization again by identity
        p.hand.remove(spell_card)
        p.graveyard.append(spell_card)
    else:
        p.spells[spell_ref[2]] = None
        p.graveyard.append(spell_card)
    p.extra.pop(fusion_ref[2])
    zone = free_monster_zone(state, player)
    position = action.args.get("position", "attack")
    p.monsters[zone] = OnField(fusion, position, True, True)
    state.summoning = (player, "monsters", zone)
    if state.happened is not None:
        state.happened.append((len(state.happened), "special_summoned", fusion, player, False))
    events.append(
        Event(
            "fusion_summon",
            {"card": ref_str(player, "monsters", zone), "name": fusion.name},
            ("YGO-FUSION-SUMMON", "YGO-SPECIAL-SUMMON", "YGO-SPELL-RESOLVED"),
            msg(
                "{fusion} is Fusion Summoned from the Extra Deck (a Special Summon: it may attack this "
                "turn); the materials and {spell} go to the Graveyard.",
                fusion=fusion.name,
                spell=spell_card.name,
            ),
        )
    )


def do_set_spell_trap(state: State, action: Action, events: list[Event]) -> None:
    player = action.player
    _turn_action(state, action, "Set a Spell or Trap")
    _main_phase(state, "YGO-SET-SPELL-TRAP", SPELLS_AND_TRAPS_SET)
    ref = _own_ref(action, action.args["card"], ("hand",), "YGO-SET-SPELL-TRAP", THE_CARD)
    card = state.players[player].hand[ref[2]]
    if card.kind not in ("spell", "trap"):
        raise illegal("YGO-SET-SPELL-TRAP", msg("{card} is not a Spell or Trap.", card=card.label))
    p = state.players[player]
    if card.spell_type == "field":
        old = p.field_spell
        if old is not None:
            to_graveyard(state, player, "field_spell", 0, events, "replaced", field_spell_rule(state))
        p.hand.pop(ref[2])
        p.field_spell = OnField(card, "attack", False, False, True)
        where = ref_str(player, "field_spell", 0)
    else:
        zone = free_spell_zone(state, player)
        if zone < 0:
            raise illegal(
                "YGO-SPELL-TRAP-ZONES",
                msg("Player {player}'s five Spell & Trap Zones are full.", player=player),
            )
        p.hand.pop(ref[2])
        p.spells[zone] = OnField(card, "attack", False, False, True)
        where = ref_str(player, "spells_traps", zone)
    events.append(
        Event(
            "set",
            {"card": where, "name": card.name},
            ("YGO-SET-SPELL-TRAP",),
            msg("{card} is Set face-down.", card=card.name),
        )
    )


def do_activate(state: State, action: Action, events: list[Event]) -> None:
    player = action.player
    ref = parse_ref(action.args["card"])
    found = lookup(state, ref)
    if "effect" in action.args and (
        isinstance(found, Card)
        and found.kind == "monster"
        or isinstance(found, OnField)
        and (found.face_up or found.card.kind == "monster")
    ):
        do_activate_effect(state, action, events)
        return
    if ref[0] != player or ref[1] not in ("hand", "spells_traps", "field_spell"):
        raise illegal(
            "YGO-TURN-PLAYER",
            msg("Player {player} activates their own cards from the hand or the field.", player=player),
        )
    from_hand = ref[1] == "hand"
    card = found if from_hand else found.card
    if card.kind == "monster":
        raise illegal("YGO-CHAIN-SPEED-1", msg("Monster effects are modelled with the generic effect steps."))
    kind_type = card.spell_type if card.kind == "spell" else card.trap_type
    response_to = action.args.get("in_response_to")
    chain = state.chain
    if response_to is not None:
        _response_checks(state, card.speed, response_to, card.name)
    if card.kind == "trap" and from_hand:
        raise illegal(
            "YGO-TRAP-SET-FIRST",
            msg("{card} is a Trap: it must be Set before it can be activated.", card=card.name),
        )
    if not from_hand:
        if found.face_up:
            raise illegal(
                "YGO-SPELL-RESOLVED", msg("{card} is already face-up on the field.", card=card.name)
            )
        if found.set_ and (card.kind == "trap" or kind_type == "quick-play"):
            raise illegal(
                "YGO-TRAP-NOT-SET-TURN",
                msg("{card} was Set this turn: it cannot be activated until the next turn.", card=card.name),
            )
    if card.speed == 1:
        if player != state.turn_player:
            raise illegal(
                ("YGO-SPELL-NORMAL", "YGO-TURN-PLAYER"),
                msg(
                    "{card} is Spell Speed 1: only the turn player ({turn_player}) activates it.",
                    card=card.name,
                    turn_player=state.turn_player,
                ),
            )
        if state.phase not in MAIN_PHASES:  # (the message is only built for the refusal)
            _main_phase(
                state, "YGO-SPELL-NORMAL", msg("{card} (Spell Speed 1) can be activated", card=card.name)
            )
    elif card.kind == "spell" and from_hand and player != state.turn_player:
        raise illegal(
            "YGO-SPELL-QUICK-PLAY",
            msg("A Quick-Play Spell is activated from the hand only during its owner's turn."),
        )
    index = action.args.get("effect", 0)
    if "effect" in action.args and index >= len(card.effects):
        raise illegal(
            "YGO-EFFECT-OPS", msg("{card} has no effect number {index}.", card=card.label, index=index)
        )
    first = card.effects[index] if card.effects else None
    if first is not None:
        ops_check(state, first)
    if state.battle_step is not None:
        damage_step_check(state, first, card)
    p = state.players[player]
    rules: list[str] = []
    target = action.args.get("target")
    equip_key = None
    if kind_type == "equip":
        target_ref = parse_ref(target) if target is not None else None
        slot = lookup(state, target_ref) if target_ref else None
        if not isinstance(slot, OnField) or target_ref[1] != "monsters" or not slot.face_up:
            raise illegal(
                "YGO-EQUIP-FACE-UP", msg("{card} must target a face-up monster on the field.", card=card.name)
            )
        equip_key = (target_ref[0], target_ref[2])
        rules.append("YGO-EQUIP-FACE-UP")
    if kind_type == "field":
        if from_hand:
            if p.field_spell is not None:
                to_graveyard(state, player, "field_spell", 0, events, "replaced", field_spell_rule(state))
            p.hand.pop(ref[2])
            p.field_spell = OnField(card, "attack", True)
        else:
            fresh = p.field_spell.copy()
            fresh.face_up = True
            p.field_spell = fresh
        where = (player, "field_spell", 0)
        other = state.players[OTHER[player]]
        if state.flags["shared_field_spell"]:
            rules.append("YGO-FIELD-SPELL-GLOBAL")
            if other.field_spell is not None and other.field_spell.face_up:
                to_graveyard(
                    state, OTHER[player], "field_spell", 0, events, "destroyed", "YGO-FIELD-SPELL-GLOBAL"
                )
        else:
            rules.append("YGO-FIELD-SPELL-OWN-ZONE")
    elif from_hand:
        zone = free_spell_zone(state, player)
        if zone < 0:
            raise illegal(
                "YGO-SPELL-TRAP-ZONES",
                msg("Player {player}'s five Spell & Trap Zones are full.", player=player),
            )
        p.hand.pop(ref[2])
        p.spells[zone] = OnField(card, "attack", True, equipped_to=equip_key)
        where = (player, "spells_traps", zone)
    else:
        fresh = found.copy()
        fresh.face_up = True
        fresh.equipped_to = equip_key
        p.spells[ref[2]] = fresh
        where = ref
    if equip_key is not None:
        rules.append("YGO-EQUIP-MODIFIERS")
    if response_to is None and chain:
        resolve_chain(state, events)
    if first is None:
        state.chain = (*state.chain, (player, where, card.speed, None, card))
    else:
        state.chain = (*state.chain, (player, where, first.speed, action.args.get("effect", 0), card))
    link = len(state.chain)
    if link > 1:
        rules[:0] = ["YGO-CHAIN-RESPONSE", "YGO-CHAIN-LAST-LINK"]
    elif card.speed == 1:
        rules.insert(0, "YGO-CHAIN-SPEED-1")
    if state.battle_step is not None:
        rules.extend(damage_step_rules(state, first, card))
    if card.kind == "trap":
        rules.append("YGO-TRAP-NOT-SET-TURN")
    elif kind_type == "quick-play":
        rules.append("YGO-SPELL-QUICK-PLAY")
    else:
        rules.append("YGO-SPELL-NORMAL")
    data = {"card": ref_str(*where), "name": card.name, "link": link, "player": player}
    if equip_key is not None:
        data["target"] = target
    events.append(
        Event(
            "activate",
            data,
            tuple(rules),
            msg(
                "Player {player} activates {card} as Chain Link {link}.",
                player=player,
                card=card.name,
                link=link,
            ),
        )
    )


def flip_attacked(state: State, battle: Battle, events: list[Event]) -> list[tuple[Card, str]]:
    """A face-down target is flipped face-up in Defense Position before damage calculation."""
    flipped = []
    for t_player, t_index in battle.flipped:
        fresh = state.mut_monster(t_player, t_index)
        fresh.face_up, fresh.position = True, "defense"
        flipped.append((fresh.card, t_player))
        events.append(
            Event(
                "flip",
                {"card": ref_str(t_player, "monsters", t_index), "name": fresh.card.name},
                ("YGO-FLIP-BY-ATTACK",),
            )
        )
    return flipped


def do_attack(state: State, action: Action, events: list[Event]) -> None:
    player = action.player
    _turn_action(state, action, "attack")
    if state.turn == 1:
        raise illegal("YGO-BP-NOT-FIRST-TURN", msg("There is no Battle Phase on the first turn of the duel."))
    if state.phase != "battle":
        raise illegal(
            "YGO-ATTACK-BATTLE-PHASE",
            msg(
                "Attacks are declared in the Battle Phase, not the {phase} phase.",
                phase=PHASE_NAMES[state.phase],
            ),
        )
    ref = _own_ref(action, action.args["attacker"], ("monsters",), "YGO-ATTACK-POSITION", THE_ATTACKER)
    slot = state.players[player].monsters[ref[2]]
    if not slot.face_up or slot.position != "attack":
        raise illegal(
            "YGO-ATTACK-POSITION",
            msg("{card} is not in face-up Attack Position: it cannot attack.", card=card_label(slot)),
        )
    if slot.attacked:
        raise illegal("YGO-ATTACK-ONCE", msg("{card} has already attacked this turn.", card=slot.card.name))
    target_value = action.args.get("target")
    opponent = OTHER[player]
    if target_value is None:
        if any(m is not None for m in state.players[opponent].monsters):
            raise illegal(
                "YGO-ATTACK-DIRECT",
                msg(
                    "Player {opponent} controls a monster: a direct attack is not possible.",
                    opponent=opponent,
                ),
            )
        target = None
    else:
        t_ref = parse_ref(target_value)
        if t_ref[0] != opponent or t_ref[1] != "monsters":
            raise illegal(
                "YGO-ATTACK-DIRECT",
                msg(
                    "An attack targets a monster of player {opponent}, not {target_value}.",
                    opponent=opponent,
                    target_value=target_value,
                ),
            )
        target = (t_ref[0], t_ref[2])
    if state.battle_steps:
        declare_attack(state, action, events, slot, ref, target)
        return
    battle = compute_battle(state, (player, ref[2]), target)
    attacker = state.mut_monster(player, ref[2])
    attacker.attacked = True
    events.append(
        Event(
            "attack",
            {"attacker": action.args["attacker"], "target": target_value},
            (),  # the battle rules below explain the step; the declaration itself decides nothing
            msg("{card} attacks directly.", card=slot.card.name)
            if target is None
            else msg(
                "{card} attacks {target}.", card=slot.card.name, target=card_label(lookup(state, t_ref))
            ),
        )
    )
    flip_attacked(state, battle, events)
    rules = tuple(r for r in battle.rules if r != "YGO-FLIP-BY-ATTACK")
    text: Sentences | None = Sentences(battle.messages)
    for side in ("A", "B"):
        amount = battle.damage[side]
        if amount:
            taken = lose_lp(state, side, amount)
            events.append(Event("battle_damage", {"player": side, "amount": taken}, rules, text))
            text = None
    if text or not any(battle.damage.values()):
        events.append(Event("damage_calculation", {"case": battle.case}, rules, text))
    happened = state.happened
    group = len(happened) if happened is not None else None
    if happened is not None:
        if battle.damage[opponent]:
            happened.append((group, "battle_damage", slot.card, player, True))
        for t_player, t_index in battle.flipped:  # a flip effect resolves after damage calculation
            happened.append(
                (group, "flipped", state.players[t_player].monsters[t_index].card, t_player, True)
            )
    for t_player, t_index in sorted(battle.destroyed, key=lambda k: (k[0] != player, k)):
        to_graveyard(state, t_player, "monsters", t_index, events, "destroyed", rules[0], group)


# The phase after a skipped one (YGO-SKIP-PHASE): Main Phase 1 skipped leads to the Battle Phase (or, by
# the player's choice, the End Phase), a skipped Battle Phase to Main Phase 2.
AFTER_SKIPPED = {"draw": "standby", "standby": "main1", "main1": "battle", "battle": "main2", "main2": "end"}


def arrive(state: State, wanted: str, events: list[Event]) -> str:
    """The phase the turn enters when it moves to ``wanted``: a phase an effect skips for the turn player
    is passed over, and that skip is used up (YGO-SKIP-PHASE); with Main Phase 1 and the Battle Phase both
    skipped the turn goes straight to the End Phase (YGO-SKIP-MAIN-AND-BATTLE)."""
    player = state.turn_player
    skipped_main1 = False
    while (player, wanted) in state.skips:
        state.skips = tuple(key for key in state.skips if key != (player, wanted))
        after = AFTER_SKIPPED[wanted]
        rules: tuple[str, ...] = ("YGO-SKIP-PHASE",)
        if wanted == "main1":
            skipped_main1 = True
            if state.turn == 1:
                after, rules = "end", ("YGO-SKIP-PHASE", "YGO-BP-NOT-FIRST-TURN")
        elif wanted == "battle" and skipped_main1:
            after, rules = "end", ("YGO-SKIP-MAIN-AND-BATTLE",)
        events.append(
            Event(
                "phase_skipped",
                {"player": player, "phase": wanted, "next": after},
                rules,
                msg(
                    "Player {player}'s {phase} phase is skipped (an effect): the turn moves on to the {next} "
                    "phase.",
                    player=player,
                    phase=PHASE_NAMES[wanted],
                    next=PHASE_NAMES[after],
                ),
            )
        )
        wanted = after
    return wanted


def do_next_phase(state: State, action: Action, events: list[Event]) -> None:
    _turn_action(state, action, "move to the next phase")
    current = PHASE_INDEX[state.phase]
    wanted = action.args.get("phase")
    if state.phase == "end":
        if wanted is not None:
            raise illegal("YGO-TURN-PHASES", msg("After the End Phase the turn ends (use end_turn)."))
        do_end_turn(state, action, events)
        return
    # another Battle Phase granted by an effect comes after Main Phase 2 (YGO-BP-MULTIPLE)
    again = state.phase == "main2" and state.extra_bp > 0
    main1_skipped = state.phase in ("draw", "standby") and (state.turn_player, "main1") in state.skips
    if wanted is None:
        wanted = "battle" if again else PHASES[current + 1]
        if state.phase == "main1" and state.turn == 1:
            wanted = "end"
    target = PHASE_INDEX[wanted]
    if again and wanted == "battle":
        target = len(PHASES)  # forward: the other Battle Phase
    if target <= current:
        raise illegal(
            "YGO-TURN-PHASES",
            msg(
                "The phases go forward: {wanted} does not come after {phase}.",
                wanted=PHASE_NAMES[wanted],
                phase=PHASE_NAMES[state.phase],
            ),
        )
    if wanted == "battle" and state.turn == 1:
        raise illegal("YGO-BP-NOT-FIRST-TURN", msg("There is no Battle Phase on the first turn of the duel."))
    if current < PHASE_INDEX["main1"] < target and not main1_skipped:
        raise illegal("YGO-TURN-PHASES", msg("Main Phase 1 cannot be skipped."))
    if current < PHASE_INDEX["battle"] and wanted == "main2":
        raise illegal(
            "YGO-BP-SKIP", msg("Without a Battle Phase the turn goes from Main Phase 1 to the End Phase.")
        )
    if state.battle_steps and (state.attack is not None or state.battle_step in DAMAGE_STEPS):
        raise illegal(
            "YGO-BP-STEPS",
            msg("An attack is in progress: the Battle Phase cannot end before its Damage Step."),
        )
    if main1_skipped and wanted in ("battle", "end"):
        # Main Phase 1 skipped: the Battle Phase, or the End Phase if the player chooses it
        reached = arrive(state, "main1", events)
        wanted = "end" if wanted == "end" else reached
    elif again and wanted == "battle":
        state.extra_bp -= 1
        wanted = arrive(state, "battle", events)
        if wanted == "battle":
            _another_battle_phase(state, events)
            return
    else:
        wanted = arrive(state, wanted, events)
    rules = ("YGO-TURN-PHASES",)
    text: Message | Sentences = msg(
        "Player {player} moves to the {phase} phase.", player=state.turn_player, phase=PHASE_NAMES[wanted]
    )
    if state.phase == "main1" and wanted == "end":
        rules = ("YGO-BP-NOT-FIRST-TURN",) if state.turn == 1 else ("YGO-BP-SKIP",)
        why = (
            msg("(No Battle Phase on the first turn of the duel).")
            if state.turn == 1
            else msg("(No Battle Phase this turn.)")
        )
        text = sentences(text, why)
    if state.battle_steps:
        state.battle_step = "start" if wanted == "battle" else None
        if wanted == "battle":
            rules = (*rules, "YGO-BP-STEPS")
    state.phase = wanted
    events.append(Event("phase", {"phase": wanted}, rules, text))


def _another_battle_phase(state: State, events: list[Event]) -> None:
    """The Battle Phase an effect granted, after Main Phase 2: each monster may attack once in it (attacks
    are counted per Battle Phase), and Main Phase 2 follows it again."""
    state.phase = "battle"
    state.battle_step = "start" if state.battle_steps else None
    for side in ("A", "B"):
        row = state.players[side].monsters
        for i, slot in enumerate(row):
            if slot is not None and slot.attacked:
                fresh = slot.copy()
                fresh.attacked = False
                row[i] = fresh
    rules = ("YGO-BP-MULTIPLE", "YGO-BP-STEPS") if state.battle_steps else ("YGO-BP-MULTIPLE",)
    events.append(
        Event(
            "phase",
            {"phase": "battle", "again": True},
            rules,
            msg(
                "Player {player} enters another Battle Phase (granted by an effect): each monster may attack "
                "once in it, and Main Phase 2 follows it again.",
                player=state.turn_player,
            ),
        )
    )


def do_end_turn(state: State, action: Action, events: list[Event]) -> None:
    _turn_action(state, action, "end the turn")
    for side in (state.turn_player, OTHER[state.turn_player]):
        excess = hand_limit_excess(state, side)
        if excess:
            raise illegal(
                hand_limit_rule(state),
                msg_plural(
                    "Player {player} holds {hand} cards: in the End Phase they must discard {excess} card "
                    "(discard) before the turn can end.",
                    "Player {player} holds {hand} cards: in the End Phase they must discard {excess} cards "
                    "(discard) before the turn can end.",
                    excess,
                    player=side,
                    hand=len(state.players[side].hand),
                    excess=excess,
                ),
            )
    previous = state.turn_player
    state.turn += 1
    state.turn_player = OTHER[previous]
    state.phase = "draw"
    state.draw_done = False
    state.extra_bp = 0
    reset_turn_flags(state)
    events.append(
        Event(
            "end_turn",
            {"turn": state.turn, "turn_player": state.turn_player},
            ("YGO-TURN-PHASES",),
            msg(
                "Player {player} ends the turn; turn {turn} of player {turn_player} begins.",
                player=previous,
                turn=state.turn,
                turn_player=state.turn_player,
            ),
        )
    )
    state.phase = arrive(state, "draw", events)
    if state.phase == "draw":
        enter_draw_phase(state, events)


def do_draw(state: State, action: Action, events: list[Event]) -> None:
    draw_cards(state, action.player, action.args.get("count", 1), events, "YGO-EFFECT-MOVE")


def do_discard(state: State, action: Action, events: list[Event]) -> None:
    player = action.player
    excess = hand_limit_excess(state, player)
    refs = [
        _own_ref(action, c, ("hand",), "YGO-NO-VOLUNTARY-DISCARD", A_DISCARDED_CARD)
        for c in action.args["cards"]
    ]
    if state.phase != "end" or excess == 0:
        raise illegal(
            "YGO-NO-VOLUNTARY-DISCARD",
            msg(
                "Player {player} has no reason to discard: the only discard of the rules is the hand "
                "limit of the End Phase (model card effects with send_to_graveyard).",
                player=player,
            ),
        )
    if len(refs) > excess:
        raise illegal(
            ("YGO-NO-VOLUNTARY-DISCARD", hand_limit_rule(state)),
            msg(
                "Player {player} discards down to {limit} only: {excess} card(s), not {given}.",
                player=player,
                limit=state.flags["hand_limit"],
                excess=excess,
                given=len(refs),
            ),
        )
    for ref in sorted(refs, key=lambda r: -r[2]):
        to_graveyard(state, player, "hand", ref[2], events, "discard", hand_limit_rule(state))


def do_effect_damage(state: State, action: Action, events: list[Event]) -> None:
    to = action.args["to"]
    amount = action.args["amount"]
    for side in ("A", "B") if to == "both" else (to,):
        taken = lose_lp(state, side, amount)
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
            )
        )


def do_gain_lp(state: State, action: Action, events: list[Event]) -> None:
    to = action.args["to"]
    amount = action.args["amount"]
    for side in ("A", "B") if to == "both" else (to,):
        state.players[side].lp += amount
        events.append(
            Event(
                "gain_lp",
                {"player": side, "amount": amount},
                ("YGO-EFFECT-DAMAGE",),
                msg("Player {player} gains {amount} LP.", player=side, amount=amount),
            )
        )


def do_destroy(state: State, action: Action, events: list[Event], reason: str) -> None:
    ref = parse_ref(action.args["card"])
    if reason == "destroyed" and ref[1] not in ("monsters", "spells_traps", "field_spell"):
        raise illegal(
            "YGO-EFFECT-MOVE", msg("Only a card on the field can be destroyed (use send_to_graveyard).")
        )
    if ref[1] == "graveyard":
        raise illegal("YGO-EFFECT-MOVE", msg("The card is already in the Graveyard."))
    if ref[1] == "deck" and state.players[ref[0]].deck is None:
        raise illegal("YGO-EFFECT-MOVE", msg("The deck is given as a count: its cards are unknown."))
    to_graveyard(state, ref[0], ref[1], ref[2], events, reason, "YGO-EFFECT-MOVE")


def do_mill(state: State, action: Action, events: list[Event]) -> None:
    side = action.args["of"]
    p = state.players[side]
    count = min(action.args["count"], p.deck_count)
    for _ in range(count):
        p.graveyard.append(p.deck.pop(0) if p.deck is not None else _unknown())
    p.deck_count -= count
    events.append(
        Event(
            "mill",
            {"player": side, "count": count},
            ("YGO-EFFECT-MOVE",),
            msg(
                "The top {count} card(s) of player {player}'s deck go to the Graveyard (an empty deck is not "
                "a loss until a draw is required).",
                count=count,
                player=side,
            ),
        )
    )


HANDLERS = {
    "normal_summon": lambda s, a, e: do_summon(s, a, e, False),
    "set_monster": lambda s, a, e: do_summon(s, a, e, True),
    "flip_summon": do_flip_summon,
    "change_position": do_change_position,
    "special_summon": do_special_summon,
    "fusion_summon": do_fusion_summon,
    "set_spell_trap": do_set_spell_trap,
    "activate": do_activate,
    "attack": do_attack,
    "next_phase": do_next_phase,
    "end_turn": do_end_turn,
    "draw": do_draw,
    "discard": do_discard,
    "inflict_damage": do_effect_damage,
    "gain_lp": do_gain_lp,
    "destroy": lambda s, a, e: do_destroy(s, a, e, "destroyed"),
    "send_to_graveyard": lambda s, a, e: do_destroy(s, a, e, "sent_to_graveyard"),
    "mill": do_mill,
    "pass": lambda s, a, e: do_pass(s, a, e),
    "chain_triggers": lambda s, a, e: do_chain_triggers(s, a, e),
}
STEP_ACTIONS = frozenset(("pass", "chain_triggers"))
SUMMONS = frozenset(("normal_summon", "flip_summon", "special_summon", "fusion_summon"))


def game_over(state: State, after_chain: bool = False) -> GameOver:
    """The refusal of any action once the duel is over (or once the open chain's resolution ends it)."""
    winner, draw, rules = state.ended
    if after_chain:
        text = (
            msg("Once the chain resolves the duel is over (a draw): no further action applies.")
            if draw
            else msg(
                "Once the chain resolves the duel is over (player {winner} wins): no further action applies.",
                winner=winner,
            )
        )
    elif draw:
        text = msg("The duel is already over (a draw). No further action applies.")
    else:
        text = msg(
            "The duel is already over (player {winner} won). No further action applies.", winner=winner
        )
    return GameOver(("YGO-GAME-OVER", *rules), text)


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    if state.ended is not None:
        raise game_over(state)
    new = state.copy()
    new.happened = []
    new.summoning = state.summoning
    events: list[Event] = []
    if new.pending:
        pending_gate(new, action)
    elif new.chain and new.battle_steps:
        chain_gate(new, action)
    if new.chain and not (
        (action.type == "activate" and "in_response_to" in action.args) or action.type in STEP_ACTIONS
    ):
        _resolve_before(new, action, events)
    HANDLERS[action.type](new, action, events)
    if new.summoning is not None and action.type not in SUMMONS and not _negating_summon(new.chain):
        new.summoning = None
    if new.happened:
        collect_triggers(new, events)
    new.happened = None
    end = check_end(new)
    if end is not None:
        events.append(end)
    return new, events


def _resolve_before(state: State, action: Action, events: list[Event]) -> None:
    """An action that adds no link lets the open chain resolve first (both players passed), and is then
    checked against what the resolution left: its triggers go on a chain before anything else, and a
    duel it ended takes no further action. Done on ``apply``'s copy, so a refusal changes nothing."""
    resolve_chain(state, events)
    if state.happened:
        collect_triggers(state, events)
    state.happened = []
    if check_end(state) is not None:
        raise game_over(state, after_chain=True)
    if state.pending:
        pending_gate(state, action, after_chain=True)
    gone = missing_refs(state, action)
    if gone:
        raise illegal(
            "YGO-CHAIN-RESOLVE",
            msg("Once the chain resolves, there is no card at {ref} any more.", ref=gone[0]),
        )


def settle(state: State, next_action: Any) -> tuple[State, list[Event]]:
    """Resolve an open chain unless the next action adds a link to it (with "battle_steps" the players
    pass explicitly: the chain waits for ``pass``).

    The chain resolves because the next action shows both players passed; a refused action shows
    nothing, so when the next action would be refused the chain stays open (a refusal has no side
    effects: ``apply`` then refuses it for the same reason, on its own copy)."""
    if not state.chain or state.battle_steps:
        return state, []
    if isinstance(next_action, dict) and (
        (next_action.get("type") == "activate" and "in_response_to" in next_action)
        or next_action.get("type") in STEP_ACTIONS
    ):
        return state, []
    settled = state.copy()
    settled.happened = []
    events: list[Event] = []
    resolve_chain(settled, events)
    if settled.happened:
        collect_triggers(settled, events)
    settled.happened = None
    end = check_end(settled)
    if end is not None:
        events.append(end)
    if isinstance(next_action, dict) and _refused(settled, next_action) and _readable(state, next_action):
        return state, []
    return settled, events


def _refused(state: State, data: dict) -> bool:
    return refused(apply, parse_action, state, data)


def _readable(state: State, data: dict) -> bool:
    """Whether the action's references can be read before the chain resolves (a card the resolution
    brings, such as a drawn one, cannot: the chain's resolution then stands before its refusal)."""
    try:
        parse_action(state, data, path="/actions/0")
    except MalformedDocument:
        return False
    return True


def outcome(state: State) -> Outcome:
    if state.ended is None:
        return Outcome()
    winner, draw, rule_ids = state.ended
    return Outcome(finished=True, winner=winner, draw=draw, rules=rule_ids)


# --- legal actions ----------------------------------------------------------------------------------


def _a(player: str, kind: str, **args: object) -> Action:
    return Action(player, kind, args)


def legal_actions(state: State, player: str | None = None) -> list[Action]:
    if state.ended is not None:
        return []
    if player is None:
        return legal_actions(state, state.turn_player) + legal_actions(state, OTHER[state.turn_player])
    out: list[Action] = []
    if state.pending:
        if player == state.turn_player:
            out.append(_a(player, "pass"))
            optional = [
                where
                for _p, card, index, _o in state.pending
                if not card.effects[index].mandatory and (where := find_card(state, card)) is not None
            ]
            if optional:
                out.append(_a(player, "chain_triggers", optional=optional))
        return out
    steps = state.battle_steps
    if state.chain:
        _responses(state, player, out)
        if state.has_effects:
            extra_actions(state, player, out)
        if steps:
            _effect_filter(state, out)
            step_actions(state, player, out)
            return out
        settled = state.copy()
        settled.happened = []
        resolve_chain(settled, [])
        if settled.happened:
            collect_triggers(settled, [])
        settled.happened = None
        state = settled
        # the chain's resolution triggers effects or ends the duel: pass (it resolves), nothing else
        if settled.pending or check_end(settled) is not None:
            if player == state.turn_player:
                out.append(_a(player, "pass"))
            return out
    if player == state.turn_player:
        _turn_player_actions(state, player, out)
    else:
        _opponent_actions(state, player, out)
    _effect_filter(state, out)
    if state.has_effects and not state.chain:
        extra_actions(state, player, out)
    if steps:
        step_actions(state, player, out)
    return out


def _effect_filter(state: State, out: list[Action]) -> None:
    """Keep the card activations the effects and the Damage Step allow (the listing functions above only
    know the cards' types)."""
    damage_step = state.battle_step in DAMAGE_STEPS
    if not damage_step and not state.has_effects:
        return
    kept = []
    for action in out:
        if action.type == "activate" and "effect" not in action.args:
            ref = parse_ref(action.args["card"])
            found = lookup(state, ref)
            card = found.card if isinstance(found, OnField) else found
            effect = card.effects[0] if card.effects else None
            try:
                if effect is not None:
                    ops_check(state, effect)
                if damage_step:
                    damage_step_check(state, effect, card)
            except IllegalAction:
                continue
        elif damage_step and action.type in ("attack", "next_phase"):
            continue
        kept.append(action)
    out[:] = kept


def _responses(state: State, player: str, out: list[Action]) -> None:
    link = len(state.chain)
    last_speed = state.chain[-1][2]
    own_turn = player == state.turn_player
    p = state.players[player]
    for i, slot in enumerate(p.spells):
        if slot is not None and not slot.face_up and not slot.set_ and slot.card.speed >= max(2, last_speed):
            out.append(_a(player, "activate", card=f"{player}.spells_traps.{i}", in_response_to=link))
    if own_turn and last_speed <= 2 and free_spell_zone(state, player) >= 0:
        for i, card in enumerate(p.hand):
            if card.kind == "spell" and card.spell_type == "quick-play":
                out.append(_a(player, "activate", card=f"{player}.hand.{i}", in_response_to=link))


def _opponent_actions(state: State, player: str, out: list[Action]) -> None:
    p = state.players[player]
    for i, slot in enumerate(p.spells):
        if slot is not None and not slot.face_up and not slot.set_ and slot.card.speed >= 2:
            out.append(_a(player, "activate", card=f"{player}.spells_traps.{i}"))
    if state.phase == "end" and hand_limit_excess(state, player):
        out.extend(_a(player, "discard", cards=[f"{player}.hand.{i}"]) for i in range(len(p.hand)))


def _turn_player_actions(state: State, player: str, out: list[Action]) -> None:
    p = state.players[player]
    phase = state.phase
    opponent = OTHER[player]
    free_monster = free_monster_zone(state, player)
    free_spell = free_spell_zone(state, player)
    if phase in MAIN_PHASES:
        occupied = [i for i, m in enumerate(p.monsters) if m is not None]
        if not p.ns_used:
            for i, card in enumerate(p.hand):
                if card.kind != "monster" or card.monster_type == "fusion":
                    continue
                needed = 0 if card.level <= 4 else 1 if card.level <= 6 else 2
                if needed == 0:
                    if free_monster >= 0:
                        ref = f"{player}.hand.{i}"
                        out.append(_a(player, "normal_summon", card=ref))
                        out.append(_a(player, "set_monster", card=ref))
                elif len(occupied) >= needed:
                    ref = f"{player}.hand.{i}"
                    for combo in combinations(occupied, needed):
                        tributes = [f"{player}.monsters.{t}" for t in combo]
                        out.append(_a(player, "normal_summon", card=ref, tributes=tributes))
                        out.append(_a(player, "set_monster", card=ref, tributes=tributes))
        for i in occupied:
            slot = p.monsters[i]
            ref = f"{player}.monsters.{i}"
            if not slot.face_up:
                if not slot.set_ and not slot.changed:
                    out.append(_a(player, "flip_summon", card=ref))
            elif not (slot.summoned or slot.set_ or slot.attacked or slot.changed):
                out.append(_a(player, "change_position", card=ref))
        for i, card in enumerate(p.hand):
            if card.kind not in ("spell", "trap"):
                continue
            ref = f"{player}.hand.{i}"
            if card.spell_type == "field":
                out.append(_a(player, "set_spell_trap", card=ref))
                out.append(_a(player, "activate", card=ref))
                continue
            if free_spell < 0:
                continue
            out.append(_a(player, "set_spell_trap", card=ref))
            if card.kind == "spell":
                if card.spell_type == "equip":
                    out.extend(_equip_targets(state, player, ref))
                elif is_polymerization(card):
                    _fusions(state, player, ref, out)
                else:
                    out.append(_a(player, "activate", card=ref))
        for i, slot in enumerate(p.spells):
            if slot is None or slot.face_up or slot.card.kind != "spell":
                continue
            ref = f"{player}.spells_traps.{i}"
            if slot.card.spell_type == "equip":
                out.extend(_equip_targets(state, player, ref))
            elif slot.card.spell_type == "quick-play" and slot.set_:
                continue
            elif is_polymerization(slot.card):
                _fusions(state, player, ref, out)
            else:
                out.append(_a(player, "activate", card=ref))
        if p.field_spell is not None and not p.field_spell.face_up:
            out.append(_a(player, "activate", card=f"{player}.field_spell"))
    else:
        if free_spell >= 0:
            for i, card in enumerate(p.hand):
                if card.kind == "spell" and card.spell_type == "quick-play":
                    out.append(_a(player, "activate", card=f"{player}.hand.{i}"))
        for i, slot in enumerate(p.spells):
            if slot is not None and not slot.face_up and not slot.set_ and slot.card.speed >= 2:
                out.append(_a(player, "activate", card=f"{player}.spells_traps.{i}"))
    if phase == "battle" and state.turn > 1 and (state.battle_step is None or attack_allowed_now(state)):
        targets = [
            f"{opponent}.monsters.{i}"
            for i, m in enumerate(state.players[opponent].monsters)
            if m is not None
        ]
        for i, slot in enumerate(p.monsters):
            if slot is not None and slot.face_up and slot.position == "attack" and not slot.attacked:
                ref = f"{player}.monsters.{i}"
                if targets:
                    out.extend(_a(player, "attack", attacker=ref, target=t) for t in targets)
                else:
                    out.append(_a(player, "attack", attacker=ref, target=None))
    if phase == "end":
        excess = hand_limit_excess(state, player)
        if excess:
            out.extend(_a(player, "discard", cards=[f"{player}.hand.{i}"]) for i in range(len(p.hand)))
        if not excess and not hand_limit_excess(state, OTHER[player]):
            out.append(_a(player, "end_turn"))
    elif (
        state.battle_step is None or state.battle_step in ("start", "battle", "end") and state.attack is None
    ):
        out.append(_a(player, "next_phase"))


def _equip_targets(state: State, player: str, ref: str) -> list[Action]:
    return [
        _a(player, "activate", card=ref, target=f"{side}.monsters.{i}")
        for side in ("A", "B")
        for i, m in enumerate(state.players[side].monsters)
        if m is not None and m.face_up
    ]


def _fusions(state: State, player: str, spell_ref: str, out: list[Action], limit: int = 20) -> None:
    p = state.players[player]
    pool = [(f"{player}.hand.{i}", c) for i, c in enumerate(p.hand) if c.kind == "monster"]
    pool += [(f"{player}.monsters.{i}", m.card) for i, m in enumerate(p.monsters) if m is not None]
    pool = [(r, c) for r, c in pool if r != spell_ref]
    available = [c.name for _, c in pool]
    for f_index, fusion in enumerate(p.extra):
        if fusion.kind != "monster" or fusion.monster_type != "fusion" or not fusion.materials:
            continue
        if any(available.count(name) < fusion.materials.count(name) for name in fusion.materials):
            continue
        wanted = sorted(fusion.materials)
        pool_for = [(r, c) for r, c in pool if c.name in fusion.materials]
        found = 0
        for combo in combinations(pool_for, len(wanted)):
            if sorted(c.name for _, c in combo) != wanted:
                continue
            if free_monster_zone(state, player) < 0 and not any(
                r.split(".")[1] == "monsters" for r, _ in combo
            ):
                continue
            out.append(
                _a(
                    player,
                    "fusion_summon",
                    spell=spell_ref,
                    fusion=f"{player}.extra_deck.{f_index}",
                    materials=[r for r, _ in combo],
                )
            )
            found += 1
            if found >= limit:
                break


# --- effects, triggers and the Battle Phase step by step --------------------------------------------
# Reached only through new fields and actions (``effects`` on a card, ``"battle_steps": true``, ``activate``
# with ``effect``, ``pass``, ``chain_triggers``): a document without them behaves as before.


def effect_speed(state: State, card: Card, effect: Effect) -> int:
    """An effect's Spell Speed; under the classic rulebook every monster effect is Spell Speed 1."""
    if card.kind == "monster" and state.flags["monster_effects_speed_1"]:
        return 1
    return effect.speed


def damage_step_reason(effect: Effect | None, counter_trap: bool, speed: int | None = None) -> str | None:
    """Why a card or effect may be activated during the Damage Step, or None when it may not."""
    if counter_trap:
        return "counter_trap"
    if effect is None:
        return None
    if effect.mandatory:
        return "mandatory"
    if effect.ops & NEGATIONS:
        return "negation"
    if effect.timing == "trigger" and effect.event in MOVE_EVENTS:
        return "moves"
    if effect.timing == "flip":
        return "moves"
    if (effect.speed if speed is None else speed) >= 2 and effect.ops & STAT_CHANGES:
        return "atk_def"
    return None


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
        _drop_equips_quietly(state, (player, index))
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


def _drop_equips_quietly(state: State, key: tuple[str, int]) -> None:
    _drop_equips(state, key, [])


def run_op(
    state: State, owner: str, card: Card, op: str, params: dict, target: str | None, events: list[Event]
) -> None:
    """Apply one operation of an effect; an operand that is gone does nothing."""
    rule = "YGO-EFFECT-OPS"
    happen(state, "did", card, owner)
    if op in ("inflict_damage", "gain_lp"):
        sides = _players(state, owner, params["to"])
        step = Action(owner, op, {"to": "both" if len(sides) == 2 else sides[0], "amount": params["amount"]})
        (do_effect_damage if op == "inflict_damage" else do_gain_lp)(state, step, events)
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
        _skip_phase(state, owner, params, events)
        return
    if op == "extra_battle_phase":
        _grant_battle_phase(state, owner, events)
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


def _skip_phase(state: State, owner: str, params: dict, events: list[Event]) -> None:
    """The named phase is skipped the next time the turn of the player (the turn player when the
    operation names none) reaches it: now if it is the current phase, later this turn if it is still
    to come, otherwise in that player's next turn (YGO-SKIP-PHASE). The End Phase is never skipped."""
    phase = params["phase"]
    sides = (state.turn_player,) if params["player"] is None else _players(state, owner, params["player"])
    for side in sides:
        if phase == "end":
            events.append(
                Event(
                    "no_effect",
                    {"op": "skip_phase"},
                    ("YGO-SKIP-PHASE",),
                    msg("The End Phase is not skipped: every turn ends with it."),
                )
            )
            continue
        if side == state.turn_player and state.phase == phase:
            after = AFTER_SKIPPED[phase]
            if phase == "main1" and state.turn == 1:
                after = "end"
            state.attack = None
            events.append(
                Event(
                    "phase",
                    {"phase": after},
                    ("YGO-EFFECT-OPS",),
                    msg(
                        "The phase is skipped: the turn moves to the {phase} phase.", phase=PHASE_NAMES[after]
                    ),
                )
            )
            state.phase = arrive(state, after, events)
            state.battle_step = "start" if state.battle_steps and state.phase == "battle" else None
            if state.phase == "draw":
                enter_draw_phase(state, events)
            continue
        if (side, phase) not in state.skips:
            state.skips = (*state.skips, (side, phase))
        later = side == state.turn_player and (
            PHASE_INDEX[phase] > PHASE_INDEX[state.phase]
            or (phase == "battle" and state.phase == "main2" and state.extra_bp > 0)
        )
        events.append(
            Event(
                "skip_later",
                {"player": side, "phase": phase, "this_turn": later},
                ("YGO-SKIP-PHASE",),
                msg(
                    "Player {player}'s {phase} phase of this turn will be skipped.",
                    player=side,
                    phase=PHASE_NAMES[phase],
                )
                if later
                else msg(
                    "Player {player}'s next {phase} phase will be skipped.",
                    player=side,
                    phase=PHASE_NAMES[phase],
                ),
            )  # fmt: skip
        )


def _grant_battle_phase(state: State, owner: str, events: list[Event]) -> None:
    """Another Battle Phase for the effect's controller in their own turn, after Main Phase 2
    (YGO-BP-MULTIPLE); in the End Phase, the first turn or the opponent's turn it does nothing."""
    if owner != state.turn_player or state.phase == "end" or state.turn == 1:
        events.append(
            Event(
                "no_effect",
                {"op": "extra_battle_phase"},
                ("YGO-BP-MULTIPLE",),
                msg(
                    "Another Battle Phase is granted only in its controller's own turn, before the End Phase "
                    "(and never on the first turn): nothing happens."
                ),
            )
        )
        return
    state.extra_bp = min(10, state.extra_bp + 1)  # the state keeps at most 10
    events.append(
        Event(
            "extra_battle_phase",
            {"player": owner, "extra_battle_phases": state.extra_bp},
            ("YGO-BP-MULTIPLE",),
            msg(
                "Player {player} will conduct another Battle Phase this turn, after Main Phase 2.",
                player=owner,
            ),
        )
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
    previous: tuple | None = None
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
            before = len(state.happened) if state.happened is not None else 0
            run_op(state, player, card, op, params, None, events)
            _simultaneous_with_previous(state, op, previous)
            previous = (op, before, previous)
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


def _simultaneous_with_previous(state: State, op: str, previous: tuple | None) -> None:
    """Consecutive operations of the same kind ("destroy A and B") happen at the same time: what they did
    is one thing for the timing, so a 'when' trigger of the first is not missed because of the second."""
    happened = state.happened
    if happened is None or previous is None or previous[0] != op:
        return
    start = previous[1]
    while previous is not None and previous[0] == op:  # back to the first operation of the run
        start = previous[1]
        previous = previous[2]
    group = happened[start][0] if start < len(happened) else None
    if group is None:
        return
    happened[start:] = [(group, *entry[1:]) for entry in happened[start:]]


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
    if (
        damage_step_reason(
            effect,
            card.kind == "trap" and card.trap_type == "counter",
            effect and effect_speed(state, card, effect),
        )
        is None
    ):
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
    reason = damage_step_reason(
        effect,
        card.kind == "trap" and card.trap_type == "counter",
        effect and effect_speed(state, card, effect),
    )
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
    _response_checks(state, speed, response_to, name)


def _response_checks(state: State, speed: int, response_to: int, name: str) -> None:
    """A response answers the last link, at a Spell Speed of 2 or more and at least the last link's."""
    chain = state.chain
    if not chain:
        raise illegal(
            "YGO-CHAIN-LAST-LINK",
            msg(
                "There is no chain in progress to respond to (link {response_to}).",
                response_to=response_to,
            ),
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
            "YGO-CHAIN-SPEED-1",
            msg("{card} is Spell Speed 1: it can only start a chain.", card=name),
        )
    last_speed = chain[-1][2]
    if speed < last_speed:
        raise illegal(
            "YGO-CHAIN-RESPONSE",
            msg(
                "{card} is Spell Speed {speed}: it cannot respond to a Spell Speed {last_speed} link "
                "(only a Counter Trap answers a Counter Trap).",
                card=name,
                speed=speed,
                last_speed=last_speed,
            )
            if last_speed == 3
            else msg(
                "{card} is Spell Speed {speed}: it cannot respond to a Spell Speed {last_speed} link.",
                card=name,
                speed=speed,
                last_speed=last_speed,
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
    speed = effect_speed(state, card, effect)
    if speed != effect.speed:
        rules.append("YGO-CLASSIC-MONSTER-SPEED-1")
    try:
        _respond_check(state, speed, action.args.get("in_response_to"), card.name)
    except IllegalAction as refusal:
        if speed != effect.speed:
            refusal.rules.append("YGO-CLASSIC-MONSTER-SPEED-1")
        raise

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
    speed = effect_speed(state, card, effect)
    state.chain = (*state.chain, (player, ref, speed, action.args.get("effect", 0), card))
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
    flipped_cards = flip_attacked(state, battle, events)
    rules = tuple(r for r in battle.rules if r != "YGO-FLIP-BY-ATTACK")
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


def pending_gate(state: State, action: Action, after_chain: bool = False) -> None:
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
            "Once the chain resolves, the effects it triggered wait to be put on a chain first "
            "(chain_triggers, or pass for the mandatory ones)."
        )
        if after_chain
        else msg(
            "Triggered effects wait to be put on a chain first (chain_triggers, or pass for the mandatory "
            "ones)."
        ),
    )


# --- what self-play and the legal_actions query add -----------------------------------------------------


def extra_actions(state: State, player: str, out: list[Action]) -> None:
    """Effect activations of cards that carry effects (quick effects answer the last link)."""
    link = len(state.chain)
    ignition = not link and player == state.turn_player and state.phase in MAIN_PHASES
    needed = max(2, state.chain[-1][2]) if link else 0
    p = state.players[player]
    cards = [
        (f"{player}.monsters.{i}", s.card)
        for i, s in enumerate(p.monsters)
        if s and s.face_up and s.card.effects
    ]
    cards += [(f"{player}.hand.{i}", c) for i, c in enumerate(p.hand) if c.effects and c.kind == "monster"]
    for side_ref, card in cards:
        for index, effect in enumerate(card.effects):
            timing = effect.timing
            if timing == "ignition":
                if not ignition or side_ref[2] != "m":
                    continue
            elif timing != "quick" or (link and effect_speed(state, card, effect) < needed):
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


def _negating_summon(chain: tuple) -> bool:
    """Whether an open chain holds a summon negation (the summon is still being negated)."""
    for _player, _ref, _speed, index, card in chain:
        if index is not None and "negate_summon" in card.effects[index].ops:
            return True
    return False
