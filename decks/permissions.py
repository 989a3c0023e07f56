"""Who may change the shared card pool: one rule, used by the import pages, their link and the services."""

from __future__ import annotations

from typing import Any

CARD_POOL_PERMISSIONS = ("decks.add_card", "decks.change_card")


def can_manage_card_pool(user: Any) -> bool:
    """A superuser, or a staff user holding both ``decks.add_card`` and ``decks.change_card``.

    The pool is shared by every event of the site: an organizer's role (which anyone may pick at sign-up)
    gives no right over it. Management commands run by whoever has a shell on the server, who is an admin.
    """
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return bool(user.is_staff and user.has_perms(CARD_POOL_PERMISSIONS))
