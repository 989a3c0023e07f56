"""RaymanTCG state: plain slotted objects, copied structurally (never deep-copied) between actions.

Every card object is treated as immutable once it is part of a state: code that changes a card
replaces it in its (freshly copied) zone list with ``card.clone()``. Copying a state therefore only
copies the zone lists, which keeps random self-play fast.
"""

from __future__ import annotations

from typing import Any

from ..base import CardLookup, PathError
from ..common import state as shared
from ..common import validate as v
from ..common.state import DeckHolder, SlotEquality
from .catalogue import PREMIUM_TERRAINS, RULESETS

PHASES = ("draw", "main", "attack", "end")
TERRAIN_TYPES = ("Terre", "Air", "Eau", "Bon", "Feu", "Mauvais")
KINDS = ("creature", "magic", "terrain")
MAGIC_TYPES = ("ephemeral", "permanent")
PREMIUM_BY_TYPE = {terrain_type: name for name, terrain_type in PREMIUM_TERRAINS.items()}
# A card drawn from a deck given as a count: nobody knows what it is yet.
UNKNOWN = "unknown"

CARD_ZONES = ("hand", "deck", "graveyard", "terrains", "creatures", "magic")
PLAYER_FIELDS = (
    "tings",
    "hand",
    "deck",
    "graveyard",
    "terrains",
    "creatures",
    "magic",
    "creature_played_this_turn",
    "magic_played_this_turn",
    "attacked_this_turn",
)
CREATURE_FLAGS = ("advantage", "unique_ability", "unique_ability_used", "ability_used_this_turn")


