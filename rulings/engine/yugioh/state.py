"""Yu-Gi-Oh! state: small ``__slots__`` classes, cheap structural copies, JSON in and out.

Cards are immutable and shared between states; a copy of the state copies the lists of each zone
and the field cards that an action is about to change (``mut_monster`` / ``mut_spell``), nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import JSON, CardLookup, MalformedDocument, PathError
from ..common.state import SlotEquality
from ..effects import check_effects, parsed_effects
from ..messages import Message, msg
from .catalogue import RULESETS

# How a sentence names a card it cannot show ("a face-down card attacks…").
A_FACE_DOWN_CARD = msg("a face-down card")

PLAYERS = ("A", "B")
OTHER = {"A": "B", "B": "A"}
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
KINDS = ("monster", "spell", "trap", "unknown")
SPELL_TYPES = ("normal", "quick-play", "continuous", "equip", "field", "ritual")
TRAP_TYPES = ("normal", "continuous", "counter")
MONSTER_TYPES = (
    "normal", "effect", "fusion", "ritual", "flip", "synchro", "xyz", "link", "pendulum", "token",
    "toon", "spirit", "union", "gemini", "tuner",
)  # fmt: skip
ZONES = ("hand", "monsters", "spells_traps", "field_spell", "graveyard", "banished", "extra_deck", "deck")
CARD_FIELDS = (
    "id", "name", "kind", "level", "atk", "def", "spell_type", "trap_type", "monster_type",
    "attribute", "race", "text", "materials", "atk_modifier", "def_modifier", "effects",
)  # fmt: skip
FIELD_FLAGS = ("summoned_this_turn", "set_this_turn", "changed_position_this_turn", "attacked_this_turn")
FIELD_EXTRA = ("position", "face_up", *FIELD_FLAGS, "equipped_to", "counters", "atk_boost", "def_boost")
PLAYER_FIELDS = (
    "lp", "deck", "hand", "monsters", "spells_traps", "field_spell", "graveyard", "banished",
    "extra_deck", "normal_summon_used",
)  # fmt: skip
STATE_FIELDS = (
    "turn", "turn_player", "phase", "players", "draw_done", "chain", "ended",
    "battle_steps", "battle_step", "attack", "pending_triggers", "extra_battle_phases", "skip_phases",
)  # fmt: skip
# The steps of the Battle Phase when a document opts into step-by-step battle ("battle_steps": true).
BATTLE_STEPS = (
    "start", "battle", "damage_start", "before_damage", "damage_calculation", "after_damage", "damage_end",
    "end",
)  # fmt: skip
DAMAGE_STEPS = ("damage_start", "before_damage", "damage_calculation", "after_damage", "damage_end")
UNKNOWN_CARD_JSON: JSON = {"kind": "unknown"}


class Card:
    """A card's printed data. Immutable by convention and shared between states."""

    __slots__ = (
        "name", "kind", "level", "atk", "def_", "spell_type", "trap_type", "monster_type", "materials",
        "atk_modifier", "def_modifier", "json", "speed", "effects",
    )  # fmt: skip

    def __init__(self, data: JSON):
        self.json = data
        self.name = data.get("name", "")
        self.kind = data["kind"]
        self.level = data.get("level", 0)
        self.atk = data.get("atk", 0)
        self.def_ = data.get("def", 0)
        self.spell_type = data.get("spell_type")
        self.trap_type = data.get("trap_type")
        self.monster_type = data.get("monster_type", "normal")
        self.materials = tuple(data.get("materials", ()))
        self.atk_modifier = data.get("atk_modifier", 0)
        self.def_modifier = data.get("def_modifier", 0)
        counter = self.trap_type == "counter"
        self.effects = parsed_effects(data["effects"], counter) if "effects" in data else ()
        if self.kind == "trap":
            self.speed = 3 if self.trap_type == "counter" else 2
        elif self.kind == "spell":
            self.speed = 2 if self.spell_type == "quick-play" else 1
        else:
            self.speed = 1

    @property
    def label(self) -> str | Message:
        return self.name or A_FACE_DOWN_CARD


UNKNOWN_CARD = Card(UNKNOWN_CARD_JSON)


