"""Standings and tie-breakers for the published policies (konami, magic, pokemon, vanguard).

One pass over the match records fills per-player arrays (each player id is given an int once; opponents are
lists of ints); every percentage (MWP, OMW, OOMW, GWP, OGW) is then one list comprehension over those arrays,
and the rows are built column-wise. benchmarks/standings_bench.py compares it with a plain 30-line loop.
tests/tournaments/pairing/test_standings_reference.py proves the rows equal those of the previous version.
See docs/tiebreakers.md for every formula and rounding choice.
"""

from __future__ import annotations

import collections
import itertools
import math
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from tournaments.pairing.errors import PairingInputError

RESULT_KINDS = (
    "normal",
    "intentional_draw",
    "double_loss",
    "game_loss",
    "match_loss",
    "unfinished",
    "missed",
)
# A round a late entrant missed: a record without player_b whose kind is MISSED (any other kind without
# player_b is a bye). It is a lost match with no opponent: a round played with 0 points (games 0-2 in best of
# 3, 0-1 in best of 1) in the player's own MWP and GWP, and no opponent entry, so it adds nothing to anyone
# else's OMW / OGW (the player's MWP that their later opponents average does include it).
MISSED = "missed"
TIEBREAKER_KEYS = ("points", "mwp", "omw", "oomw", "gwp", "ogw", "head_to_head")
# Percentages are compared after rounding to this many decimals, so that two means of the same rational
# value computed in a different order still tie.
_COMPARE_DECIMALS = 12


@dataclass(frozen=True)
class MatchRecord:
    """One match, a bye when player_b is None, or a missed round (late entry) when player_b is None and
    kind is "missed".

    games_a / games_b / games_drawn are the game record as played, including any game-loss penalty (a game
    loss is a game won by the opponent). kind "match_loss" needs `penalized`, the player who takes the loss.
    """

    round: int
    player_a: str
    player_b: str | None
    games_a: int = 0
    games_b: int = 0
    games_drawn: int = 0
    kind: str = "normal"
    penalized: str | None = None


@dataclass(frozen=True)
class StandingsSettings:
    policy: str = "konami"
    points_win: int = 3
    points_draw: int = 1
    points_loss: int = 0
    points_bye: int = 3
    keys: tuple[str, ...] = ("points", "omw", "oomw")
    mwp_floor: float = 0.0
    gwp_floor: float = 0.0
    # Cap on a dropped player's win % as seen by their opponents (Pokemon: 0.75).
    dropped_cap: float | None = None
    # False (Pokemon): the bye is taken out of the bye player's win % used in their opponents' tie-breakers.
    bye_in_record_for_opponents: bool = True
    # How an unfinished match counts: "double_loss" or "draw".
    unfinished_as: str = "double_loss"
    bye_games: tuple[int, int] = (2, 0)
    # True (melee.gg): a dropped player's own row keeps the figures it had at the drop (their opponents'
    # later results no longer move it); False (the published policies): final figures, like everyone's.
    freeze_dropped: bool = False

    def __post_init__(self) -> None:
        unknown = [key for key in self.keys if key not in TIEBREAKER_KEYS]
        if unknown:
            raise PairingInputError(
                f"unknown tie-breaker key(s) {unknown}; known: {', '.join(TIEBREAKER_KEYS)}"
            )
        if self.unfinished_as not in ("double_loss", "draw"):
            raise PairingInputError(
                f"unfinished_as must be 'double_loss' or 'draw', got {self.unfinished_as!r}"
            )


_POLICIES = {
    "konami": StandingsSettings(policy="konami", keys=("points", "omw", "oomw"), unfinished_as="double_loss"),
    "magic": StandingsSettings(
        policy="magic",
        keys=("points", "omw", "gwp", "ogw"),
        mwp_floor=0.33,
        gwp_floor=0.33,
        unfinished_as="draw",
    ),
    "pokemon": StandingsSettings(
        policy="pokemon",
        keys=("points", "omw", "oomw", "head_to_head"),
        mwp_floor=0.25,
        dropped_cap=0.75,
        bye_in_record_for_opponents=False,
        unfinished_as="draw",
    ),
    "vanguard": StandingsSettings(
        policy="vanguard", keys=("points", "omw", "oomw"), unfinished_as="double_loss"
    ),
}


