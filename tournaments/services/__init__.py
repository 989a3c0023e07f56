"""Every write of the tournaments app (HackSoft style: `<entity>_<action>(*, …)`)."""

from tournaments.services.errors import Conflict, NotAllowed, TournamentError
from tournaments.services.event_edit import event_locked_fields, event_update
from tournaments.services.events import (
    event_add_staff,
    event_create,
    event_delete,
    event_planned_structure,
    event_remove_staff,
    event_set_status,
)
from tournaments.services.penalties import penalty_approve, penalty_record
from tournaments.services.registrations import (
    registration_check_in,
    registration_create,
    registration_drop,
    registration_mark_no_show,
    registration_update,
)
from tournaments.services.results import (
    BulkResult,
    CorrectionOutcome,
    ResultInput,
    match_confirm_result,
    match_correct_result,
    match_enter_result,
    match_report_result,
    match_result_submit,
    match_withdraw_report,
    penalty_issue,
    round_enter_results,
)
from tournaments.services.round_edit import round_reopen, round_repair, round_swap_players
from tournaments.services.rounds import (
    INLINE_PAIRING_MAX_PLAYERS,
    round_pair_next,
    round_repairable,
    round_request_pairing,
)
from tournaments.services.topcut import topcut_start

__all__ = [
    "INLINE_PAIRING_MAX_PLAYERS",
    "BulkResult",
    "Conflict",
    "CorrectionOutcome",
    "NotAllowed",
    "ResultInput",
    "TournamentError",
    "event_add_staff",
    "event_create",
    "event_delete",
    "event_locked_fields",
    "event_planned_structure",
    "event_remove_staff",
    "event_set_status",
    "event_update",
    "match_confirm_result",
    "match_correct_result",
    "match_enter_result",
    "match_report_result",
    "match_result_submit",
    "match_withdraw_report",
    "penalty_approve",
    "penalty_issue",
    "penalty_record",
    "registration_check_in",
    "registration_create",
    "registration_drop",
    "registration_mark_no_show",
    "registration_update",
    "round_enter_results",
    "round_pair_next",
    "round_reopen",
    "round_repair",
    "round_repairable",
    "round_request_pairing",
    "round_swap_players",
    "topcut_start",
]