class OnField(SlotEquality):
    """A card in a Monster, Spell & Trap or Field Zone, with its position and turn flags."""

    __slots__ = (
        "card", "position", "face_up", "summoned", "set_", "changed", "attacked", "equipped_to", "counters",
        "boost",
    )  # fmt: skip

    def __init__(
        self,
        card: Card,
        position: str = "attack",
        face_up: bool = True,
        summoned: bool = False,
        set_: bool = False,
        changed: bool = False,
        attacked: bool = False,
        equipped_to: tuple[str, int] | None = None,
        counters: int = 0,
        boost: tuple[int, int] = (0, 0),
    ):
        self.card = card
        self.position = position
        self.face_up = face_up
        self.summoned = summoned
        self.set_ = set_
        self.changed = changed
        self.attacked = attacked
        self.equipped_to = equipped_to
        self.counters = counters
        self.boost = boost  # ATK and DEF added by effects (modify_atk / modify_def)

    def copy(self) -> OnField:
        return OnField(
            self.card, self.position, self.face_up, self.summoned, self.set_, self.changed, self.attacked,
            self.equipped_to, self.counters, self.boost,
        )  # fmt: skip


class Player:
    __slots__ = (
        "lp", "deck", "deck_count", "hand", "monsters", "spells", "field_spell", "graveyard", "banished",
        "extra", "ns_used",
    )  # fmt: skip

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.lp = self.lp
        p.deck = None if self.deck is None else self.deck[:]
        p.deck_count = self.deck_count
        p.hand = self.hand[:]
        p.monsters = self.monsters[:]
        p.spells = self.spells[:]
        p.field_spell = self.field_spell
        p.graveyard = self.graveyard[:]
        p.banished = self.banished[:]
        p.extra = self.extra[:]
        p.ns_used = self.ns_used
        return p


class State:
    """``chain`` holds links ``(player, ref, speed, effect index or None, card)``; ``battle_steps`` is the
    opt-in to step-by-step battle, ``battle_step`` the current step and ``attack`` the attack in progress
    ``(attacker ref, target ref or None, opponent's monster count at declaration)``; ``pending`` the
    triggers waiting to go on a chain ``(player, card, effect index, optional, missed)``; ``extra_bp`` how
    many more Battle Phases effects granted the turn player this turn; ``skips`` the ``(player, phase)``
    an effect skips when that player's turn next reaches that phase. ``summoning`` (the
    monster whose summon can still be negated) and ``happened`` (what happened during the action being
    applied) are transient: they live for one action and are not part of the document."""

    __slots__ = (
        "turn", "turn_player", "phase", "players", "ruleset", "flags", "draw_done", "chain", "ended",
        "battle_steps", "battle_step", "attack", "pending", "summoning", "happened", "has_effects",
        "missed", "extra_bp", "skips",
    )  # fmt: skip

    def copy(self) -> State:
        s = State.__new__(State)
        s.turn = self.turn
        s.turn_player = self.turn_player
        s.phase = self.phase
        s.players = {"A": self.players["A"].copy(), "B": self.players["B"].copy()}
        s.ruleset = self.ruleset
        s.flags = self.flags
        s.draw_done = self.draw_done
        s.chain = self.chain
        s.ended = self.ended
        s.battle_steps = self.battle_steps
        s.battle_step = self.battle_step
        s.attack = self.attack
        s.pending = self.pending
        s.summoning = None
        s.happened = None
        s.has_effects = self.has_effects
        s.missed = ()
        s.extra_bp = self.extra_bp
        s.skips = self.skips
        return s

    def mut_monster(self, player: str, index: int) -> OnField:
        """Replace the monster at that zone by a private copy (copy on write) and return it."""
        zone = self.players[player].monsters
        card = zone[index].copy()
        zone[index] = card
        return card


# --- references -------------------------------------------------------------------------------------


def parse_ref(ref: Any) -> tuple[str, str, int] | None:
    """``"A.hand.0"`` -> ("A", "hand", 0); ``"A.field_spell"`` -> ("A", "field_spell", 0)."""
    if not isinstance(ref, str):
        return None
    parts = ref.split(".")
    if len(parts) == 2 and parts[1] == "field_spell" and parts[0] in OTHER:
        return parts[0], "field_spell", 0
    if len(parts) != 3 or parts[0] not in OTHER or parts[1] not in ZONES:
        return None
    index = parts[2]
    if not index.isdigit() or len(index) > 6:
        return None
    return parts[0], parts[1], int(index)