def settings_for_policy(policy: str, **overrides: object) -> StandingsSettings:
    """The published defaults of a policy, with any field overridden (e.g. keys=... for Vanguard)."""
    try:
        base = _POLICIES[policy]
    except KeyError:
        raise PairingInputError(f"unknown policy {policy!r}; known: {', '.join(_POLICIES)}") from None
    return replace(base, **overrides)  # type: ignore[arg-type]


@dataclass
class StandingRow:
    rank: int
    player: str
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    rounds_played: int
    mwp: float
    omw: float
    oomw: float
    gwp: float
    ogw: float
    head_to_head: int | None
    dropped_round: int | None
    konami_number: str
    tiebreakers: tuple = field(default=())

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


def _check_record(record: MatchRecord) -> None:
    where = f"match record round {record.round} ({record.player_a} vs {record.player_b or 'bye'})"
    if record.kind not in RESULT_KINDS:
        raise PairingInputError(
            f"{where}: unknown result kind {record.kind!r}; known: {', '.join(RESULT_KINDS)}"
        )
    if min(record.games_a, record.games_b, record.games_drawn) < 0:
        raise PairingInputError(f"{where}: game counts must not be negative")
    if record.kind == MISSED and record.player_b is not None:
        raise PairingInputError(f"{where}: a missed round has no opponent (player_b must be None)")
    if record.player_b is not None and record.player_a == record.player_b:
        raise PairingInputError(f"{where}: a player cannot play themselves")
    if record.kind == "match_loss" and record.penalized not in (record.player_a, record.player_b):
        raise PairingInputError(f"{where}: a match loss needs 'penalized' set to one of the two players")
    # Only reached if the fast checks in compute_standings and these ones disagree: never silently go on.
    raise AssertionError(f"{where}: flagged as invalid but passed every check")  # pragma: no cover


_KINDS = frozenset(RESULT_KINDS)


class _Table:
    """Per-player arrays, indexed by an int given to each player id once (the index's insertion order)."""

    __slots__ = (
        "index",
        "ids",
        "wins",
        "draws",
        "missed",
        "byes",
        "games_won",
        "games_lost",
        "games_drawn",
        "opponents",
    )

    def __init__(self, players: Iterable[str]) -> None:
        # _tally numbers each new player itself (index[pid] = len(index); a method call per new player cost a
        # tenth of the pass) and calls grow when the arrays are full; trim cuts them back to the players seen.
        self.index: dict[str, int] = {pid: number for number, pid in enumerate(dict.fromkeys(players))}
        self.ids: list[str] = []  # filled by trim: ids[i] is player i's id
        self.wins: list[int] = []  # matches won against an opponent (byes are counted apart)
        self.draws: list[int] = []
        self.missed: list[int] = []  # rounds missed (late entry); lost matches = matches - won - drawn
        self.byes: list[int] = []
        # Games won, lost and drawn: games played = their sum, game points = 3 x won + drawn.
        self.games_won: list[int] = []
        self.games_lost: list[int] = []
        self.games_drawn: list[int] = []
        self.opponents: list[list[int]] = []  # one entry per match, repeats included
        while self.capacity() < len(self.index):
            self.grow()

    def capacity(self) -> int:
        return len(self.wins)

    def grow(self) -> int:
        """Room for the next players in one go (at least 1024, or double); returns the new capacity."""
        more = max(1024, self.capacity())
        for column in self._counts():
            column.extend(itertools.repeat(0, more))
        self.opponents.extend([] for _ in range(more))
        return self.capacity()

    def _counts(self) -> tuple[list[int], ...]:
        return (
            self.wins, self.draws, self.missed, self.byes, self.games_won, self.games_lost, self.games_drawn
        )  # fmt: skip

    def trim(self) -> None:
        self.ids = list(self.index)
        count = len(self.ids)
        for column in (*self._counts(), self.opponents):
            del column[count:]


