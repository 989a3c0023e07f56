"""The decks app's warnings before a round is paired (registered in DecksConfig.ready() into
tournaments.extensions): players without a deck list, and players whose latest deck list is not legal."""

from __future__ import annotations

from django.utils.translation import gettext as _

from decks.models import DeckListVersion
from tournaments.extensions import PairingWarning
from tournaments.selectors.pairing_warnings import warned_player


def deck_list_warnings(*, event, registrations) -> list[PairingWarning]:
    """One query: the latest version's legality of each deck list of the event."""
    legal: dict[int, bool] = {}
    rows = (
        DeckListVersion.objects.filter(deck_list__registration__event=event)
        .order_by("deck_list__registration_id", "-number")
        .values_list("deck_list__registration_id", "legal")
    )
    for registration_id, is_legal in rows:
        legal.setdefault(registration_id, is_legal)
    missing = [warned_player(r) for r in registrations if r.pk not in legal]
    illegal = [warned_player(r) for r in registrations if legal.get(r.pk) is False]
    warnings = []
    if missing:
        warnings.append(PairingWarning("missing_deck_list", _("No deck list submitted."), missing))
    if illegal:
        warnings.append(PairingWarning("illegal_deck_list", _("Deck list not legal."), illegal))
    return warnings
