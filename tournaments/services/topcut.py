"""Top cut: single elimination seeded from the Swiss standings (1 v 8, 4 v 5, 2 v 7, 3 v 6)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Event, EventStatus, Match, MatchStatus, Round, RoundStage
from tournaments.pairing import bracket_order
from tournaments.services.common import lock_event, require_manager
from tournaments.services.errors import TournamentError


def topcut_start(*, event: Event, user=None, size: int | None = None) -> Round:
    """Seed the cut from the standings (players who dropped are skipped) and pair its first round.
    Idempotent: if the cut has started, its first round is returned."""
    from tournaments.selectors.standings import event_standings

    with transaction.atomic():
        event = lock_event(event.pk)
        require_manager(user=user, event=event)
        first = Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).order_by("number").first()
        if first is not None:
            return first
        if event.status != EventStatus.SWISS:
            raise TournamentError(_("The top cut follows the Swiss rounds."), code="invalid_state")
        played = (
            Round.objects.filter(event=event, stage=RoundStage.SWISS).aggregate(n=Max("number"))["n"] or 0
        )
        if event.swiss_rounds and played < event.swiss_rounds:
            raise TournamentError(
                _("Only %(played)d of %(total)d Swiss rounds are paired.")
                % {"played": played, "total": event.swiss_rounds},
                code="swiss_not_over",
            )
        if Match.objects.filter(
            round__event=event, status__in=[MatchStatus.PENDING, MatchStatus.REPORTED]
        ).exists():
            raise TournamentError(_("Some Swiss results are not confirmed yet."), code="round_open")
        size = size if size is not None else (event.top_cut_size or 0)
        if size < 2 or size & (size - 1):
            raise TournamentError(_("This event has no top cut (size %(n)d).") % {"n": size}, field="size")
        seeds = [row.registration_id for row in event_standings(event=event) if not row.dropped]
        if len(seeds) < size:
            raise TournamentError(_("Not enough players for a top %(n)d.") % {"n": size}, field="size")
        seeds = seeds[:size]
        order = bracket_order(size)
        round_ = Round.objects.create(
            event=event, number=played + 1, stage=RoundStage.TOP_CUT, seed="", started_at=timezone.now()
        )
        Match.objects.bulk_create(
            Match(
                round=round_,
                table=k // 2 + 1,
                player_a_id=seeds[order[k] - 1],
                player_b_id=seeds[order[k + 1] - 1],
            )
            for k in range(0, size, 2)
        )
        event.top_cut_size = size
        event.status = EventStatus.TOP_CUT
        event.save(update_fields=["top_cut_size", "status", "updated_at"])
    return round_


def topcut_advance(*, event: Event, round_: Round) -> Round | None:
    """Called under the event lock after a top-cut result is confirmed: when every match of the latest
    cut round has a winner, pair the winners (in bracket order) or finish the event after the final."""
    if Round.objects.filter(event=event, number__gt=round_.number).exists():
        return None
    winners = list(round_.matches.order_by("table").values_list("winner_id", "status"))
    if any(w is None or s != MatchStatus.CONFIRMED for w, s in winners):
        return None
    if len(winners) == 1:
        event.status = EventStatus.FINISHED
        event.save(update_fields=["status", "updated_at"])
        return None
    ids = [w for w, _status in winners]
    following = Round.objects.create(
        event=event, number=round_.number + 1, stage=RoundStage.TOP_CUT, started_at=timezone.now()
    )
    Match.objects.bulk_create(
        Match(round=following, table=k // 2 + 1, player_a_id=ids[k], player_b_id=ids[k + 1])
        for k in range(0, len(ids), 2)
    )
    return following


def registration_ids_in_cut(*, event: Event) -> set[int]:
    first = Round.objects.filter(event=event, stage=RoundStage.TOP_CUT).order_by("number").first()
    if first is None:
        return set()
    ids = set()
    for a, b in first.matches.values_list("player_a_id", "player_b_id"):
        ids.update((a, b))
    return ids
