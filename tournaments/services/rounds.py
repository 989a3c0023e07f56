"""Pairing Swiss rounds: one transaction under the event lock, idempotent per round number."""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable

from celery.utils import uuid
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    RegistrationStatus,
    ResultKind,
    Round,
    RoundStage,
)
from tournaments.pairing import PlayerState, compute_standings, explain_round, pair_round
from tournaments.selectors.records import event_records, standings_settings
from tournaments.services.common import lock_event, require_manager
from tournaments.services.errors import Conflict, TournamentError
from tournaments.services.events import event_planned_structure

# Up to this many active players a round is paired inline in the request (well under a second, see
# docs/tournaments.md); above it the page sends a Celery task and shows its progress.
INLINE_PAIRING_MAX_PLAYERS = 128

logger = logging.getLogger(__name__)

Progress = Callable[[int, int, str], None]


def _no_progress(current: int, total: int, message: str) -> None:
    return None


def round_seed(*, event: Event, number: int) -> str:
    return f"{event.seed}:{number}"


def _next_swiss_number(event: Event) -> int:
    last = Round.objects.filter(event=event, stage=RoundStage.SWISS).aggregate(n=Max("number"))["n"]
    return (last or 0) + 1


def round_pair_next(
    *, event: Event, number: int | None = None, user=None, progress: Progress = _no_progress
) -> Round:
    """Pair Swiss round `number` (default: the next one). Calling it again for a round that exists returns
    that round: a double click, two organizers or a retried task create one round, not two."""
    try:
        with transaction.atomic():
            return _pair_locked(event_id=event.pk, number=number, user=user, progress=progress)
    except IntegrityError:
        # Two writers passed the checks at once on a database without row locks: the unique constraint
        # (event, number) kept one round; answer with it.
        existing = Round.objects.filter(event_id=event.pk, number=number).first() if number else None
        if existing is None:
            raise
        return existing


def _pair_locked(*, event_id: int, number: int | None, user, progress: Progress) -> Round:
    event = lock_event(event_id)
    require_manager(user=user, event=event)
    if number is not None:
        existing = Round.objects.filter(event=event, number=number).first()
        if existing is not None:
            if existing.stage != RoundStage.SWISS:
                raise Conflict(_("Round %(n)d is a top-cut round.") % {"n": number}, field="number")
            return existing
    expected = _next_swiss_number(event)
    if number is None:
        number = expected
    elif number != expected:
        raise Conflict(
            _("The next round to pair is round %(n)d.") % {"n": expected}, field="number", code="wrong_round"
        )
    if event.status not in (EventStatus.REGISTRATION, EventStatus.CHECK_IN, EventStatus.SWISS):
        raise TournamentError(_("Rounds cannot be paired in this state of the event."), code="invalid_state")
    progress(1, 4, _("Reading results"))
    if number == 1:
        _start_swiss(event)
    elif event.swiss_rounds and number > event.swiss_rounds:
        raise TournamentError(
            _("All %(n)d Swiss rounds are paired; start the top cut or finish the event.")
            % {"n": event.swiss_rounds},
            code="swiss_over",
        )
    if number > 1:
        open_matches = Match.objects.filter(
            round__event=event,
            round__number=number - 1,
            status__in=[MatchStatus.PENDING, MatchStatus.REPORTED],
        ).count()
        if open_matches:
            raise TournamentError(
                _("Round %(n)d still has %(count)d match(es) without a confirmed result.")
                % {"n": number - 1, "count": open_matches},
                code="round_open",
            )
    return _create_round(event=event, number=number, progress=progress)


def _start_swiss(event: Event) -> None:
    """Round 1: players not checked in become no-shows; the structure is fixed for the checked-in count."""
    Registration.objects.filter(event=event, status=RegistrationStatus.REGISTERED).update(
        status=RegistrationStatus.NO_SHOW, dropped_after_round=0
    )
    players = Registration.objects.filter(event=event, status=RegistrationStatus.CHECKED_IN).count()
    structure = event_planned_structure(event=event, players=players)
    event.swiss_rounds = structure.swiss_rounds
    event.top_cut_size = structure.top_cut
    event.status = EventStatus.SWISS
    event.save(update_fields=["swiss_rounds", "top_cut_size", "status", "updated_at"])


