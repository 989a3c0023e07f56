"""Reads for tournament day: the organizer's console, the player's phone page, public pages and printouts.

Every function here runs a fixed number of queries, whatever the number of players.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from core import figures
from core.collation import collation_key
from tournaments.extensions import deck_lists
from tournaments.models import (
    Event,
    Match,
    MatchStatus,
    Registration,
    RegistrationStatus,
    ResultChange,
    Round,
    RoundStage,
)
from tournaments.selectors.rounds import current_round, registration_of
from tournaments.selectors.standings import StandingEntry, event_standings, player_standing


@dataclass(frozen=True)
class RoundProgress:
    round: Round | None
    total: int  # matches with an opponent
    confirmed: int
    reported: int

    @property
    def pending(self) -> int:
        return self.total - self.confirmed - self.reported

    @property
    def percent(self) -> int:
        return int(100 * self.confirmed / self.total) if self.total else 100

    @property
    def complete(self) -> bool:
        return self.round is not None and self.confirmed == self.total


def round_progress(*, round_: Round | None) -> RoundProgress:
    if round_ is None:
        return RoundProgress(None, 0, 0, 0)
    counts = Match.objects.filter(round=round_, player_b__isnull=False).aggregate(
        total=Count("id"),
        confirmed=Count("id", filter=Q(status=MatchStatus.CONFIRMED)),
        reported=Count("id", filter=Q(status=MatchStatus.REPORTED)),
    )
    return RoundProgress(round_, counts["total"], counts["confirmed"], counts["reported"])


def registration_counts(*, event: Event) -> dict[str, int]:
    rows = Registration.objects.filter(event=event).values("status").annotate(n=Count("id"))
    counts = dict.fromkeys(RegistrationStatus.values, 0)
    for row in rows:
        counts[row["status"]] = row["n"]
    counts["total"] = sum(counts[s] for s in RegistrationStatus.values)
    return counts


def registrations_search(*, event: Event, query: str = "", limit: int = 200) -> list[Registration]:
    """Registrations whose username or name contains the query (check-in desk search), by name."""
    rows = Registration.objects.filter(event=event).select_related("player", "deck_list")
    query = query.strip()
    if query:
        rows = rows.filter(
            Q(player__username__icontains=query)
            | Q(player__display_name__icontains=query)
            | Q(player__first_name__icontains=query)
            | Q(player__last_name__icontains=query)
        )
    # Sorted here, not by the database: in the reader's collation (core.collation); one event is bounded.
    return sorted(rows, key=lambda r: (collation_key(str(r.player)), r.player.username))[:limit]


def swiss_rounds_played(*, event: Event) -> int:
    return Round.objects.filter(event=event, stage=RoundStage.SWISS).count()


@dataclass(frozen=True)
class PlayerDay:
    registration: Registration | None
    round: Round | None
    match: Match | None
    opponent: Registration | None
    side: str | None  # "a" or "b": the player's side in the match
    standing: StandingEntry | None
    deck_status: str  # "missing" | "submitted" | "illegal"
    deck_version: int | None
    clock: int = 0  # version of the round's clock (pauses and extensions change the live fragment)

    @property
    def can_report(self) -> bool:
        return (
            self.match is not None and self.opponent is not None and self.match.status == MatchStatus.PENDING
        )

    @property
    def awaiting_my_confirmation(self) -> bool:
        m = self.match
        return (
            m is not None
            and m.status == MatchStatus.REPORTED
            and self.registration is not None
            and m.reported_by_id != self.registration.player_id
        )

    def version(self, event: Event) -> str:
        return version_of(
            event=event, registration=self.registration, round_=self.round, match=self.match, clock=self.clock
        )

    @property
    def tiebreakers(self) -> dict[str, str]:
        s = self.standing
        if s is None:
            return {}
        return {"omw": percent(s.omw), "oomw": percent(s.oomw), "gwp": percent(s.gwp), "ogw": percent(s.ogw)}

    @property
    def my_games(self) -> tuple[int, int]:
        m = self.match
        if m is None:
            return (0, 0)
        return (m.games_a, m.games_b) if self.side == "a" else (m.games_b, m.games_a)


def _my_match(round_: Round | None, registration: Registration | None) -> Match | None:
    if round_ is None or registration is None:
        return None
    return (
        Match.objects.filter(round=round_)
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .select_related("player_a__player", "player_b__player", "reported_by")
        .first()
    )


def player_version(*, event: Event, user) -> str:
    """A short fingerprint of everything on the player's live fragment: when it is unchanged, the phone's
    poll is answered with no content (4 queries)."""
    registration = registration_of(event=event, user=user)
    round_ = current_round(event=event)
    match = _my_match(round_, registration)
    return version_of(
        event=event, registration=registration, round_=round_, match=match, clock=_clock_version(round_)
    )


def _clock_version(round_: Round | None) -> int:
    from tournaments.models import RoundTimer

    if round_ is None:
        return 0
    return RoundTimer.objects.filter(round=round_).values_list("version", flat=True).first() or 0


def version_of(
    *, event: Event, registration: Registration | None, round_: Round | None, match: Match | None, clock: int
) -> str:
    parts = [
        str(clock),
        event.status,
        str(event.updated_at.timestamp()),
        registration.status if registration else "-",
        str(round_.pk) if round_ else "-",
        f"{match.pk}:{match.version}:{match.status}" if match else "-",
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class PlayerMatch:
    """What the phone's writes need: my registration, the current round, my match in it (its round set: the
    services need no query for it), my side and my opponent (3 queries)."""

    registration: Registration | None
    round: Round | None
    match: Match | None
    opponent: Registration | None
    side: str | None


def player_match(*, event: Event, user) -> PlayerMatch:
    registration = registration_of(event=event, user=user)
    round_ = current_round(event=event)
    match = _my_match(round_, registration)
    opponent = side = None
    if match is not None and registration is not None:
        match.round = round_
        side = "a" if match.player_a_id == registration.pk else "b"
        opponent = match.player_b if side == "a" else match.player_a
    return PlayerMatch(registration, round_, match, opponent, side)


def player_day(*, event: Event, user, with_standing: bool = True) -> PlayerDay:
    """Everything on the phone's page. My row of the standings comes from the cached standings
    (selectors.standings.player_standing): the page does not compute the whole event's each time."""
    mine = player_match(event=event, user=user)
    registration, round_, match, opponent, side = (
        mine.registration,
        mine.round,
        mine.match,
        mine.opponent,
        mine.side,
    )
    standing = None
    if with_standing and registration is not None and round_ is not None:
        standing = player_standing(event=event, registration=registration)
    deck_status, deck_version = "missing", None
    if registration is not None:
        version = deck_lists().latest_version(registration=registration)
        if version is not None:
            deck_status = "submitted" if version.legal else "illegal"
            deck_version = version.number
    return PlayerDay(
        registration,
        round_,
        match,
        opponent,
        side,
        standing,
        deck_status,
        deck_version,
        _clock_version(round_),
    )


