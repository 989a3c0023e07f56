"""Player IDs as pages and exports read them (one query for a whole event)."""

from __future__ import annotations

from rulings.engine.registry import get_plugin, plugins
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


def registration_player_id(*, registration: Registration) -> str | None:
    """The registered player's ID for the event's game, or None."""
    return (
        PlayerGameId.objects.filter(user_id=registration.player_id, game=registration.event.game)
        .values_list("value", flat=True)
        .first()
    )


def player_ids_of(*, user) -> list[dict]:
    """One row per game that has a player ID (in the registry's order): the game, the ID's name, format
    example and the person's value ("" when none)."""
    values = dict(PlayerGameId.objects.filter(user=user).values_list("game", "value"))
    return [
        {
            "game": plugin.key,
            "label": plugin.player_id.label,
            "example": plugin.player_id.example,
            "value": values.get(plugin.key, ""),
        }
        for plugin in plugins()
        if plugin.player_id is not None
    ]
