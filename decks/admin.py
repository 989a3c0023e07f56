from django.contrib import admin

from .models import (
    Banlist,
    Card,
    CardChange,
    CardImport,
    CardKey,
    DeckAuditEntry,
    DeckList,
    DeckListVersion,
    EventDeckSettings,
)


class CardKeyInline(admin.TabularInline):
    model = CardKey
    extra = 0
    fields = ("key",)


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    """Organizers maintain the RaymanTCG and Arrows pools here (or import a CSV)."""

    list_display = ("name", "name_fr", "game", "key", "kind", "rarity", "max_copies")
    list_filter = ("game", "kind")
    search_fields = ("name", "name_fr", "key", "name_norm", "name_fr_norm")
    readonly_fields = ("name_norm", "name_fr_norm", "content_hash", "updated_at")
    inlines = [CardKeyInline]

    def save_model(self, request, obj, form, change):
        from decks.names import normalise_name

        obj.name_norm = normalise_name(obj.name)
        obj.name_fr_norm = normalise_name(obj.name_fr) if obj.name_fr else ""
        obj.content_hash = ""  # edited by hand: the next import of its file rewrites it
        super().save_model(request, obj, form, change)
        CardKey.objects.get_or_create(game=obj.game, key=obj.key.lower(), defaults={"card": obj})
        from decks.selectors import search_index_clear

        search_index_clear()


@admin.register(Banlist)
class BanlistAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "date", "whitelist", "source")
    list_filter = ("game", "whitelist")
    search_fields = ("name",)


@admin.register(CardImport)
class CardImportAdmin(admin.ModelAdmin):
    """Imports are run from /decks/imports/ (or the commands); the admin only shows them."""

    list_display = (
        "filename", "game", "origin", "status", "created", "updated", "staged", "conflicts", "unchanged",
        "created_at",
    )  # fmt: skip
    list_filter = ("game", "status", "origin")
    readonly_fields = (
        "game", "filename", "size", "origin", "status", "task_id", "total", "created", "updated",
        "unchanged", "staged", "conflicts", "error", "created_by", "started_at", "finished_at",
    )  # fmt: skip

    def has_add_permission(self, request):
        return False


@admin.register(CardChange)
class CardChangeAdmin(admin.ModelAdmin):
    """The audit of the card pool: every staged, applied or discarded change. Decided on the import's page."""

    list_display = ("key", "game", "kind", "status", "card_import", "applied_by", "applied_at", "applied_via")
    list_filter = ("game", "kind", "status")
    search_fields = ("key", "card__name")
    readonly_fields = (
        "card_import", "card", "game", "key", "kind", "status", "before", "after", "note", "created_at",
        "applied_by", "applied_at", "applied_via", "discarded_by", "discarded_at",
    )  # fmt: skip
    exclude = ("record", "record_hash")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class VersionInline(ReadOnlyInline):
    model = DeckListVersion
    fields = ("number", "format", "content_hash", "legal", "submitted_by", "submitted_at")
    readonly_fields = fields


class AuditInline(ReadOnlyInline):
    model = DeckAuditEntry
    fk_name = "deck_list"
    fields = ("created_at", "action", "actor", "note", "version")
    readonly_fields = fields


@admin.register(DeckList)
class DeckListAdmin(admin.ModelAdmin):
    """Deck lists are changed through the site (versions are immutable); the admin only shows them."""

    list_display = ("registration", "unlocked", "updated_at")
    list_select_related = ("registration__player", "registration__event")
    readonly_fields = ("registration", "unlocked", "created_at", "updated_at")
    inlines = [VersionInline, AuditInline]

    def has_add_permission(self, request):
        return False


@admin.register(EventDeckSettings)
class EventDeckSettingsAdmin(admin.ModelAdmin):
    list_display = ("event", "banlist", "lists_published")
