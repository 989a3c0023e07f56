"""The permission matrix: every URL name × role × method → allow / deny / login, and how to call it.

Expectation strings give one letter per role, in ROLES order:
    anonymous, player, other_player, judge, judge_other, organizer, organizer_other, admin
    A = allowed (the request reached the action: 2xx, a redirect that is not to the log-in page, or a
        400/409 about the input or the event's state)
    D = denied (403 or 404, or a service refused it as not allowed — the older pages answer that with a
        redirect and an error message)
    L = log in first (a redirect to the log-in page; 401/403 "not authenticated" under /api/)
    - = this method is not served (405) for anyone in this role

`player` owns the registration, the deck list and plays `match` against the opponent; `other_player` plays
another match of the same event; judge/organizer are staff of the event, *_other staff of another event.
"""

from __future__ import annotations

from tests.trust.world import World

ROLES = (
    "anonymous",
    "player",
    "other_player",
    "judge",
    "judge_other",
    "organizer",
    "organizer_other",
    "admin",
)

PUBLIC = "AAAAAAAA"
NONE = "--------"
LOGGED_IN = "LAAAAAAA"
STAFF = "LDDADADA"  # staff of this event (judges and organizers), admin
MANAGERS = "LDDDDADA"  # organizers of this event, admin
ADMINS = "LDDDDDDA"  # site administrators only (superuser, or staff with core.change_user)


def _result(w: World, **extra) -> dict:
    return {"games_a": 2, "games_b": 0, "games_drawn": 0, "version": w.match.version, **extra}


def _penalty(w: World) -> dict:
    return {
        "registration": w.registration.pk,
        "infraction": "procedural_error",
        "penalty": "warning",
        "reason": "Matrix",
    }


