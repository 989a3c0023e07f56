"""Django-free tournament maths: Swiss pairing, standings, event structure and top cut.

Nothing in this package imports Django, so organizers (and tests) can run it on plain data.
"""

from tournaments.pairing.document import pair_swiss_document, parse_pairing_document
from tournaments.pairing.errors import PairingInputError
from tournaments.pairing.explain import explain_round
from tournaments.pairing.policy import EventStructure, event_structure
from tournaments.pairing.standings import (
    MatchRecord,
    StandingRow,
    StandingsSettings,
    compute_standings,
    konami_number,
    settings_for_policy,
)
from tournaments.pairing.swiss import Pairing, PlayerState, SwissRound, pair_round
from tournaments.pairing.topcut import Bracket, bracket_order

__all__ = [
    "Bracket",
    "EventStructure",
    "MatchRecord",
    "Pairing",
    "PairingInputError",
    "PlayerState",
    "StandingRow",
    "StandingsSettings",
    "SwissRound",
    "bracket_order",
    "compute_standings",
    "event_structure",
    "explain_round",
    "konami_number",
    "pair_round",
    "pair_swiss_document",
    "parse_pairing_document",
    "settings_for_policy",
]
