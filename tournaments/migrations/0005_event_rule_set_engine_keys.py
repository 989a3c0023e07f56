"""Event.rule_set holds a key of the engine's rule sets: empty or unknown labels (e.g. the old demo's
"Advanced") become the game's default."""

from django.db import migrations


def normalise_rule_sets(apps, schema_editor):
    from rulings.engine.registry import UnknownGame, get_game

    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.only("pk", "game", "rule_set").iterator():
        try:
            engine_game = get_game(event.game)
        except UnknownGame:
            continue
        if event.rule_set not in engine_game.rulesets:
            Event.objects.filter(pk=event.pk).update(rule_set=engine_game.default_ruleset)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_event_transfer")]

    operations = [migrations.RunPython(normalise_rule_sets, migrations.RunPython.noop)]
