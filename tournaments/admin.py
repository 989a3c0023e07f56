from django.contrib import admin

from tournaments.models import Event, EventStaff, Match, Penalty, Registration, ResultChange, Round


class EventStaffInline(admin.TabularInline):
    model = EventStaff
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "date", "status", "organizer")
    list_filter = ("game", "status")
    search_fields = ("name", "venue")
    raw_id_fields = ["organizer"]
    inlines = [EventStaffInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "status", "first_round", "awarded_byes", "fixed_table")
    list_filter = ("status",)
    search_fields = ("player__username", "event__name")
    raw_id_fields = ["player", "event"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "stage", "method", "rematches", "cost")
    raw_id_fields = ["event"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Read-mostly: results change through the pages or the API so that the audit log is kept."""

    list_display = (
        "round",
        "table",
        "player_a",
        "player_b",
        "status",
        "kind",
        "games_a",
        "games_b",
        "version",
    )
    list_filter = ("status", "kind")
    raw_id_fields = ["round", "player_a", "player_b", "penalized", "winner", "reported_by", "confirmed_by"]
    readonly_fields = ["version"]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "action", "changed_by", "changed_at", "reason")
    readonly_fields = [f.name for f in ResultChange._meta.fields]


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = ("event", "registration", "kind", "issued_by", "issued_at")
    raw_id_fields = ["event", "registration", "match", "issued_by"]
