"""Registration, check-in, late entry, drops, no-shows, awarded byes and fixed tables."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    EventChange,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    RegistrationStatus,
    ResultKind,
    Round,
    RoundStage,
)
from tournaments.services.common import can_score, lock_event, require_staff
from tournaments.services.errors import NotAllowed, TournamentError
from tournaments.services.player_ids import player_game_id_store, player_id_clean

OPEN_FOR_REGISTRATION = (EventStatus.REGISTRATION, EventStatus.CHECK_IN)


def _last_swiss_round(event: Event) -> int:
    return Round.objects.filter(event=event, stage=RoundStage.SWISS).aggregate(n=Max("number"))["n"] or 0


def staff_entry_message(*, registration: Registration) -> str:
    name = {"name": registration.player}
    if registration.status == RegistrationStatus.CHECKED_IN:
        return _("%(name)s is registered and checked in.") % name
    return _("%(name)s is registered; check them in when check-in opens.") % name


def registration_create(
    *, event: Event, player, by=None, check_in: bool = False, player_id: str | None = None
) -> Registration:
    """Register a player. `check_in` checks them in at once, but only once check-in is open: before that
    they are registered like everyone else (and a no-show if never checked in). `by` is who asks (the
    player themselves, or staff for someone else). `player_id`, when given, is the player's ID for the
    event's game (checked against its format, kept on the player for every event of the game:
    tournaments.services.player_ids); None leaves the stored one as it is.

    During the Swiss only staff can add a player (late entry): they join checked in, from the next round,
    with a loss for each round already paired.
    """
    acting = by or player
    game_id = None if player_id is None else player_id_clean(game=event.game, value=player_id)
    with transaction.atomic():
        event = lock_event(event.pk)
        is_staff = can_score(user=acting, event=event)
        if acting.pk != player.pk and not is_staff:
            raise NotAllowed(_("You can only register yourself."))
        late = event.status == EventStatus.SWISS
        if late:
            if not is_staff:
                raise TournamentError(
                    _("The Swiss rounds have started: ask the staff for a late entry."), code="closed"
                )
        elif event.status not in OPEN_FOR_REGISTRATION:
            raise TournamentError(_("Registration is not open for this event."), code="closed")
        if Registration.objects.filter(event=event, player=player).exists():
            raise TournamentError(_("This player is already registered."), field="player", code="duplicate")
        if event.capacity is not None:
            taken = (
                Registration.objects.filter(event=event).exclude(status=RegistrationStatus.DROPPED).count()
            )
            if taken >= event.capacity:
                raise TournamentError(_("The event is full."), code="full")
        now = timezone.now()
        last = _last_swiss_round(event) if late else 0
        checked_in = late or (check_in and event.status == EventStatus.CHECK_IN)
        try:
            with transaction.atomic():
                registration = Registration.objects.create(
                    event=event,
                    player=player,
                    status=RegistrationStatus.CHECKED_IN if checked_in else RegistrationStatus.REGISTERED,
                    checked_in_at=now if checked_in else None,
                    first_round=last + 1,
                )
        except IntegrityError as exc:
            raise TournamentError(
                _("This player is already registered."), field="player", code="duplicate"
            ) from exc
        if game_id:
            player_game_id_store(user=player, game=event.game, value=game_id)
        if late and last:
            rounds = Round.objects.filter(event=event, stage=RoundStage.SWISS, number__lte=last)
            Match.objects.bulk_create(
                Match(
                    round=r,
                    player_a=registration,
                    kind=ResultKind.MISSED,
                    status=MatchStatus.CONFIRMED,
                    confirmed_at=now,
                )
                for r in rounds
            )
        if late:
            EventChange.objects.create(
                event=event, action=EventChange.Action.LATE_ENTRY, round_number=last + 1, changed_by=acting,
                new_value=str(player), details={"registration": registration.pk, "missed_rounds": last},
            )  # fmt: skip
    return registration


def _lock_registration(registration: Registration) -> tuple[Event, Registration]:
    event = lock_event(registration.event_id)
    return event, Registration.objects.select_related("player").get(pk=registration.pk)


def registration_check_in(*, registration: Registration, by=None) -> Registration:
    """Staff check anyone in (the desk, the console); a player checks themselves in within the event's
    self check-in policy (a window, or not at all when check-in is by the staff only)."""
    with transaction.atomic():
        event, registration = _lock_registration(registration)
        if by is not None and by.pk != registration.player_id:
            require_staff(user=by, event=event)
        if event.status not in OPEN_FOR_REGISTRATION:
            raise TournamentError(_("Check-in is closed for this event."), code="closed")
        if registration.status == RegistrationStatus.CHECKED_IN:
            return registration
        if registration.status == RegistrationStatus.DROPPED:
            raise TournamentError(_("This player has dropped."), code="dropped")
        if by is not None and by.pk == registration.player_id and not can_score(user=by, event=event):
            _require_self_check_in_open(event)
        registration.status = RegistrationStatus.CHECKED_IN
        registration.checked_in_at = timezone.now()
        registration.save(update_fields=["status", "checked_in_at"])
    return registration


def _require_self_check_in_open(event: Event) -> None:
    from django.utils.formats import date_format

    from tournaments.selectors.checkin import self_check_in

    policy = self_check_in(event=event)
    when = {
        "opens": date_format(timezone.localtime(policy.opens), "DATETIME_FORMAT") if policy.opens else "",
        "closes": date_format(timezone.localtime(policy.closes), "DATETIME_FORMAT") if policy.closes else "",
    }
    if policy.state == "staff_only":
        raise NotAllowed(
            _("Check-in is done by the staff at this event: show your QR code at the check-in desk."),
            code="staff_only",
        )
    if policy.state == "not_yet":
        raise TournamentError(_("Self check-in opens at %(opens)s.") % when, code="not_yet")
    if policy.state == "over":
        raise TournamentError(
            _("Self check-in closed at %(closes)s: go to the check-in desk.") % when, code="over"
        )


def registration_drop(*, registration: Registration, by=None) -> Registration:
    """Drop at any time: never paired again, still in the standings with the rounds played.

    A match of the current round still awaiting its result is left to be reported (the player may finish
    it); they are simply not paired in later rounds.
    """
    with transaction.atomic():
        event, registration = _lock_registration(registration)
        if by is not None and by.pk != registration.player_id:
            require_staff(user=by, event=event)
        if event.status == EventStatus.FINISHED:
            raise TournamentError(_("The event is finished."), code="closed")
        if registration.status in (RegistrationStatus.DROPPED, RegistrationStatus.NO_SHOW):
            return registration
        registration.status = RegistrationStatus.DROPPED
        registration.dropped_after_round = _last_swiss_round(event)
        registration.dropped_at = timezone.now()
        registration.save(update_fields=["status", "dropped_after_round", "dropped_at"])
    return registration


def registration_mark_no_show(*, registration: Registration, by) -> Registration:
    """Staff: the player did not come. Before round 1 they are simply not paired; once paired, their
    pending match becomes a match loss for them and they are dropped."""
    with transaction.atomic():
        event, registration = _lock_registration(registration)
        require_staff(user=by, event=event)
        last = _last_swiss_round(event)
        registration.status = RegistrationStatus.NO_SHOW
        registration.dropped_after_round = last
        registration.dropped_at = timezone.now()
        registration.save(update_fields=["status", "dropped_after_round", "dropped_at"])
        if last:
            from tournaments.services.results import match_apply_no_show

            match_apply_no_show(event=event, registration=registration, round_number=last, by=by)
    return registration


# The registration writes a button asks for by name: the event page (check-in, drop, no-show) and the console
# (check_in, drop, no_show) share this map; the API has one endpoint each.
REGISTRATION_ACTIONS = {
    "check_in": registration_check_in,
    "drop": registration_drop,
    "no_show": registration_mark_no_show,
}


def registration_service_for(action: str):
    """The service of a registration button ("check-in" or "check_in"…), None if there is no such button."""
    return REGISTRATION_ACTIONS.get(action.replace("-", "_"))


def registration_update(
    *, registration: Registration, by, awarded_byes: int | None = None, fixed_table: int | None | bool = False
) -> Registration:
    """Staff: awarded byes (round-1 byes and following) and a fixed table (None clears it)."""
    with transaction.atomic():
        event, registration = _lock_registration(registration)
        require_staff(user=by, event=event)
        fields = []
        if awarded_byes is not None:
            if not 0 <= awarded_byes <= 3:
                raise TournamentError(_("Awarded byes must be 0 to 3."), field="awarded_byes")
            if event.status not in (EventStatus.DRAFT, *OPEN_FOR_REGISTRATION):
                raise TournamentError(
                    _("Byes are awarded before the first round."), field="awarded_byes", code="closed"
                )
            registration.awarded_byes = awarded_byes
            fields.append("awarded_byes")
        if fixed_table is not False:
            if fixed_table is not None and not (isinstance(fixed_table, int) and fixed_table >= 1):
                raise TournamentError(_("A table number is 1 or more."), field="fixed_table")
            registration.fixed_table = fixed_table
            fields.append("fixed_table")
        if fields:
            registration.save(update_fields=fields)
    return registration
