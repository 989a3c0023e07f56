"""Arrows state: slotted objects copied structurally (never deep-copied) between actions.

Card objects are treated as immutable once part of a state: code that changes one replaces it in its
(freshly copied) zone list with ``card.clone()``.
"""

from __future__ import annotations

from typing import Any

from ..base import CardLookup, MalformedDocument, PathError
from ..common import state as shared
from ..common import validate as v
from ..common.state import DeckHolder, SlotEquality
from .catalogue import RULESETS

PHASES = ("draw", "main", "attack", "end")
LINES = ("attackers", "defenders")
KINDS = ("monster", "magic", "trap")
UNKNOWN = "unknown"  # a card drawn from a deck given as a count
EFFECT_KINDS = ("atk", "def", "ret")
CARD_ZONES = ("hand", "deck", "graveyard", "attackers", "defenders")
TURN_EFFECT_TYPES = ("inflict_damage", "halve_lp")
EFFECT_SOURCES = ("monster", "magic")
MONSTER_FLAGS = ("placed_this_turn", "attacked_this_turn")


class Card(SlotEquality):
    __slots__ = (
        "kind",
        "name",
        "atk",
        "def_",
        "arrows",
        "effects",
        "effects_used",
        "atk_bonus",
        "def_bonus",
        "ret_bonus",
        "damage_taken",
        "placed_this_turn",
        "attacked_this_turn",
    )

    def __init__(self, kind: str, name: str) -> None:
        self.kind = kind
        self.name = name
        self.atk = 0
        self.def_ = 0
        # A strength, or the directions of its arrows (each counting as one) as a card file lists them.
        self.arrows: int | tuple[str, ...] = 0
        self.effects: dict[str, int] = {}  # printed effects on itself: {"atk": 300, "ret": 1}
        self.effects_used: tuple[str, ...] = ()
        self.atk_bonus = 0
        self.def_bonus = 0
        self.ret_bonus = 0
        self.damage_taken = 0
        self.placed_this_turn = False
        self.attacked_this_turn = False

    def clone(self) -> Card:
        new = Card.__new__(Card)
        for slot in Card.__slots__:
            setattr(new, slot, getattr(self, slot))
        return new

    @property
    def strength(self) -> int:
        arrows = self.arrows
        return (arrows if isinstance(arrows, int) else len(arrows)) + self.ret_bonus

    def reset_effects(self) -> Card:
        """ATK and DEF effects cancelled (a stolen monster, ARR-STOLEN-RESET)."""
        new = self.clone()
        new.atk = max(0, new.atk - new.atk_bonus)
        new.def_ = max(0, new.def_ - new.def_bonus)
        new.atk_bonus = new.def_bonus = 0
        return new

    def left_field(self) -> Card:
        new = self.reset_effects()
        new.ret_bonus = new.damage_taken = 0
        new.effects_used = ()
        new.placed_this_turn = new.attacked_this_turn = False
        return new

    def to_json(self, zone: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind != "monster":
            return out
        arrows = self.arrows if isinstance(self.arrows, int) else list(self.arrows)
        out.update(atk=self.atk, **{"def": self.def_}, arrows=arrows)
        if self.effects:
            out["effects"] = dict(self.effects)
        if zone in LINES:
            out.update(
                placed_this_turn=self.placed_this_turn,
                attacked_this_turn=self.attacked_this_turn,
                damage_taken=self.damage_taken,
            )
            for key in ("atk_bonus", "def_bonus", "ret_bonus"):
                if getattr(self, key):
                    out[key] = getattr(self, key)
            if self.effects_used:
                out["effects_used"] = list(self.effects_used)
        return out


class TurnEffect:
    """An effect waiting for the very end of the end phase (ARR-TURN-EFFECTS)."""

    __slots__ = ("type", "player", "amount", "source")

    def __init__(self, type: str, player: str, amount: int, source: str) -> None:
        self.type = type
        self.player = player  # "A", "B" or "both" (inflict_damage); whose LP are halved (halve_lp)
        self.amount = amount
        self.source = source

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TurnEffect) and all(
            getattr(self, slot) == getattr(other, slot) for slot in TurnEffect.__slots__
        )

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        if self.type == "halve_lp":
            return {"type": self.type, "of": self.player, "source": self.source}
        return {"type": self.type, "to": self.player, "amount": self.amount, "source": self.source}


class Player(DeckHolder):
    __slots__ = ("lp", "hand", "deck", "deck_count", "graveyard", "attackers", "defenders")

    def __init__(self, spaces: int) -> None:
        self.lp = 0
        self.hand: list[Card] = []
        self.deck: list[Card] | None = None
        self.deck_count = 0
        self.graveyard: list[Card] = []
        self.attackers: list[Card | None] = [None] * spaces
        self.defenders: list[Card | None] = [None] * spaces

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.lp = self.lp
        new.hand = self.hand[:]
        new.deck = None if self.deck is None else self.deck[:]
        new.deck_count = self.deck_count
        new.graveyard = self.graveyard[:]
        new.attackers = self.attackers[:]
        new.defenders = self.defenders[:]
        return new


