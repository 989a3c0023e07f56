from django.contrib import admin

from .models import Banlist, Card, CardImport, CardKey


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
    list_display = ("filename", "game", "status", "created", "updated", "unchanged", "created_at")
    list_filter = ("game", "status")
    readonly_fields = ("task_id", "created", "updated", "unchanged", "error", "finished_at")
