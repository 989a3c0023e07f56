"""Tournament-day writes that the console and the player's phone need on top of the core services:
disputes of a reported result (staff entries settle them: services/results.py), the quick-result buttons."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Match, MatchDispute, MatchStatus, Registration
from tournaments.services.errors import Conflict, NotAllowed

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


def quick_results_for(*, best_of: int, top_cut: bool = False) -> list[str]:
    """The big buttons of the console and the phone for a best of 1 or 3 (games of A first). A top-cut
    match needs a winner: no draw button there (the service refuses a draw all the same)."""
    buttons = ["2-0", "2-1", "1-2", "0-2", "1-1-1"] if best_of == 3 else ["1-0", "0-1", "0-0-1"]
    if top_cut:
        buttons = [button for button in buttons if quick_result_games(button)[:2] not in ((1, 1), (0, 0))]
    return buttons


def quick_result_games(quick: str) -> tuple[int, int, int] | None:
    """The games of a quick button ("2-1": A won two, B one; "1-1-1": one drawn), None if no such button."""
    return QUICK_RESULTS.get(quick)


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
