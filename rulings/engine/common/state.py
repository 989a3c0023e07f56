"""State pieces RaymanTCG and Arrows share: slot equality (Yu-Gi-Oh! uses it too), the deck of a
player, the turn fields.

Both games keep a player's deck as a list of cards, or only its count when the document gives a
number; both states carry ``turn``, ``turn_player``, ``phase`` and ``draw_done`` and two players
under ``"A"`` and ``"B"``. The slotted classes and their ``copy`` stay in each game: they are the
hot path of self-play and differ in every field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import CardLookup, MalformedDocument, PathError
from . import validate as v


class SlotEquality:
    """``==`` compares every slot (but ``_eq_ignored``); slotted game objects are never hashed."""

    __slots__ = ()
    _eq_ignored: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        cls = type(self)
        ignored = cls._eq_ignored
        return isinstance(other, cls) and all(
            getattr(self, slot) == getattr(other, slot) for slot in cls.__slots__ if slot not in ignored
        )

    __hash__ = None  # type: ignore[assignment]


class DeckHolder(SlotEquality):
    """A player whose ``deck`` is a list of cards, or None when only ``deck_count`` is known."""

    __slots__ = ()
    deck: list | None
    deck_count: int

    def deck_size(self) -> int:
        return self.deck_count if self.deck is None else len(self.deck)

    def zone(self, name: str) -> list:
        if name == "deck":
            return self.deck if self.deck is not None else []
        return getattr(self, name)


def resolve_card(data: Any, path: str, cards: CardLookup | None, *, game: str, unknown: str) -> Any:
    """A bare ``{"id": …}`` / ``{"name": …}`` reference goes through the card database when one is given.

    ``unknown`` ends the message for a reference the database does not know (or without one).
    """
    if isinstance(data, dict) and "kind" not in data and set(data) <= {"id", "name"} and data:
        found = cards(game, data) if cards is not None else None
        if found is None:
            raise v.fail(path, f"unknown card {data!r}: {unknown}")
        return found
    return data


def parse_turn_fields(
    state: Any, data: dict, path: str, *, phases: tuple[str, ...], errors: list[PathError]
) -> None:
    """``turn``, ``turn_player``, ``phase`` and ``draw_done`` onto ``state``; problems go to ``errors``."""
    for key, check in (
        ("turn", lambda value, p: v.integer(value, p, minimum=1)),
        ("turn_player", v.player),
        ("phase", lambda value, p: v.choice(value, p, phases)),
    ):
        try:
            setattr(state, key, check(data[key], v.pointer(path, key)))
        except MalformedDocument as exc:
            errors.extend(exc.errors)
    if "draw_done" in data:
        try:
            state.draw_done = v.boolean(data["draw_done"], v.pointer(path, "draw_done"))
            if state.draw_done and state.phase != "draw":
                raise v.fail(v.pointer(path, "draw_done"), "only a state in the draw phase has made its draw")
        except MalformedDocument as exc:
            errors.extend(exc.errors)


def parse_players(
    state: Any, data: dict, path: str, *, parse_player: Callable[[Any, str], Any], errors: list[PathError]
) -> None:
    """Both players onto ``state``, then raise every problem found so far (``errors`` included)."""
    players_path = v.pointer(path, "players")
    try:
        v.obj(data["players"], players_path, required=("A", "B"))
    except MalformedDocument as exc:
        raise MalformedDocument(errors + exc.errors) from None
    for key in ("A", "B"):
        try:
            state.players[key] = parse_player(data["players"][key], v.pointer(players_path, key))
        except MalformedDocument as exc:
            errors.extend(exc.errors)
    if errors:
        raise MalformedDocument(errors)


def turn_fields_json(state: Any) -> dict[str, Any]:
    """The turn fields in document order; ``draw_done`` only matters (and only shows) in the draw phase."""
    return {
        "turn": state.turn,
        "turn_player": state.turn_player,
        "phase": state.phase,
        **({"draw_done": state.draw_done} if state.phase == "draw" else {}),
    }
