"""Player IDs per game (the publisher's: KONAMI ID, Bushiroad ID), one per person and game: the game's
plug-in names the ID and its format (``rulings.engine.plugin.PlayerIdSpec``; docs/tournaments.md)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulings.engine.i18n import label, language_of
from rulings.engine.registry import get_plugin
from tournaments.models import PlayerGameId
from tournaments.services.errors import NotAllowed, TournamentError


def player_id_clean(*, game: str, value: str | None) -> str:
    """The ID as stored (spaces removed), or "" for none; a value not in the game's format, or an ID for a
    game that has none, is refused naming the field, the ID and its format."""
    text = "".join((value or "").split())
    if not text:
        return ""
    spec = get_plugin(game).player_id
    if spec is None:
        raise TournamentError(_("This game has no player ID."), field="player_id")
    if not spec.check(text):
        raise TournamentError(
            _("%(id)s: expected %(format)s, for example %(example)s.")
            % {
                "id": spec.label,
                "format": label("player-id", spec.format, language_of(get_language())),
                "example": spec.example,
            },
            field="player_id",
            code="invalid_player_id",
        )
    return text


def player_game_id_set(*, user, game: str, value: str | None, by) -> PlayerGameId | None:
    """Set (or, empty, remove) a person's own ID for a game (staff enter one at registration:
    ``registration_create(player_id=…)``)."""
    if by is None or (by.pk != user.pk and not by.is_superuser):
        raise NotAllowed(_("You can only change your own player ID."))
    text = player_id_clean(game=game, value=value)
    with transaction.atomic():
        if not text:
            PlayerGameId.objects.filter(user=user, game=game).delete()
            return None
        row, _created = PlayerGameId.objects.update_or_create(user=user, game=game, defaults={"value": text})
    return row


def player_game_id_store(*, user, game: str, value: str) -> None:
    """Store an already-checked ID (registration_create, the event import): no permission check here."""
    if value:
        PlayerGameId.objects.update_or_create(user=user, game=game, defaults={"value": value})
