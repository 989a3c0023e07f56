"""Pairings (by table, by name), my current match, outstanding matches, the bracket and event lists."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from core.collation import collation_key
from tournaments.models import (
    Event,
    EventStaff,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    ResultChange,
    Round,
    RoundStage,
)
from tournaments.pairing import Bracket


def event_list(*, include_drafts_for=None) -> QuerySet[Event]:
    """Public events (not drafts), plus the drafts of the given user's own events."""
    events = Event.objects.select_related("organizer", "deck_settings__banlist")
    if include_drafts_for is not None and include_drafts_for.is_authenticated:
        if include_drafts_for.is_superuser:
            return events
        return events.filter(
            ~Q(status=EventStatus.DRAFT) | Q(organizer=include_drafts_for) | Q(staff__user=include_drafts_for)
        ).distinct()
    return events.exclude(status=EventStatus.DRAFT)


def events_of_player(*, user) -> QuerySet[Event]:
    """Events the user is registered in or works at (a draft only to its staff: players see it once open)."""
    playing = Q(registrations__player=user) & ~Q(status=EventStatus.DRAFT)
    return Event.objects.filter(playing | Q(staff__user=user)).select_related("organizer").distinct()


def events_managed_by(*, user) -> QuerySet[Event]:
    """The organizer's console: events they created or organise (any status)."""
    if user.is_superuser:
        return Event.objects.select_related("organizer")
    return (
        Event.objects.filter(Q(organizer=user) | Q(staff__user=user, staff__role="organizer"))
        .select_related("organizer")
        .distinct()
    )


def event_staff(*, event: Event) -> QuerySet[EventStaff]:
    return EventStaff.objects.filter(event=event).select_related("user").order_by("role", "user__username")


def event_registrations(*, event: Event) -> list[Registration]:
    """The event's registrations by name in the reader's collation (sorted here: one event is bounded)."""
    rows = Registration.objects.filter(event=event).select_related("player")
    return sorted(rows, key=lambda r: (collation_key(str(r.player)), r.player.username))


def registration_of(*, event: Event, user) -> Registration | None:
    if user is None or not user.is_authenticated:
        return None
    return Registration.objects.filter(event=event, player=user).first()


def event_rounds(*, event: Event) -> QuerySet[Round]:
    return Round.objects.filter(event=event).order_by("number")


def round_matches(*, round_: Round) -> QuerySet[Match]:
    """Matches of a round by table (byes and missed rounds last), with both players."""
    return (
        Match.objects.filter(round=round_)
        .select_related("round", "player_a__player", "player_b__player", "penalized__player")
        .order_by("table", "id")
    )


def pairings_by_table(*, round_: Round) -> list[Match]:
    matches = list(round_matches(round_=round_))
    return [m for m in matches if m.table is not None] + [m for m in matches if m.table is None]


@dataclass(frozen=True)
class NameRow:
    name: str
    username: str
    registration_id: int
    table: int | None
    opponent: str | None
    match_id: int
    kind: str
    points: int | None = None  # the player's points before the round (Swiss rounds, when asked for)
    opponent_points: int | None = None


def points_before(*, round_: Round, event: Event | None = None) -> dict[int, int]:
    """Registration id -> Swiss points before this round (one query, whatever the field size); empty for a
    top-cut round, where points no longer count."""
    from tournaments.pairing import compute_standings
    from tournaments.selectors.records import event_records, standings_settings

    if round_.stage != RoundStage.SWISS:
        return {}
    event = event or round_.event
    records = event_records(event=event, up_to_round=round_.number - 1)
    rows = compute_standings(records=records.records, settings=standings_settings(event))
    return {int(row.player): row.points for row in rows}


def pairings_by_name(
    *, round_: Round, with_points: bool = False, event: Event | None = None
) -> list[NameRow]:
    """One row per player — both players of a match, each with their table and opponent — by name in the
    reader's collation (core.collation): what a player looks for on the wall. with_points adds each player's
    points before the round (one more query)."""
    points = points_before(round_=round_, event=event) if with_points else {}
    swiss = with_points and round_.stage == RoundStage.SWISS
    rows = []
    for match in round_matches(round_=round_):
        a, b = match.player_a, match.player_b
        pa = points.get(a.pk, 0) if swiss else None
        pb = (points.get(b.pk, 0) if swiss else None) if b is not None else None
        rows.append(NameRow(str(a.player), a.player.username, a.pk, match.table, str(b.player) if b else None,
                            match.pk, match.kind, pa, pb))  # fmt: skip
        if b is not None:
            rows.append(NameRow(str(b.player), b.player.username, b.pk, match.table, str(a.player), match.pk,
                                match.kind, pb, pa))  # fmt: skip
    rows.sort(key=lambda row: (collation_key(row.name), row.username))
    return rows


def current_round(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def my_current_match(*, event: Event, user) -> Match | None:
    """The user's match in the latest round of the event, if they play in it."""
    round_ = current_round(event=event)
    if round_ is None or user is None or not user.is_authenticated:
        return None
    return (
        Match.objects.filter(round=round_)
        .filter(Q(player_a__player=user) | Q(player_b__player=user))
        .select_related("round", "player_a__player", "player_b__player")
        .first()
    )


def outstanding_matches(*, round_: Round) -> QuerySet[Match]:
    """Matches of the round still without a confirmed result, by table."""
    return round_matches(round_=round_).filter(status__in=[MatchStatus.PENDING, MatchStatus.REPORTED])


def match_history(*, match: Match) -> QuerySet[ResultChange]:
    return ResultChange.objects.filter(match=match).select_related("changed_by").order_by("changed_at", "id")


@dataclass(frozen=True)
class BracketView:
    rounds: list[list[Match]]
    placings: dict[int, str]  # registration id -> "1", "2", "3-4", "5-8"…
    champion_id: int | None
    size: int


def topcut_bracket(*, event: Event) -> BracketView | None:
    """The cut's matches per round and the final placings decided so far (replayed through Bracket)."""
    matches = list(
        Match.objects.filter(round__event=event, round__stage=RoundStage.TOP_CUT)
        .select_related("round", "player_a__player", "player_b__player")
        .order_by("round__number", "table")
    )
    if not matches:
        return None
    by_round: dict[int, list[Match]] = {}
    for match in matches:
        by_round.setdefault(match.round.number, []).append(match)
    numbers = sorted(by_round)
    first = by_round[numbers[0]]
    seeds_in_order = [pid for m in first for pid in (m.player_a_id, m.player_b_id)]
    # The first round lists seeds in bracket order; recover seed order for Bracket from it.
    size = len(seeds_in_order)
    from tournaments.pairing import bracket_order

    order = bracket_order(size)
    seeds = [0] * size
    for position, seed in enumerate(order):
        seeds[seed - 1] = seeds_in_order[position]
    bracket = Bracket(seeds=[str(s) for s in seeds])
    for index, number in enumerate(numbers, start=1):
        for match in by_round[number]:
            if match.winner_id is not None and match.status == MatchStatus.CONFIRMED:
                bracket.report(round_number=index, winner=str(match.winner_id))
    placings = {int(k): v for k, v in bracket.placings().items()}
    champion = int(bracket.champion) if bracket.champion else None
    return BracketView(
        rounds=[by_round[n] for n in numbers], placings=placings, champion_id=champion, size=size
    )
