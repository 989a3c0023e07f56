"""One source of truth for an event's banlist: ``decks.EventDeckSettings.banlist`` (a real foreign key).

The old free-text ``Event.banlist`` is copied into the deck settings when it names an imported banlist of the
event's game and the settings have none yet, then the column is removed."""

from django.db import migrations


def copy_banlist_names(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Banlist = apps.get_model("decks", "Banlist")
    EventDeckSettings = apps.get_model("decks", "EventDeckSettings")
    for event in Event.objects.exclude(banlist="").only("pk", "game", "banlist").iterator():
        banlist = Banlist.objects.filter(game=event.game, name=event.banlist.strip()).first()
        if banlist is None:
            continue
        settings_row, _created = EventDeckSettings.objects.get_or_create(event_id=event.pk)
        if settings_row.banlist_id is None:
            settings_row.banlist = banlist
            settings_row.save(update_fields=["banlist"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_event_rule_set_engine_keys"),
        ("decks", "0003_card_alias_index"),
    ]

    operations = [
        migrations.RunPython(copy_banlist_names, migrations.RunPython.noop),
        migrations.RemoveField(model_name="event", name="banlist"),
    ]
