from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    """A person's main role on the site; it chooses their home page and navigation.

    Being a judge or organizer *of an event* is granted per event (tournaments.EventStaff);
    this field only says what the person mostly does.
    """

    PLAYER = "player", _("Player")
    JUDGE = "judge", _("Judge")
    ORGANIZER = "organizer", _("Organizer")


class User(AbstractUser):
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.PLAYER)
    display_name = models.CharField(_("display name"), max_length=80, blank=True)

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")

    def __str__(self) -> str:
        return self.display_name or self.get_full_name() or self.username

    @property
    def is_organizer(self) -> bool:
        return self.role == Role.ORGANIZER or self.is_superuser

    @property
    def is_judge(self) -> bool:
        return self.role == Role.JUDGE
