"""Match results: reported by a player and confirmed by the opponent, or entered by staff; corrections
with a reason in the audit log; optimistic versioning (the client sends the version it saw)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import live
from tournaments.models import (
    Event,
    Match,
    MatchDispute,
    MatchStatus,
    Penalty,
    PenaltyKind,
    Registration,
    ResultChange,
    ResultKind,
    Round,
    RoundStage,
)
from tournaments.services.common import can_score, lock_event, require_judge, require_staff
from tournaments.services.errors import Conflict, NotAllowed, TournamentError

# What a person can enter; byes and missed rounds are made by the pairing and late entry only.
ENTERABLE_KINDS = (
    ResultKind.NORMAL,
    ResultKind.INTENTIONAL_DRAW,
    ResultKind.DOUBLE_LOSS,
    ResultKind.GAME_LOSS,
    ResultKind.MATCH_LOSS,
    ResultKind.UNFINISHED,
)
STAFF_ONLY_KINDS = (
    ResultKind.DOUBLE_LOSS,
    ResultKind.GAME_LOSS,
    ResultKind.MATCH_LOSS,
    ResultKind.UNFINISHED,
)


@dataclass(frozen=True)
class ResultInput:
    """A match result as every door hands it over: the phone, the console, the event page and the API parse
    their input into this (tournaments.forms.ResultForm; the API's result serializers share its rules), and
    `match_result_submit` takes it to the one service of the write. `version` is the match version the
    client saw; `reason` is a correction's (required there) or a staff entry's note."""

    games_a: int = 0
    games_b: int = 0
    games_drawn: int = 0
    kind: str = ResultKind.NORMAL
    penalized_id: int | None = None
    reason: str = ""
    version: int | None = None


@dataclass(frozen=True)
class CorrectionOutcome:
    match: Match
    # The round paired after this match's round, when it can still be paired again (no result entered).
    repairable_round: Round | None


def _snapshot(match: Match) -> dict:
    return {
        "kind": match.kind,
        "games_a": match.games_a,
        "games_b": match.games_b,
        "games_drawn": match.games_drawn,
        "penalized": match.penalized_id,
        "winner": match.winner_id,
        "status": match.status,
    }


def _validate(*, match: Match, event: Event, result: ResultInput) -> None:
    if match.player_b_id is None:
        raise TournamentError(_("A bye has no result to enter."), code="bye")
    if result.kind not in ENTERABLE_KINDS:
        raise TournamentError(_("Unknown result kind."), field="kind")
    for name in ("games_a", "games_b", "games_drawn"):
        value = getattr(result, name)
        if not isinstance(value, int) or value < 0 or value > 9:
            raise TournamentError(_("Game counts are whole numbers from 0 to 9."), field=name)
    wins_needed = 2 if event.best_of == 3 else 1
    if result.kind in (ResultKind.NORMAL, ResultKind.GAME_LOSS):
        if max(result.games_a, result.games_b) > wins_needed:
            raise TournamentError(
                _("In a best of %(n)d match nobody wins more than %(w)d games.")
                % {"n": event.best_of, "w": wins_needed},
                field="games_a" if result.games_a > wins_needed else "games_b",
            )
        if result.games_a + result.games_b + result.games_drawn == 0:
            raise TournamentError(
                _("Enter the games won by each player (and drawn games)."), field="games_a", code="empty"
            )
    penalty_kinds = (ResultKind.GAME_LOSS, ResultKind.MATCH_LOSS)
    if result.kind in penalty_kinds and result.penalized_id not in (match.player_a_id, match.player_b_id):
        raise TournamentError(_("Say which player of this match takes the penalty."), field="penalized")
    stage = match.round.stage
    if stage == RoundStage.TOP_CUT:
        if result.kind not in (ResultKind.NORMAL, ResultKind.GAME_LOSS, ResultKind.MATCH_LOSS):
            raise TournamentError(_("A top-cut match needs a winner."), field="kind")
        if result.kind != ResultKind.MATCH_LOSS and result.games_a == result.games_b:
            raise TournamentError(_("A top-cut match needs a winner."), field="games_a", code="no_winner")


def _winner_id(match: Match, result: ResultInput) -> int | None:
    if result.kind == ResultKind.MATCH_LOSS:
        return match.player_b_id if result.penalized_id == match.player_a_id else match.player_a_id
    if result.kind in (ResultKind.NORMAL, ResultKind.GAME_LOSS):
        if result.games_a > result.games_b:
            return match.player_a_id
        if result.games_b > result.games_a:
            return match.player_b_id
    return None


def _load(match: Match) -> tuple[Event, Match]:
    """The event, locked, and the match read afresh under the lock (with its round and its players' user
    ids). The event id comes from the caller's match: no query when its round came with it."""
    event = lock_event(match.round.event_id)
    match = Match.objects.select_related("round", "player_a", "player_b").get(pk=match.pk)
    return event, match


def _write(
    *,
    match: Match,
    version: int | None,
    result: ResultInput | None,
    status: str,
    action: str,
    by,
    reason: str = "",
) -> Match:
    """Save under the version check: an UPDATE … WHERE version = seen, so two writers cannot both win."""
    if version is not None and version != match.version:
        raise Conflict(
            _("This result was changed meanwhile (version %(now)d, you saw %(seen)d). Reload and check it.")
            % {"now": match.version, "seen": version},
            field="version",
        )
    before = _snapshot(match)
    now = timezone.now()
    if result is not None:
        match.kind = result.kind
        match.games_a, match.games_b, match.games_drawn = result.games_a, result.games_b, result.games_drawn
        match.penalized_id = (
            result.penalized_id if result.kind in (ResultKind.GAME_LOSS, ResultKind.MATCH_LOSS) else None
        )
        match.winner_id = _winner_id(match, result)
    match.status = status
    if action == ResultChange.Action.REPORT:
        match.reported_by, match.reported_at = by, now
    elif action == ResultChange.Action.PENALTY:  # awaiting confirmation again, reported by the judge
        match.reported_by, match.reported_at = by, now
        match.confirmed_by, match.confirmed_at = None, None
    else:
        match.confirmed_by, match.confirmed_at = by, now
    seen = match.version
    updated = Match.objects.filter(pk=match.pk, version=seen).update(
        kind=match.kind,
        games_a=match.games_a,
        games_b=match.games_b,
        games_drawn=match.games_drawn,
        penalized_id=match.penalized_id,
        winner_id=match.winner_id,
        status=match.status,
        reported_by=match.reported_by,
        reported_at=match.reported_at,
        confirmed_by=match.confirmed_by,
        confirmed_at=match.confirmed_at,
        version=seen + 1,
    )
    if updated != 1:
        raise Conflict(_("This result was changed meanwhile. Reload and check it."), field="version")
    match.version = seen + 1
    live.matches_changed([match])  # both phones refresh once this commits (tournaments/live.py)
    ResultChange.objects.create(
        match=match, action=action, changed_by=by, reason=reason, before=before, after=_snapshot(match),
        version=match.version,
    )  # fmt: skip
    if (
        result is not None
        and result.kind in (ResultKind.GAME_LOSS, ResultKind.MATCH_LOSS)
        and by is not None
        and action != ResultChange.Action.PENALTY  # the penalty service records its own, with the infraction
        and not Penalty.objects.filter(
            match=match, registration_id=result.penalized_id, kind=result.kind
        ).exists()  # a penalty's result re-entered to confirm it is not a second penalty
    ):
        Penalty.objects.create(
            event_id=match.round.event_id,
            registration_id=result.penalized_id,
            match=match,
            kind=PenaltyKind.GAME_LOSS if result.kind == ResultKind.GAME_LOSS else PenaltyKind.MATCH_LOSS,
            reason=reason,
            issued_by=by,
        )
    return match


def _require_version(version: int | None) -> int:
    """A player's report or confirmation names the version of the match they saw: without it a score
    changed a moment before (by the opponent, a judge) could be confirmed unseen."""
    if version is None:
        raise TournamentError(
            _("The version of the match you saw is missing: reload the page and try again."),
            field="version",
            code="required",
        )
    return version


def _player_side(match: Match, user) -> str | None:
    """The user's side in the match (its players come with it from `_load`: no query)."""
    if match.player_a.player_id == user.pk:
        return "a"
    if match.player_b is not None and match.player_b.player_id == user.pk:
        return "b"
    return None


def _resolve_disputes(match_ids: list[int]) -> None:
    """A result entered or corrected by staff settles the open disputes of its matches."""
    MatchDispute.objects.filter(match_id__in=match_ids, resolved_at__isnull=True).update(
        resolved_at=timezone.now()
    )


def _after_confirm(event: Event, match: Match) -> None:
    if match.round.stage == RoundStage.TOP_CUT:
        from tournaments.services.topcut import topcut_advance

        topcut_advance(event=event, round_=match.round)


def match_report_result(
    *,
    match: Match,
    user,
    games_a: int,
    games_b: int,
    games_drawn: int = 0,
    kind: str = ResultKind.NORMAL,
    version: int | None,
) -> Match:
    """A player reports their own match; the opponent then confirms it. `version` is the match's version
    the player saw (required: None is refused, 400; a stale one is a conflict, 409)."""
    result = ResultInput(games_a=games_a, games_b=games_b, games_drawn=games_drawn, kind=kind)
    with transaction.atomic():
        event, match = _load(match)
        side = _player_side(match, user)
        if side is None:
            raise NotAllowed(_("You can only report your own matches."))
        if kind in STAFF_ONLY_KINDS:
            raise NotAllowed(_("Only a judge can enter this kind of result."), field="kind")
        _validate(match=match, event=event, result=result)
        if match.status == MatchStatus.CONFIRMED:
            raise Conflict(
                _("This result is confirmed already; call a judge to change it."), code="confirmed"
            )
        if match.status == MatchStatus.REPORTED and match.reported_by_id != user.pk:
            raise Conflict(
                _("Your opponent has reported a result already: confirm it, or call a judge."),
                code="reported",
            )
        return _write(
            match=match, version=_require_version(version), result=result, status=MatchStatus.REPORTED,
            action=ResultChange.Action.REPORT, by=user,
        )  # fmt: skip


def match_confirm_result(*, match: Match, user, version: int | None) -> Match:
    """The opponent of the reporting player confirms the reported result — the one they saw: `version` is
    required (None is refused, 400) and a result changed since is a conflict (409), nothing confirmed."""
    with transaction.atomic():
        event, match = _load(match)
        side = _player_side(match, user)
        if side is None:
            raise NotAllowed(_("You can only confirm your own matches."))
        if match.status != MatchStatus.REPORTED:
            raise Conflict(_("There is no reported result to confirm."), code="not_reported")
        if match.reported_by_id == user.pk:
            raise NotAllowed(_("Your opponent confirms the result you reported."))
        match = _write(
            match=match, version=_require_version(version), result=None, status=MatchStatus.CONFIRMED,
            action=ResultChange.Action.CONFIRM, by=user,
        )  # fmt: skip
        _after_confirm(event, match)
    return match


def match_withdraw_report(*, match: Match, user, version: int | None) -> Match:
    """The player who reported takes the report back until the opponent confirms it (a mistyped score): the
    match is open again, to be reported anew. `version` is required like a confirmation's (400 when missing,
    409 when stale: a report confirmed meanwhile cannot be withdrawn). Logged as a player's report whose
    `after` is the open match; the opponent's open dispute of it is settled."""
    with transaction.atomic():
        _event, match = _load(match)
        if _player_side(match, user) is None:
            raise NotAllowed(_("You can only withdraw your own report."))
        if match.status != MatchStatus.REPORTED:
            raise Conflict(_("There is no reported result to withdraw."), code="not_reported")
        if match.reported_by_id != user.pk:
            raise NotAllowed(_("Only the player who reported can withdraw it: confirm it, or call a judge."))
        seen = _require_version(version)
        if seen != match.version:
            raise Conflict(_("This result was changed meanwhile. Reload and check it."), field="version")
        before = _snapshot(match)
        match.kind, match.games_a, match.games_b, match.games_drawn = "", 0, 0, 0
        match.penalized_id = match.winner_id = None
        match.status, match.reported_by, match.reported_at = MatchStatus.PENDING, None, None
        fields = ["kind", "games_a", "games_b", "games_drawn", "penalized_id", "winner_id", "status",
                  "reported_by", "reported_at"]  # fmt: skip
        updated = Match.objects.filter(pk=match.pk, version=seen).update(
            version=seen + 1, **{name: getattr(match, name) for name in fields}
        )
        if updated != 1:
            raise Conflict(_("This result was changed meanwhile. Reload and check it."), field="version")
        match.version = seen + 1
        ResultChange.objects.create(
            match=match, action=ResultChange.Action.REPORT, changed_by=user, reason=_("Report withdrawn"),
            before=before, after=_snapshot(match), version=match.version,
        )  # fmt: skip
        _resolve_disputes([match.pk])
    return match


def match_enter_result(
    *,
    match: Match,
    user,
    games_a: int,
    games_b: int,
    games_drawn: int = 0,
    kind: str = ResultKind.NORMAL,
    penalized_id: int | None = None,
    version: int | None = None,
    reason: str = "",
) -> Match:
    """Staff enter a result (confirmed at once; `reason`, optional, goes in the audit log and a penalty).
    Open disputes of the match are settled by it. Once confirmed, a result changes only by a correction."""
    result = ResultInput(games_a, games_b, games_drawn, kind, penalized_id)
    with transaction.atomic():
        event, match = _load(match)
        require_staff(user=user, event=event)
        _validate(match=match, event=event, result=result)
        if match.status == MatchStatus.CONFIRMED:
            raise Conflict(
                _("This match already has a confirmed result; correct it with a reason instead."),
                code="confirmed",
            )
        match = _write(
            match=match, version=version, result=result, status=MatchStatus.CONFIRMED,
            action=ResultChange.Action.STAFF_ENTRY, by=user, reason=(reason or "").strip(),
        )  # fmt: skip
        _resolve_disputes([match.pk])
        _after_confirm(event, match)
    return match


def _refuse_once_the_bracket_moved_on(event: Event, match: Match) -> None:
    if (
        match.round.stage == RoundStage.TOP_CUT
        and Round.objects.filter(event=event, number__gt=match.round.number).exists()
    ):
        raise Conflict(
            _("The next top-cut round is paired already; this result cannot change any more."),
            code="bracket_moved_on",
        )


def match_correct_result(
    *,
    match: Match,
    user,
    reason: str,
    games_a: int,
    games_b: int,
    games_drawn: int = 0,
    kind: str = ResultKind.NORMAL,
    penalized_id: int | None = None,
    version: int | None = None,
) -> CorrectionOutcome:
    """Staff correct any result; the reason is kept in the audit log. When the next round is already
    paired and has no result yet, it is offered for re-pairing (see round_repair). Open disputes of the
    match are settled by it."""
    if not reason or not reason.strip():
        raise TournamentError(_("Say why the result is corrected."), field="reason", code="required")
    result = ResultInput(games_a, games_b, games_drawn, kind, penalized_id)
    with transaction.atomic():
        event, match = _load(match)
        require_staff(user=user, event=event)
        _validate(match=match, event=event, result=result)
        _refuse_once_the_bracket_moved_on(event, match)
        match = _write(
            match=match, version=version, result=result, status=MatchStatus.CONFIRMED,
            action=ResultChange.Action.CORRECTION, by=user, reason=reason.strip(),
        )  # fmt: skip
        _resolve_disputes([match.pk])
        _after_confirm(event, match)
        repairable = None
        if match.round.stage == RoundStage.SWISS:
            from tournaments.services.rounds import round_repairable

            following = Round.objects.filter(
                event=event, stage=RoundStage.SWISS, number=match.round.number + 1
            ).first()
            if (
                following is not None
                and not Round.objects.filter(event=event, number__gt=following.number).exists()
            ) and round_repairable(round_=following):
                repairable = following
    return CorrectionOutcome(match=match, repairable_round=repairable)


def match_penalty_result(*, match: Match, user, result: ResultInput) -> Match:
    """A judge's game or match loss (tournaments.services.penalties) written into the match: audited as a
    penalty (ResultChange, with the reason) and left awaiting confirmation, whatever the match's status was —
    either player confirms it on their phone, or staff enter it; a confirmed result is re-confirmed."""
    if result.kind not in (ResultKind.GAME_LOSS, ResultKind.MATCH_LOSS):
        raise TournamentError(_("Only a game loss or a match loss changes a result."), field="kind")
    with transaction.atomic():
        event, match = _load(match)
        require_judge(user=user, event=event)
        _validate(match=match, event=event, result=result)
        _refuse_once_the_bracket_moved_on(event, match)
        match = _write(
            match=match, version=result.version, result=result, status=MatchStatus.REPORTED,
            action=ResultChange.Action.PENALTY, by=user, reason=(result.reason or "").strip(),
        )  # fmt: skip
        _resolve_disputes([match.pk])
    return match


# What a door asks for: a player reports, withdraws their report (until it is confirmed) or confirms; staff
# enter, correct, or "staff" (the console: an entry while the match is open, a correction once confirmed);
# a judge's "penalty" (the penalty service: a game or match loss, back to awaiting confirmation).
RESULT_ACTIONS = ("report", "withdraw", "confirm", "enter", "correct", "staff", "penalty")


def match_result_submit(*, match: Match, user, action: str, result: ResultInput) -> CorrectionOutcome:
    """The one way in for a match result, whatever the door (phone, console, event page, API): the write
    of `action`, with `result` as parsed by tournaments.forms.ResultForm or the API's result serializers.
    `repairable_round` is set by a correction only."""
    common = {"match": match, "user": user, "version": result.version}
    games = {
        "games_a": result.games_a, "games_b": result.games_b, "games_drawn": result.games_drawn,
        "kind": result.kind,
    }  # fmt: skip
    if action == "staff":
        action = "correct" if match.status == MatchStatus.CONFIRMED else "enter"
    if action == "report":
        return CorrectionOutcome(match_report_result(**common, **games), None)
    if action == "confirm":
        return CorrectionOutcome(match_confirm_result(**common), None)
    if action == "withdraw":
        return CorrectionOutcome(match_withdraw_report(**common), None)
    if action == "enter":
        staff = match_enter_result(**common, **games, penalized_id=result.penalized_id, reason=result.reason)
        return CorrectionOutcome(staff, None)
    if action == "correct":
        return match_correct_result(**common, **games, penalized_id=result.penalized_id, reason=result.reason)
    if action == "penalty":
        return CorrectionOutcome(match_penalty_result(match=match, user=user, result=result), None)
    raise TournamentError(_("Unknown action."), field="action")


@dataclass(frozen=True)
class BulkResult:
    """One line of a batch of result slips entered by staff."""

    match_id: int
    games_a: int
    games_b: int
    games_drawn: int = 0
    kind: str = ResultKind.NORMAL
    penalized_id: int | None = None
    version: int | None = None


def _update_results(matches: list[Match]) -> None:
    """One executemany UPDATE for many matches (a single round trip with psycopg 3's pipeline; much
    cheaper than bulk_update's CASE expressions). Callers hold the event lock and checked the versions."""
    if not matches:
        return
    table = connection.ops.quote_name(Match._meta.db_table)
    columns = ["kind", "games_a", "games_b", "games_drawn", "penalized_id", "winner_id", "status",
               "confirmed_by_id", "confirmed_at", "version"]  # fmt: skip
    assignments = ", ".join(f"{connection.ops.quote_name(c)} = %s" for c in columns)
    sql = f"UPDATE {table} SET {assignments} WHERE {connection.ops.quote_name('id')} = %s"  # noqa: S608
    confirmed_at = Match._meta.get_field("confirmed_at")
    rows = [
        (m.kind, m.games_a, m.games_b, m.games_drawn, m.penalized_id, m.winner_id, m.status,
         m.confirmed_by_id, confirmed_at.get_db_prep_value(m.confirmed_at, connection), m.version, m.pk)
        for m in matches
    ]  # fmt: skip
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
    live.matches_changed(matches)


def round_enter_results(*, round_: Round, user, results: list[BulkResult]) -> int:
    """Staff enter many results of one round at once (the slips of a round): one transaction, a constant
    number of queries (bulk_update of the matches, bulk_create of the audit log and penalties).

    All or nothing: a line that is invalid, stale (version), already confirmed or not in this round raises
    with `field` = "/results/<index>/<field>" and nothing is saved.
    """
    with transaction.atomic():
        event = lock_event(round_.event_id)
        require_staff(user=user, event=event)
        round_ = Round.objects.get(pk=round_.pk)
        matches = {m.pk: m for m in Match.objects.filter(round=round_, pk__in=[r.match_id for r in results])}
        now = timezone.now()
        changes: list[ResultChange] = []
        penalties: list[Penalty] = []
        seen: set[int] = set()
        for index, line in enumerate(results):
            where = f"results/{index}"
            match = matches.get(line.match_id)
            if match is None or line.match_id in seen:
                raise TournamentError(
                    _("This match is not in this round, or appears twice."), field=f"{where}/match"
                )
            seen.add(line.match_id)
            match.round = round_
            result = ResultInput(line.games_a, line.games_b, line.games_drawn, line.kind, line.penalized_id)
            try:
                _validate(match=match, event=event, result=result)
            except TournamentError as exc:
                exc.field = f"{where}/{exc.field}" if exc.field else where
                raise
            if line.version is not None and line.version != match.version:
                raise Conflict(
                    _("This result was changed meanwhile. Reload and check it."), field=f"{where}/version"
                )
            if match.status == MatchStatus.CONFIRMED:
                raise Conflict(
                    _("This match already has a confirmed result; correct it with a reason instead."),
                    field=f"{where}/match",
                    code="confirmed",
                )
            before = _snapshot(match)
            match.kind = result.kind
            match.games_a, match.games_b, match.games_drawn = (
                result.games_a,
                result.games_b,
                result.games_drawn,
            )
            match.penalized_id = (
                result.penalized_id if result.kind in (ResultKind.GAME_LOSS, ResultKind.MATCH_LOSS) else None
            )
            match.winner_id = _winner_id(match, result)
            match.status = MatchStatus.CONFIRMED
            match.confirmed_by, match.confirmed_at = user, now
            match.version += 1
            changes.append(
                ResultChange(
                    match=match,
                    action=ResultChange.Action.STAFF_ENTRY,
                    changed_by=user,
                    before=before,
                    after=_snapshot(match),
                    version=match.version,
                )  # fmt: skip
            )
            if match.penalized_id is not None:
                penalties.append(
                    Penalty(
                        event=event,
                        registration_id=match.penalized_id,
                        match=match,
                        issued_by=user,
                        kind=PenaltyKind.GAME_LOSS
                        if result.kind == ResultKind.GAME_LOSS
                        else PenaltyKind.MATCH_LOSS,
                    )  # fmt: skip
                )
        updated = [matches[r.match_id] for r in results]
        _update_results(updated)
        ResultChange.objects.bulk_create(changes, batch_size=500)
        Penalty.objects.bulk_create(penalties, batch_size=500)
        _resolve_disputes([m.pk for m in updated])
        if round_.stage == RoundStage.TOP_CUT and updated:
            from tournaments.services.topcut import topcut_advance

            topcut_advance(event=event, round_=round_)
    return len(results)


def match_apply_no_show(*, event: Event, registration: Registration, round_number: int, by) -> None:
    """The player's pending match of that round becomes a match loss for them (called under the lock)."""
    from django.db.models import Q

    match = (
        Match.objects.select_related("round")
        .filter(
            round__event=event,
            round__number=round_number,
            status__in=[MatchStatus.PENDING, MatchStatus.REPORTED],
        )
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .exclude(player_b__isnull=True)
        .first()
    )
    if match is None:
        return
    _write(
        match=match, version=None,
        result=ResultInput(kind=ResultKind.MATCH_LOSS, penalized_id=registration.pk),
        status=MatchStatus.CONFIRMED, action=ResultChange.Action.STAFF_ENTRY, by=by, reason=_("No-show"),
    )  # fmt: skip


def penalty_issue(
    *, event: Event, registration: Registration, kind: str, reason: str, by, match: Match | None = None
) -> Penalty:
    """Record a penalty without an infraction (older callers). A judge's penalty with its infraction, whose
    game or match loss changes the result: tournaments.services.penalties.penalty_record."""
    if kind not in PenaltyKind.values:
        raise TournamentError(_("Unknown penalty."), field="kind")
    with transaction.atomic():
        event = lock_event(event.pk)
        require_judge(user=by, event=event)
        if registration.event_id != event.pk:
            raise TournamentError(_("This player is not in this event."), field="registration")
        return Penalty.objects.create(
            event=event, registration=registration, match=match, kind=kind, reason=reason, issued_by=by
        )


def user_can_enter_results(*, user, event: Event) -> bool:
    return can_score(user=user, event=event)