class State(SlotEquality):
    _eq_ignored = ("flags",)  # the rule set's, shared
    __slots__ = (
        "turn",
        "turn_player",
        "phase",
        "draw_done",
        "players",
        "spaces",
        "turn_effects",
        "ruleset",
        "flags",
        "result",
    )

    def __init__(self, *, ruleset: str, flags: Any, spaces: int) -> None:
        self.turn = 1
        self.turn_player = "A"
        self.phase = "main"
        self.draw_done = False  # in the draw phase: its draw has been made
        self.spaces = spaces
        self.players: dict[str, Player] = {"A": Player(spaces), "B": Player(spaces)}
        self.turn_effects: tuple[TurnEffect, ...] = ()
        self.ruleset = ruleset
        self.flags = flags
        self.result: tuple[str | None, bool, tuple[str, ...]] | None = None

    def copy(self) -> State:
        new = State.__new__(State)
        new.turn = self.turn
        new.turn_player = self.turn_player
        new.phase = self.phase
        new.draw_done = self.draw_done
        new.spaces = self.spaces
        players = self.players
        new.players = {"A": players["A"].copy(), "B": players["B"].copy()}
        new.turn_effects = self.turn_effects
        new.ruleset = self.ruleset
        new.flags = self.flags
        new.result = self.result
        return new


# --- JSON → state --------------------------------------------------------------------------------

MONSTER_FIELDS = (
    "name",
    "kind",
    "atk",
    "def",
    "arrows",
    "effects",
    "effects_used",
    "atk_bonus",
    "def_bonus",
    "ret_bonus",
    "damage_taken",
    *MONSTER_FLAGS,
)
FIELD_ONLY = ("effects_used", "atk_bonus", "def_bonus", "ret_bonus", "damage_taken", *MONSTER_FLAGS)


def _resolve_card(data: Any, path: str, cards: CardLookup | None) -> Any:
    return shared.resolve_card(
        data, path, cards, game="arrows", unknown="give its values, or a card the database knows"
    )


def parse_arrows(data: Any, path: str) -> int | tuple[str, ...]:
    if isinstance(data, list):
        return tuple(v.string(item, v.pointer(path, i)) for i, item in enumerate(data))
    if isinstance(data, bool) or not isinstance(data, int):
        raise v.fail(
            path, 'must be the arrows\' strength (a whole number) or a list of directions such as ["up"]'
        )
    return v.integer(data, path, minimum=0)


def parse_card(data: Any, path: str, *, zone: str, cards: CardLookup | None = None) -> Card:
    data = _resolve_card(data, path, cards)
    if not isinstance(data, dict):
        raise v.fail(path, "must be a card object")
    on_field = zone in LINES
    kinds = KINDS + ((UNKNOWN,) if zone in ("hand", "graveyard") else ())
    kind = v.choice(data.get("kind", "monster"), v.pointer(path, "kind"), kinds)
    if on_field and kind != "monster":
        raise v.fail(v.pointer(path, "kind"), "only monsters stand in the lines")
    if kind != "monster":
        v.obj(data, path, required=("name",), optional=("name", "kind"))
        return Card(kind, v.string(data["name"], v.pointer(path, "name")))
    v.obj(
        data,
        path,
        required=("name", "atk", "def"),
        optional=MONSTER_FIELDS,
    )
    card = Card("monster", v.string(data["name"], v.pointer(path, "name")))
    card.atk = v.integer(data["atk"], v.pointer(path, "atk"), minimum=0)
    card.def_ = v.integer(data["def"], v.pointer(path, "def"), minimum=0)
    card.arrows = parse_arrows(data.get("arrows", 0), v.pointer(path, "arrows"))
    if "effects" in data:
        effects_path = v.pointer(path, "effects")
        v.obj(data["effects"], effects_path, optional=EFFECT_KINDS)
        card.effects = {
            key: v.integer(value, v.pointer(effects_path, key)) for key, value in data["effects"].items()
        }
    if not on_field:
        # Marks of the lines may be copied along with a card, but only with their resting values.
        for key in FIELD_ONLY:
            if key in data and data[key] not in (False, 0, []):
                raise v.fail(v.pointer(path, key), f"only a monster in a line has {key}")
        return card
    if "effects_used" in data:
        used_path = v.pointer(path, "effects_used")
        used = [
            v.choice(item, v.pointer(used_path, i), EFFECT_KINDS)
            for i, item in enumerate(v.array(data["effects_used"], used_path))
        ]
        card.effects_used = tuple(kind for kind in EFFECT_KINDS if kind in used)
    for key in ("atk_bonus", "def_bonus", "ret_bonus"):
        if key in data:
            setattr(card, key, v.integer(data[key], v.pointer(path, key)))
    card.damage_taken = v.integer(data.get("damage_taken", 0), v.pointer(path, "damage_taken"), minimum=0)
    for flag in MONSTER_FLAGS:
        if flag in data:
            setattr(card, flag, v.boolean(data[flag], v.pointer(path, flag)))
    return card


