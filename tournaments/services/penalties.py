"""Penalties: a judge records an infraction and its penalty (the judge-call log page, the API).

- The infractions and the penalties allowed are the game's (its plug-in's ``penalties``, a
  ``rulings.engine.plugin.PenaltyGuide``; docs/judging.md).
- A warning is recorded, nothing else.
- A game loss or a match loss changes the match's result through the one result service
  (``match_result_submit(action="penalty")``): audited as a penalty, the match awaits confirmation again.
- A disqualification waits for a head judge's (or organizer's) approval, then drops the player through
  ``registration_drop``; recorded by a head judge or an organizer, it is approved at once.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from rulings.engine.registry import get_plugin
from tournaments.models import (
    Event,
    Match,
    Penalty,
    PenaltyKind,
    Registration,
    ResultKind,
    StaffRole,
)
from tournaments.permissions import staff_role
from tournaments.services.common import lock_event, require_judge
from tournaments.services.errors import NotAllowed, TournamentError
from tournaments.services.registrations import registration_drop
from tournaments.services.results import ResultInput, match_result_submit

APPROVER_ROLES = frozenset({StaffRole.ORGANIZER.value, StaffRole.HEAD_JUDGE.value})
_RESULT_KIND = {PenaltyKind.GAME_LOSS: ResultKind.GAME_LOSS, PenaltyKind.MATCH_LOSS: ResultKind.MATCH_LOSS}


def _the_match(*, event: Event, registration: Registration, match: Match | None) -> Match:
    """The match a game or match loss applies to: the one named, or the player's latest (not a bye)."""
    if match is None:
        match = (
            Match.objects.filter(round__event=event, player_b__isnull=False)
            .filter(Q(player_a=registration) | Q(player_b=registration))
            .select_related("round")
            .order_by("-round__number", "-id")
            .first()
        )
        if match is None:
            raise TournamentError(
                _("This player has no match to apply a game or match loss to."), field="match"
            )
    if match.round.event_id != event.pk or registration.pk not in (match.player_a_id, match.player_b_id):
        raise TournamentError(_("This match is not this player's."), field="match")
    if match.player_b_id is None:
        raise TournamentError(_("A bye has no result to change."), field="match")
    return match


def _loss_result(
    *, event: Event, match: Match, registration: Registration, kind: str, games: tuple[int, int] | None
) -> ResultInput:
    """The result after the penalty: the games given by the judge, else the match's games so far with the
    game loss applied (a match loss keeps them as they are).

    A game loss is one more game for the opponent while the match is open. Once the match is decided it
    cannot add a game (a best of 3 won 2-1 would read 2-2): our reading is that the penalized player loses the
    last game they won — a 2-1 win becomes a 1-2 loss — and a match they already lost stays as it is. A
    judge who rules otherwise gives the score (`games`, in the API)."""
    if games is not None:
        games_a, games_b = games
    else:
        games_a, games_b = (match.games_a, match.games_b) if match.kind else (0, 0)
        if kind == PenaltyKind.GAME_LOSS:
            wins_needed = 2 if event.best_of == 3 else 1
            mine, theirs = (games_a, games_b) if registration.pk == match.player_a_id else (games_b, games_a)
            if theirs < wins_needed:
                if mine >= wins_needed:
                    mine -= 1
                theirs += 1
            games_a, games_b = (mine, theirs) if registration.pk == match.player_a_id else (theirs, mine)
    return ResultInput(
        games_a=games_a,
        games_b=games_b,
        games_drawn=match.games_drawn if match.kind and games is None else 0,
        kind=_RESULT_KIND[kind],
        penalized_id=registration.pk,
        version=match.version,
    )


def penalty_record(
    *,
    event: Event,
    registration: Registration,
    infraction: str,
    penalty: str,
    by,
    reason: str = "",
    match: Match | None = None,
    games: tuple[int, int] | None = None,
) -> Penalty:
    """A judge (judge, head judge or organizer of the event; never a scorekeeper nor a player) records an
    infraction of the game's guide and its penalty. A game or match loss applies to ``match`` (default: the
    player's latest match), whose result changes (``games``: the score after it, default computed)."""
    if by is None:
        raise NotAllowed(_("Only the judges and organizers of this event can do this."))
    guide = get_plugin(event.game).penalties
    if infraction not in guide.infractions:
        raise TournamentError(
            _("Unknown infraction for this game; allowed: %(allowed)s.")
            % {"allowed": ", ".join(guide.infractions)},
            field="infraction",
        )
    if penalty not in guide.penalties:
        raise TournamentError(
            _("Unknown penalty for this game; allowed: %(allowed)s.")
            % {"allowed": ", ".join(guide.penalties)},
            field="penalty",
        )
    with transaction.atomic():
        event = lock_event(event.pk)
        require_judge(user=by, event=event)
        registration = Registration.objects.get(pk=registration.pk)
        if registration.event_id != event.pk:
            raise TournamentError(_("This player is not in this event."), field="registration")
        text = (reason or "").strip()
        label = f"{guide.infractions[infraction]}" + (f": {text}" if text else "")
        applied_to = None
        if penalty in _RESULT_KIND:
            applied_to = _the_match(event=event, registration=registration, match=match)
            result = _loss_result(
                event=event, match=applied_to, registration=registration, kind=penalty, games=games
            )
            result = ResultInput(**{**result.__dict__, "reason": label})
            applied_to = match_result_submit(match=applied_to, user=by, action="penalty", result=result).match
        elif match is not None:
            applied_to = _the_match(event=event, registration=registration, match=match)
        row = Penalty.objects.create(
            event=event, registration=registration, match=applied_to, kind=penalty, infraction=infraction,
            reason=text, issued_by=by,
        )  # fmt: skip
        if penalty == PenaltyKind.DISQUALIFICATION and staff_role(user=by, event=event) in APPROVER_ROLES:
            row = _approve(row=row, by=by)
    return row


def _approve(*, row: Penalty, by) -> Penalty:
    row.approved_by, row.approved_at = by, timezone.now()
    row.save(update_fields=["approved_by", "approved_at"])
    registration_drop(registration=row.registration, by=by)
    return row


def penalty_approve(*, penalty: Penalty, by) -> Penalty:
    """A head judge (or organizer) of the event approves a disqualification: the player is dropped."""
    with transaction.atomic():
        event = lock_event(penalty.event_id)
        if by is None or staff_role(user=by, event=event) not in APPROVER_ROLES:
            raise NotAllowed(_("Only the head judge or an organizer of this event can approve this."))
        row = Penalty.objects.select_for_update().select_related("registration").get(pk=penalty.pk)
        if row.kind != PenaltyKind.DISQUALIFICATION:
            raise TournamentError(_("Only a disqualification needs an approval."), field="penalty")
        if row.approved_at is not None:
            return row
        return _approve(row=row, by=by)
