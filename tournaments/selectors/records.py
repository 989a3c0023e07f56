"""Match records of an event as the pairing engine reads them (one query, whatever the field size)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from tournaments.models import Event, MatchStatus, ResultKind, RoundStage
from tournaments.pairing import MatchRecord, StandingsSettings, settings_for_policy
from tournaments.pairing.standings import MISSED

# Match kinds that the engine reads as they are; a bye is a record without player_b; a missed round (late
# entry) is the engine's "missed" record (no opponent, a loss in the player's own percentages), also counted
# in EventRecords.missed for the row.
_ENGINE_KINDS = {
    ResultKind.NORMAL: "normal",
    ResultKind.INTENTIONAL_DRAW: "intentional_draw",
    ResultKind.DOUBLE_LOSS: "double_loss",
    ResultKind.GAME_LOSS: "game_loss",
    ResultKind.MATCH_LOSS: "match_loss",
    ResultKind.UNFINISHED: "unfinished",
}


@dataclass
class EventRecords:
    records: list[MatchRecord] = field(default_factory=list)
    # registration id (str) -> number of rounds lost by late entry
    missed: Counter = field(default_factory=Counter)
    # registration id (str) -> every opponent met (including in matches still awaiting a result)
    opponents: dict[str, set[str]] = field(default_factory=dict)
    byes: Counter = field(default_factory=Counter)
    pending: int = 0


# The event's floor choice (Event.win_floor) → the value that replaces the policy's own floors.
_FLOORS = {"mtr": 0.33, "third": 1 / 3}


def standings_settings(event: Event) -> StandingsSettings:
    """The policy's published settings with the event's choices: its best of (a bye's games), the floor
    (replacing only a floor the policy has: Konami and Vanguard keep none) and a dropped player's figures."""
    bye_games = (2, 0) if event.best_of == 3 else (1, 0)
    base = settings_for_policy(event.tiebreak_policy, bye_games=bye_games)
    overrides: dict[str, object] = {}
    floor = _FLOORS.get(event.win_floor)
    if floor is not None:
        if base.mwp_floor:
            overrides["mwp_floor"] = floor
        if base.gwp_floor:
            overrides["gwp_floor"] = floor
    if event.dropped_figures == "frozen":
        overrides["freeze_dropped"] = True
    return replace(base, **overrides) if overrides else base  # type: ignore[arg-type]


def pid(registration_id: int | None) -> str | None:
    return None if registration_id is None else str(registration_id)


def event_records(*, event: Event, up_to_round: int | None = None) -> EventRecords:
    """Confirmed Swiss results as MatchRecords; opponents and byes include unconfirmed pairings too."""
    from tournaments.models import Match

    rows = Match.objects.filter(round__event=event, round__stage=RoundStage.SWISS)
    if up_to_round is not None:
        rows = rows.filter(round__number__lte=up_to_round)
    out = EventRecords()
    for number, a, b, ga, gb, gd, kind, penalized, status in rows.values_list(
        "round__number", "player_a_id", "player_b_id", "games_a", "games_b", "games_drawn", "kind",
        "penalized_id", "status",
    ).order_by("round__number", "id"):  # fmt: skip
        sa, sb = pid(a), pid(b)
        if kind == ResultKind.MISSED:
            out.missed[sa] += 1
            out.records.append(MatchRecord(round=number, player_a=sa, player_b=None, kind=MISSED))
            continue
        if b is None:
            out.byes[sa] += 1
            out.records.append(MatchRecord(round=number, player_a=sa, player_b=None))
            continue
        out.opponents.setdefault(sa, set()).add(sb)
        out.opponents.setdefault(sb, set()).add(sa)
        if status != MatchStatus.CONFIRMED or not kind:
            out.pending += 1
            continue
        out.records.append(
            MatchRecord(
                round=number,
                player_a=sa,
                player_b=sb,
                games_a=ga,
                games_b=gb,
                games_drawn=gd,
                kind=_ENGINE_KINDS[ResultKind(kind)],
                penalized=pid(penalized),
            )
        )
    return out
