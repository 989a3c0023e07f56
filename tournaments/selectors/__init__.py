"""Every read of the tournaments app that a page, the API or a printout needs."""

from tournaments.selectors.records import event_records, standings_settings
from tournaments.selectors.rounds import (
    BracketView,
    NameRow,
    current_round,
    event_list,
    event_registrations,
    event_rounds,
    event_staff,
    events_managed_by,
    events_of_player,
    match_history,
    my_current_match,
    outstanding_matches,
    pairings_by_name,
    pairings_by_table,
    registration_of,
    round_matches,
    topcut_bracket,
)
from tournaments.selectors.standings import StandingEntry, event_standings

__all__ = [
    "BracketView",
    "NameRow",
    "StandingEntry",
    "current_round",
    "event_list",
    "event_records",
    "event_registrations",
    "event_rounds",
    "event_staff",
    "event_standings",
    "events_managed_by",
    "events_of_player",
    "match_history",
    "my_current_match",
    "outstanding_matches",
    "pairings_by_name",
    "pairings_by_table",
    "registration_of",
    "round_matches",
    "standings_settings",
    "topcut_bracket",
]