def _tally(records: Iterable[MatchRecord], table: _Table, settings: StandingsSettings) -> None:
    """The one pass over the records: results, games and opponents into the table's arrays.

    The common record (a normal match between two known players) costs a few comparisons and list updates;
    anything unusual is checked by _check_record, which raises on the first invalid record as before.
    """
    index = table.index
    index_get = index.get
    capacity = table.capacity()
    wins, draws, missed, byes = table.wins, table.draws, table.missed, table.byes
    won_games, lost_games, drawn_games = table.games_won, table.games_lost, table.games_drawn
    opponents = table.opponents
    bye_won = settings.bye_games[0]
    bye_lost = sum(settings.bye_games) - bye_won
    bye_total = bye_won + bye_lost
    unfinished_is_draw = settings.unfinished_as == "draw"
    kinds = _KINDS
    for record in records:
        kind = record.kind
        a = record.player_a
        b = record.player_b
        games_a = record.games_a
        games_b = record.games_b
        drawn = record.games_drawn
        if games_a < 0 or games_b < 0 or drawn < 0:
            _check_record(record)
        ia = index_get(a)
        if ia is None:  # a new player: the next int (and more room once the arrays are full)
            ia = index[a] = len(index)
            if ia == capacity:
                capacity = table.grow()
        if b is None:
            if kind == MISSED:  # a lost round with no opponent: the bye's games the other way round
                missed[ia] += 1
                lost_games[ia] += bye_total
            elif kind in kinds and (kind != "match_loss" or record.penalized in (a, None)):  # a bye
                byes[ia] += 1
                won_games[ia] += bye_won
                lost_games[ia] += bye_lost
            else:
                _check_record(record)
            continue
        ib = index_get(b)
        if ib is None:
            ib = index[b] = len(index)
            if ib == capacity:
                capacity = table.grow()
        if ia == ib:  # a player against themselves (ints compare faster than the ids)
            _check_record(record)
        if kind == "normal" or kind == "game_loss":  # decided by the games
            if games_a > games_b:
                wins[ia] += 1
            elif games_b > games_a:
                wins[ib] += 1
            else:
                draws[ia] += 1
                draws[ib] += 1
        elif kind == "intentional_draw" or (kind == "unfinished" and unfinished_is_draw):
            draws[ia] += 1
            draws[ib] += 1
        elif kind == "double_loss" or kind == "unfinished":
            pass  # a loss for both: counted as matches neither won nor drew
        elif kind == "match_loss" and record.penalized in (a, b):
            wins[ib if record.penalized == a else ia] += 1
        else:  # an unknown kind, a missed round with an opponent, a match loss without `penalized`
            _check_record(record)
        opponents[ia].append(ib)
        opponents[ib].append(ia)
        won_games[ia] += games_a
        lost_games[ia] += games_b
        won_games[ib] += games_b
        lost_games[ib] += games_a
        if drawn:
            drawn_games[ia] += drawn
            drawn_games[ib] += drawn


def _means_over_opponents(values: list[float], opponents: list[list[int]], counts: list[int]) -> list[float]:
    """For each player, the mean (math.fsum: exact, whatever the order) of `values` over their opponents;
    0.0 without any.

    map over the opponents' ints rather than one operator.itemgetter per player: as fast, and no object per
    player for the garbage collector (at 32,768 players the getters set off a full collection, 0.1 s).
    """
    fsum = math.fsum
    value_of = values.__getitem__
    return [
        fsum(map(value_of, opps)) / count if count else 0.0
        for opps, count in zip(opponents, counts, strict=True)
    ]


