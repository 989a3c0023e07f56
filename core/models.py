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
    # A player record created by an event import: no password, cannot log in, attached to no real account.
    # Its owner may claim it later; until then nothing done in its name is anyone's action.
    is_placeholder = models.BooleanField(_("imported placeholder"), default=False)

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


class RoleChange(models.Model):
    """Audit of every change of a person's site-wide role: who changed it, when, and why."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="role_changes")
    old_role = models.CharField(_("old role"), max_length=16, choices=Role.choices)
    new_role = models.CharField(_("new role"), max_length=16, choices=Role.choices)
    # None when the change was made by a script (a management command or a data migration).
    changed_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="role_changes_made"
    )
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    request = models.ForeignKey(
        "RoleRequest", on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    changed_at = models.DateTimeField(_("changed at"), auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-id"]
        verbose_name = _("role change")
        verbose_name_plural = _("role changes")

    def __str__(self) -> str:
        return f"{self.user}: {self.old_role} → {self.new_role}"


class RoleRequestStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    APPROVED = "approved", _("Approved")
    REFUSED = "refused", _("Refused")
    WITHDRAWN = "withdrawn", _("Withdrawn")


class RoleRequest(models.Model):
    """A person asks to become an organizer or a judge ("I organize events at …"); an admin decides."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="role_requests")
    role = models.CharField(_("role asked for"), max_length=16, choices=Role.choices)
    motivation = models.TextField(_("why"), max_length=2000)
    status = models.CharField(
        _("status"), max_length=16, choices=RoleRequestStatus.choices, default=RoleRequestStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="role_requests_decided"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_note = models.CharField(_("note to the person"), max_length=500, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # one open request at a time per person (a second tap of "send" cannot queue two)
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="pending"),
                name="rolerequest_one_pending_per_user",
            )
        ]
        verbose_name = _("role request")
        verbose_name_plural = _("role requests")

    def __str__(self) -> str:
        return f"{self.user} asks {self.role} ({self.status})"