class Card(SlotEquality):
    """Any RaymanTCG card; which fields matter depends on ``kind``."""

    __slots__ = (
        "kind",
        "name",
        "cost",
        "atk",
        "def_",
        "hp",
        "max_hp",
        "terrain",
        "occupied",
        "magic_type",
        "subtype",
        "advantage",
        "unique_ability",
        "unique_ability_used",
        "ability_used_this_turn",
    )

    def __init__(self, kind: str, name: str) -> None:
        self.kind = kind
        self.name = name
        self.cost: int | dict[str, int] = 0
        self.atk = 0
        self.def_ = 0
        self.hp = 0
        self.max_hp = 0
        self.terrain: str | None = None
        self.occupied = False
        self.magic_type = "ephemeral"
        self.subtype: str | None = None
        self.advantage = False
        self.unique_ability = False
        self.unique_ability_used = False
        self.ability_used_this_turn = False

    def clone(self) -> Card:
        new = Card.__new__(Card)
        for slot in Card.__slots__:
            setattr(new, slot, getattr(self, slot))
        return new

    def cost_total(self) -> int:
        cost = self.cost
        return cost if isinstance(cost, int) else sum(cost.values())

    def left_field(self) -> Card:
        """The card as it lies in a graveyard or hand: full hit points, no marks of the field."""
        new = self.clone()
        new.hp = new.max_hp
        new.occupied = False
        new.unique_ability_used = False
        new.ability_used_this_turn = False
        return new

    def to_json(self, zone: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == UNKNOWN:
            return out
        if self.kind == "terrain":
            out["terrain"] = self.terrain
            if zone == "terrains":
                out["occupied"] = self.occupied
            return out
        out["cost"] = dict(self.cost) if isinstance(self.cost, dict) else self.cost
        if self.subtype:
            out["subtype"] = self.subtype
        if self.kind == "magic":
            out["magic_type"] = self.magic_type
            return out
        out.update(atk=self.atk, **{"def": self.def_}, hp=self.hp, max_hp=self.max_hp)
        for flag in CREATURE_FLAGS:
            if getattr(self, flag):
                out[flag] = True
        return out


class Player(DeckHolder):
    __slots__ = (
        "tings",
        "hand",
        "deck",
        "deck_count",
        "graveyard",
        "terrains",
        "creatures",
        "magic",
        "creature_played_this_turn",
        "magic_played_this_turn",
        "attacked_this_turn",
    )

    def __init__(self) -> None:
        self.tings = 0
        self.hand: list[Card] = []
        self.deck: list[Card] | None = None  # None: only the count is known
        self.deck_count = 0
        self.graveyard: list[Card] = []
        self.terrains: list[Card] = []
        self.creatures: list[Card] = []
        self.magic: list[Card] = []
        self.creature_played_this_turn = False
        self.magic_played_this_turn = False
        self.attacked_this_turn = False

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.tings = self.tings
        new.hand = self.hand[:]
        new.deck = None if self.deck is None else self.deck[:]
        new.deck_count = self.deck_count
        new.graveyard = self.graveyard[:]
        new.terrains = self.terrains[:]
        new.creatures = self.creatures[:]
        new.magic = self.magic[:]
        new.creature_played_this_turn = self.creature_played_this_turn
        new.magic_played_this_turn = self.magic_played_this_turn
        new.attacked_this_turn = self.attacked_this_turn
        return new

    def has_creature_anywhere(self) -> bool:
        """For the second win condition; unknown cards may be creatures."""
        if self.creatures:
            return True
        if any(card.kind in ("creature", UNKNOWN) for card in self.hand):
            return True
        if self.deck is None:
            return self.deck_count > 0
        return any(card.kind == "creature" for card in self.deck)


class State(SlotEquality):
    _eq_ignored = ("flags",)  # the rule set's, shared
    __slots__ = ("turn", "turn_player", "phase", "draw_done", "players", "ruleset", "flags", "result")

    def __init__(self, *, ruleset: str, flags: Any) -> None:
        self.turn = 1
        self.turn_player = "A"
        self.phase = "main"
        self.draw_done = False  # in the draw phase: its draw has been made
        self.players: dict[str, Player] = {"A": Player(), "B": Player()}
        self.ruleset = ruleset
        self.flags = flags
        # (winner or None, draw, rule ids) once the game is over; derived, never part of the JSON.
        self.result: tuple[str | None, bool, tuple[str, ...]] | None = None

    def copy(self) -> State:
        new = State.__new__(State)
        new.turn = self.turn
        new.turn_player = self.turn_player
        new.phase = self.phase
        new.draw_done = self.draw_done
        players = self.players
        new.players = {"A": players["A"].copy(), "B": players["B"].copy()}
        new.ruleset = self.ruleset
        new.flags = self.flags
        new.result = self.result
        return new


# --- JSON → state --------------------------------------------------------------------------------

CARD_FIELDS = {
    "creature": ("name", "kind", "cost", "subtype", "atk", "def", "hp", "max_hp", *CREATURE_FLAGS),
    "magic": ("name", "kind", "cost", "subtype", "magic_type"),
    "terrain": ("name", "kind", "terrain", "occupied"),
    UNKNOWN: ("name", "kind"),
}


def parse_cost(data: Any, path: str) -> int | dict[str, int]:
    if isinstance(data, dict):
        cost: dict[str, int] = {}
        for key, count in data.items():
            v.choice(key, v.pointer(path, key), (*TERRAIN_TYPES, "any"))
            cost[key] = v.integer(count, v.pointer(path, key), minimum=0)
        return cost
    if isinstance(data, bool) or not isinstance(data, int):
        raise v.fail(path, 'must be a number of terrains or an object such as {"Feu": 1, "any": 2}')
    return v.integer(data, path, minimum=0)


def _resolve_card(data: Any, path: str, cards: CardLookup | None) -> Any:
    return shared.resolve_card(
        data, path, cards, game="rayman", unknown="give its kind and values, or a known card"
    )


def parse_card(
    data: Any, path: str, *, zone: str, cards: CardLookup | None = None, allow_unknown: bool = False
) -> Card:
    data = _resolve_card(data, path, cards)
    if not isinstance(data, dict):
        raise v.fail(path, "must be a card object")
    on_field = zone in ("terrains", "creatures", "magic")
    default_kind = {"terrains": "terrain", "creatures": "creature", "magic": "magic"}.get(zone)
    kinds = (*KINDS, UNKNOWN) if allow_unknown else KINDS
    if "kind" in data:
        kind = v.choice(data["kind"], v.pointer(path, "kind"), kinds)
    elif default_kind:
        kind = default_kind
    else:
        raise v.fail(v.pointer(path, "kind"), f"missing; expected one of {', '.join(kinds)}")
    if default_kind and kind != default_kind:
        raise v.fail(v.pointer(path, "kind"), f"a card in {zone} must be a {default_kind}")
    fields = CARD_FIELDS[kind]
    # A terrain in play may be given by its type alone; it is then named after its premium terrain.
    required: tuple[str, ...] = () if kind == "terrain" else ("name",)
    if kind == "creature":
        required += ("atk", "def", "hp") if on_field else ("atk", "def", "hp", "cost")
    elif kind == "magic" and not on_field:
        required += ("cost",)
    elif kind == "terrain":
        required += ("terrain",)
    v.obj(data, path, required=required, optional=fields)
    if kind == "terrain" and zone != "terrains" and data.get("occupied", False) is not False:
        raise v.fail(v.pointer(path, "occupied"), "only a terrain in the terrain zone is occupied or free")
    if kind == "terrain":
        terrain = v.choice(data["terrain"], v.pointer(path, "terrain"), TERRAIN_TYPES)
        card = Card(kind, v.string(data.get("name", PREMIUM_BY_TYPE[terrain]), v.pointer(path, "name")))
        card.terrain = terrain
        card.occupied = v.boolean(data.get("occupied", False), v.pointer(path, "occupied"))
        return card
    card = Card(kind, v.string(data["name"], v.pointer(path, "name")))
    if kind == UNKNOWN:
        return card
    if "cost" in data:
        card.cost = parse_cost(data["cost"], v.pointer(path, "cost"))
    if "subtype" in data:
        card.subtype = v.string(data["subtype"], v.pointer(path, "subtype"))
    if kind == "magic":
        card.magic_type = v.choice(
            # In the magic zone only permanent cards stay, so that is the default there.
            data.get("magic_type", "permanent" if zone == "magic" else "ephemeral"),
            v.pointer(path, "magic_type"),
            MAGIC_TYPES,
        )
        return card
    card.atk = v.integer(data["atk"], v.pointer(path, "atk"), minimum=0)
    card.def_ = v.integer(data["def"], v.pointer(path, "def"), minimum=0)
    if "max_hp" in data:
        card.max_hp = v.integer(data["max_hp"], v.pointer(path, "max_hp"), minimum=1)
        card.hp = v.integer(data["hp"], v.pointer(path, "hp"), minimum=1)
        if card.hp > card.max_hp:
            raise v.fail(v.pointer(path, "hp"), f"cannot exceed max_hp ({card.max_hp})")
    else:
        card.hp = card.max_hp = v.integer(data["hp"], v.pointer(path, "hp"), minimum=1)
    if not on_field and card.hp != card.max_hp:
        raise v.fail(v.pointer(path, "hp"), "only a creature in play can have lost hit points")
    for flag in CREATURE_FLAGS:
        if flag in data:
            setattr(card, flag, v.boolean(data[flag], v.pointer(path, flag)))
    return card


def _card_list(data: Any, path: str, zone: str, cards: CardLookup | None) -> list[Card]:
    items = v.array(data, path)
    return [
        parse_card(
            item, v.pointer(path, i), zone=zone, cards=cards, allow_unknown=zone in ("hand", "graveyard")
        )
        for i, item in enumerate(items)
    ]


def parse_player(data: Any, path: str, cards: CardLookup | None) -> Player:
    v.obj(data, path, required=("tings", "hand", "deck"), optional=PLAYER_FIELDS)
    player = Player()
    player.tings = v.integer(data["tings"], v.pointer(path, "tings"), minimum=0)
    deck = data["deck"]
    if isinstance(deck, list):
        player.deck = _card_list(deck, v.pointer(path, "deck"), "deck", cards)
    else:
        player.deck_count = v.integer(deck, v.pointer(path, "deck"), minimum=0)
    for zone in ("hand", "graveyard", "terrains", "creatures", "magic"):
        if zone in data:
            setattr(player, zone, _card_list(data[zone], v.pointer(path, zone), zone, cards))
    for index, card in enumerate(player.magic):
        if card.magic_type != "permanent":
            raise v.fail(
                v.pointer(v.pointer(v.pointer(path, "magic"), index), "magic_type"),
                "only permanent magic cards stay in the magic zone",
            )
    for flag in ("creature_played_this_turn", "magic_played_this_turn", "attacked_this_turn"):
        if flag in data:
            setattr(player, flag, v.boolean(data[flag], v.pointer(path, flag)))
    return player


def parse_state(data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state") -> State:
    flags = RULESETS[ruleset].flags
    v.obj(data, path, required=("turn", "turn_player", "phase", "players"), optional=("draw_done",))
    state = State(ruleset=ruleset, flags=flags)
    errors: list[PathError] = []
    shared.parse_turn_fields(state, data, path, phases=PHASES, errors=errors)
    shared.parse_players(
        state,
        data,
        path,
        parse_player=lambda player_data, player_path: parse_player(player_data, player_path, cards),
        errors=errors,
    )
    return state


def player_to_json(player: Player) -> dict[str, Any]:
    return {
        "tings": player.tings,
        "hand": [card.to_json("hand") for card in player.hand],
        "deck": player.deck_count if player.deck is None else [card.to_json("deck") for card in player.deck],
        "graveyard": [card.to_json("graveyard") for card in player.graveyard],
        "terrains": [card.to_json("terrains") for card in player.terrains],
        "creatures": [card.to_json("creatures") for card in player.creatures],
        "magic": [card.to_json("magic") for card in player.magic],
        "creature_played_this_turn": player.creature_played_this_turn,
        "magic_played_this_turn": player.magic_played_this_turn,
        "attacked_this_turn": player.attacked_this_turn,
    }


def state_to_json(state: State) -> dict[str, Any]:
    return {
        **shared.turn_fields_json(state),
        "players": {key: player_to_json(state.players[key]) for key in ("A", "B")},
    }
