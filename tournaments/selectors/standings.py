"""Standings with the event's tie-breakers (a constant number of queries, whatever the field size)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Event, Registration, RegistrationStatus
from tournaments.pairing import compute_standings
from tournaments.selectors.records import event_records, standings_settings


@dataclass(frozen=True)
class StandingEntry:
    rank: int
    registration_id: int
    player_id: int
    name: str
    username: str
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
    konami_number: str
    dropped: bool
    dropped_after_round: int | None
    missed_rounds: int


def event_standings(*, event: Event, up_to_round: int | None = None) -> list[StandingEntry]:
    """Everyone who played (dropped players included, marked), ranked by the event's policy.

    Rounds missed by a late entry are the engine's "missed" records: losses without an opponent, counted in
    the row and in the player's own MWP/GW% (never in anyone else's OMW).
    """
    records = event_records(event=event, up_to_round=up_to_round)
    registrations = {
        r.pk: r
        for r in Registration.objects.filter(event=event)
        .exclude(status=RegistrationStatus.REGISTERED)
        .select_related("player")
    }
    dropped = {
        str(r.pk): r.dropped_after_round or 0
        for r in registrations.values()
        if r.status in (RegistrationStatus.DROPPED, RegistrationStatus.NO_SHOW)
    }
    players = [
        str(pk)
        for pk, r in registrations.items()
        if r.status == RegistrationStatus.CHECKED_IN or records.missed.get(str(pk))
    ]
    rows = compute_standings(
        records=records.records, settings=standings_settings(event), dropped=dropped, players=players
    )
    out = []
    for row in rows:
        registration = registrations.get(int(row.player))
        if registration is None:
            continue
        if registration.status != RegistrationStatus.CHECKED_IN and row.rounds_played == 0:
            continue
        missed = records.missed.get(row.player, 0)
        out.append(
            StandingEntry(
                rank=row.rank,
                registration_id=registration.pk,
                player_id=registration.player_id,
                name=str(registration.player),
                username=registration.player.username,
                points=row.points,
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
                byes=row.byes,
                rounds_played=row.rounds_played,
                mwp=row.mwp,
                omw=row.omw,
                oomw=row.oomw,
                gwp=row.gwp,
                ogw=row.ogw,
                head_to_head=row.head_to_head,
                konami_number=row.konami_number,
                dropped=registration.status in (RegistrationStatus.DROPPED, RegistrationStatus.NO_SHOW),
                dropped_after_round=registration.dropped_after_round,
                missed_rounds=missed,
            )
        )
    return out


# The phone shows each player's own row of the standings. Computing the whole event for every phone page (and
# again after every report) is what a large event cannot afford: the rows are cached under a fingerprint of
# everything they are computed from, so they are computed once per change of the standings. A report (not
# confirmed yet) changes no row: the phone's page after a report reads the cached rows.
STANDINGS_CACHE_SECONDS = 600


def standings_fingerprint(*, event: Event) -> str:
    """What the standings depend on, in 2 queries: the matches (new rounds, byes and missed rounds, confirmed
    results and every change of them, by their versions), the registrations' statuses and drops, and the
    event's own settings (its `updated_at`). A report or a dispute leaves it unchanged."""
    from django.db.models import Count, Max, Q, Sum

    from tournaments.models import Match, MatchStatus

    confirmed = Q(status=MatchStatus.CONFIRMED)
    matches = Match.objects.filter(round__event=event).aggregate(
        n=Count("id"),
        last=Max("id"),
        confirmed=Count("id", filter=confirmed),
        v=Sum("version", filter=confirmed),
    )
    gone = Q(status__in=[RegistrationStatus.DROPPED, RegistrationStatus.NO_SHOW])
    players = Registration.objects.filter(event=event).aggregate(
        n=Count("id"),
        last=Max("id"),
        checked_in=Count("id", filter=Q(status=RegistrationStatus.CHECKED_IN)),
        gone=Count("id", filter=gone),
        after=Sum("dropped_after_round", filter=gone),
    )
    parts = [
        event.pk,
        event.created_at.timestamp(),
        event.updated_at.timestamp(),
        *matches.values(),
        *players.values(),
    ]
    return ":".join(str(p) for p in parts)


def event_standings_cached(*, event: Event) -> list[StandingEntry]:
    """`event_standings`, computed once per change of what they depend on (`standings_fingerprint`)."""
    from django.core.cache import cache

    key = "standings:" + standings_fingerprint(event=event)
    rows = cache.get(key)
    if rows is None:
        rows = event_standings(event=event)
        cache.set(key, rows, STANDINGS_CACHE_SECONDS)
    return rows


def player_standing(*, event: Event, registration: Registration) -> StandingEntry | None:
    """One player's row of the standings (cached rows: no computation while nothing changed)."""
    return next(
        (row for row in event_standings_cached(event=event) if row.registration_id == registration.pk), None
    )
