"""Who may see a draft event: its staff only (organizers, judges, scorekeepers of the event, superusers).

Everyone else gets a 404 for every route that points into a draft — the event's pages, the wall, the phone
pages, its registrations, rounds, matches, deck lists, deck checks, transfers, printouts and exports — the
same answer as for an event that does not exist, so a draft's existence is not told either.

`draft_event_in(view_name, kwargs)` finds the draft (if any) a URL points into; `DraftGateMiddleware`
(tournaments/middleware.py) asks it for every page, the API views ask `event_hidden` themselves (their
user is known only once DRF has authenticated the request: a token, not a session).
"""

from __future__ import annotations

from collections.abc import Mapping

from tournaments.models import Event, EventStatus
from tournaments.permissions import staff_role


def event_hidden(*, event: Event, user) -> bool:
    """True when `event` is a draft and `user` is not on its staff."""
    return event.status == EventStatus.DRAFT and staff_role(user=user, event=event) is None


def _draft(model_path: str, event_path: str):
    """A lookup: the id of the draft event the object `pk` belongs to, or None (not a draft, no object)."""

    def lookup(pk: int) -> int | None:
        from django.apps import apps

        model = apps.get_model(model_path)
        return (
            model.objects.filter(pk=pk, **{f"{event_path}__status": EventStatus.DRAFT})
            .values_list(event_path, flat=True)
            .first()
        )

    return lookup


_REGISTRATION = _draft("tournaments.Registration", "event")
_ROUND = _draft("tournaments.Round", "event")
_MATCH = _draft("tournaments.Match", "round__event")
_DECK_LIST = _draft("decks.DeckList", "registration__event")
_DECK_CHECK = _draft("decks.DeckCheck", "deck_list__registration__event")
_TRANSFER = _draft("tournaments.EventTransfer", "event")


def _event(pk: int) -> int | None:
    status = Event.objects.filter(pk=pk).values_list("status", flat=True).first()
    return pk if status == EventStatus.DRAFT else None


# URL parameters that name something of an event, whatever the URL.
BY_PARAM = {
    "event_id": _event,
    "registration_id": _REGISTRATION,
    "match_id": _MATCH,
    "transfer_id": _TRANSFER,
}
# What `pk` names, by URL name (or namespace, ending in ":"). A URL whose `pk` is not listed here is not
# gated by the middleware: tests/trust/test_drafts.py walks every URL pattern and catches it.
BY_PK = {
    "tournaments:": _event,
    "decks:deck_list": _DECK_LIST,
    "decks:deck_list_pdf": _DECK_LIST,
    "decks:deck_list_export": _DECK_LIST,
    "decks:deck_list_unlock": _DECK_LIST,
    "decks:deck_check": _DECK_CHECK,
    "api-event-": _event,
    "api-registration-": _REGISTRATION,
    "api-round-": _ROUND,
    "api-match-": _MATCH,
    "api_decklist_": _DECK_LIST,
}


def _pk_lookup(view_name: str):
    if view_name in BY_PK:
        return BY_PK[view_name]
    for prefix, lookup in BY_PK.items():
        if prefix.endswith((":", "-", "_")) and view_name.startswith(prefix):
            return lookup
    return None


def draft_event_in(*, view_name: str, kwargs: Mapping[str, object]) -> int | None:
    """The id of the draft event the URL (by its name and parameters) points into, if any."""
    lookups = [(BY_PARAM[name], value) for name, value in kwargs.items() if name in BY_PARAM]
    if "pk" in kwargs:
        lookup = _pk_lookup(view_name)
        if lookup is not None:
            lookups.append((lookup, kwargs["pk"]))
    for lookup, value in lookups:
        if not isinstance(value, int):
            continue
        found = lookup(value)
        if found is not None:
            return found
    return None


def draft_hidden_from(*, view_name: str, kwargs: Mapping[str, object], user) -> bool:
    """True when the URL points into a draft event that `user` is not on the staff of."""
    event_id = draft_event_in(view_name=view_name, kwargs=kwargs)
    if event_id is None:
        return False
    event = Event.objects.only("pk", "status", "organizer_id").get(pk=event_id)
    return event_hidden(event=event, user=user)