def event_results(*, event: Event) -> QuerySet[Match]:
    """Every match of the event, round by round, with the players (for exports and the results page)."""
    return (
        Match.objects.filter(round__event=event)
        .select_related(
            "round", "player_a__player", "player_b__player", "winner__player", "penalized__player"
        )
        .order_by("round__number", "table", "id")
    )


def corrections_of(*, event: Event) -> QuerySet[ResultChange]:
    return (
        ResultChange.objects.filter(match__round__event=event, action=ResultChange.Action.CORRECTION)
        .select_related("match__round", "changed_by")
        .order_by("-changed_at")
    )


def round_by_number(*, event: Event, number: int) -> Round | None:
    return Round.objects.filter(event=event, number=number).first()


def match_for_console(*, event: Event, match_id: int) -> Match | None:
    return (
        Match.objects.filter(pk=match_id, round__event=event)
        .select_related("round", "player_a__player", "player_b__player")
        .first()
    )


def published_deck_lists(*, event: Event) -> list[tuple[Registration, object]]:
    """(registration, latest version) for every player with a list, by name, only once published."""
    return deck_lists().published(event=event)


def open_disputes(*, round_: Round | None) -> dict[int, object]:
    """match id -> its open dispute (one query)."""
    from tournaments.models import MatchDispute

    if round_ is None:
        return {}
    rows = MatchDispute.objects.filter(match__round=round_, resolved_at__isnull=True).select_related(
        "raised_by"
    )
    return {d.match_id: d for d in rows}


def percent(value: float) -> str:
    """A tie-breaker fraction as shown to people (the one format, core.figures): 0.44444 → "44.44 %"."""
    return figures.percent(value)


@dataclass(frozen=True)
class Placing:
    place: str
    name: str
    username: str
    dropped: bool


def final_placings(*, event: Event) -> list[Placing]:
    """Places of the event: the top cut decides its places ("1", "2", "3-4"…), the Swiss standings the rest
    (3 queries, whatever the field size)."""
    from tournaments.selectors.rounds import topcut_bracket

    standings = event_standings(event=event)
    bracket = topcut_bracket(event=event)
    decided = bracket.placings if bracket is not None else {}
    by_id = {row.registration_id: row for row in standings}

    def first_place(label: str) -> int:
        return int(label.split("-")[0])

    out = [
        Placing(label, by_id[reg_id].name, by_id[reg_id].username, by_id[reg_id].dropped)
        for reg_id, label in sorted(
            decided.items(), key=lambda item: (first_place(item[1]), by_id[item[0]].rank)
        )
        if reg_id in by_id
    ]
    place = len(decided)
    for row in standings:
        if row.registration_id in decided:
            continue
        place += 1
        out.append(Placing(str(place), row.name, row.username, row.dropped))
    return out