def any_effects(state: State) -> bool:
    """Whether a card of the state carries effects (the effect machinery is skipped otherwise)."""
    for p in state.players.values():
        for cards in (p.hand, p.graveyard, p.banished, p.extra, p.deck or ()):
            if any(c.effects for c in cards):
                return True
        for slot in (*p.monsters, *p.spells, p.field_spell):
            if slot is not None and slot.card.effects:
                return True
    return False


def find_card(state: State, card: Card) -> str | None:
    """Where that very card is now (a reference), or None."""
    for side in PLAYERS:
        p = state.players[side]
        for zone, cards in (("monsters", p.monsters), ("spells_traps", p.spells)):
            for i, slot in enumerate(cards):
                if slot is not None and slot.card is card:
                    return f"{side}.{zone}.{i}"
        if p.field_spell is not None and p.field_spell.card is card:
            return f"{side}.field_spell"
        for zone, cards in (("graveyard", p.graveyard), ("hand", p.hand), ("banished", p.banished),
                            ("extra_deck", p.extra), ("deck", p.deck or ())):  # fmt: skip
            for i, c in enumerate(cards):
                if c is card:
                    return f"{side}.{zone}.{i}"
    return None


def ref_str(player: str, zone: str, index: int) -> str:
    return f"{player}.field_spell" if zone == "field_spell" else f"{player}.{zone}.{index}"


# A zone's name in documents → the Player attribute that holds it.
ZONE_ATTRIBUTES = {
    "hand": "hand",
    "monsters": "monsters",
    "spells_traps": "spells",
    "graveyard": "graveyard",
    "banished": "banished",
    "extra_deck": "extra",
    "deck": "deck",
}


def zone_list(state: State, player: str, zone: str) -> list | None:
    attribute = ZONE_ATTRIBUTES.get(zone)
    return None if attribute is None else getattr(state.players[player], attribute)


def lookup(state: State, ref: tuple[str, str, int]) -> Any:
    """The card (Card or OnField) a parsed reference points to, or None when there is none."""
    player, zone, index = ref
    if zone == "field_spell":
        return state.players[player].field_spell if index == 0 else None
    cards = zone_list(state, player, zone)
    if cards is None or index >= len(cards):
        return None
    return cards[index]


