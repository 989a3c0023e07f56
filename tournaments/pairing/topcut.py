"""Single-elimination top cut seeded from the Swiss standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.errors import PairingInputError


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order so that seed 1 and 2 can only meet in the final.

    8 -> [1, 8, 4, 5, 2, 7, 3, 6] (matches 1v8, 4v5, 2v7, 3v6); 4 -> [1, 4, 2, 3]. Each doubling replaces
    seed s by (s, size + 1 - s), which keeps every first-round match summing to size + 1.
    """
    if size < 2 or size & (size - 1):
        raise PairingInputError(f"a top cut needs a power of two of at least 2 players, got {size}")
    order = [1]
    while len(order) < size:
        width = len(order) * 2
        order = [seed for s in order for seed in (s, width + 1 - s)]
    return order


@dataclass(frozen=True)
class BracketMatch:
    round: int  # 1 = first round of the cut
    slot: int  # position within the round, top of the bracket first
    a: str | None
    b: str | None
    winner: str | None


class Bracket:
    """A single-elimination bracket: report winners round by round, then read the placings."""

    def __init__(self, *, seeds: Sequence[str]) -> None:
        """seeds: player ids in standings order (seed 1 first); their count must be a power of two."""
        if len(set(seeds)) != len(seeds):
            raise PairingInputError("a player appears twice in the top cut seeds")
        order = bracket_order(len(seeds))
        self.seeds = list(seeds)
        self.size = len(seeds)
        self.rounds: list[list[list[str | None]]] = [
            [[seeds[order[k] - 1], seeds[order[k + 1] - 1], None] for k in range(0, self.size, 2)]
        ]
        self._eliminated_in: dict[str, int] = {}

    @property
    def round_count(self) -> int:
        return self.size.bit_length() - 1

    def matches(self, round_number: int) -> list[BracketMatch]:
        if not 1 <= round_number <= len(self.rounds):
            raise PairingInputError(f"round {round_number} of the top cut is not set up yet")
        return [
            BracketMatch(round=round_number, slot=slot, a=a, b=b, winner=w)
            for slot, (a, b, w) in enumerate(self.rounds[round_number - 1])
        ]

    def report(self, *, round_number: int, winner: str) -> None:
        """Record the winner of their match in that round; the next round is built once it is complete."""
        if not 1 <= round_number <= len(self.rounds):
            raise PairingInputError(f"round {round_number} of the top cut is not set up yet")
        current = self.rounds[round_number - 1]
        match = next((m for m in current if winner in (m[0], m[1])), None)
        if match is None:
            raise PairingInputError(f"{winner!r} does not play in round {round_number} of the top cut")
        if match[2] is not None and match[2] != winner:
            raise PairingInputError(f"the match of {winner!r} in round {round_number} already has a winner")
        match[2] = winner
        loser = match[1] if match[0] == winner else match[0]
        assert loser is not None
        self._eliminated_in[loser] = round_number
        if all(m[2] is not None for m in current) and len(current) > 1 and round_number == len(self.rounds):
            winners = [m[2] for m in current]
            self.rounds.append([[winners[k], winners[k + 1], None] for k in range(0, len(winners), 2)])

    @property
    def champion(self) -> str | None:
        final = self.rounds[-1]
        return final[0][2] if len(final) == 1 else None

    def placings(self) -> dict[str, str]:
        """Final placing per player: "1", "2", "3-4", "5-8", "9-16"... for those already decided."""
        result: dict[str, str] = {}
        for player, round_out in self._eliminated_in.items():
            # Losing in round r of k leaves 2^(k - r) players ahead, sharing places 2^(k-r)+1 .. 2^(k-r+1).
            best = 2 ** (self.round_count - round_out) + 1
            worst = 2 ** (self.round_count - round_out + 1)
            result[player] = str(best) if best == worst else f"{best}-{worst}"
        if self.champion is not None:
            result[self.champion] = "1"
        return result