def compute_standings(
    *,
    records: Iterable[MatchRecord],
    settings: StandingsSettings | None = None,
    dropped: Mapping[str, int] | None = None,
    players: Iterable[str] = (),
) -> list[StandingRow]:
    """Ordered standings rows (rank 1 first) under a policy's settings.

    dropped maps a player to the round after which they dropped; players lists anyone to show even with no
    record. Rows whose whole tie-breaker tuple is equal share a rank (1, 2, 2, 4); their order is by id.

    One pass over the records fills per-player arrays (each player id gets an int once; opponents are int
    lists); every percentage is then one list comprehension over those arrays, all tie-breakers together.
    """
    settings = settings or _POLICIES["konami"]
    dropped = dict(dropped or {})
    with_head_to_head = "head_to_head" in settings.keys
    if with_head_to_head and not isinstance(records, list | tuple):
        records = list(records)  # read again for the head-to-head pairs
    if settings.freeze_dropped and dropped:
        records = list(records)
        players = list(players)
    table = _Table(players)
    _tally(records, table, settings)
    table.trim()

    ids, opponents, index = table.ids, table.opponents, table.index
    won_matches, draws, byes, missed = table.wins, table.draws, table.byes, table.missed
    matches = list(map(len, opponents))
    wins = [won + bye for won, bye in zip(won_matches, byes, strict=True)]  # a bye is a round won
    losses = [  # matches neither won nor drawn, and missed rounds
        played - won - drawn + miss
        for played, won, drawn, miss in zip(matches, won_matches, draws, missed, strict=True)
    ]
    rounds = [played + bye + miss for played, bye, miss in zip(matches, byes, missed, strict=True)]
    win, draw, loss, bye_value = (
        settings.points_win,
        settings.points_draw,
        settings.points_loss,
        settings.points_bye,
    )
    points = [
        win * won + draw * drawn + loss * lost + bye_value * bye
        for won, drawn, lost, bye in zip(won_matches, draws, losses, byes, strict=True)
    ]

    # Percentages: max(x / (3 x rounds), floor); without any round (or game), the floor.
    mwp_floor, gwp_floor = settings.mwp_floor, settings.gwp_floor
    mwp = _floored(
        [p / (3 * r) if r > 0 else mwp_floor for p, r in zip(points, rounds, strict=True)], mwp_floor
    )
    gwp = _floored(
        [
            (3 * won + drawn) / (3 * (won + lost + drawn)) if won + lost + drawn > 0 else gwp_floor
            for won, lost, drawn in zip(table.games_won, table.games_lost, table.games_drawn, strict=True)
        ],
        gwp_floor,
    )
    if settings.bye_in_record_for_opponents or not any(byes):  # without a bye, the same figures as MWP
        seen = mwp
    else:  # Pokemon: the bye out of the numerator and the denominator
        seen = _floored(
            [
                (p - bye_value * bye) / (3 * (r - bye)) if r > bye else mwp_floor
                for p, r, bye in zip(points, rounds, byes, strict=True)
            ],
            mwp_floor,
        )
    cap = settings.dropped_cap
    if cap is not None and dropped:
        seen = list(seen)
        for pid in dropped:
            number = index.get(pid)
            if number is not None:
                seen[number] = min(seen[number], cap)

    omw = _means_over_opponents(seen, opponents, matches)
    oomw = _means_over_opponents(omw, opponents, matches)
    ogw = _means_over_opponents(gwp, opponents, matches)
    if settings.freeze_dropped and dropped:
        mwp, omw, oomw, gwp, ogw = _frozen_at_drop(
            records, settings, dropped, players, index, (mwp, omw, oomw, gwp, ogw)
        )

    columns = {"mwp": mwp, "omw": omw, "oomw": oomw, "gwp": gwp, "ogw": ogw}
    key_columns = [
        points if key == "points" else _rounded(columns[key])
        for key in settings.keys
        if key != "head_to_head"
    ]
    count = len(ids)
    head_to_head: list[int | None] = [None] * count
    if with_head_to_head:  # its column last, 0 until _apply_head_to_head decides a pair
        key_columns.append(itertools.repeat(0, count))
    tuples = list(zip(*key_columns, strict=True)) if key_columns else [()] * count
    # Best tuple first (one stable sort: equal tuples stay in index order), then each run of equal ones by id.
    order = sorted(range(count), key=tuples.__getitem__, reverse=True)
    runs = _runs_of_equals(list(map(tuples.__getitem__, order)))
    for start, stop in runs:
        order[start:stop] = sorted(order[start:stop], key=ids.__getitem__)
    if with_head_to_head:
        _apply_head_to_head(order, runs, tuples, opponents, records, ids, head_to_head)
    # Rank: the position of the first row of each run of equal tuples (1, 2, 2, 4).
    ranks = list(range(1, count + 1))
    for start, stop in runs:
        for position in range(start + 1, stop):
            if tuples[order[position]] == tuples[order[position - 1]]:
                ranks[position] = ranks[position - 1]

    # One row per player in index order (rank filled in below), then the rows in standings order.
    by_index = list(
        map(
            StandingRow,
            itertools.repeat(0),
            ids,
            points,
            wins,
            draws,
            losses,
            byes,
            rounds,
            mwp,
            omw,
            oomw,
            gwp,
            ogw,
            head_to_head,
            map(dropped.get, ids),
            _konami_numbers(points, omw, oomw),
            tuples,
        )
    )
    rows = list(map(by_index.__getitem__, order))
    for row, rank in zip(rows, ranks, strict=True):
        row.rank = rank
    return rows