# --- parsing ----------------------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Parser:
    """Collects every problem of a state document with its JSON Pointer path."""

    def __init__(self, cards: CardLookup | None):
        self.cards = cards
        self.errors: list[PathError] = []

    def error(self, path: str, message: str) -> None:
        self.errors.append(PathError(path, message))

    def card(self, data: Any, path: str, *, on_field: str | None = None) -> Any:
        """A Card, or an OnField when ``on_field`` names the zone kind ("monster" or "spell")."""
        if not isinstance(data, dict):
            self.error(path, 'a card is an object such as {"name": ..., "kind": "monster", ...}')
            return None
        allowed = CARD_FIELDS + (FIELD_EXTRA if on_field else ())
        for key in data:
            if key not in allowed:
                hint = (
                    " (only cards on the field have a position and turn flags)" if key in FIELD_EXTRA else ""
                )
                self.error(f"{path}/{key}", f"unknown card field {key!r}{hint}")
        printed = {k: data[k] for k in CARD_FIELDS if k in data}
        if "kind" not in printed:
            printed = self._resolve(printed, path)
            if printed is None:
                return None
        card = self._printed(printed, path)
        if card is None or on_field is None:
            return card
        return self._on_field(card, data, path, on_field)

    def _resolve(self, ref: JSON, path: str) -> JSON | None:
        if not ref or set(ref) - {"id", "name"}:
            self.error(f"{path}/kind", "missing: a card needs a kind (monster, spell, trap), or only id/name")
            return None
        if self.cards is None:
            self.error(path, f"the card {ref} is given by id/name alone and no card database is available")
            return None
        try:
            found = self.cards("yugioh", dict(ref))
        except Exception as exc:  # noqa: BLE001 - a lookup failure is reported, never a crash
            self.error(path, f"the card database failed to look up {ref}: {exc}")
            return None
        if not isinstance(found, Mapping):
            self.error(path, f"unknown card {ref}: the card database does not know it")
            return None
        return {k: found[k] for k in CARD_FIELDS if k in found}

    def _printed(self, data: JSON, path: str) -> Card | None:
        before = len(self.errors)
        kind = data.get("kind")
        if kind not in KINDS:
            self.error(f"{path}/kind", f"unknown kind {kind!r}; expected monster, spell or trap")
            return None
        if "name" in data and not isinstance(data["name"], str):
            self.error(f"{path}/name", "a card name is a string")
        if "id" in data and not (_is_int(data["id"]) or isinstance(data["id"], str)):
            self.error(f"{path}/id", "a card id is a number or a string")
        if "effects" in data:
            check_effects(
                data["effects"],
                f"{path}/effects",
                self.error,
                is_ref=lambda v: parse_ref(v) is not None,
                phases=PHASES,
            )
        for key in ("attribute", "race", "text"):
            if key in data and not isinstance(data[key], str):
                self.error(f"{path}/{key}", "must be a string")
        expected_type = {"spell": "spell_type", "trap": "trap_type"}.get(kind)
        for key in ("level", "atk", "def", "monster_type", "materials", "spell_type", "trap_type"):
            if (
                key in data
                and key != expected_type
                and (kind != "monster" or key in ("spell_type", "trap_type"))
            ):
                self.error(f"{path}/{key}", f"a {kind} card has no {key}")
        for key in ("atk_modifier", "def_modifier"):
            if key in data:
                if kind != "spell":
                    self.error(f"{path}/{key}", f"only Equip Spells carry {key}")
                elif not _is_int(data[key]) or abs(data[key]) > 1_000_000:
                    self.error(f"{path}/{key}", "must be a whole number (negative lowers the stat)")
        if kind == "monster":
            level = data.get("level")
            if not _is_int(level) or not 1 <= level <= 13:
                self.error(f"{path}/level", "a monster needs a level, a whole number from 1 to 13")
            for key in ("atk", "def"):
                value = data.get(key)
                if not _is_int(value) or not 0 <= value <= 1_000_000:
                    stat = key.upper()
                    self.error(f"{path}/{key}", f"a monster needs {stat}, a whole number, 0 or more")
            mtype = data.get("monster_type", "normal")
            if mtype not in MONSTER_TYPES:
                self.error(f"{path}/monster_type", f"unknown monster_type {mtype!r}")
            if "materials" in data:
                mats = data["materials"]
                if mtype != "fusion":
                    self.error(f"{path}/materials", "only Fusion Monsters list materials")
                elif not isinstance(mats, list) or len(mats) < 2 or not all(isinstance(m, str) for m in mats):
                    self.error(f"{path}/materials", "a list of at least two monster names")
        elif kind == "spell":
            if data.get("spell_type") not in SPELL_TYPES:
                self.error(f"{path}/spell_type", f"a spell needs spell_type, one of {', '.join(SPELL_TYPES)}")
        elif kind == "trap" and data.get("trap_type") not in TRAP_TYPES:
            self.error(f"{path}/trap_type", f"a trap needs trap_type, one of {', '.join(TRAP_TYPES)}")
        if len(self.errors) != before:
            return None
        if kind == "unknown":
            return UNKNOWN_CARD if set(data) == {"kind"} else Card(dict(data))
        return Card(dict(data))

    def _flag(self, data: JSON, key: str, path: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.error(f"{path}/{key}", "must be true or false")
            return default
        return value

    def _on_field(self, card: Card, data: JSON, path: str, zone_kind: str) -> OnField | None:
        if zone_kind == "monster" and card.kind != "monster":
            self.error(f"{path}/kind", "only monsters go in a Monster Zone")
            return None
        if zone_kind == "spell" and card.kind not in ("spell", "trap"):
            self.error(f"{path}/kind", "only spells and traps go in a Spell & Trap Zone")
            return None
        if zone_kind == "field" and card.spell_type != "field":
            self.error(f"{path}/spell_type", "only a Field Spell goes in the Field Zone")
            return None
        face_up = self._flag(data, "face_up", path, card.kind != "trap")
        flags = [self._flag(data, key, path, False) for key in FIELD_FLAGS]
        counters = data.get("counters", 0)
        if not _is_int(counters) or not 0 <= counters <= 1_000_000:
            self.error(f"{path}/counters", "a whole number, 0 or more")
            counters = 0
        boost = [0, 0]
        for n, key in enumerate(("atk_boost", "def_boost")):
            if key in data:
                value = data[key]
                if zone_kind != "monster":
                    self.error(f"{path}/{key}", "only monsters have ATK and DEF changed by effects")
                elif not _is_int(value) or abs(value) > 1_000_000:
                    self.error(f"{path}/{key}", "a whole number (negative lowers the stat)")
                else:
                    boost[n] = value
        if zone_kind == "monster":
            position = data.get("position", "attack" if face_up else "defense")
            if position not in ("attack", "defense"):
                self.error(f"{path}/position", "attack or defense")
                return None
            if position == "attack" and not face_up:
                self.error(f"{path}/position", "a face-down monster is always in Defense Position")
                return None
        else:
            if "position" in data:
                self.error(f"{path}/position", "only monsters have a battle position")
            position = "attack"
        equipped_to = None
        if "equipped_to" in data:
            ref = parse_ref(data["equipped_to"])
            if card.spell_type != "equip":
                self.error(f"{path}/equipped_to", "only an Equip Spell is equipped to a monster")
            elif ref is None or ref[1] != "monsters" or ref[2] > 4:
                self.error(f"{path}/equipped_to", 'a reference to a monster such as "B.monsters.2"')
            else:
                equipped_to = (ref[0], ref[2])
        return OnField(card, position, face_up, *flags, equipped_to, counters, (boost[0], boost[1]))

    def cards_list(self, data: Any, path: str) -> list[Card]:
        if not isinstance(data, list):
            self.error(path, "a list of cards")
            return []
        out = []
        for i, item in enumerate(data):
            card = self.card(item, f"{path}/{i}")
            if card is not None:
                out.append(card)
        return out

    def zone_row(self, data: Any, path: str, kind: str) -> list[OnField | None]:
        if not isinstance(data, list) or len(data) > 5:
            self.error(path, "a list of 5 zones, each a card or null")
            return [None] * 5
        row: list[OnField | None] = []
        for i, item in enumerate(data):
            row.append(None if item is None else self.card(item, f"{path}/{i}", on_field=kind))
        return row + [None] * (5 - len(row))

    def player(self, data: Any, path: str) -> Player | None:
        if not isinstance(data, dict):
            self.error(path, "a player is an object (lp, deck, hand, monsters, ...)")
            return None
        for key in data:
            if key not in PLAYER_FIELDS:
                self.error(f"{path}/{key}", f"unknown player field {key!r}")
        p = Player()
        lp = data.get("lp", 8000)
        if not _is_int(lp) or not 0 <= lp <= 10**9:
            self.error(f"{path}/lp", "Life Points are a whole number, 0 or more")
            lp = 0
        p.lp = lp
        deck = data.get("deck", 0)
        if _is_int(deck) and 0 <= deck <= 10_000:
            p.deck, p.deck_count = None, deck
        elif isinstance(deck, list):
            p.deck = self.cards_list(deck, f"{path}/deck")
            p.deck_count = len(p.deck)
        else:
            self.error(f"{path}/deck", "the deck is a count (0 or more) or a list of cards, top first")
            p.deck, p.deck_count = None, 0
        p.hand = self.cards_list(data.get("hand", []), f"{path}/hand")
        p.monsters = self.zone_row(data.get("monsters", []), f"{path}/monsters", "monster")
        p.spells = self.zone_row(data.get("spells_traps", []), f"{path}/spells_traps", "spell")
        field = data.get("field_spell")
        p.field_spell = None if field is None else self.card(field, f"{path}/field_spell", on_field="field")
        p.graveyard = self.cards_list(data.get("graveyard", []), f"{path}/graveyard")
        p.banished = self.cards_list(data.get("banished", []), f"{path}/banished")
        p.extra = self.cards_list(data.get("extra_deck", []), f"{path}/extra_deck")
        p.ns_used = self._flag(data, "normal_summon_used", path, False)
        return p


def parse_state(data: Any, *, ruleset: str, cards: CardLookup | None = None, path: str = "/state") -> State:
    parser = Parser(cards)
    if not isinstance(data, dict):
        raise MalformedDocument(PathError(path, "the state is an object (turn, turn_player, phase, players)"))
    for key in data:
        if key not in STATE_FIELDS:
            parser.error(f"{path}/{key}", f"unknown state field {key!r}")
    state = State()
    state.ruleset = ruleset
    state.flags = RULESETS[ruleset].flags
    turn = data.get("turn", 1)
    if not _is_int(turn) or not 1 <= turn <= 1_000_000:
        parser.error(f"{path}/turn", "the turn number is a whole number from 1")
        turn = 1
    state.turn = turn
    state.turn_player = data.get("turn_player", "A")
    if state.turn_player not in PLAYERS:
        parser.error(f"{path}/turn_player", 'the turn player is "A" or "B"')
    state.phase = data.get("phase", "main1")
    if state.phase not in PHASES:
        parser.error(f"{path}/phase", f"unknown phase {state.phase!r}; expected one of {', '.join(PHASES)}")
    state.draw_done = parser._flag(data, "draw_done", path, False)
    players = data.get("players")
    state.players = {}
    if not isinstance(players, dict):
        parser.error(f"{path}/players", 'the players are an object with keys "A" and "B"')
    else:
        for key in players:
            if key not in OTHER:
                parser.error(f"{path}/players/{key}", 'players are "A" and "B"')
        for name in PLAYERS:
            if name not in players:
                parser.error(f"{path}/players/{name}", f"missing player {name}")
            else:
                player = parser.player(players[name], f"{path}/players/{name}")
                if player is not None:
                    state.players[name] = player
    state.chain = ()
    state.ended = None
    state.battle_steps = parser._flag(data, "battle_steps", path, "battle_step" in data)
    state.battle_step = None
    state.attack = None
    state.pending = ()
    state.summoning = state.happened = None
    state.missed = ()
    state.extra_bp = 0
    state.skips = ()
    _parse_turn_effects(parser, state, data, path)
    state.has_effects = any_effects(state) if not parser.errors else False
    if not parser.errors:
        _check_references(parser, state, path)
        state.chain = _parse_chain(parser, state, data.get("chain", []), f"{path}/chain")
        state.ended = _parse_ended(parser, data.get("ended"), f"{path}/ended")
        _parse_battle(parser, state, data, path)
        state.pending = _parse_pending(
            parser, state, data.get("pending_triggers", []), f"{path}/pending_triggers"
        )
    if parser.errors:
        raise MalformedDocument(parser.errors)
    return state


def _check_references(parser: Parser, state: State, path: str) -> None:
    for name in PLAYERS:
        for i, slot in enumerate(state.players[name].spells):
            if slot is not None and slot.equipped_to is not None:
                target = state.players[slot.equipped_to[0]].monsters[slot.equipped_to[1]]
                if target is None:
                    parser.error(f"{path}/players/{name}/spells_traps/{i}/equipped_to", "no monster there")


def _parse_chain(parser: Parser, state: State, data: Any, path: str) -> tuple:
    if not isinstance(data, list):
        parser.error(path, "the chain is a list of links")
        return ()
    links = []
    for i, link in enumerate(data):
        if not isinstance(link, dict) or set(link) - {"player", "card", "effect"} or "card" not in link:
            parser.error(f"{path}/{i}", 'a chain link is {"player": "A", "card": "A.spells_traps.0"}')
            continue
        ref = parse_ref(link["card"])
        target = lookup(state, ref) if ref else None
        effect = link.get("effect")
        player = link.get("player", ref[0] if ref else "A")
        if player not in PLAYERS:
            parser.error(f"{path}/{i}/player", 'the player is "A" or "B"')
            continue
        if effect is not None:
            card = target.card if isinstance(target, OnField) else target
            if not isinstance(card, Card) or not _is_int(effect) or not 0 <= effect < len(card.effects):
                parser.error(f"{path}/{i}/effect", "the index of one of that card's effects")
                continue
            links.append((player, ref, card.effects[effect].speed, effect, card))
            continue
        if not isinstance(target, OnField) or ref[1] not in ("spells_traps", "field_spell"):
            parser.error(f"{path}/{i}/card", "a reference to a Spell or Trap on the field")
            continue
        links.append((player, ref, target.card.speed, None, target.card))
    return tuple(links)


def _parse_battle(parser: Parser, state: State, data: JSON, path: str) -> None:
    step = data.get("battle_step")
    if step is not None:
        if step not in BATTLE_STEPS:
            parser.error(f"{path}/battle_step", f"one of {', '.join(BATTLE_STEPS)}")
        elif state.phase != "battle":
            parser.error(f"{path}/battle_step", "a battle step only in the battle phase")
        else:
            state.battle_step = step
    elif state.battle_steps and state.phase == "battle":
        state.battle_step = "start"
    attack = data.get("attack")
    if attack is None:
        return
    if (
        not isinstance(attack, dict)
        or set(attack) - {"attacker", "target", "monsters_at_declaration"}
        or "attacker" not in attack
    ):
        parser.error(
            f"{path}/attack", 'the attack in progress is {"attacker": "A.monsters.0", "target": ...}'
        )
        return
    refs = []
    for key in ("attacker", "target"):
        value = attack.get(key)
        ref = parse_ref(value) if value is not None else None
        if value is not None and (ref is None or ref[1] != "monsters" or ref[2] > 4):
            # the zone may be empty: a monster of the battle can leave before the next pass ends the attack
            parser.error(f"{path}/attack/{key}", 'a Monster Zone such as "B.monsters.0", or null')
            return
        refs.append(ref)
    if refs[0] is None:
        parser.error(f"{path}/attack/attacker", "a reference to a monster on the field")
        return
    if state.battle_step in (None, "start", "end"):
        parser.error(f"{path}/attack", "an attack is in progress only in the battle or damage step")
        return
    opponent = OTHER[refs[0][0]]
    count = sum(1 for m in state.players[opponent].monsters if m is not None)
    count = attack.get("monsters_at_declaration", count)
    if not _is_int(count) or not 0 <= count <= 5:
        parser.error(f"{path}/attack/monsters_at_declaration", "a whole number from 0 to 5")
        return
    state.attack = (refs[0], refs[1], count)


def _parse_pending(parser: Parser, state: State, data: Any, path: str) -> tuple:
    if not isinstance(data, list):
        parser.error(path, "a list of triggers")
        return ()
    out = []
    for i, item in enumerate(data):
        ref = parse_ref(item.get("card")) if isinstance(item, dict) else None
        found = lookup(state, ref) if ref else None
        card = found.card if isinstance(found, OnField) else found
        effect = item.get("effect", 0) if isinstance(item, dict) else None
        if (
            not isinstance(card, Card)
            or set(item) - {"card", "effect", "player"}
            or not _is_int(effect)
            or not 0 <= effect < len(card.effects)
            or card.effects[effect].timing not in ("trigger", "flip")
        ):
            parser.error(
                f"{path}/{i}", 'a trigger is {"card": "A.monsters.0", "effect": 0} (a trigger or flip effect)'
            )
            continue
        player = item.get("player", ref[0])
        if player not in PLAYERS:
            parser.error(f"{path}/{i}/player", 'the player is "A" or "B"')
            continue
        out.append((player, card, effect, i))
    return tuple(out)


def _parse_turn_effects(parser: Parser, state: State, data: JSON, path: str) -> None:
    """What effects did to the turn's phases: more Battle Phases, phases to skip."""
    extra = data.get("extra_battle_phases", 0)
    if not _is_int(extra) or not 0 <= extra <= 10:
        parser.error(f"{path}/extra_battle_phases", "a whole number from 0 to 10")
    else:
        state.extra_bp = extra
    skips = data.get("skip_phases", [])
    if not isinstance(skips, list) or len(skips) > 12:
        parser.error(f"{path}/skip_phases", 'a list such as [{"player": "B", "phase": "battle"}]')
        return
    found = []
    for i, item in enumerate(skips):
        if (
            not isinstance(item, dict)
            or set(item) != {"player", "phase"}
            or item["player"] not in PLAYERS
            or item["phase"] not in PHASES
            or item["phase"] == "end"
        ):
            parser.error(
                f"{path}/skip_phases/{i}",
                'a skipped phase is {"player": "A" or "B", "phase": draw, standby, main1, battle or main2}',
            )
            continue
        key = (item["player"], item["phase"])
        if key not in found:
            found.append(key)
    state.skips = tuple(found)


def _parse_ended(parser: Parser, data: Any, path: str) -> tuple | None:
    if data is None:
        return None
    if (
        not isinstance(data, dict)
        or set(data) - {"winner", "draw", "rules"}
        or data.get("winner") not in (None, "A", "B")
        or not isinstance(data.get("draw", False), bool)
        or not isinstance(data.get("rules", []), list)
        or not all(isinstance(r, str) for r in data.get("rules", []))
    ):
        parser.error(
            path, 'the end of the game is {"winner": "A" | "B" | null, "draw": bool, "rules": [...]}'
        )
        return None
    return (data.get("winner"), bool(data.get("draw", False)), tuple(data.get("rules", [])))


# --- JSON out ---------------------------------------------------------------------------------------


def field_json(slot: OnField | None, monster: bool) -> JSON | None:
    if slot is None:
        return None
    out = dict(slot.card.json)
    if monster:
        out["position"] = slot.position
    out["face_up"] = slot.face_up
    out["summoned_this_turn"] = slot.summoned
    out["set_this_turn"] = slot.set_
    out["changed_position_this_turn"] = slot.changed
    out["attacked_this_turn"] = slot.attacked
    if slot.equipped_to is not None:
        out["equipped_to"] = ref_str(slot.equipped_to[0], "monsters", slot.equipped_to[1])
    if slot.counters:
        out["counters"] = slot.counters
    if slot.boost[0]:
        out["atk_boost"] = slot.boost[0]
    if slot.boost[1]:
        out["def_boost"] = slot.boost[1]
    return out


def player_json(p: Player) -> JSON:
    return {
        "lp": p.lp,
        "deck": p.deck_count if p.deck is None else [c.json for c in p.deck],
        "hand": [c.json for c in p.hand],
        "monsters": [field_json(s, True) for s in p.monsters],
        "spells_traps": [field_json(s, False) for s in p.spells],
        "field_spell": field_json(p.field_spell, False),
        "graveyard": [c.json for c in p.graveyard],
        "banished": [c.json for c in p.banished],
        "extra_deck": [c.json for c in p.extra],
        "normal_summon_used": p.ns_used,
    }


def _link_place(state: State, ref: tuple[str, str, int], card: Card) -> str:
    """Where a chain link's card is now: a card in hand moves up when a card before it leaves the hand
    (a monster's quick effect activated from the hand, then a Spell from the same hand)."""
    found = lookup(state, ref)
    if (found.card if isinstance(found, OnField) else found) is card:
        return ref_str(*ref)
    return find_card(state, card) or ref_str(*ref)


def state_to_json(state: State) -> JSON:
    out: JSON = {
        "turn": state.turn,
        "turn_player": state.turn_player,
        "phase": state.phase,
        "players": {name: player_json(state.players[name]) for name in PLAYERS},
    }
    if state.draw_done and state.phase == "draw":
        out["draw_done"] = True
    if state.chain:
        out["chain"] = [
            {"player": p, "card": _link_place(state, ref, card)}
            if e is None
            else {"player": p, "card": _link_place(state, ref, card), "effect": e}
            for p, ref, _, e, card in state.chain
        ]
    if state.battle_steps:
        out["battle_steps"] = True
        if state.battle_step is not None:
            out["battle_step"] = state.battle_step
    if state.attack is not None:
        attacker, target, count = state.attack
        out["attack"] = {
            "attacker": ref_str(*attacker),
            "target": None if target is None else ref_str(*target),
            "monsters_at_declaration": count,
        }
    if state.pending:
        out["pending_triggers"] = [
            {"card": where, "effect": e, "player": p}
            for p, card, e, _order in state.pending
            if (where := find_card(state, card)) is not None
        ]
    if state.extra_bp:
        out["extra_battle_phases"] = state.extra_bp
    if state.skips:
        out["skip_phases"] = [{"player": player, "phase": phase} for player, phase in state.skips]
    if state.ended is not None:
        winner, draw, rules = state.ended
        out["ended"] = {"winner": winner, "draw": draw, "rules": list(rules)}
    return out
