from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import RoleChange, RoleRequest, RoleRequestStatus, User
from .ratelimit import login_limits
from .services.errors import CoreError
from .services.roles import REASON_MAX_LENGTH, role_change_check, role_request_decide, user_set_role


class TablesideUserChangeForm(UserChangeForm):
    """The admin's user form: a change of `role` goes through core.services.roles (audited, with a reason)."""

    role_change_reason = forms.CharField(
        label=_("Reason for a role change"),
        max_length=REASON_MAX_LENGTH,
        required=False,
        help_text=_("Kept in the role audit log; empty: “Changed in the admin.”"),
    )

    def clean(self):
        cleaned = super().clean()
        if "role" in self.changed_data and cleaned.get("role"):
            # the instance still holds the old role until the form is saved
            try:
                role_change_check(user=self.instance, role=cleaned["role"])
            except CoreError as exc:
                self.add_error("role", exc.message)
        return cleaned


@admin.register(User)
class TablesideUserAdmin(UserAdmin):
    form = TablesideUserChangeForm
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Tableside", {"fields": ("role", "role_change_reason", "display_name", "is_placeholder")}),
    )
    readonly_fields = ("is_placeholder",)
    list_display = ("username", "email", "display_name", "role", "is_staff")
    list_filter = ("role", "is_placeholder", *UserAdmin.list_filter)

    def save_model(self, request, obj, form, change):
        if not change or "role" not in form.changed_data:
            super().save_model(request, obj, form, change)
            return
        # Save everything else with the old role, then change the role through the one door (the admin's
        # change view runs in a transaction: a refusal leaves nothing half-written).
        new_role = obj.role
        obj.role = form.initial["role"]
        super().save_model(request, obj, form, change)
        reason = form.cleaned_data.get("role_change_reason") or str(_("Changed in the admin."))
        user_set_role(user=obj, role=new_role, by=request.user, reason=reason)


@admin.register(RoleRequest)
class RoleRequestAdmin(admin.ModelAdmin):
    """Requests come from people (/accounts/role/); decisions go through the service (actions below or
    /staff/roles/), never by editing the row."""

    list_display = ("user", "role", "status", "created_at", "decided_by", "decided_at")
    list_filter = ("status", "role")
    search_fields = ("user__username", "user__email", "motivation")
    actions = ("approve", "refuse")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def _decide(self, request, queryset, *, approve: bool) -> None:
        done = 0
        for role_request in queryset.filter(status=RoleRequestStatus.PENDING).select_related("user"):
            try:
                role_request_decide(request=role_request, by=request.user, approve=approve)
            except CoreError as exc:
                self.message_user(request, f"{role_request.user}: {exc.message}", messages.ERROR)
            else:
                done += 1
        text = ngettext("%(count)d request decided.", "%(count)d requests decided.", done) % {"count": done}
        self.message_user(request, text, messages.SUCCESS)

    @admin.action(description=_("Approve the selected requests"), permissions=["view"])
    def approve(self, request, queryset):
        self._decide(request, queryset, approve=True)

    @admin.action(description=_("Refuse the selected requests"), permissions=["view"])
    def refuse(self, request, queryset):
        self._decide(request, queryset, approve=False)


@admin.register(RoleChange)
class RoleChangeAdmin(admin.ModelAdmin):
    """The audit log of site roles: read-only."""

    list_display = ("changed_at", "user", "old_role", "new_role", "changed_by", "reason")
    list_filter = ("new_role", "old_role")
    search_fields = ("user__username", "changed_by__username", "reason")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


# The admin's log-in form shares the log-in rate limits (core/ratelimit.py): no way around them.
admin.site.login = login_limits(admin.site.login)
