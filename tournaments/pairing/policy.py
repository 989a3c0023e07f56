"""Event structure per game: number of Swiss rounds and top cut size for a checked-in player count."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.pairing.errors import PairingInputError

# Pokemon publishes its round table outside tiebreakers.md; it is not encoded here rather than guessed.
GAMES = ("yugioh", "magic", "vanguard")


@dataclass(frozen=True)
class EventStructure:
    swiss_rounds: int
    top_cut: int  # 0 means no cut
    round_robin: bool = False
    # Tier 3-4 Yu-Gi-Oh! events split the Swiss rounds over two days: (day one, day two).
    days: tuple[int, ...] = ()


# (largest count in the bracket, rounds, top cut) in increasing order; the first bracket that holds wins.
_YUGIOH = [
    (8, 3, 0),
    (16, 4, 4),
    (32, 5, 4),
    (64, 6, 8),
    (128, 7, 8),
    (256, 8, 8),
    (512, 9, 8),
    (1024, 10, 8),
    (2048, 11, 8),
    (math.inf, 12, 0),
]
_YUGIOH_TWO_DAYS = [(256, (7, 4)), (512, (8, 4)), (1024, (8, 5)), (2048, (9, 5)), (math.inf, (9, 6))]
# Magic (appendix E of the Tournament Rules as given in tiebreakers.md): the cut is Top 4 up to 16,
# Top 8 from 17 up to 512 (the usual competitive cut; the table names Top 8 explicitly from 129), Top 16
# from 513. Events of 8 or fewer play 3 rounds with no cut.
_MAGIC = [
    (8, 3, 0),
    (16, 5, 4),
    (32, 5, 8),
    (64, 6, 8),
    (128, 7, 8),
    (216, 8, 8),
    (256, 8, 8),
    (512, 9, 8),
    (math.inf, 10, 16),
]
# Extra "virtual players" for an awarded bye count: 1, 2 or 3 byes count as 2, 4 or 8 players.
_MAGIC_BYE_WEIGHT = {0: 1, 1: 2, 2: 4, 3: 8}


def _round_robin(players: int) -> EventStructure:
    # Each player meets every other once; an odd field needs one more round for the rotating bye.
    return EventStructure(
        swiss_rounds=players - 1 if players % 2 == 0 else players, top_cut=0, round_robin=True
    )


def event_structure(
    *, game: str, players: int, tier: int = 1, awarded_byes: Iterable[int] = ()
) -> EventStructure:
    """Swiss rounds and top cut for `players` checked-in players.

    Fewer than 4 players (any game) is played as a round robin: n - 1 rounds for an even count, n for an
    odd one (one player sits out each round). Fewer than 2 players is an error. awarded_byes (Magic only)
    lists each player's number of awarded byes, which counts a player as 2, 4 or 8 players.
    """
    if game not in GAMES:
        raise PairingInputError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise PairingInputError(f"players must be an integer, got {players!r}")
    if players < 2:
        raise PairingInputError(f"an event needs at least 2 players, got {players}")
    if players < 4 or (game == "vanguard" and players <= 4):
        return _round_robin(players)

    if game == "magic":
        effective = players
        for byes in awarded_byes:
            if byes not in _MAGIC_BYE_WEIGHT:
                raise PairingInputError(f"awarded byes must be 0 to 3, got {byes!r}")
            effective += _MAGIC_BYE_WEIGHT[byes] - 1
        return _first_bracket(_MAGIC, effective)

    if game == "vanguard":
        # Bushiroad publishes the cut only; rounds follow the usual log2 of the field.
        rounds = max(3, math.ceil(math.log2(players)))
        return EventStructure(swiss_rounds=rounds, top_cut=4 if players <= 16 else 8)

    if tier not in (1, 2, 3, 4):
        raise PairingInputError(f"Yu-Gi-Oh! tier must be 1 to 4, got {tier!r}")
    structure = _first_bracket(_YUGIOH, players)
    if tier >= 3 and players > 128:
        days = next(split for limit, split in _YUGIOH_TWO_DAYS if players <= limit)
        return EventStructure(swiss_rounds=sum(days), top_cut=8, days=days)
    return structure


def _first_bracket(table: list[tuple[float, int, int]], players: int) -> EventStructure:
    for limit, rounds, cut in table:
        if players <= limit:
            return EventStructure(swiss_rounds=rounds, top_cut=cut)
    raise AssertionError("the last bracket is unbounded")
