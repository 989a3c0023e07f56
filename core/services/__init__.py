"""Every write of the core app (HackSoft style: `<entity>_<action>(*, …)`, keyword-only)."""

from core.services.errors import Conflict, CoreError, NotAllowed
from core.services.roles import (
    can_manage_roles,
    require_role_admin,
    role_change_check,
    role_request_decide,
    role_request_submit,
    role_request_withdraw,
    user_set_role,
)

__all__ = [
    "Conflict",
    "CoreError",
    "NotAllowed",
    "can_manage_roles",
    "require_role_admin",
    "role_change_check",
    "role_request_decide",
    "role_request_submit",
    "role_request_withdraw",
    "user_set_role",
]
