"""Plain-words account of a produced round for organizers: who was paired down or up, and why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tournaments.pairing.swiss import PlayerState, SwissRound, met_relation


def explain_round(*, players: Sequence[PlayerState], round_: SwissRound) -> list[str]:
    """One sentence per bye and per pairing across score groups, in table order.

    The reasons checked, in order: the score group had an odd number of players; the player had already met
    the other players of the group left to pair (rematch avoidance); a player was pushed down to the group
    from above, leaving it odd in turn.
    """
    by_id = {p.id: p for p in players}
    met = met_relation(players)
    seated = [(p.a, p.b) for p in round_.pairings]
    active_ids = [pid for pair in seated for pid in pair] + ([round_.bye] if round_.bye else [])
    group_sizes = Counter(by_id[pid].points for pid in active_ids)
    lines: list[str] = []

    if round_.bye is not None:
        bye = by_id[round_.bye]
        if bye.byes > 0:
            reason = "every active player had already received a bye, so a second bye could not be avoided"
        else:
            reason = (
                "an odd number of players is active; the bye goes to the lowest-scoring player "
                "who has not had one yet"
            )
        lines.append(f"{bye.id} ({bye.points} pts) receives the bye: {reason}.")

    for pairing in round_.pairings:
        a, b = by_id[pairing.a], by_id[pairing.b]
        if a.points == b.points:
            if b.id in met.get(a.id, ()):
                lines.append(
                    f"Table {pairing.table}: {a.id} and {b.id} meet again; no round without this rematch "
                    "exists among the remaining players."
                )
            continue
        high, low = (a, b) if a.points > b.points else (b, a)
        group_mates = [
            pid for pid in active_ids if by_id[pid].points == high.points and pid not in (high.id, round_.bye)
        ]
        already_met = [pid for pid in group_mates if pid in met.get(high.id, ())]
        if group_sizes[high.points] % 2 == 1:
            reason = (
                f"the {high.points}-point group has an odd number of players ({group_sizes[high.points]}), "
                "so one of them must play someone with fewer points"
            )
        elif already_met:
            reason = (
                f"to avoid a rematch: {high.id} already met {', '.join(sorted(already_met))} "
                f"in the {high.points}-point group"
            )
        else:
            reason = (
                f"a player paired down into the {high.points}-point group left it with an odd number "
                "of players to pair"
            )
        lines.append(
            f"Table {pairing.table}: {high.id} ({high.points} pts) is paired down to {low.id} "
            f"({low.points} pts), who is paired up: {reason}."
        )
    return lines
