"""RaymanTCG rules: applying actions, listing the legal ones, and the end of the game."""

from __future__ import annotations

from collections.abc import Callable

from ..base import Event
from ..common.turns import (
    OTHER,
    PHASES,
    end_game,
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
from .state import Card, Player, State

# Shared, immutable actions every legal-action list ends with.
NEXT_PHASE_ACTION = {key: Action("next_phase", key) for key in ("A", "B")}
END_TURN_ACTION = {key: Action("end_turn", key) for key in ("A", "B")}

# The words a refusal puts in its sentence: "A creature must come from A's hand", "… is not a magic card".
CARD_KINDS = terms("rayman card kind", ("terrain", "creature", "magic"))
ZONES = terms("rayman zone", ("hand",))
A_CARD = {"terrain": msg("A terrain"), "creature": msg("A creature"), "magic": msg("A magic card")}
PLAYING = {"creature": msg("Playing a creature"), "magic": msg("Playing a magic card")}


def is_first_turn(state: State) -> bool:
    # `turn` counts both players' turns, so turns 1 and 2 are each player's first (RAY-FIRST-TURN).
    return state.turn <= 2


# --- end of the game -------------------------------------------------------------------------------


def check_tings(state: State, events: list[Event]) -> None:
    if state.result is not None:
        return
    target = state.flags["tings_to_win"]
    reached = [key for key in ("A", "B") if state.players[key].tings >= target]
    if len(reached) == 2:
        end_game(
            state,
            events,
            winner=None,
            rule="RAY-WIN-TINGS",
            text=msg("Both players reached {target} tings: a draw.", target=target),
        )
    elif reached:
        end_game(
            state,
            events,
            winner=reached[0],
            rule="RAY-WIN-TINGS",
            text=msg("{winner} reached {target} tings and won.", winner=reached[0], target=target),
        )


def check_creatures_left(state: State, events: list[Event]) -> None:
    """After a destruction: a player left without creature anywhere loses (RAY-WIN-NO-CREATURES)."""
    if state.result is not None:
        return
    out = [key for key in ("A", "B") if not state.players[key].has_creature_anywhere()]
    if out:
        players_lose(
            state,
            events,
            out,
            rule="RAY-WIN-NO-CREATURES",
            draw_text=msg("Neither player has a creature left in deck, hand or play: a draw."),
            loss_text=msg("{loser} has no creature left in deck, hand or play: {winner} wins."),
        )


# --- damage and tings ----------------------------------------------------------------------------


def gain_tings(state: State, key: str, amount: int, rule: str, events: list[Event]) -> None:
    player = state.players[key]
    player.tings += amount
    events.append(
        Event(
            "tings_gained",
            {"player": key, "amount": amount, "tings": player.tings},
            (rule,),
            msg("{player} gains {amount} tings ({tings}).", player=key, amount=amount, tings=player.tings),
        )
    )


def hurt_creature(
    state: State, ref: Ref, amount: int, *, rule: str, tings_to: str | None, events: list[Event]
) -> bool:
    """Take ``amount`` hit points from a creature; destroy it at 0 or below. True when destroyed."""
    owner, _, index = ref
    player = state.players[owner]
    creature = player.creatures[index].clone()
    creature.hp -= amount
    events.append(
        Event(
            "creature_damage",
            {"card": f"{owner}.creatures.{index}", "amount": amount, "hp": creature.hp},
            (rule,),
            msg(
                "{creature} loses {amount} hit points ({hp} left).",
                creature=creature.name,
                amount=amount,
                hp=creature.hp,
            ),
        )
    )
    if creature.hp > 0:
        player.creatures[index] = creature
        return False
    del player.creatures[index]
    player.graveyard.append(creature.left_field())
    events.append(
        Event(
            "destroyed",
            {"card": f"{owner}.creatures.{index}", "name": creature.name},
            ("RAY-HP-DESTROYED",),
            msg(
                "{creature} is at {hp} hit points: destroyed, it goes to the graveyard.",
                creature=creature.name,
                hp=creature.hp,
            ),
        )
    )
    if tings_to is not None:
        gain_tings(state, tings_to, -creature.hp, "RAY-TINGS-OVERKILL", events)
    else:
        events.append(
            Event(
                "no_tings",
                {"card": f"{owner}.creatures.{index}"},
                ("RAY-NO-TINGS-FROM-EFFECTS",),
                msg("An ability or a magic card destroyed it: nobody gains tings."),
            )
        )
    return True


def combat_damage(attacker: Card, target: Card, advantage_damage: int) -> tuple[int, int, tuple[str, ...]]:
    """(damage to the attacked creature, damage to the attacker, rules) of one attack."""
    if attacker.atk > target.def_:
        return attacker.atk - target.def_, 0, ("RAY-COMBAT-DAMAGE",)
    if target.def_ > attacker.atk:
        return 0, target.def_ - attacker.atk, ("RAY-COMBAT-COUNTER",)
    if attacker.advantage and not target.advantage:
        return advantage_damage, 0, ("RAY-ADVANTAGE", "RAY-POWERS")
    if target.advantage and not attacker.advantage:
        return 0, advantage_damage, ("RAY-ADVANTAGE", "RAY-POWERS")
    return 0, 0, ("RAY-COMBAT-DAMAGE", "RAY-COMBAT-COUNTER")


def resolve_attack(state: State, attacker_ref: Ref, target_ref: Ref | None) -> list[Event]:
    """The arithmetic of an attack (no legality checks: the damage query uses it too)."""
    key = attacker_ref[0]
    opponent = OTHER[key]
    attacker = state.players[key].creatures[attacker_ref[2]]
    events: list[Event] = []
    if target_ref is None:
        events.append(
            Event(
                "direct_attack",
                {
                    "attacker": f"{key}.creatures.{attacker_ref[2]}",
                    "player": opponent,
                    "amount": attacker.atk,
                },
                ("RAY-DIRECT-ATTACK",),
                msg(
                    "{opponent} has no creature: {attacker} attacks the player directly.",
                    opponent=opponent,
                    attacker=attacker.name,
                ),
            )
        )
        gain_tings(state, key, attacker.atk, "RAY-DIRECT-ATTACK", events)
        check_tings(state, events)
        return events
    target = state.players[opponent].creatures[target_ref[2]]
    to_target, to_attacker, rules = combat_damage(attacker, target, state.flags["advantage_damage"])
    events.append(
        Event(
            "combat",
            {
                "attacker": f"{key}.creatures.{attacker_ref[2]}",
                "target": f"{opponent}.creatures.{target_ref[2]}",
                "damage_to_target": to_target,
                "damage_to_attacker": to_attacker,
            },
            rules,
            msg(
                "{attacker} ({attacker_atk} ATK) attacks {target} ({target_def} DEF).",
                attacker=attacker.name,
                attacker_atk=attacker.atk,
                target=target.name,
                target_def=target.def_,
            ),
        )
    )
    destroyed = False
    if to_target:
        destroyed = hurt_creature(
            state,
            (opponent, "creatures", target_ref[2]),
            to_target,
            rule=rules[0],
            tings_to=key,
            events=events,
        )
    if to_attacker:
        destroyed = hurt_creature(
            state,
            (key, "creatures", attacker_ref[2]),
            to_attacker,
            rule=rules[0],
            tings_to=opponent,
            events=events,
        )
    check_tings(state, events)
    if destroyed:
        check_creatures_left(state, events)
    return events


# --- costs ---------------------------------------------------------------------------------------


def cost_needs(cost: int | dict[str, int]) -> tuple[dict[str, int], int]:
    if isinstance(cost, int):
        return {}, cost
    coloured = {kind: count for kind, count in cost.items() if kind != "any" and count}
    return coloured, cost.get("any", 0)


def free_terrains(player: Player) -> list[int]:
    return [i for i, terrain in enumerate(player.terrains) if not terrain.occupied]


def find_payment(
    player: Player, cost: int | dict[str, int], free: list[int] | None = None
) -> list[int] | None:
    """One way to pay ``cost`` with free terrains (the one the legal-action list proposes)."""
    if free is None:
        free = free_terrains(player)
    if isinstance(cost, int):
        return free[:cost] if len(free) >= cost else None
    coloured, colourless = cost_needs(cost)
    if len(free) < colourless + sum(coloured.values()):
        return None
    chosen: list[int] = []
    for kind, count in coloured.items():
        matching = [i for i in free if player.terrains[i].terrain == kind][:count]
        if len(matching) < count:
            return None
        chosen += matching
    rest = [i for i in free if i not in chosen]
    chosen += rest[:colourless]
    return sorted(chosen)


def pay(state: State, key: str, card: Card, refs: tuple[Ref, ...], events: list[Event]) -> None:
    player = state.players[key]
    coloured, colourless = cost_needs(card.cost)
    total = colourless + sum(coloured.values())
    seen: set[int] = set()
    for owner, zone, index in refs:
        if owner != key or zone != "terrains":
            raise illegal(
                "RAY-COST-TERRAINS",
                msg(
                    "{owner}.{zone}.{index} is not one of {player}'s terrains.",
                    owner=owner,
                    zone=zone,
                    index=index,
                    player=key,
                ),
            )
        if index in seen:
            raise illegal(
                "RAY-TERRAIN-OCCUPIED",
                msg(
                    "{player}.terrains.{index} is named twice: a terrain pays once.", player=key, index=index
                ),
            )
        seen.add(index)
        if player.terrains[index].occupied:
            raise illegal(
                "RAY-TERRAIN-OCCUPIED",
                msg(
                    "{player}.terrains.{index} is occupied: it already paid for a card this turn.",
                    player=key,
                    index=index,
                ),
            )
    if len(refs) != total:
        free = sum(not terrain.occupied for terrain in player.terrains)
        raise illegal(
            "RAY-COST-TERRAINS",
            msg(
                "{card} costs {total} terrain(s); {named} named in `terrains` ({free} free). "
                "Name exactly the terrains that pay.",
                card=card.name,
                total=total,
                named=len(refs),
                free=free,
            ),
        )
    kinds = [player.terrains[index].terrain for _, _, index in refs]
    for kind, count in coloured.items():
        if kinds.count(kind) < count:
            raise illegal(
                "RAY-COST-COLOURED",
                msg(
                    "{card} needs {count} {kind} terrain(s); the terrains named give {given}.",
                    card=card.name,
                    count=count,
                    kind=kind,
                    given=kinds.count(kind),
                ),
            )
    for _, _, index in refs:
        terrain = player.terrains[index].clone()
        terrain.occupied = True
        player.terrains[index] = terrain
    if refs:
        events.append(
            Event(
                "terrains_occupied",
                {"player": key, "terrains": [f"{key}.terrains.{index}" for _, _, index in refs]},
                ("RAY-COST-TERRAINS", "RAY-TERRAIN-OCCUPIED"),
                msg(
                    "{total} terrain(s) pay for {card} and are occupied for the turn.",
                    total=total,
                    card=card.name,
                ),
            )
        )


# --- turn structure ------------------------------------------------------------------------------


# The mandatory draw of the turn player's draw phase (RAY-DRAW).
draw = make_draw(
    unknown_card=lambda: Card("unknown", "unknown card"),
    draw_rules=("RAY-DRAW",),
    deck_out_rules=("RAY-DRAW", "RAY-DECK-OUT"),
    empty_deck_rules=("RAY-DECK-OUT",),
)
start = make_start(draw)


def pass_turn(state: State, events: list[Event]) -> None:
    key = state.turn_player
    player = state.players[key]
    player.creature_played_this_turn = player.magic_played_this_turn = player.attacked_this_turn = False
    for each in state.players.values():
        terrains = each.terrains
        for i, terrain in enumerate(terrains):
            if terrain.occupied:
                free = terrain.clone()
                free.occupied = False
                terrains[i] = free
        creatures = each.creatures
        for i, creature in enumerate(creatures):
            if creature.ability_used_this_turn:
                rested = creature.clone()
                rested.ability_used_this_turn = False
                creatures[i] = rested
    state.turn += 1
    state.turn_player = OTHER[key]
    state.phase = "draw"
    state.draw_done = False
    events.append(
        Event(
            "turn_start",
            {"turn": state.turn, "player": state.turn_player},
            ("RAY-TURN", "RAY-TERRAIN-OCCUPIED"),
            msg(
                "{player} ends the turn; turn {turn} is {turn_player}'s; every terrain is free again.",
                player=key,
                turn=state.turn,
                turn_player=state.turn_player,
            ),
        )
    )
    draw(state, events)


# --- the actions ---------------------------------------------------------------------------------


def _own_card(state: State, key: str, ref: Ref | None, zone: str, kind: str, rule: str) -> Card:
    assert ref is not None
    owner, ref_zone, index = ref
    if owner != key or ref_zone != zone:
        raise illegal(
            rule,
            msg(
                "{what} must come from {player}'s {zone}; {owner}.{ref_zone}.{index} does not.",
                what=A_CARD[kind],
                player=key,
                zone=ZONES[zone],
                owner=owner,
                ref_zone=ref_zone,
                index=index,
            ),
        )
    card = state.players[owner].zone(zone)[index]
    if card.kind != kind:
        raise illegal(
            rule,
            msg(
                "{owner}.{zone}.{index} ({card}) is not a {kind} card.",
                owner=owner,
                zone=zone,
                index=index,
                card=card.name,
                kind=CARD_KINDS[kind],
            ),
        )
    return card


def _require_phase(state: State, phases: tuple[str, ...], what: Message) -> None:
    if state.phase not in phases:
        raise illegal(
            "RAY-TURN",
            msg(
                "{what} happens in the {phases} phase, not the {phase} phase.",
                what=what,
                phases=phases_named(phases),
                phase=PHASES[state.phase],
            ),
        )


def do_play_terrain(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main",), msg("Playing a terrain"))
    key = action.player
    card = _own_card(state, key, action.card, "hand", "terrain", "RAY-PLAY-TERRAIN")
    if action.terrains:
        raise illegal("RAY-PLAY-TERRAIN", msg("A terrain costs nothing: no terrain pays for it."))
    player = state.players[key]
    del player.hand[action.card[2]]  # type: ignore[index]
    player.terrains.append(card)
    return [
        Event(
            "terrain_played",
            {"player": key, "card": card.name, "terrain": card.terrain},
            ("RAY-PLAY-TERRAIN",),
            msg(
                "{player} puts {card} ({terrain}) into play.",
                player=key,
                card=card.name,
                terrain=card.terrain,
            ),
        )
    ]


def _play_from_hand(
    state: State, action: Action, *, kind: str, rule: str, played: str
) -> tuple[str, Card, Player, list[Event]]:
    """The part creatures and magic cards share: one of each a turn (``played`` is the player's
    flag), from the hand, in the main phase, its terrains paid. Returns (player key, card, player,
    events so far)."""
    _require_phase(state, ("main",), PLAYING[kind])
    key = action.player
    card = _own_card(state, key, action.card, "hand", kind, rule)
    player = state.players[key]
    if getattr(player, played):
        if kind == "creature":
            raise illegal(rule, msg("{player} has already played a creature this turn.", player=key))
        raise illegal(rule, msg("{player} has already played a magic card this turn.", player=key))
    events: list[Event] = []
    pay(state, key, card, action.terrains, events)
    del player.hand[action.card[2]]  # type: ignore[index]
    setattr(player, played, True)
    return key, card, player, events


def do_play_creature(state: State, action: Action) -> list[Event]:
    key, card, player, events = _play_from_hand(
        state,
        action,
        kind="creature",
        rule="RAY-ONE-CREATURE",
        played="creature_played_this_turn",
    )
    player.creatures.append(card)
    events.append(
        Event(
            "creature_played",
            {"player": key, "card": card.name, "to": f"{key}.creatures.{len(player.creatures) - 1}"},
            ("RAY-ONE-CREATURE",),
            msg("{player} plays {card}.", player=key, card=card.name),
        )
    )
    return events


def do_play_magic(state: State, action: Action) -> list[Event]:
    key, card, player, events = _play_from_hand(
        state, action, kind="magic", rule="RAY-ONE-MAGIC", played="magic_played_this_turn"
    )
    if card.magic_type == "permanent":
        player.magic.append(card)
        text = msg(
            "{player} plays the permanent magic card {card}; it stays in the magic zone.",
            player=key,
            card=card.name,
        )
    else:
        player.graveyard.append(card)
        text = msg(
            "{player} plays the ephemeral magic card {card}; it resolves and goes to the graveyard.",
            player=key,
            card=card.name,
        )
    events.append(
        Event(
            "magic_played",
            {"player": key, "card": card.name, "magic_type": card.magic_type},
            ("RAY-ONE-MAGIC", "RAY-MAGIC"),
            text,
        )
    )
    return events


def check_attack(state: State, action: Action) -> None:
    key = action.player
    _require_phase(state, ("attack",), msg("An attack"))
    if is_first_turn(state) and not state.flags["attack_on_first_turn"]:
        raise illegal(
            "RAY-FIRST-TURN",
            msg("Turn {turn} is {player}'s first turn: no attack.", turn=state.turn, player=key),
        )
    player = state.players[key]
    if player.attacked_this_turn:
        raise illegal(
            "RAY-ONE-ATTACK",
            msg("{player} has already attacked this turn: one attack by one creature.", player=key),
        )
    owner, zone, index = action.card  # type: ignore[misc]
    if owner != key or zone != "creatures":
        rule = "RAY-MAGIC" if zone == "magic" else "RAY-ONE-ATTACK"
        raise illegal(
            rule,
            msg(
                "Only a creature {player} has in play can attack; {owner}.{zone}.{index} is not one.",
                player=key,
                owner=owner,
                zone=zone,
                index=index,
            ),
        )
    opponent = state.players[OTHER[key]]
    if action.target is None:
        if opponent.creatures:
            raise illegal(
                "RAY-DIRECT-ATTACK",
                msg(
                    "{opponent} has {count} creature(s) in play: attack one of them, not the player.",
                    opponent=OTHER[key],
                    count=len(opponent.creatures),
                ),
            )
        return
    t_owner, t_zone, t_index = action.target
    if t_owner != OTHER[key] or t_zone != "creatures":
        raise illegal(
            "RAY-ONE-ATTACK",
            msg("An attack targets a creature of {opponent} or the player.", opponent=OTHER[key]),
        )


def do_attack(state: State, action: Action) -> list[Event]:
    check_attack(state, action)
    state.players[action.player].attacked_this_turn = True
    return resolve_attack(state, action.card, action.target)  # type: ignore[arg-type]


def do_ability_damage(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack"), msg("An ability"))
    key = action.player
    owner, zone, index = action.card  # type: ignore[misc]
    if zone != "creatures":
        raise illegal(
            "RAY-ABILITY-DAMAGE",
            msg(
                "Ability damage hits a creature in play; {owner}.{zone}.{index} is not.",
                owner=owner,
                zone=zone,
                index=index,
            ),
        )
    events: list[Event] = []
    if action.source is not None:
        s_owner, s_zone, s_index = action.source
        if s_owner != key or s_zone != "creatures":
            raise illegal(
                "RAY-ABILITY-ONCE",
                msg("The ability's source must be a creature {player} has in play.", player=key),
            )
        if is_first_turn(state) and not state.flags["attack_on_first_turn"]:
            raise illegal(
                "RAY-FIRST-TURN",
                msg(
                    "Turn {turn} is {player}'s first turn: no ability before an attack.",
                    turn=state.turn,
                    player=key,
                ),
            )
        if state.players[key].attacked_this_turn:
            raise illegal(
                "RAY-ABILITY-BEFORE-ATTACK",
                msg(
                    "{player} has already attacked this turn: abilities are used before the attack.",
                    player=key,
                ),
            )
        source = state.players[key].creatures[s_index]
        if source.unique_ability and source.unique_ability_used:
            raise illegal(
                "RAY-ABILITY-ONCE",
                msg("{source}'s (U) ability has already been used this game.", source=source.name),
            )
        if source.ability_used_this_turn:
            raise illegal(
                "RAY-ABILITY-ONCE",
                msg("{source} has already used its ability this turn.", source=source.name),
            )
        source = source.clone()
        source.ability_used_this_turn = True
        source.unique_ability_used = source.unique_ability
        state.players[key].creatures[s_index] = source
        events.append(
            Event(
                "ability_used",
                {"card": f"{key}.creatures.{s_index}", "name": source.name},
                ("RAY-ABILITY-ONCE",),
                msg("{source} uses its ability.", source=source.name),
            )
        )
    destroyed = hurt_creature(
        state, action.card, action.amount, rule="RAY-ABILITY-DAMAGE", tings_to=None, events=events
    )  # type: ignore[arg-type]
    if destroyed:
        check_creatures_left(state, events)
    return events


def do_modify_stats(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack"), msg("A change of ATK or DEF"))
    owner, zone, index = action.card  # type: ignore[misc]
    if zone != "creatures":
        raise illegal(
            "RAY-STATS-FLOOR",
            msg(
                "Only a creature in play has ATK and DEF to change; not {owner}.{zone}.{index}.",
                owner=owner,
                zone=zone,
                index=index,
            ),
        )
    creature = state.players[owner].creatures[index].clone()
    clamped = False
    if action.atk is not None:
        clamped |= creature.atk + action.atk < 0
        creature.atk = max(0, creature.atk + action.atk)
    if action.def_ is not None:
        clamped |= creature.def_ + action.def_ < 0
        creature.def_ = max(0, creature.def_ + action.def_)
    state.players[owner].creatures[index] = creature
    return [
        Event(
            "stats_changed",
            {"card": f"{owner}.creatures.{index}", "atk": creature.atk, "def": creature.def_},
            ("RAY-STATS-FLOOR",),
            msg(
                "{creature} is now {atk} ATK / {defense} DEF (a value that would go below 0 stops at 0).",
                creature=creature.name,
                atk=creature.atk,
                defense=creature.def_,
            )
            if clamped
            else msg(
                "{creature} is now {atk} ATK / {defense} DEF.",
                creature=creature.name,
                atk=creature.atk,
                defense=creature.def_,
            ),
        )
    ]


def do_destroy(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack"), msg("A destruction by a card"))
    owner, zone, index = action.card  # type: ignore[misc]
    player = state.players[owner]
    if zone not in ("creatures", "magic"):
        raise illegal(
            "RAY-MAGIC",
            msg(
                "Only a creature or permanent magic card in play can be destroyed, "
                "not {owner}.{zone}.{index}.",
                owner=owner,
                zone=zone,
                index=index,
            ),
        )
    card = player.zone(zone)[index]
    del player.zone(zone)[index]
    player.graveyard.append(card.left_field())
    rules = ("RAY-HP-DESTROYED", "RAY-NO-TINGS-FROM-EFFECTS") if zone == "creatures" else ("RAY-MAGIC",)
    events = [
        Event(
            "destroyed",
            {"card": f"{owner}.{zone}.{index}", "name": card.name},
            rules,
            msg("{card} is destroyed by a card effect and goes to the graveyard: no tings.", card=card.name)
            if zone == "creatures"
            else msg(
                "{card} is destroyed by a card effect and goes to the graveyard; its effect ends.",
                card=card.name,
            ),
        )
    ]
    if zone == "creatures":
        check_creatures_left(state, events)
    return events


def do_tings(state: State, action: Action) -> list[Event]:
    _require_phase(state, ("main", "attack"), msg("A card giving or taking tings"))
    key = action.to
    assert key is not None
    events: list[Event] = []
    if action.type == "gain_tings":
        gain_tings(state, key, action.amount, "RAY-TINGS-CARDS", events)
        check_tings(state, events)
        return events
    player = state.players[key]
    lost = min(player.tings, action.amount)
    player.tings -= lost
    rules = ("RAY-TINGS-CARDS", "RAY-TINGS-START") if lost < action.amount else ("RAY-TINGS-CARDS",)
    return [
        Event(
            "tings_lost",
            {"player": key, "amount": lost, "tings": player.tings},
            rules,
            msg(
                "{player} loses {amount} tings ({tings}), never below 0.",
                player=key,
                amount=lost,
                tings=player.tings,
            )
            if lost < action.amount
            else msg("{player} loses {amount} tings ({tings}).", player=key, amount=lost, tings=player.tings),
        )
    ]


do_next_phase, do_end_turn = make_phase_handlers(
    draw=draw, end_turn=pass_turn, turn_rule="RAY-TURN", draw_rule="RAY-DRAW"
)

HANDLERS: dict[str, Callable[[State, Action], list[Event]]] = {
    "play_terrain": do_play_terrain,
    "play_creature": do_play_creature,
    "play_magic": do_play_magic,
    "attack": do_attack,
    "ability_damage": do_ability_damage,
    "modify_stats": do_modify_stats,
    "destroy": do_destroy,
    "gain_tings": do_tings,
    "lose_tings": do_tings,
    "next_phase": do_next_phase,
    "end_turn": do_end_turn,
}
apply = make_apply(HANDLERS, game_over_rule="RAY-GAME-OVER", turn_rule="RAY-TURN", draw_rule="RAY-DRAW")


def legal_actions(state: State, player: str | None = None) -> list[Action]:
    key = player or state.turn_player
    if state.result is not None or key != state.turn_player:
        return []
    phase = state.phase
    if phase == "draw":
        return [NEXT_PHASE_ACTION[key], END_TURN_ACTION[key]] if state.draw_done else [NEXT_PHASE_ACTION[key]]
    player = state.players[key]
    actions: list[Action] = []
    if phase == "main":
        creature_ok = not player.creature_played_this_turn
        magic_ok = not player.magic_played_this_turn
        free = free_terrains(player) if creature_ok or magic_ok else []
        for index, card in enumerate(player.hand):
            kind = card.kind
            if kind == "terrain":
                actions.append(Action("play_terrain", key, (key, "hand", index)))
            elif (kind == "creature" and creature_ok) or (kind == "magic" and magic_ok):
                payment = find_payment(player, card.cost, free)
                if payment is not None:
                    actions.append(
                        Action(
                            "play_creature" if kind == "creature" else "play_magic",
                            key,
                            (key, "hand", index),
                            terrains=tuple([(key, "terrains", i) for i in payment]),
                        )
                    )
    elif (
        phase == "attack"
        and not player.attacked_this_turn
        and player.creatures
        and (not is_first_turn(state) or state.flags["attack_on_first_turn"])
    ):
        opponent = OTHER[key]
        targets: list[Ref | None] = [
            (opponent, "creatures", i) for i in range(len(state.players[opponent].creatures))
        ]
        for index in range(len(player.creatures)):
            attacker = (key, "creatures", index)
            for target in targets or [None]:
                actions.append(Action("attack", key, attacker, target))
    actions.append(NEXT_PHASE_ACTION[key])
    actions.append(END_TURN_ACTION[key])
    return actions


def check_given(state: State) -> None:
    """A state given in a document may already be decided (check_tings)."""
    check_tings(state, [])
