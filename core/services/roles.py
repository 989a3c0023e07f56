"""Site roles: the one door for every write of `User.role`.

A site role (player, judge, organizer) is granted, never chosen: everyone signs up as a player; an
administrator (a superuser, or a staff user with the `core.change_user` permission) changes a person's role,
directly or by approving their request. Every change writes a `RoleChange` (who, when, why) in the same
transaction. Asking again for the role one already has, or setting a person's role to the one they have, is
refused as "unchanged" (nothing is written): the audit log holds real changes only.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.models import Role, RoleChange, RoleRequest, RoleRequestStatus, User
from core.services.errors import Conflict, CoreError, NotAllowed

# The roles a person may ask for (a player is what everyone is already).
ASKABLE_ROLES = (Role.ORGANIZER, Role.JUDGE)
MOTIVATION_MAX_LENGTH = 500  # it becomes the RoleChange's reason when approved (500 characters there)
NOTE_MAX_LENGTH = 500
REASON_MAX_LENGTH = 500


def can_manage_roles(user) -> bool:
    """A site administrator: an active superuser, or an active staff user with `core.change_user`."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or (user.is_staff and user.has_perm("core.change_user"))


def require_role_admin(*, user) -> None:
    if not can_manage_roles(user):
        raise NotAllowed(_("Only a site administrator can grant roles or decide role requests."))


def _role_label(role: str) -> str:
    return str(Role(role).label)


def _text(value, *, field: str, max_length: int, required: bool, missing: str) -> str:
    text = str(value or "").strip()
    if required and not text:
        raise CoreError(missing, field=field, code="required")
    if len(text) > max_length:
        raise CoreError(
            _("At most %(max)d characters (this one has %(length)d).")
            % {"max": max_length, "length": len(text)},
            field=field,
            code="too_long",
        )
    return text


def role_change_check(*, user: User, role: str) -> None:
    """Whether `user` may be given `role` (not who asks): known role, a real account, a change."""
    if role not in Role.values:
        raise CoreError(
            _("Unknown role “%(role)s”; allowed: %(allowed)s.")
            % {"role": role, "allowed": ", ".join(Role.values)},
            field="role",
        )
    if user.is_placeholder:
        raise CoreError(
            _("%(name)s is an imported player record, not an account: it cannot be given a role.")
            % {"name": user},
            field="user",
            code="placeholder",
        )
    if role != Role.PLAYER and not user.is_active:
        raise CoreError(
            _("%(name)s's account is deactivated: it cannot be given a role.") % {"name": user},
            field="user",
            code="inactive",
        )
    if user.role == role:
        raise CoreError(
            _("%(name)s is already %(role)s: nothing to change.") % {"name": user, "role": _role_label(role)},
            field="role",
            code="unchanged",
        )


def user_set_role(*, user: User, role: str, by: User | None, reason: str, request: RoleRequest | None = None):
    """Give `user` the site role `role`; only an administrator may (`by`). Audited in `RoleChange`.

    A pending request of the person for this very role is answered by the grant (approved, linked to it).
    """
    require_role_admin(user=by)
    reason = _text(
        reason,
        field="reason",
        max_length=REASON_MAX_LENGTH,
        required=True,
        missing=_("Say why the role changes (it is kept in the audit log)."),
    )
    with transaction.atomic():
        person = User.objects.select_for_update().get(pk=user.pk)
        role_change_check(user=person, role=role)
        old_role = person.role
        person.role = role
        person.save(update_fields=["role"])
        change = RoleChange.objects.create(
            user=person, old_role=old_role, new_role=role, changed_by=by, reason=reason, request=request
        )
        if request is None:
            pending = (
                RoleRequest.objects.select_for_update()
                .filter(user=person, status=RoleRequestStatus.PENDING, role=role)
                .first()
            )
            if pending is not None:
                _decide(
                    pending, by=by, status=RoleRequestStatus.APPROVED, note=_("Granted by an administrator.")
                )
                change.request = pending
                change.save(update_fields=["request"])
    user.role = role
    return change


