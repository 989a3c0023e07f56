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
