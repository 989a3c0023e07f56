"""The plug-in of Dice Duel (see ``tests/rulings/dice/__init__.py``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from decks.cardfiles.records import CardFileError, CardRecord, new_record
from rulings.engine.base import DeckProblem
from rulings.engine.construction import copies_and_banlist_problems, section_size_problems, unknown_sections
from rulings.engine.decklists import Banlist, ResolvedCard, ResolvedDeck
from rulings.engine.plugin import ATTACK, PLAYER_QUERY, CardField, CardLike, CsvColumns, GamePlugin, TabletUI

SECTIONS = ("main", "side")


def check_deck(
    deck: ResolvedDeck, *, ruleset: str | None, banlist: Banlist | None, config: Mapping[str, Any]
) -> list[DeckProblem]:
    """Exactly 6 dice in the Main Deck, at most 2 spares in the Side Deck, one copy of each die."""
    problems = unknown_sections(deck, SECTIONS, "Dice Duel")
    problems += section_size_problems(deck, {"main": (6, 6), "side": (None, 2)})

    def limit_for(card: ResolvedCard) -> tuple[int | None, str]:
        return 1, " per die"

    return problems + copies_and_banlist_problems(deck, SECTIONS, limit_for=limit_for, banlist=banlist)


def situation_card(card: CardLike) -> dict[str, Any]:
    return {"name": card.name, "faces": int(card.stats.get("faces") or 6)}


def read_dice_file(data: bytes) -> Iterator[CardRecord]:
    """``.dice``: one die a line, ``name:faces``."""
    for number, line in enumerate(data.decode().splitlines(), start=1):
        name, _, faces = line.partition(":")
        if not faces.isdigit():
            raise CardFileError(f"{faces!r} is not a number of faces", where=f"line {number}", field="faces")
        key = name.strip().lower()
        yield new_record(
            game="dice", key=key, name=name.strip(), kind="die", source="dice", stats={"faces": int(faces)}
        )


PLUGIN = GamePlugin(
    key="dice",
    name="Dice Duel",
    package="tests.rulings.dice",
    check_deck=check_deck,
    deck_sections=SECTIONS,
    card_to_situation=situation_card,
    csv_columns=CsvColumns(int=("faces",), text=("colour",), kinds={"die": "die", "dé": "die"}),
    card_files={".dice": "tests.rulings.dice.plugin:read_dice_file"},
    ui=TabletUI(
        key="dice",
        phases=("roll", "end"),
        zones=("pool", "hand"),
        field_zones=("pool",),
        card_fields=(CardField("name", "Name", "text"), CardField("faces", "Faces")),
        actions={"roll": (), "attack": ATTACK},
        queries={"damage": ATTACK, "deck_out": PLAYER_QUERY, "legal_actions": PLAYER_QUERY},
        empty_state={"turn": 1, "turn_player": "A", "phase": "roll", "players": {"A": {}, "B": {}}},
        zone_labels={"pool": "Dice pool", "hand": "Hand"},
    ),
)
