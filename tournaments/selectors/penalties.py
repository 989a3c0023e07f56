"""Penalties of an event as pages, exports and the API read them: the game's guide in the page's language,
and each player's history."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import get_language

from rulings.engine.i18n import label, language_of
from rulings.engine.registry import get_plugin
from tournaments.models import Event, Match, Penalty, PenaltyKind, Registration


@dataclass(frozen=True)
class PenaltyGuideView:
    infractions: list[tuple[str, str]]  # (key, label in the page's language)
    penalties: list[tuple[str, str]]


def penalty_guide(*, game: str) -> PenaltyGuideView:
    """The game's infractions and allowed penalties (its plug-in's ``penalties``), labelled."""
    guide = get_plugin(game).penalties
    language = language_of(get_language())
    kinds = dict(PenaltyKind.choices)
    return PenaltyGuideView(
        infractions=[(key, label("penalty", text, language)) for key, text in guide.infractions.items()],
        penalties=[(key, str(kinds[key])) for key in guide.penalties],
    )


def infraction_label(*, game: str, infraction: str) -> str:
    """An infraction's label in the page's language ("" for none; the key when the game has no such)."""
    if not infraction:
        return ""
    text = get_plugin(game).penalties.infractions.get(infraction)
    return infraction if text is None else label("penalty", text, language_of(get_language()))


def event_penalties(*, event: Event) -> list[Penalty]:
    """Every penalty of the event, oldest first, with what a page shows (a constant number of queries)."""
    return list(
        Penalty.objects.filter(event=event)
        .select_related("registration__player", "issued_by", "approved_by", "match__round")
        .order_by("issued_at", "id")
    )


def penalty_history(*, event: Event) -> dict[int, list[Penalty]]:
    """Registration id → that player's penalties at the event, oldest first."""
    history: dict[int, list[Penalty]] = defaultdict(list)
    for penalty in event_penalties(event=event):
        history[penalty.registration_id].append(penalty)
    return dict(history)


def registration_match_in_round(*, registration: Registration, number: int) -> Match | None:
    """The player's match (or bye) in round ``number`` of their event, or None."""
    return (
        Match.objects.filter(round__event_id=registration.event_id, round__number=number)
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .select_related("round")
        .first()
    )
