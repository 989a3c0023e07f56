from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User
from .ratelimit import key_ip_username, ratelimit


@admin.register(User)
class TablesideUserAdmin(UserAdmin):
    fieldsets = (*UserAdmin.fieldsets, ("Tableside", {"fields": ("role", "display_name")}))
    list_display = ("username", "email", "display_name", "role", "is_staff")
    list_filter = ("role", *UserAdmin.list_filter)


# The admin's log-in form shares the log-in rate limit (core/ratelimit.py): no way around it.
admin.site.login = ratelimit(scope="login", key=key_ip_username)(admin.site.login)
