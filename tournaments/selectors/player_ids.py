"""Player IDs as pages and exports read them (one query for a whole event)."""

from __future__ import annotations

from rulings.engine.registry import get_plugin
from tournaments.models import Event, PlayerGameId, Registration


def player_id_label(*, game: str) -> str:
    """The name of the game's player ID ("KONAMI ID"), or "" when the game has none."""
    spec = get_plugin(game).player_id
    return "" if spec is None else spec.label


def player_id_field(*, game: str, user) -> dict:
    """The game's player ID on a registration form (the event page's and the phone page's): its spec (name,
    format, example) and the value the person already gave for the game."""
    spec = get_plugin(game).player_id
    if spec is None:
        return {"id_spec": None}
    stored = (
        PlayerGameId.objects.filter(user=user, game=game).values_list("value", flat=True).first()
        if user.is_authenticated
        else None
    )
    return {"id_spec": spec, "id_value": stored or ""}


def event_player_ids(*, event: Event) -> dict[int, str]:
    """Registration id → the player's ID for the event's game (players without one are left out)."""
    if get_plugin(event.game).player_id is None:
        return {}
    users = Registration.objects.filter(event=event).values_list("pk", "player_id")
    ids = dict(
        PlayerGameId.objects.filter(game=event.game, user__registrations__event=event).values_list(
            "user_id", "value"
        )
    )
    return {pk: ids[user] for pk, user in users if user in ids}
