from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class TablesideUserAdmin(UserAdmin):
    fieldsets = (*UserAdmin.fieldsets, ("Tableside", {"fields": ("role", "display_name")}))
    list_display = ("username", "email", "display_name", "role", "is_staff")
    list_filter = ("role", *UserAdmin.list_filter)