def role_request_submit(*, user: User, role: str, motivation: str) -> RoleRequest:
    """A person asks to become an organizer or a judge; an administrator decides. One waiting at a time."""
    if role not in ASKABLE_ROLES:
        raise CoreError(
            _("You can ask to become an organizer or a judge (not “%(role)s”).") % {"role": role},
            field="role",
        )
    motivation = _text(
        motivation,
        field="motivation",
        max_length=MOTIVATION_MAX_LENGTH,
        required=True,
        missing=_("Say who you are and where you organize or judge: an administrator reads it."),
    )
    if user is None or not user.is_authenticated:
        raise NotAllowed(_("Log in to ask for a role."))
    with transaction.atomic():
        person = User.objects.select_for_update().get(pk=user.pk)
        if person.is_placeholder or not person.is_active:
            raise NotAllowed(_("This account cannot ask for a role."))
        if person.is_organizer:
            if role == Role.ORGANIZER:
                raise CoreError(_("You are already an organizer."), field="role", code="unchanged")
            raise CoreError(
                _("As an organizer you already have the judge's pages."), field="role", code="unchanged"
            )
        if person.role == role:
            raise CoreError(
                _("You are already %(role)s.") % {"role": _role_label(role)}, field="role", code="unchanged"
            )
        waiting = RoleRequest.objects.filter(user=person, status=RoleRequestStatus.PENDING).first()
        if waiting is not None:
            raise _already_waiting(waiting)
        try:
            with transaction.atomic():
                return RoleRequest.objects.create(user=person, role=role, motivation=motivation)
        except IntegrityError:
            # a second tap of "send" that raced the first one (the database keeps one pending per person)
            waiting = RoleRequest.objects.filter(user=person, status=RoleRequestStatus.PENDING).first()
            raise _already_waiting(waiting) from None


def _already_waiting(waiting: RoleRequest | None) -> Conflict:
    role = _role_label(waiting.role) if waiting is not None else ""
    return Conflict(
        _("Your request to become %(role)s is already waiting for an administrator: withdraw it first to ask "
          "for something else.") % {"role": role},
        field="role",
        code="pending",
    )  # fmt: skip


def _decide(request: RoleRequest, *, by: User | None, status: str, note: str) -> None:
    request.status = status
    request.decided_by = by
    request.decided_at = timezone.now()
    request.decision_note = note
    request.save(update_fields=["status", "decided_by", "decided_at", "decision_note"])


def _lock(request: RoleRequest) -> RoleRequest:
    return RoleRequest.objects.select_for_update().select_related("user").get(pk=request.pk)


def _require_pending(locked: RoleRequest) -> RoleRequest:
    if locked.status != RoleRequestStatus.PENDING:
        raise Conflict(
            _("This request is no longer waiting (%(status)s).") % {"status": locked.get_status_display()},
            field="request",
            code="decided",
        )
    return locked


def role_request_decide(*, request: RoleRequest, by: User, approve: bool, note: str = "") -> RoleRequest:
    """An administrator approves (the role is granted, with the motivation as the audit's reason) or
    refuses (the role stays) a waiting request; the note is shown to the person."""
    require_role_admin(user=by)
    note = _text(note, field="note", max_length=NOTE_MAX_LENGTH, required=False, missing="")
    with transaction.atomic():
        locked = _require_pending(_lock(request))
        if approve:
            user_set_role(user=locked.user, role=locked.role, by=by, reason=locked.motivation, request=locked)
            _decide(locked, by=by, status=RoleRequestStatus.APPROVED, note=note)
        else:
            _decide(locked, by=by, status=RoleRequestStatus.REFUSED, note=note)
    return locked


def role_request_withdraw(*, request: RoleRequest, by: User) -> RoleRequest:
    """The person who asked takes back their waiting request."""
    with transaction.atomic():
        locked = _lock(request)
        if by is None or locked.user_id != by.pk:
            raise NotAllowed(_("Only the person who asked can withdraw this request."))
        _require_pending(locked)
        _decide(locked, by=by, status=RoleRequestStatus.WITHDRAWN, note="")
    return locked