# name → {"GET": expectation, "POST": expectation, "data": world → POST body, "json": bool}
ROWS: dict[str, dict] = {
    # --- core --------------------------------------------------------------------------------------------
    "home": {"GET": PUBLIC, "POST": PUBLIC},
    "healthz": {"GET": PUBLIC, "POST": NONE},
    # signed-in people are sent home from the sign-up page
    "signup": {"GET": PUBLIC, "POST": PUBLIC},
    "login": {"GET": PUBLIC, "POST": PUBLIC},
    "logout": {"GET": NONE, "POST": PUBLIC},
    "password_reset": {"GET": PUBLIC, "POST": PUBLIC},
    "password_reset_done": {"GET": PUBLIC, "POST": NONE},
    "password_reset_confirm": {"GET": PUBLIC, "POST": PUBLIC},
    "password_reset_complete": {"GET": PUBLIC, "POST": NONE},
    # the task id (a random UUID) is the permission, like a ruling's link
    "task_progress": {"GET": PUBLIC, "POST": PUBLIC},
    "set_language": {"GET": PUBLIC, "POST": PUBLIC},
    # site roles: anyone signed in asks (or withdraws their own request); only administrators decide or grant
    "account_role": {
        "GET": LOGGED_IN,
        # already waiting, or already the role: a 409/400 about the state, still the person's own page
        "POST": LOGGED_IN,
        "data": lambda w: {"role": "judge", "motivation": "I judge at the Lyon store."},
    },
    "account_role_withdraw": {"GET": NONE, "POST": LOGGED_IN},
    "staff_roles": {"GET": ADMINS, "POST": "L-------"},
    "staff_role_decide": {
        "GET": NONE,
        "POST": ADMINS,
        "data": lambda w: {"request": w.extra["role_request"].pk, "decision": "refuse", "note": "Not yet."},
    },
    "staff_role_set": {
        "GET": NONE,
        "POST": ADMINS,
        "data": lambda w: {"user": w.users["other_player"].pk, "role": "judge", "reason": "Judges a league."},
    },
    # --- API: core, docs, rulings --------------------------------------------------------------------------
    "schema": {"GET": PUBLIC, "POST": NONE},
    "api_docs": {"GET": PUBLIC, "POST": NONE},
    "api_task_status": {"GET": LOGGED_IN, "POST": "L-------"},
    "rulings_replay": {"GET": NONE, "POST": PUBLIC},
    "rulings_rules": {"GET": PUBLIC, "POST": NONE},
    "rulings_games": {"GET": PUBLIC, "POST": NONE},
    # --- API: decks ----------------------------------------------------------------------------------------
    "api_card_search": {"GET": PUBLIC, "POST": NONE},
    "api_banlist_list": {"GET": PUBLIC, "POST": NONE},
    "api_deck_validate": {"GET": NONE, "POST": PUBLIC},
    "api_decklist_submit": {
        "GET": "L-------",
        # submitting for someone else's registration: only the player and the event's staff
        "POST": "LADADADA",
        "data": lambda w: {
            "event": w.event.pk,
            "registration": w.registration.pk,
            "format": "ydk",
            "content": "#main\n",
        },
    },
    "api_decklist_detail": {"GET": "DADADADA", "POST": NONE},
    "api_decklist_export": {"GET": "DADADADA", "POST": NONE},
    "api_decklist_unlock": {"GET": "L-------", "POST": "LDDADADA", "data": lambda w: {"note": "typo"}},
    # --- API: tournaments ----------------------------------------------------------------------------------
    "api-event-list": {
        "GET": PUBLIC,
        "POST": "LDDDDAAA",
        "data": lambda w: {"name": "Side event", "game": "yugioh", "date": "2026-12-24"},
    },
    "api-event-detail": {
        "GET": PUBLIC,
        "PATCH": MANAGERS,
        "data": lambda w: {"venue": "Hall B"},
    },
    "api-event-pair-next": {"GET": "L-------", "POST": MANAGERS},
    "api-event-registrations": {
        "GET": PUBLIC,
        # someone else by username: staff only (a player registering themselves is the plain POST)
        "POST": "LDDADADA",
        "data": lambda w: {"username": w.users["walkin"].username},
    },
    "api-event-rounds": {"GET": PUBLIC, "POST": "L-------"},
    "api_my_player_ids": {"GET": LOGGED_IN, "POST": "L-------"},
    "api-event-staff": {
        "GET": "L-------",
        "POST": MANAGERS,
        "data": lambda w: {"username": w.users["other_player"].username, "role": "judge"},
    },
    "api-event-changes": {"GET": STAFF, "POST": "L-------"},
    "api-event-penalties": {"GET": STAFF, "POST": STAFF, "data": lambda w: _penalty(w), "json": True},
    "api-event-penalty-approve": {"GET": "L-------", "POST": MANAGERS},
    "api-event-standings": {"GET": PUBLIC, "POST": "L-------"},
    "api-event-status": {"GET": "L-------", "POST": MANAGERS, "data": lambda w: {"status": "finished"}},
    "api-event-top-cut": {"GET": PUBLIC, "POST": MANAGERS},
    "api-registration-detail": {"GET": PUBLIC, "POST": "L-------"},
    "api-registration-change-settings": {
        "GET": "L-------",
        "POST": STAFF,
        "data": lambda w: {"awarded_byes": 1},
    },
    "api-registration-check-in": {"GET": "L-------", "POST": "LADADADA"},
    "api-registration-drop": {"GET": "L-------", "POST": "LADADADA"},
    "api-registration-no-show": {"GET": "L-------", "POST": STAFF},
    "api-round-detail": {"GET": PUBLIC, "POST": "L-------"},
    "api-round-explain": {"GET": PUBLIC, "POST": "L-------"},
    "api-round-pairings": {"GET": PUBLIC, "POST": "L-------"},
    "api-round-repair": {"GET": "L-------", "POST": MANAGERS},
    "api-round-reopen": {"GET": "L-------", "POST": MANAGERS},
    "api-round-swap": {
        "GET": "L-------",
        "POST": MANAGERS,
        "data": lambda w: {"first": w.registration.pk, "second": w.other_match.player_a_id, "reason": "Seat"},
    },
    "api-round-results": {
        "GET": "L-------",
        "POST": STAFF,
        "data": lambda w: {"results": [{"match": w.match.pk, "games_a": 2, "games_b": 0}]},
    },
    "api-match-detail": {"GET": PUBLIC, "POST": "L-------"},
    # players report only their own matches; staff enter results instead
    "api-match-report": {"GET": "L-------", "POST": "LADDDDDD", "data": lambda w: _result(w)},
    # the version the player saw is required (400 without it): sent, so that a refusal is not hidden
    "api-match-confirm": {
        "GET": "L-------",
        "POST": "LADDDDDD",
        "data": lambda w: {"version": w.match.version},
    },
    # the reporter withdraws their report (the world's match is not reported: 409 for its players)
    "api-match-withdraw": {
        "GET": "L-------",
        "POST": "LADDDDDD",
        "data": lambda w: {"version": w.match.version},
    },
    "api-match-enter": {"GET": "L-------", "POST": STAFF, "data": lambda w: _result(w)},
    "api-match-correct": {"GET": "L-------", "POST": STAFF, "data": lambda w: _result(w, reason="slip")},
    "api-match-history": {"GET": PUBLIC, "POST": "L-------"},
    # --- rulings pages -------------------------------------------------------------------------------------
    "rulings:tablet": {"GET": PUBLIC, "POST": NONE},
    "rulings:tablet_op": {"GET": NONE, "POST": PUBLIC},
    "rulings:card_search": {"GET": PUBLIC, "POST": NONE},
    "rulings:catalogue": {"GET": PUBLIC, "POST": NONE},
    "rulings:rule": {"GET": PUBLIC, "POST": NONE},
    # a saved ruling's link is its permission (docs/rulings.md); reviewing is for the event's organizers
    "rulings:ruling_detail": {"GET": PUBLIC, "POST": NONE},
    "rulings:ruling_download": {"GET": PUBLIC, "POST": NONE},
    "rulings:ruling_review": {"GET": NONE, "POST": "DDDDDADA", "data": lambda w: {"reviewed": "on"}},
    "rulings:event_log": {"GET": STAFF, "POST": NONE},
    # penalties from the judge-call log: judges record; the head judge or an organizer approves a DQ
    "rulings:event_penalty_new": {"GET": "L-------", "POST": STAFF, "data": lambda w: _penalty(w)},
    "rulings:event_penalty_approve": {"GET": "L-------", "POST": MANAGERS},
    # --- decks pages ---------------------------------------------------------------------------------------
    "decks:card_search": {"GET": PUBLIC, "POST": NONE},
    "decks:card_autocomplete": {"GET": PUBLIC, "POST": NONE},
    # the card pool is shared by every event: admins only (decks.permissions.can_manage_card_pool)
    "decks:card_imports": {"GET": "LDDDDDDA", "POST": "LDDDDDDA"},
    "decks:card_import": {"GET": "LDDDDDDA", "POST": "LDDDDDDA", "data": lambda w: {"action": "discard_all"}},
    # one's own deck page for the event: its players only (staff use the event's lists); someone not
    # registered is sent to the event's page, to register there
    "decks:my_deck": {
        "GET": "LAADDDDD",
        "POST": "LAADDDDD",
        "refused_to": lambda w: f"/events/{w.event.pk}/",
    },  # fmt: skip
    "decks:event_lists": {"GET": "DDDADADA", "POST": "DDDADADA"},
    "decks:event_settings": {"GET": "L-------", "POST": MANAGERS},
    "decks:checks_pick": {"GET": "L-------", "POST": STAFF},
    # deck lists are private to their player and the event's staff until published
    "decks:deck_list": {"GET": "DADADADA", "POST": "DADADADA"},
    "decks:deck_list_pdf": {"GET": "DADADADA", "POST": "DADADADA"},
    "decks:deck_list_export": {"GET": "DADADADA", "POST": "DADADADA"},
    "decks:deck_list_unlock": {"GET": "L-------", "POST": STAFF, "data": lambda w: {"note": "typo"}},
    "decks:deck_check": {"GET": STAFF, "POST": STAFF},
    # --- tournaments pages ---------------------------------------------------------------------------------
    "tournaments:event_list": {"GET": PUBLIC, "POST": PUBLIC},
    "tournaments:my_events": {"GET": LOGGED_IN, "POST": LOGGED_IN},
    # one's own IDs only: the view never takes a user from the request
    "tournaments:my_player_ids": {"GET": LOGGED_IN, "POST": LOGGED_IN},
    "tournaments:console": {"GET": LOGGED_IN, "POST": LOGGED_IN},
    "tournaments:event_create": {"GET": "LDDDDAAA", "POST": "LDDDDAAA", "refused_to": "/events/"},
    "tournaments:event_detail": {"GET": PUBLIC, "POST": PUBLIC},
    "tournaments:event_status": {"GET": NONE, "POST": MANAGERS, "data": lambda w: {"status": "finished"}},
    "tournaments:register": {"GET": NONE, "POST": LOGGED_IN},
    "tournaments:add_person": {
        "GET": NONE,
        "POST": MANAGERS,
        "data": lambda w: {"username": w.users["other_player"].username, "as": "judge"},
    },
    "tournaments:registration_action": {"GET": NONE, "POST": "LADADADA"},
    "tournaments:pair_next": {"GET": NONE, "POST": MANAGERS},
    "tournaments:pairing_status": {"GET": MANAGERS, "POST": MANAGERS},
    "tournaments:round_detail": {"GET": PUBLIC, "POST": PUBLIC},
    "tournaments:round_repair": {"GET": NONE, "POST": MANAGERS},
    "tournaments:match_result": {
        "GET": NONE,
        # action=report: only the two players of the match
        "POST": "LADDDDDD",
        "data": lambda w: {**_result(w), "action": "report", "kind": "normal"},
    },
    "tournaments:standings": {"GET": PUBLIC, "POST": PUBLIC},
    "tournaments:top_cut": {"GET": PUBLIC, "POST": "LDDDDADA"},
    # --- tournament day: console, player phone, wall, printouts, exports --------------------------------
    "tournaments:day_home": {"GET": LOGGED_IN, "POST": "L-------"},
    "tournaments:console_event_new": {"GET": "L-------", "POST": "LDDDDAAA"},
    "tournaments:console_event_import": {"GET": "L-------", "POST": "LDDDDAAA"},
    "tournaments:console_event": {"GET": STAFF, "POST": "L-------"},
    "tournaments:console_registrations": {"GET": STAFF, "POST": "L-------"},
    "tournaments:console_registration_add": {"GET": "L-------", "POST": STAFF},
    "tournaments:console_registration_action": {"GET": "L-------", "POST": STAFF},
    "tournaments:console_status": {"GET": "L-------", "POST": MANAGERS},
    "tournaments:console_pair": {"GET": "L-------", "POST": MANAGERS},
    "tournaments:console_topcut": {"GET": "L-------", "POST": MANAGERS},
    "tournaments:console_repair": {"GET": "L-------", "POST": MANAGERS},
    "tournaments:console_match": {"GET": STAFF, "POST": STAFF},
    "tournaments:console_match_result": {"GET": "L-------", "POST": STAFF},
    "tournaments:console_timer": {"GET": STAFF, "POST": STAFF},
    "tournaments:console_exports": {"GET": STAFF, "POST": "L-------"},
    # the check-in desk: the event's staff; a QR code's scan URL tells anyone else it is for the staff
    "tournaments:desk": {"GET": STAFF, "POST": "L-------"},
    "tournaments:desk_results": {"GET": STAFF, "POST": "L-------"},
    "tournaments:desk_action": {"GET": "L-------", "POST": STAFF},
    "tournaments:desk_scan": {"GET": STAFF, "POST": STAFF},
    # editing an event and its last round (views_edit): the staff see, the organizers change
    "tournaments:console_event_edit": {"GET": STAFF, "POST": MANAGERS, "data": lambda w: {"venue": "Hall C"}},
    "tournaments:console_round": {"GET": STAFF, "POST": "L-------"},
    "tournaments:console_round_swap": {
        "GET": "L-------",
        "POST": MANAGERS,
        "data": lambda w: {"first": w.registration.pk, "second": w.other_match.player_a_id, "reason": "Seat"},
    },
    "tournaments:console_round_reopen": {"GET": MANAGERS, "POST": MANAGERS},
    "tournaments:console_round_repair": {"GET": MANAGERS, "POST": MANAGERS},
    # event exports/imports run by a task: started by the event's staff, seen only by whoever started them
    "tournaments:console_export_start": {"GET": "L-------", "POST": STAFF},
    "tournaments:console_transfer": {"GET": "LDDDDADA", "POST": "L-------"},
    "tournaments:console_transfer_download": {"GET": "LDDDDADA", "POST": "L-------"},
    "tournaments:player_event": {"GET": LOGGED_IN, "POST": "L-------"},
    "tournaments:player_live": {"GET": LOGGED_IN, "POST": "L-------"},
    # over WSGI a 404 for everyone; over ASGI tournaments/streams.py answers by the signed token alone
    # (tests/tournaments/day/test_live_streams.py)
    "tournaments:player_stream": {"GET": "DDDDDDDD", "POST": NONE},
    "tournaments:player_register": {"GET": "L-------", "POST": LOGGED_IN},
    "tournaments:player_check_in": {"GET": "L-------", "POST": LOGGED_IN},
    "tournaments:player_report": {"GET": "L-------", "POST": LOGGED_IN},
    "tournaments:player_confirm": {"GET": "L-------", "POST": LOGGED_IN},
    "tournaments:player_withdraw": {"GET": "L-------", "POST": LOGGED_IN},
    "tournaments:player_dispute": {"GET": "L-------", "POST": LOGGED_IN},
    "tournaments:player_drop": {"GET": "L-------", "POST": LOGGED_IN},
    "tournaments:wall_pairings": {"GET": PUBLIC, "POST": NONE},
    "tournaments:wall_standings": {"GET": PUBLIC, "POST": NONE},
    "tournaments:wall_bracket": {"GET": PUBLIC, "POST": NONE},
    "tournaments:wall_clock": {"GET": PUBLIC, "POST": NONE},
    # lists only once published (tested in test_decklists_private)
    "tournaments:wall_decklists": {"GET": PUBLIC, "POST": NONE},
    "tournaments:print_pdf": {"GET": "DDDADADA", "POST": NONE},
    "tournaments:export_event_json": {"GET": "DDDADADA", "POST": NONE},
    "tournaments:export_table": {"GET": "DDDADADA", "POST": NONE},
}

# The admin site: one rule for all its URLs (staff users only; others are sent to the admin's log-in page).
ADMIN_PREFIX = "admin:"
ADMIN_GET = "LLLLLLLA"
