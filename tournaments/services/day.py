"""Tournament-day writes that the console and the player's phone need on top of the core services:
disputes of a reported result, staff result entry that resolves them, and result parsing for fast entry."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Match, MatchDispute, MatchStatus, Registration, ResultKind
from tournaments.services.errors import Conflict, NotAllowed, TournamentError
from tournaments.services.results import CorrectionOutcome, match_correct_result, match_enter_result

# Quick results of the console's big buttons: (games of player A, games of player B, drawn games).
QUICK_RESULTS = {
    "2-0": (2, 0, 0),
    "2-1": (2, 1, 0),
    "1-2": (1, 2, 0),
    "0-2": (0, 2, 0),
    "1-0": (1, 0, 0),
    "0-1": (0, 1, 0),
    "1-1-1": (1, 1, 1),
    "0-0-1": (0, 0, 1),
}


def quick_results_for(*, best_of: int) -> list[str]:
    """The big buttons of the console for a best of 1 or 3 (games of A first)."""
    return ["2-0", "2-1", "1-2", "0-2", "1-1-1"] if best_of == 3 else ["1-0", "0-1", "0-0-1"]


def parse_games(
    *, quick: str = "", games_a: str = "", games_b: str = "", games_drawn: str = ""
) -> tuple[int, int, int]:
    """Games from a quick button ("2-1") or three typed numbers; TournamentError names the field at fault."""
    if quick:
        if quick not in QUICK_RESULTS:
            raise TournamentError(_("Unknown quick result."), field="quick")
        return QUICK_RESULTS[quick]
    values = []
    for name, raw in (("games_a", games_a), ("games_b", games_b), ("games_drawn", games_drawn)):
        raw = (raw or "").strip()
        if raw == "" and name == "games_drawn":
            values.append(0)
            continue
        if not raw.isdigit():
            raise TournamentError(_("Game counts are whole numbers from 0 to 9."), field=name)
        values.append(int(raw))
    return values[0], values[1], values[2]


def match_dispute(*, match: Match, user, reason: str = "") -> MatchDispute:
    """The opponent of the reporting player says the reported result is wrong: a judge will settle it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("round").get(pk=match.pk)
        mine = Registration.objects.filter(
            pk__in=[match.player_a_id, match.player_b_id], player=user
        ).exists()
        if not mine:
            raise NotAllowed(_("You can only dispute your own matches."))
        if match.status != MatchStatus.REPORTED:
            raise Conflict(_("There is no reported result to dispute."), code="not_reported")
        if match.reported_by_id == user.pk:
            raise NotAllowed(_("You reported this result yourself; ask a judge to change it."))
        open_dispute = MatchDispute.objects.filter(match=match, resolved_at__isnull=True).first()
        if open_dispute is not None:
            return open_dispute
        return MatchDispute.objects.create(match=match, raised_by=user, reason=reason.strip()[:300])


def _resolve_disputes(match: Match) -> None:
    MatchDispute.objects.filter(match=match, resolved_at__isnull=True).update(resolved_at=timezone.now())


def match_staff_result(
    *,
    match: Match,
    user,
    games_a: int,
    games_b: int,
    games_drawn: int = 0,
    kind: str = ResultKind.NORMAL,
    penalized_id: int | None = None,
    reason: str = "",
    version: int | None = None,
) -> tuple[Match, CorrectionOutcome | None]:
    """Staff result from the console: an entry while the match is open, a correction (reason required) once
    it is confirmed. Open disputes of the match are resolved by it."""
    with transaction.atomic():
        current = Match.objects.get(pk=match.pk)
        if current.status == MatchStatus.CONFIRMED:
            outcome = match_correct_result(
                match=current, user=user, reason=reason, games_a=games_a, games_b=games_b,
                games_drawn=games_drawn, kind=kind, penalized_id=penalized_id, version=version,
            )  # fmt: skip
            result, correction = outcome.match, outcome
        else:
            result = match_enter_result(
                match=current, user=user, games_a=games_a, games_b=games_b, games_drawn=games_drawn,
                kind=kind, penalized_id=penalized_id, version=version,
            )  # fmt: skip
            correction = None
        _resolve_disputes(result)
    return result, correction
