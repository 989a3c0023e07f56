"""Fixing the last Swiss round by hand: re-open it (its confirmed results go back to "awaiting
confirmation", still editable), pair it again, or swap two players between its tables. Organizers only;
each is audited in `EventChange` with what it replaced. Refused once a later round or the top cut exists.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
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
from tournaments.selectors.records import event_records
from tournaments.services.common import lock_event, require_manager
from tournaments.services.errors import Conflict, TournamentError


def _pairing(match: Match) -> dict:
    return {
        "table": match.table,
        "a": match.player_a_id,
        "b": match.player_b_id,
        "status": match.status,
        "kind": match.kind,
        "games": [match.games_a, match.games_b, match.games_drawn],
    }


def _check_last_swiss(event: Event, round_: Round, verb: str) -> None:
    if event.status == EventStatus.FINISHED:
        raise TournamentError(_("The event is finished."), code="finished")
    if round_.stage != RoundStage.SWISS:
        raise TournamentError(
            _("Top-cut rounds follow the seeds: they cannot be %(verb)s.") % {"verb": verb}, code="top_cut"
        )
    later = Round.objects.filter(event=event, number__gt=round_.number).order_by("number").first()
    if later is not None:
        if later.stage == RoundStage.TOP_CUT:
            message = _("The top cut has started: round %(n)d cannot be %(verb)s.")
        else:
            message = _("Round %(later)d is paired: only the last round (not round %(n)d) can be %(verb)s.")
        raise Conflict(message % {"n": round_.number, "later": later.number, "verb": verb}, code="not_latest")


def _locked_round(round_: Round, by) -> tuple[Event, Round]:
    event = lock_event(round_.event_id)
    require_manager(user=by, event=event)
    return event, Round.objects.get(pk=round_.pk)


def round_results_confirmed(*, round_: Round) -> int:
    """Confirmed results of the round (byes and missed rounds aside)."""
    return round_.matches.filter(player_b__isnull=False, status=MatchStatus.CONFIRMED).count()


def round_late_entrants(*, round_: Round) -> list[Registration]:
    """Players entered late while this round was under way (they miss it, a loss): a re-pairing of the
    round may pair them instead."""
    return list(
        Registration.objects.filter(
            event_id=round_.event_id, status=RegistrationStatus.CHECKED_IN, first_round=round_.number + 1,
            matches_as_a__round=round_, matches_as_a__kind=ResultKind.MISSED,
        ).select_related("player")
    )  # fmt: skip


def round_reopen(*, round_: Round, by, reason: str = "") -> Round:
    """The last Swiss round's confirmed results go back to "reported, awaiting confirmation": kept, still
    editable by staff (or confirmed again by the players), and the round counts as open again — so that it
    can be paired again, or the next round waits."""
    with transaction.atomic():
        event, round_ = _locked_round(round_, by)
        _check_last_swiss(event, round_, _("re-opened"))
        confirmed = list(
            round_.matches.filter(player_b__isnull=False, status=MatchStatus.CONFIRMED).order_by("table")
        )
        if not confirmed:
            raise TournamentError(
                _("No result of round %(n)d is confirmed: the round is open already.") % {"n": round_.number},
                code="nothing_confirmed",
            )
        for match in confirmed:
            match.status = MatchStatus.REPORTED
            match.confirmed_by = None
            match.confirmed_at = None
            match.version += 1
        Match.objects.bulk_update(confirmed, ["status", "confirmed_by", "confirmed_at", "version"])
        EventChange.objects.create(
            event=event, action=EventChange.Action.REOPEN, round_number=round_.number,
            reason=(reason or "").strip(), changed_by=by,
            new_value=str(len(confirmed)), details={"matches": [_pairing(m) for m in confirmed]},
        )  # fmt: skip
        event.save(update_fields=["updated_at"])  # the players' phones notice
    return round_


def round_repair(
    *, round_: Round, by=None, user=None, reason: str = "", include_late_entries: bool = False
) -> Round:
    """Pair the last Swiss round again: its pairings are deleted (reports not yet confirmed with them) and
    the round is paired from the current standings. Refused while a result of it is confirmed (re-open the
    round first). `include_late_entries`: the players entered late during this round are paired in it
    instead of taking a loss. Awarded byes and earlier late entrants' missed rounds are kept. `user` is the
    older name of `by`."""
    from tournaments.services.rounds import _create_round, _no_progress

    by = by if by is not None else user
    with transaction.atomic():
        event, round_ = _locked_round(round_, by)
        _check_last_swiss(event, round_, _("paired again"))
        confirmed = round_results_confirmed(round_=round_)
        if confirmed:
            raise Conflict(
                _(
                    "%(count)d result(s) of round %(n)d are confirmed: re-open the round first to pair it "
                    "again."
                )
                % {"count": confirmed, "n": round_.number},
                code="results_entered",
            )
        number = round_.number
        old = [_pairing(m) for m in round_.matches.order_by("table", "id")]
        reported = round_.matches.filter(status=MatchStatus.REPORTED).count()
        late = round_late_entrants(round_=round_) if include_late_entries else []
        if late:
            Registration.objects.filter(pk__in=[r.pk for r in late]).update(first_round=number)
        missed = list(
            round_.matches.filter(kind=ResultKind.MISSED)
            .exclude(player_a__in=late)
            .values_list("player_a_id", flat=True)
        )
        round_.delete()
        new_round = _create_round(event=event, number=number, progress=_no_progress)
        now = timezone.now()
        Match.objects.bulk_create(
            Match(
                round=new_round, player_a_id=reg_id, kind=ResultKind.MISSED, status=MatchStatus.CONFIRMED,
                confirmed_at=now,
            )
            for reg_id in missed
        )  # fmt: skip
        EventChange.objects.create(
            event=event, action=EventChange.Action.REPAIR, round_number=number,
            reason=(reason or "").strip(), changed_by=by,
            details={
                "old": old,
                "new": [_pairing(m) for m in new_round.matches.order_by("table", "id")],
                "discarded_reports": reported,
                "late_entries_paired": [r.pk for r in late],
            },
        )  # fmt: skip
        event.save(update_fields=["updated_at"])
    return new_round


def _match_of(round_: Round, registration: Registration, field: str) -> Match:
    match = (
        round_.matches.filter(Q(player_a=registration) | Q(player_b=registration))
        .select_related("player_a__player", "player_b__player")
        .first()
    )
    if match is None:
        raise TournamentError(
            _("%(name)s is not paired in round %(n)d.") % {"name": registration.player, "n": round_.number},
            field=field,
            code="not_paired",
        )
    if match.player_b_id is None:
        raise TournamentError(
            _("%(name)s has a bye or a missed round in round %(n)d: pair the round again to change it.")
            % {"name": registration.player, "n": round_.number},
            field=field,
            code="bye",
        )
    if match.status != MatchStatus.PENDING or match.kind:
        raise Conflict(
            _("A result of table %(t)d was entered: players can only be swapped before any result.")
            % {"t": match.table},
            field=field,
            code="results_entered",
        )
    return match


def round_swap_players(
    *, round_: Round, first: Registration, second: Registration, by, reason: str
) -> tuple[Match, Match]:
    """Swap two players between two tables of the last Swiss round, before any result of either table:
    `first` takes `second`'s seat and the other way round. A reason is required; the audit keeps both
    tables before and after (and whether the swap makes a rematch)."""
    reason = (reason or "").strip()
    if not reason:
        raise TournamentError(_("Say why the players are swapped."), field="reason", code="required")
    if first.pk == second.pk:
        raise TournamentError(_("A player cannot be swapped with themselves."), field="second", code="same")
    with transaction.atomic():
        event, round_ = _locked_round(round_, by)
        for registration, field in ((first, "first"), (second, "second")):
            if registration.event_id != event.pk:
                raise TournamentError(
                    _("This player is not registered in this event."), field=field, code="other_event"
                )
        _check_last_swiss(event, round_, _("changed"))
        one = _match_of(round_, first, "first")
        two = _match_of(round_, second, "second")
        if one.pk == two.pk:
            raise TournamentError(
                _("%(a)s and %(b)s already play each other (table %(t)d).")
                % {"a": first.player, "b": second.player, "t": one.table},
                field="second",
                code="same_table",
            )
        before = [_pairing(one), _pairing(two)]
        for match, leaving, coming in ((one, first.pk, second.pk), (two, second.pk, first.pk)):
            if match.player_a_id == leaving:
                match.player_a_id = coming
            else:
                match.player_b_id = coming
            match.version += 1
        Match.objects.bulk_update([one, two], ["player_a", "player_b", "version"])
        met = event_records(event=event, up_to_round=round_.number - 1).opponents
        rematches = [m.table for m in (one, two) if str(m.player_b_id) in met.get(str(m.player_a_id), set())]
        EventChange.objects.create(
            event=event, action=EventChange.Action.SWAP, round_number=round_.number, reason=reason,
            changed_by=by, old_value=f"{first.player} ↔ {second.player}",
            new_value=", ".join(str(m.table) for m in (one, two)),
            details={
                "first": first.pk, "second": second.pk, "before": before,
                "after": [_pairing(one), _pairing(two)], "rematch_tables": rematches,
            },
        )  # fmt: skip
        event.save(update_fields=["updated_at"])
    one.refresh_from_db()
    two.refresh_from_db()
    return one, two
