"""Reads of the core app that pages need: role requests, the role audit log, finding people."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from core.models import RoleChange, RoleRequest, RoleRequestStatus, User

SEARCH_LIMIT = 20
AUDIT_LIMIT = 50


def role_requests_of(*, user, limit: int = 20) -> list[RoleRequest]:
    """A person's requests, newest first (with who decided)."""
    return list(RoleRequest.objects.filter(user=user).select_related("decided_by")[:limit])


def role_request_pending_of(*, user) -> RoleRequest | None:
    return RoleRequest.objects.filter(user=user, status=RoleRequestStatus.PENDING).first()


def role_requests_pending() -> QuerySet[RoleRequest]:
    """Requests waiting for an administrator, oldest first."""
    return (
        RoleRequest.objects.filter(status=RoleRequestStatus.PENDING)
        .select_related("user")
        .order_by("created_at", "id")
    )


def role_requests_pending_count() -> int:
    return RoleRequest.objects.filter(status=RoleRequestStatus.PENDING).count()


def role_changes_recent(*, limit: int = AUDIT_LIMIT) -> list[RoleChange]:
    return list(RoleChange.objects.select_related("user", "changed_by", "request")[:limit])


def users_search(*, query: str, limit: int = SEARCH_LIMIT) -> list[User]:
    """Accounts whose username or email contains `query` (imported placeholders are no accounts)."""
    query = (query or "").strip()
    if not query:
        return []
    return list(
        User.objects.filter(Q(username__icontains=query) | Q(email__icontains=query))
        .filter(is_placeholder=False)
        .order_by("username")[:limit]
    )