def _frozen_at_drop(
    records: list[MatchRecord],
    settings: StandingsSettings,
    dropped: dict[str, int],
    players: list[str],
    index: Mapping[str, int],
    columns: tuple[list[float], ...],
) -> tuple[list[float], ...]:
    """The percentage columns with each dropped player's own entries as they stood after their drop round.

    Only the dropped player's row is frozen: everyone else's OMW / OOMW / OGW keep averaging the figures of
    today (what melee.gg shows). One standings computation per distinct drop round, over the records up to it.
    """
    mwp, omw, oomw, gwp, ogw = (list(column) for column in columns)
    live = replace(settings, freeze_dropped=False)
    for drop_round in sorted(set(dropped.values())):
        at_drop = {
            row.player: row
            for row in compute_standings(
                records=[record for record in records if record.round <= drop_round],
                settings=live,
                dropped={pid: after for pid, after in dropped.items() if after <= drop_round},
                players=players,
            )
        }
        for pid, after in dropped.items():
            number = index.get(pid)
            row = at_drop.get(pid)
            if after != drop_round or number is None or row is None:
                continue
            mwp[number], omw[number], oomw[number] = row.mwp, row.omw, row.oomw
            gwp[number], ogw[number] = row.gwp, row.ogw
    return mwp, omw, oomw, gwp, ogw


def _floored(values: list[float], floor: float) -> list[float]:
    """max(value, floor) of each value (the values themselves when none is below the floor)."""
    if not values or min(values) >= floor:
        return values
    return [floor if floor > value else value for value in values]


def _rounded(values: list[float]) -> list[float]:
    """round(v, 12) of each value (what the order compares), the same floats, faster.

    round with digits is slow (an exact decimal conversion, about 0.3 us). For 0 <= v and v x 1e12 < 2**42,
    the product is within 2**-12 of the exact v x 10**12; when it is also more than 0.001 away from a
    half-way point, its nearest integer n is that of the exact value, and n / 1e12 is the double round
    returns (n and 1e12 are exact doubles, the division is correctly rounded). The few values near a
    half-way point are rounded by round itself, and all of them if any is negative or huge (never seen in
    practice). With few distinct values (OMW%: hundreds among thousands of players), each is rounded once.
    """
    # A memo pays unless nearly every value is distinct (OGW%), which a sample shows without a full set.
    sample = values[::16]
    if len(set(sample)) < 0.95 * len(sample):
        unique = list(set(values))
        memo = dict(zip(unique, _rounded_each(unique), strict=True))
        rounded = list(map(memo.__getitem__, values))
    else:
        rounded = _rounded_each(values)
    if 0.0 in values:  # zeros keep their sign, as with round (0.0 and -0.0 are one key; n / 1e12 is +0.0)
        for position in itertools.compress(range(len(values)), map(operator.not_, values)):
            rounded[position] = round(values[position], _COMPARE_DECIMALS)
    return rounded


def _rounded_each(values: list[float]) -> list[float]:
    """round(v, 12) of each value, through float arithmetic where that is exact (see _rounded)."""
    if not values or min(values) < 0.0:
        return [round(value, _COMPARE_DECIMALS) for value in values]
    scale = 10.0**_COMPARE_DECIMALS
    scaled = list(map(operator.mul, values, itertools.repeat(scale)))
    if max(scaled) >= 2.0**42:
        return [round(value, _COMPARE_DECIMALS) for value in values]
    nearest = list(map(round, scaled))
    rounded = list(map(operator.truediv, nearest, itertools.repeat(scale)))
    distance = map(abs, map(operator.sub, scaled, nearest))
    near_half = map(operator.ge, distance, itertools.repeat(0.499))
    for position in itertools.compress(range(len(values)), near_half):
        rounded[position] = round(values[position], _COMPARE_DECIMALS)
    return rounded


def _runs_of_equals(in_order: list[tuple]) -> list[tuple[int, int]]:
    """(start, stop) of each run of two or more equal neighbours in `in_order`."""
    same_as_next = list(map(operator.eq, in_order, in_order[1:]))
    last = len(same_as_next) - 1
    equal_to_next = list(itertools.compress(range(last + 1), same_as_next))
    starts = [k for k in equal_to_next if k == 0 or not same_as_next[k - 1]]
    stops = [k + 2 for k in equal_to_next if k == last or not same_as_next[k + 1]]
    return list(zip(starts, stops, strict=True))


