"""A frozen copy of compute_standings as it was before the one-pass rewrite (issue 15, item 3).

Do not edit: tests/tournaments/pairing/test_standings_reference.py checks that today's
tournaments.pairing.standings.compute_standings gives exactly these rows (same floats, ranks and order) on
random events under every policy. It returns the rows as dicts (StandingRow.to_dict()'s shape), so a later
change of the StandingRow class cannot change the reference.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from tournaments.pairing.errors import PairingInputError
from tournaments.pairing.standings import MatchRecord, StandingsSettings, settings_for_policy

# The constants as they were (copied, so that a change in the live module does not move the reference).
RESULT_KINDS = (
    "normal",
    "intentional_draw",
    "double_loss",
    "game_loss",
    "match_loss",
    "unfinished",
    "missed",
)
MISSED = "missed"
_COMPARE_DECIMALS = 12

ROW_FIELDS = (
    "rank",
    "player",
    "points",
    "wins",
    "draws",
    "losses",
    "byes",
    "rounds_played",
    "mwp",
    "omw",
    "oomw",
    "gwp",
    "ogw",
    "head_to_head",
    "dropped_round",
    "konami_number",
    "tiebreakers",
)


class _Totals:
    __slots__ = (
        "points",
        "wins",
        "draws",
        "losses",
        "byes",
        "rounds",
        "game_points",
        "games",
        "opponents",
        "bye_points",
        "beaten",
    )

    def __init__(self) -> None:
        self.points = self.wins = self.draws = self.losses = self.byes = self.rounds = 0
        self.game_points = self.games = self.bye_points = 0
        self.opponents: list[str] = []
        self.beaten: dict[str, int] = {}


def _percentage(numerator: float, rounds: int, floor: float) -> float:
    if rounds <= 0:
        return floor
    return max(numerator / (3 * rounds), floor)


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


def reference_standings(
    *,
    records: Iterable[MatchRecord],
    settings: StandingsSettings | None = None,
    dropped: Mapping[str, int] | None = None,
    players: Iterable[str] = (),
) -> list[dict]:
    """Ordered standings rows (rank 1 first) under a policy's settings.

    dropped maps a player to the round after which they dropped; players lists anyone to show even with no
    record. Rows whose whole tie-breaker tuple is equal share a rank (1, 2, 2, 4); their order is by id.
    """
    settings = settings or settings_for_policy("konami")
    dropped = dict(dropped or {})
    totals: dict[str, _Totals] = {pid: _Totals() for pid in players}
    win, draw, loss = settings.points_win, settings.points_draw, settings.points_loss

    for record in records:
        _check_record(record)
        a = totals.get(record.player_a) or totals.setdefault(record.player_a, _Totals())
        if record.player_b is None and record.kind == MISSED:
            a.points += loss
            a.losses += 1
            a.rounds += 1
            a.games += sum(settings.bye_games)  # the bye's games the other way round: 0-2 (0-1)
            continue
        if record.player_b is None:
            a.points += settings.points_bye
            a.bye_points += settings.points_bye
            a.wins += 1
            a.byes += 1
            a.rounds += 1
            a.game_points += 3 * settings.bye_games[0]
            a.games += sum(settings.bye_games)
            continue
        b = totals.get(record.player_b) or totals.setdefault(record.player_b, _Totals())
        outcome = _outcome(record, settings)
        for me, other, result in ((a, record.player_b, outcome[0]), (b, record.player_a, outcome[1])):
            me.rounds += 1
            me.opponents.append(other)
            if result == "win":
                me.points += win
                me.wins += 1
                me.beaten[other] = me.beaten.get(other, 0) + 1
            elif result == "draw":
                me.points += draw
                me.draws += 1
            else:
                me.points += loss
                me.losses += 1
        games = record.games_a + record.games_b + record.games_drawn
        a.games += games
        b.games += games
        a.game_points += 3 * record.games_a + record.games_drawn
        b.game_points += 3 * record.games_b + record.games_drawn

    mwp: dict[str, float] = {}
    mwp_seen_by_opponents: dict[str, float] = {}
    gwp: dict[str, float] = {}
    for pid, t in totals.items():
        mwp[pid] = _percentage(t.points, t.rounds, settings.mwp_floor)
        gwp[pid] = _percentage(t.game_points, t.games, settings.gwp_floor)
        if settings.bye_in_record_for_opponents:
            seen = mwp[pid]
        else:
            seen = _percentage(t.points - t.bye_points, t.rounds - t.byes, settings.mwp_floor)
        if settings.dropped_cap is not None and pid in dropped:
            seen = min(seen, settings.dropped_cap)
        mwp_seen_by_opponents[pid] = seen

    def mean_over_opponents(values: Mapping[str, float], t: _Totals) -> float:
        if not t.opponents:
            return 0.0
        return math.fsum(values[o] for o in t.opponents) / len(t.opponents)

    omw = {pid: mean_over_opponents(mwp_seen_by_opponents, t) for pid, t in totals.items()}
    oomw = {pid: mean_over_opponents(omw, t) for pid, t in totals.items()}
    ogw = {pid: mean_over_opponents(gwp, t) for pid, t in totals.items()}

    values = {"mwp": mwp, "omw": omw, "oomw": oomw, "gwp": gwp, "ogw": ogw}
    ranking_keys = [key for key in settings.keys if key != "head_to_head"]

    def key_tuple(pid: str) -> tuple:
        return tuple(
            totals[pid].points if key == "points" else round(values[key][pid], _COMPARE_DECIMALS)
            for key in ranking_keys
        )

    tuples = {pid: key_tuple(pid) for pid in totals}
    order = sorted(totals, key=lambda pid: (tuple(-v for v in tuples[pid]), pid))
    head_to_head: dict[str, int | None] = dict.fromkeys(totals)
    if "head_to_head" in settings.keys:
        order = _apply_head_to_head(order, tuples, totals, head_to_head)

    rows: list[dict] = []
    previous: tuple | None = None
    for position, pid in enumerate(order, start=1):
        t = totals[pid]
        full_tuple = tuples[pid] + ((head_to_head[pid] or 0,) if "head_to_head" in settings.keys else ())
        rank = rows[-1]["rank"] if previous is not None and full_tuple == previous else position
        previous = full_tuple
        rows.append(
            {
                "rank": rank,
                "player": pid,
                "points": t.points,
                "wins": t.wins,
                "draws": t.draws,
                "losses": t.losses,
                "byes": t.byes,
                "rounds_played": t.rounds,
                "mwp": mwp[pid],
                "omw": omw[pid],
                "oomw": oomw[pid],
                "gwp": gwp[pid],
                "ogw": ogw[pid],
                "head_to_head": head_to_head[pid],
                "dropped_round": dropped.get(pid),
                "konami_number": konami_number(points=t.points, omw=omw[pid], oomw=oomw[pid]),
                "tiebreakers": full_tuple,
            }
        )
    return rows


def _outcome(record: MatchRecord, settings: StandingsSettings) -> tuple[str, str]:
    kind = record.kind
    if kind == "unfinished":
        kind = "double_loss" if settings.unfinished_as == "double_loss" else "intentional_draw"
    if kind == "intentional_draw":
        return "draw", "draw"
    if kind == "double_loss":
        return "loss", "loss"
    if kind == "match_loss":
        return ("loss", "win") if record.penalized == record.player_a else ("win", "loss")
    if record.games_a > record.games_b:
        return "win", "loss"
    if record.games_b > record.games_a:
        return "loss", "win"
    return "draw", "draw"


def _apply_head_to_head(
    order: list[str], tuples: Mapping[str, tuple], totals: Mapping[str, _Totals], head_to_head: dict
) -> list[str]:
    """Pokemon: only when exactly two players tie on every other key and they met, the one who won more of
    their matches against the other goes first (head_to_head 1, the other 0)."""
    result = list(order)
    start = 0
    while start < len(result):
        end = start
        while end + 1 < len(result) and tuples[result[end + 1]] == tuples[result[start]]:
            end += 1
        if end == start + 1:
            first, second = result[start], result[end]
            if second in totals[first].opponents:
                first_wins = totals[first].beaten.get(second, 0)
                second_wins = totals[second].beaten.get(first, 0)
                if first_wins != second_wins:
                    winner, loser = (first, second) if first_wins > second_wins else (second, first)
                    head_to_head[winner], head_to_head[loser] = 1, 0
                    result[start], result[end] = winner, loser
        start = end + 1
    return result


def konami_number(*, points: int, omw: float, oomw: float) -> str:
    """Yu-Gi-Oh! tie-breaker number XXYYYZZZ as a zero-padded string.

    Percentages are truncated (not rounded) to thousandths, as the published example 33726677 reads the
    percentages 72.6...% and 67.7...%; 100% is shown as 999 and points above 99 as 99 to keep eight digits.
    """
    points_part = min(max(points, 0), 99)
    omw_part = min(int(math.floor(omw * 1000 + 1e-9)), 999)
    oomw_part = min(int(math.floor(oomw * 1000 + 1e-9)), 999)
    return f"{points_part:02d}{omw_part:03d}{oomw_part:03d}"
