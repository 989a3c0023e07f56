from django.contrib import admin

from .models import SavedRuling


@admin.register(SavedRuling)
class SavedRulingAdmin(admin.ModelAdmin):
    list_display = (
        "slug",
        "game",
        "ruleset",
        "event",
        "round_number",
        "table_number",
        "created_by",
        "reviewed",
        "created_at",
    )
    list_filter = ("game", "reviewed")
    search_fields = ("slug", "note", "event__name")
    raw_id_fields = ("event", "created_by", "reviewed_by")
    readonly_fields = ("slug", "answer", "created_at", "reviewed_at")