def _line(data: Any, path: str, spaces: int, cards: CardLookup | None) -> list[Card | None]:
    items = v.array(data, path)
    if len(items) > spaces:
        raise v.fail(path, f"a line has {spaces} spaces; {len(items)} given")
    line: list[Card | None] = [
        None if item is None else parse_card(item, v.pointer(path, i), zone="attackers", cards=cards)
        for i, item in enumerate(items)
    ]
    return line + [None] * (spaces - len(line))


def parse_player(data: Any, path: str, spaces: int, cards: CardLookup | None) -> Player:
    v.obj(
        data,
        path,
        required=("lp", "hand", "deck"),
        optional=("graveyard", "attackers", "defenders"),
    )
    player = Player(spaces)
    player.lp = v.integer(data["lp"], v.pointer(path, "lp"), minimum=0)
    deck = data["deck"]
    if isinstance(deck, list):
        player.deck = [
            parse_card(item, v.pointer(v.pointer(path, "deck"), i), zone="deck", cards=cards)
            for i, item in enumerate(deck)
        ]
    else:
        player.deck_count = v.integer(deck, v.pointer(path, "deck"), minimum=0)
    for zone in ("hand", "graveyard"):
        zone_path = v.pointer(path, zone)
        items = v.array(data.get(zone, []), zone_path)
        setattr(
            player,
            zone,
            [
                parse_card(item, v.pointer(zone_path, i), zone=zone, cards=cards)
                for i, item in enumerate(items)
            ],
        )
    for line in LINES:
        if line in data:
            setattr(player, line, _line(data[line], v.pointer(path, line), spaces, cards))
    return player


def parse_turn_effect(data: Any, path: str) -> TurnEffect:
    kind = v.choice(
        data.get("type") if isinstance(data, dict) else None, v.pointer(path, "type"), TURN_EFFECT_TYPES
    )
    if kind == "halve_lp":
        v.obj(data, path, required=("type", "of"), optional=("source",))
        return TurnEffect(kind, v.player(data["of"], v.pointer(path, "of")), 0, _source(data, path))
    v.obj(data, path, required=("type", "to", "amount"), optional=("source",))
    return TurnEffect(
        kind,
        v.choice(data["to"], v.pointer(path, "to"), ("A", "B", "both")),
        v.integer(data["amount"], v.pointer(path, "amount"), minimum=0),
        _source(data, path),
    )


def _source(data: dict, path: str) -> str:
    return v.choice(data.get("source", "magic"), v.pointer(path, "source"), EFFECT_SOURCES)


def _longest_line(players: Any) -> int:
    """Without `line_spaces`, a line given longer than the default sets the number of spaces."""
    if not isinstance(players, dict):
        return 0
    lengths = [
        len(side[line])
        for side in players.values()
        if isinstance(side, dict)
        for line in LINES
        if isinstance(side.get(line), list)
    ]
    return max(lengths, default=0)


def parse_state(data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state") -> State:
    flags = RULESETS[ruleset].flags
    v.obj(
        data,
        path,
        required=("turn", "turn_player", "phase", "players"),
        optional=("line_spaces", "turn_effects", "draw_done"),
    )
    if "line_spaces" in data:
        spaces = v.integer(data["line_spaces"], v.pointer(path, "line_spaces"), minimum=1)
    else:
        spaces = max(flags["line_spaces"], _longest_line(data.get("players")))
    state = State(ruleset=ruleset, flags=flags, spaces=spaces)
    errors: list[PathError] = []
    shared.parse_turn_fields(state, data, path, phases=PHASES, errors=errors)
    if "turn_effects" in data:
        effects_path = v.pointer(path, "turn_effects")
        try:
            state.turn_effects = tuple(
                parse_turn_effect(item, v.pointer(effects_path, i))
                for i, item in enumerate(v.array(data["turn_effects"], effects_path))
            )
        except MalformedDocument as exc:
            errors.extend(exc.errors)
    shared.parse_players(
        state,
        data,
        path,
        parse_player=lambda player_data, player_path: parse_player(player_data, player_path, spaces, cards),
        errors=errors,
    )
    return state


def player_to_json(player: Player) -> dict[str, Any]:
    return {
        "lp": player.lp,
        "hand": [card.to_json("hand") for card in player.hand],
        "deck": player.deck_count if player.deck is None else [card.to_json("deck") for card in player.deck],
        "graveyard": [card.to_json("graveyard") for card in player.graveyard],
        "attackers": [None if card is None else card.to_json("attackers") for card in player.attackers],
        "defenders": [None if card is None else card.to_json("defenders") for card in player.defenders],
    }


def state_to_json(state: State) -> dict[str, Any]:
    return {
        **shared.turn_fields_json(state),
        "line_spaces": state.spaces,
        "turn_effects": [effect.to_json() for effect in state.turn_effects],
        "players": {key: player_to_json(state.players[key]) for key in ("A", "B")},
    }