def round_player_states(*, event: Event, number: int) -> tuple[list[PlayerState], list[int]]:
    """The engine's view of everyone pairable in round `number`, and those on an awarded bye."""
    records = event_records(event=event, up_to_round=number - 1)
    rows = compute_standings(records=records.records, settings=standings_settings(event))
    by_player = {row.player: row for row in rows}
    states: list[PlayerState] = []
    awarded: list[int] = []
    registrations = Registration.objects.filter(
        event=event, status=RegistrationStatus.CHECKED_IN, first_round__lte=number
    ).values_list("id", "awarded_byes", "fixed_table")
    for reg_id, awarded_byes, fixed_table in registrations:
        if awarded_byes >= number:
            awarded.append(reg_id)
            continue
        key = str(reg_id)
        row = by_player.get(key)
        states.append(
            PlayerState(
                id=key,
                points=row.points if row else 0,
                opponents=frozenset(records.opponents.get(key, ())),
                byes=records.byes.get(key, 0),
                rank=row.rank if row else None,
                fixed_table=fixed_table,
            )
        )
    return states, awarded


def _create_round(*, event: Event, number: int, progress: Progress) -> Round:
    states, awarded = round_player_states(event=event, number=number)
    if len(states) + len(awarded) < 2:
        raise TournamentError(
            _("At least two checked-in players are needed to pair a round."), code="too_few"
        )
    progress(2, 4, _("Pairing %(count)d players") % {"count": len(states)})
    seed = round_seed(event=event, number=number)
    swiss = pair_round(round_number=number, seed=seed, players=states)
    explanation = explain_round(players=states, round_=swiss)
    progress(3, 4, _("Saving tables"))
    round_ = Round.objects.create(
        event=event,
        number=number,
        stage=RoundStage.SWISS,
        seed=seed,
        method=swiss.method,
        rematches=swiss.rematches,
        cost=swiss.cost,
        explanation=explanation,
        started_at=timezone.now(),
    )
    now = timezone.now()
    bye_games = 2 if event.best_of == 3 else 1
    matches = [
        Match(round=round_, table=p.table, player_a_id=int(p.a), player_b_id=int(p.b)) for p in swiss.pairings
    ]
    bye_ids = [int(swiss.bye)] if swiss.bye else []
    for reg_id in [*awarded, *bye_ids]:
        matches.append(
            Match(
                round=round_,
                player_a_id=reg_id,
                kind=ResultKind.BYE,
                games_a=bye_games,
                status=MatchStatus.CONFIRMED,
                confirmed_at=now,
            )
        )
    Match.objects.bulk_create(matches, batch_size=500)
    progress(4, 4, _("Round %(n)d paired") % {"n": number})
    return round_


def round_repairable(*, round_: Round) -> bool:
    """True while no result other than byes and missed rounds was entered in the round."""
    return not (
        round_.matches.filter(player_b__isnull=False).exclude(status=MatchStatus.PENDING, kind="").exists()
    )


TASK_PICKUP_PATIENCE = datetime.timedelta(seconds=60)


def _send_pairing_task(task, event_id: int, number: int, task_id: str) -> None:
    try:
        task.apply_async(kwargs={"event_id": event_id, "number": number}, task_id=task_id)
    except Exception:  # the broker is down: the page keeps waiting, and a new press sends again later
        logger.exception("could not send the pairing task of event %s round %s", event_id, number)


def round_request_pairing(
    *, event: Event, user=None, number: int | None = None, force_task: bool = False
) -> tuple[Round | None, str | None]:
    """What the "pair next round" button calls: small events are paired inline and the round returned;
    large ones (more than INLINE_PAIRING_MAX_PLAYERS active players, or force_task) are sent to a worker
    after commit and the task id returned. Idempotent like round_pair_next: the task carries the round
    number, pairing a number that exists returns it, and a task still running is returned, not doubled."""
    from tournaments.tasks import pair_round_task

    with transaction.atomic():
        event = lock_event(event.pk)
        require_manager(user=user, event=event)
        expected = _next_swiss_number(event)
        if number is not None and number < expected:
            return Round.objects.get(event=event, number=number), None
        if number is not None and number > expected:
            raise Conflict(
                _("The next round to pair is round %(n)d.") % {"n": expected},
                field="number",
                code="wrong_round",
            )
        number = expected
        active = Registration.objects.filter(event=event, status=RegistrationStatus.CHECKED_IN).count()
        if active <= INLINE_PAIRING_MAX_PLAYERS and not force_task:
            return _pair_locked(event_id=event.pk, number=number, user=None, progress=_no_progress), None
        if event.pairing_task_id:
            from core.progress import task_status_or_unavailable

            status = task_status_or_unavailable(event.pairing_task_id)
            # A task no worker has picked up for a while may have been lost (broker down when it was
            # sent): send another one; duplicates are harmless.
            stale = status.state == "PENDING" and timezone.now() - event.updated_at > TASK_PICKUP_PATIENCE
            if not status.finished and not stale:
                return None, event.pairing_task_id
        task_id = uuid()
        event.pairing_task_id = task_id
        event.save(update_fields=["pairing_task_id", "updated_at"])
        event_id = event.pk
        transaction.on_commit(lambda: _send_pairing_task(pair_round_task, event_id, number, task_id))
    return None, task_id
