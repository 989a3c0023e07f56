"""Demo data for `make run`: people of every role. Other apps add their own part (see load_demo)."""

from __future__ import annotations

from dataclasses import dataclass

from .models import Role, RoleChange, User

DEMO_PASSWORD = "tableside-demo"  # noqa: S105 - printed on purpose: demo accounts only


@dataclass(frozen=True)
class DemoLogin:
    username: str
    role: str
    description: str


DEMO_PLAYER_NAMES = [
    "Alice Martin", "Bruno Petit", "Chloé Durand", "David Leroy", "Émilie Moreau", "Farid Simon",
    "Gaëlle Laurent", "Hugo Michel", "Inès Garcia", "Jonas Bernard", "Karim Roux", "Léa Fournier",
]  # fmt: skip

DEMO_PEOPLE = [
    ("orga", Role.ORGANIZER, "Organizer of the demo event", "Odile Organise"),
    ("judge", Role.JUDGE, "Head judge of the demo event", "Jules Juge"),
    *[
        (f"player{n}", Role.PLAYER, "Registered player", name)
        for n, name in enumerate(DEMO_PLAYER_NAMES, start=1)
    ],
]


def load_people() -> list[DemoLogin]:
    logins = []
    for username, role, description, display_name in DEMO_PEOPLE:
        user, created = User.objects.get_or_create(
            username=username,
            defaults={
                "role": role,
                "display_name": display_name,
                "email": f"{username}@demo.tableside.local",
            },
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
            _audit_demo_role(user)
        logins.append(DemoLogin(username, role, description))
    admin, created = User.objects.get_or_create(
        username="admin", defaults={"is_superuser": True, "is_staff": True, "role": Role.ORGANIZER}
    )
    if created:
        admin.set_password(DEMO_PASSWORD)
        admin.save(update_fields=["password"])
        _audit_demo_role(admin)
    logins.append(DemoLogin("admin", "admin", "Site administrator (/admin/)"))
    return logins


def _audit_demo_role(user: User) -> None:
    """Demo people are created with their role by this script (not through core.services.roles, which needs
    an administrator): the audit log still says where a non-player role came from."""
    if user.role != Role.PLAYER:
        RoleChange.objects.create(
            user=user, old_role=Role.PLAYER, new_role=user.role, changed_by=None, reason="demo data"
        )
