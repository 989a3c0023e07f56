"""A game is one plug-in: everything the site knows about a game, in one object in the game's folder.

Each game folder ``rulings/engine/<game>/`` has a ``plugin.py`` defining ``PLUGIN = GamePlugin(...)``,
and ``rulings/engine/registry.py`` names that module on one line. Every list of games (model choices,
API serializers and schema, forms, card lookups, deck reports, the judge's tablet, the benchmarks)
derives from the registry, so adding a game touches its own folder and that one line (see
docs/architecture.md, "Adding a fifth game").

A plug-in carries:

- ``key`` and ``name`` (English; its French is in the engine's catalogue, msgctxt ``"game"``);
- the engine (``game``: the package's module-level ``GAME``, imported when first asked for), with its
  rule sets and default rule set;
- ``check_deck``: its deck-construction rules;
- ``deck_sections``: the sections a deck report always counts, even when empty;
- ``card_to_situation``: a card of the card database → the card of a situation document;
- ``csv_columns``: its columns in our CSV card-pool format, and ``card_files``: readers of its own
  card-file formats by extension (``"module:function"``, called with the file's bytes);
- ``event_defaults``: what a new event of the game starts with (best of, round length, tie-breakers);
- ``player_id``: the publisher's player ID of the game, if any (:class:`PlayerIdSpec`: its name, format and
  an example);
- ``penalties``: the infractions a judge records at its events and the penalties allowed
  (:class:`PenaltyGuide`; labels are English msgids with msgctxt ``"penalty"`` in the engine's catalogue);
- ``ui``: how the judge's tablet presents it (:class:`TabletUI`; labels are English msgids with
  msgctxt ``"tablet"`` in the engine's catalogue).

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol

from .base import DeckProblem, Game, RuleSet
from .decklists import Banlist, ResolvedDeck
from .i18n import label

__all__ = [
    "ATTACK",
    "CardField",
    "CardLike",
    "PLAYER_QUERY",
    "QUERY_LABELS",
    "CsvColumns",
    "EffectMenus",
    "EventDefaults",
    "GamePlugin",
    "PENALTY_LEVELS",
    "PenaltyGuide",
    "PlayerIdSpec",
    "Param",
    "TabletUI",
    "YES_NO",
    "load_function",
]


class CardLike(Protocol):
    """What a card converter reads: a ``decks.models.Card`` (or anything shaped like one)."""

    key: str
    name: str
    kind: str
    stats: dict[str, Any]
    tags: list[str]


DeckCheck = Callable[..., list[DeckProblem]]


@dataclass(frozen=True)
class CsvColumns:
    """A game's columns in the CSV card-pool format (docs/deck-formats.md), beyond the common ones:
    integer stats, text stats, and the card kinds it accepts (any spelling → the canonical kind)."""

    int: tuple[str, ...] = ()
    text: tuple[str, ...] = ()
    kinds: Mapping[str, str] = field(default_factory=dict)


# --- the judge's tablet ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardField:
    name: str
    label: Any  # English (msgctxt "tablet"); the site's adapter (rulings.games_ui) translates it
    kind: str = (
        "int"  # int | signed (may be negative) | text | choice | bool | cost | ref (a card of the board)
    )
    choices: tuple[str, ...] = ()
    on_field_only: bool = False
    default: str = ""
    for_kinds: tuple[
        str, ...
    ] = ()  # only cards of these kinds (the "kind" field) have it: a Set trap no position


@dataclass(frozen=True)
class Param:
    name: str
    # ref | ref? | refs | player | to | int | choice | bool | circle | line | checks; the effects' menus:
    # effect (one of the chosen card's effects or skills), link (a link of the open chain), pending (the
    # waiting optional triggers), text
    kind: str
    required: bool = True
    choices: tuple[str, ...] = ()
    shown_if: tuple[str, tuple[str, ...]] | None = None  # (another field, its values): shown only then
    default: str = ""


@dataclass(frozen=True)
class EffectMenus:
    """The tablet's "Add an effect" (or skill) builder, made of menus over the engine's own vocabulary.

    ``fields`` are the effect's own fields (a timing, an event…); ``lists`` its lists of operations (the
    name and how many rows the form offers at most); ``ops`` the engine's closed list of operations, each
    with its operands and their kinds (the engine's own mapping, read when shown, so an operation added
    there is offered at once); ``kinds`` the fixed choices of an operand kind (a ``card`` operand also
    offers the board's cards). ``labels`` are English msgids (msgctxt ``"tablet"``) keyed
    ``"<field or kind>:<value>"`` for choices and ``"<name>"`` for fields and operands. ``build``
    (``"module:function"``, called with the typed form values, see ``rulings.engine.effect_form``) makes
    the effect's JSON; ``describe`` (called with the JSON and the board's names of references) says it
    in plain words (a Message).
    """

    card_key: str  # where a card keeps them: "effects", "skills"
    title: str  # "Add an effect"
    fields: tuple[Param, ...]
    lists: tuple[tuple[str, int], ...]
    ops: Mapping[str, Mapping[str, str]]
    kinds: Mapping[str, tuple[str, ...]]
    labels: Mapping[str, str]
    build: str
    describe: str


YES_NO = ("yes", "no")
PLAYER_QUERY = (Param("player", "player"),)
ATTACK = (Param("attacker", "ref"), Param("target", "ref?"))  # an attack, or the damage of one
# The queries every game answers, and their labels (a game adds its own to ``query_labels``).
QUERY_LABELS = {
    "damage": "Damage of an attack",
    "deck_out": "Deck-out",
    "legal_actions": "What can this player do now?",
}


@dataclass(frozen=True)
class Situation:
    """A common situation the tablet starts from in one tap ("Attack on a Set monster"): a situation
    document (``state``, optional ``actions`` and ``query``, the game's own JSON) the judge then edits.
    ``title`` is an English msgid (msgctxt "tablet"). Each one replays without error (a test runs them)."""

    key: str
    title: str
    document: Mapping[str, Any]


def situation_card_names(document: Any) -> list[str]:
    """The card names a situation document writes (English msgids, msgctxt "tablet"), in order, once each."""
    found: dict[str, None] = {}
    if isinstance(document, Mapping):
        name = document.get("name")
        if isinstance(name, str) and name:
            found[name] = None
        for value in document.values():
            found.update(dict.fromkeys(situation_card_names(value)))
    elif isinstance(document, list | tuple):
        for value in document:
            found.update(dict.fromkeys(situation_card_names(value)))
    return list(found)


def situation_in(document: Any, language: str) -> Any:
    """A copy of a situation document with its cards' names in ``language`` ("Set monster" → "Monstre
    Posé"): the judge reads the board in the page's language; references and keys are unchanged."""
    if isinstance(document, Mapping):
        out = {key: situation_in(value, language) for key, value in document.items()}
        if isinstance(document.get("name"), str) and document["name"]:
            out["name"] = label("tablet", document["name"], language)
        return out
    if isinstance(document, list | tuple):
        return [situation_in(value, language) for value in document]
    return document


@dataclass(frozen=True)
class TabletUI:
    """Which inputs the tablet shows for a game: presentation only, every rule stays in the engine."""

    key: str
    phases: tuple[str, ...]
    zones: tuple[str, ...]  # card zones, in the order shown
    field_zones: tuple[str, ...]  # zones whose cards carry on-field flags
    slot_zones: tuple[str, ...] = ()  # fixed slots (null = empty)
    keyed_zones: dict[str, tuple[str, ...]] = field(default_factory=dict)  # zone -> keys
    single_zones: tuple[str, ...] = ()
    card_fields: tuple[CardField, ...] = ()
    actions: dict[str, tuple[Param, ...]] = field(default_factory=dict)
    queries: dict[str, tuple[Param, ...]] = field(default_factory=dict)
    empty_state: dict[str, Any] = field(default_factory=dict)
    zone_labels: dict[str, str] = field(default_factory=dict)  # zone -> English label
    query_labels: dict[str, str] = field(default_factory=lambda: dict(QUERY_LABELS))  # query -> label
    effects: EffectMenus | None = None  # cards carry effects (or skills) built by menus
    state_flags: tuple[str, ...] = ()  # top-level true/false options of the state ("battle_steps")
    # "Start from a common situation" (rulings/engine/<game>/situations.py)
    situations: tuple[Situation, ...] = ()
    # A card of unknown identity as the game's documents write it: the hand can then be given as a count
    unknown_card: Mapping[str, Any] | None = None


# --- events ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventDefaults:
    """What a new event of the game starts with (the organizer can change each)."""

    best_of: int = 3
    round_minutes: int = 50
    tiebreak_policy: str = "konami"  # a ``tournaments.models.TiebreakPolicy`` value
    structure: str = "yugioh"  # whose published structure (rounds and top cut by attendance) it follows
    # The engine rule set a new event plays under: "" is the engine's document default
    # (``Game.default_ruleset``, what a situation document without a rule set means). They may differ: a
    # Vanguard document without a rule set is read under "original", a new Vanguard event plays "standard".
    rule_set: str = ""


# --- player IDs --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerIdSpec:
    """The publisher's player ID of a game (what its sanctioned events report results under): its name (a
    proper name, shown as is), the whole-value format (a regular expression), an example and the format in
    words (English, msgctxt ``"player-id"`` in the engine's catalogue)."""

    label: str
    pattern: str
    example: str
    format: str

    def __post_init__(self) -> None:
        import re

        if re.fullmatch(self.pattern, self.example) is None:
            raise ValueError(f"the example {self.example!r} does not match {self.pattern!r}")

    def check(self, value: str) -> bool:
        import re

        return re.fullmatch(self.pattern, value) is not None


# --- penalties ---------------------------------------------------------------------------------------

# The penalties the site knows how to apply (``tournaments.models.PenaltyKind``): a warning is recorded, a
# game or match loss changes the match result, a disqualification drops the player once approved.
PENALTY_LEVELS = ("warning", "game_loss", "match_loss", "disqualification")


@dataclass(frozen=True)
class PenaltyGuide:
    """A game's infractions (key → English label, msgctxt ``"penalty"``) and the penalties (a subset of
    ``PENALTY_LEVELS``, lightest first) a judge may give for any of them. A game without its own guide
    gets the generic one below; an organizer's configuration is a plug-in's own guide."""

    infractions: Mapping[str, str]
    penalties: tuple[str, ...] = PENALTY_LEVELS

    def __post_init__(self) -> None:
        unknown = [p for p in self.penalties if p not in PENALTY_LEVELS]
        if unknown or not self.infractions:
            raise ValueError(f"a penalty guide needs infractions and known penalties (unknown: {unknown})")


GENERIC_PENALTIES = PenaltyGuide(
    infractions={
        "procedural_error": "Procedural error",
        "tardiness": "Tardiness",
        "deck_problem": "Deck problem",
        "marked_cards": "Marked cards",
        "unsporting_conduct": "Unsporting conduct",
        "cheating": "Cheating",
    }
)


# --- the plug-in -------------------------------------------------------------------------------------


def load_function(reference: str) -> Callable[..., Any]:
    """``"package.module:function"`` → the function (imported now)."""
    module, _, name = reference.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class GamePlugin:
    key: str
    name: str
    check_deck: DeckCheck
    deck_sections: tuple[str, ...]
    card_to_situation: Callable[[CardLike], dict[str, Any]]
    ui: TabletUI
    csv_columns: CsvColumns = field(default_factory=CsvColumns)
    card_files: Mapping[str, str] = field(default_factory=dict)  # ".cdb" -> "module:function"
    event_defaults: EventDefaults = field(default_factory=EventDefaults)
    penalties: PenaltyGuide = GENERIC_PENALTIES
    player_id: PlayerIdSpec | None = None
    package: str = ""  # the engine's package; default ``rulings.engine.<key>``

    @property
    def game(self) -> Game:
        """The engine: the package's module-level ``GAME`` (imported on first use)."""
        return import_module(self.package or f"rulings.engine.{self.key}").GAME

    @property
    def rulesets(self) -> Mapping[str, RuleSet]:
        return self.game.rulesets

    @property
    def default_ruleset(self) -> str:
        return self.game.default_ruleset

    def check(
        self,
        deck: ResolvedDeck,
        *,
        ruleset: str | None = None,
        banlist: Banlist | None = None,
        config: Mapping[str, Any] | None = None,
    ) -> list[DeckProblem]:
        """Every reason ``deck`` is not legal (empty list: legal)."""
        return self.check_deck(deck, ruleset=ruleset, banlist=banlist, config=config or {})

    def card_reader(self, extension: str) -> Callable[[bytes], Any] | None:
        """The reader of one of the game's own card-file formats (``".cdb"``), or None."""
        reference = self.card_files.get(extension)
        return None if reference is None else load_function(reference)