def _apply_head_to_head(
    order: list[int],
    runs: list[tuple[int, int]],
    tuples: list[tuple],
    opponents: Sequence[list[int]],
    records: Sequence[MatchRecord],
    ids: list[str],
    head_to_head: list[int | None],
) -> None:
    """Pokemon: only when exactly two players tie on every other key and they met, the one who won more of
    their matches against the other goes first (head_to_head 1, the other 0; the winner's tuple ends in 1).
    Reorders `order` and updates `tuples` in place.

    Such pairs are rare in a large event: their matches are found by reading the records again, rather than
    the pass logging every match's winner for them.
    """
    pairs = [
        start for start, stop in runs if stop - start == 2 and order[start + 1] in opponents[order[start]]
    ]
    if not pairs:
        return
    partner = {}  # id -> the id of the player tied with them, for each such pair
    for k in pairs:
        first, second = ids[order[k]], ids[order[k + 1]]
        partner[first], partner[second] = second, first
    won: collections.Counter[str] = collections.Counter()  # matches won against the partner, by id
    for record in records:
        if record.player_b is not None and partner.get(record.player_a) == record.player_b:
            winner = _winner(record)
            if winner is not None:
                won[winner] += 1
    for k in pairs:
        first, second = order[k], order[k + 1]
        first_wins, second_wins = won[ids[first]], won[ids[second]]
        if first_wins != second_wins:
            winner, loser = (first, second) if first_wins > second_wins else (second, first)
            head_to_head[winner], head_to_head[loser] = 1, 0
            tuples[winner] = (*tuples[winner][:-1], 1)
            order[k], order[k + 1] = winner, loser


def _winner(record: MatchRecord) -> str | None:
    """The id of the player who won a (valid) match, as _tally counts it; None for a draw or a double loss."""
    if record.kind == "normal" or record.kind == "game_loss":
        if record.games_a == record.games_b:
            return None
        return record.player_a if record.games_a > record.games_b else record.player_b
    if record.kind == "match_loss":
        return record.player_b if record.penalized == record.player_a else record.player_a
    return None  # an intentional draw, a double loss, an unfinished match (a draw or a double loss)


def konami_number(*, points: int, omw: float, oomw: float) -> str:
    """Yu-Gi-Oh! tie-breaker number XXYYYZZZ as a zero-padded string.

    Percentages are truncated (not rounded) to thousandths, as the published example 33726677 reads the
    percentages 72.6...% and 67.7...%; 100% is shown as 999 and points above 99 as 99 to keep eight digits.
    """
    points_part = min(max(points, 0), 99)
    omw_part = min(int(math.floor(omw * 1000 + 1e-9)), 999)
    oomw_part = min(int(math.floor(oomw * 1000 + 1e-9)), 999)
    return f"{points_part:02d}{omw_part:03d}{oomw_part:03d}"


def _konami_numbers(points: list[int], omw: list[float], oomw: list[float]) -> list[str]:
    """konami_number for every player at once: the same digits, one format per row."""
    floor = math.floor
    omw_parts = list(map(floor, [value * 1000 + 1e-9 for value in omw]))
    oomw_parts = list(map(floor, [value * 1000 + 1e-9 for value in oomw]))
    if min(omw_parts, default=0) < 0 or min(oomw_parts, default=0) < 0:
        # A negative percentage (negative loss points): its sign is printed, as konami_number does.
        return [konami_number(points=p, omw=o, oomw=oo) for p, o, oo in zip(points, omw, oomw, strict=True)]
    if min(points, default=0) < 0 or max(points, default=0) > 99:
        points = [min(max(p, 0), 99) for p in points]
    if max(omw_parts, default=0) > 999:
        omw_parts = [min(part, 999) for part in omw_parts]
    if max(oomw_parts, default=0) > 999:
        oomw_parts = [min(part, 999) for part in oomw_parts]
    # One int per row, printed with its leading zeros (the 1 in front is cut off).
    return [
        str(100_000_000 + p * 1_000_000 + o * 1000 + oo)[1:]
        for p, o, oo in zip(points, omw_parts, oomw_parts, strict=True)
    ]


def standings_table(rows: Sequence[StandingRow]) -> list[dict]:
    return [row.to_dict() for row in rows]
