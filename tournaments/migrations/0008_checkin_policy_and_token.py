"""Self check-in policy of an event (window, staff only) and each registration's check-in token (QR code).

The token is added empty, filled row by row (each its own random value), then made unique."""

from django.db import migrations, models

import tournaments.models


def fill_tokens(apps, schema_editor):
    Registration = apps.get_model("tournaments", "Registration")
    for registration in Registration.objects.filter(checkin_token="").only("pk").iterator():
        Registration.objects.filter(pk=registration.pk).update(
            checkin_token=tournaments.models.new_checkin_token()
        )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0007_scorekeeper_staff_changes")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="self_check_in_opens",
            field=models.DateTimeField(blank=True, null=True, verbose_name="self check-in opens"),
        ),
        migrations.AddField(
            model_name="event",
            name="self_check_in_closes",
            field=models.DateTimeField(blank=True, null=True, verbose_name="self check-in closes"),
        ),
        migrations.AddField(
            model_name="event",
            name="self_check_in_staff_only",
            field=models.BooleanField(
                default=False,
                help_text="Players cannot check themselves in on their phone: the check-in desk does it.",
                verbose_name="check-in by the staff only",
            ),
        ),
        migrations.AddField(
            model_name="registration",
            name="checkin_token",
            field=models.CharField(default="", editable=False, max_length=32),
            preserve_default=False,
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="registration",
            name="checkin_token",
            field=models.CharField(
                default=tournaments.models.new_checkin_token, editable=False, max_length=32, unique=True
            ),
        ),
    ]
