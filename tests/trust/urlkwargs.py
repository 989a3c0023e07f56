"""How to build each URL parameter from the fixture world (by parameter name, overridable per URL)."""

from __future__ import annotations

from tests.trust.world import World
from tournaments.models import Round


def _card_import_pk(w: World) -> int:
    from decks.models import CardImport

    job, _created = CardImport.objects.get_or_create(
        filename="matrix.csv", defaults={"game": "arrows", "status": CardImport.Status.DONE}
    )
    return job.pk


def _pending_disqualification(w: World) -> int:
    from tournaments.models import Penalty, PenaltyKind

    penalty, _created = Penalty.objects.get_or_create(
        event=w.event, registration=w.registration, kind=PenaltyKind.DISQUALIFICATION,
        defaults={"infraction": "cheating", "reason": "Matrix"},
    )  # fmt: skip
    return penalty.pk


def _round_pk(w: World) -> int:
    # looked up each time: re-pairing a round replaces it
    return Round.objects.get(event=w.event, number=1).pk


PARAMS = {
    "pk": lambda w: w.event.pk,
    "event_id": lambda w: w.event.pk,
    "registration_id": lambda w: w.registration.pk,
    "match_id": lambda w: w.match.pk,
    "number": lambda w: w.round.number,
    "slug": lambda w: w.ruling.slug,
    "task_id": lambda w: w.extra["task_id"],
    "uidb64": lambda w: "MQ",
    "token": lambda w: "set-password",
    "game": lambda w: "yugioh",
    "rule_id": lambda w: w.extra["rule_id"],
    "kind": lambda w: "pairings-table",
    "what": lambda w: "results",
    "fmt": lambda w: "csv",
    "action": lambda w: "drop",
    "transfer_id": lambda w: w.extra["transfer_id"],
    "penalty_id": _pending_disqualification,
}

# URL-specific values where the parameter means something else than above.
OVERRIDES = {
    "api-registration-detail": {"pk": lambda w: w.registration.pk},
    "api-registration-change-settings": {"pk": lambda w: w.registration.pk},
    "api-registration-check-in": {"pk": lambda w: w.registration.pk},
    "api-registration-drop": {"pk": lambda w: w.registration.pk},
    "api-registration-no-show": {"pk": lambda w: w.registration.pk},
    "api-round-detail": {"pk": _round_pk},
    "api-round-explain": {"pk": _round_pk},
    "api-round-pairings": {"pk": _round_pk},
    "api-round-repair": {"pk": _round_pk},
    "api-round-reopen": {"pk": _round_pk},
    "api-round-swap": {"pk": _round_pk},
    "api-round-results": {"pk": _round_pk},
    "api-match-detail": {"pk": lambda w: w.match.pk},
    "api-match-confirm": {"pk": lambda w: w.match.pk},
    "api-match-correct": {"pk": lambda w: w.match.pk},
    "api-match-enter": {"pk": lambda w: w.match.pk},
    "api-match-history": {"pk": lambda w: w.match.pk},
    "api-match-report": {"pk": lambda w: w.match.pk},
    "api-match-withdraw": {"pk": lambda w: w.match.pk},
    "api_decklist_detail": {"pk": lambda w: w.deck_list.pk},
    "api_decklist_export": {"pk": lambda w: w.deck_list.pk},
    "api_decklist_unlock": {"pk": lambda w: w.deck_list.pk},
    "decks:deck_list": {"pk": lambda w: w.deck_list.pk},
    "decks:deck_list_pdf": {"pk": lambda w: w.deck_list.pk},
    "decks:deck_list_export": {"pk": lambda w: w.deck_list.pk, "fmt": lambda w: "ydk"},
    "decks:deck_list_unlock": {"pk": lambda w: w.deck_list.pk},
    "decks:deck_check": {"pk": lambda w: w.deck_check.pk},
    "decks:card_import": {"pk": _card_import_pk},
    "tournaments:console_registration_action": {"action": lambda w: "drop"},
    "tournaments:desk_action": {"action": lambda w: "check-in"},
    "tournaments:desk_scan": {"token": lambda w: w.registration.checkin_token},
}


def url_kwargs(name: str, params: list[str], world: World) -> dict:
    builders = {**PARAMS, **OVERRIDES.get(name, {})}
    return {p: builders[p](world) for p in params}
