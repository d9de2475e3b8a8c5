# ruff: noqa: RUF012  (Django Meta options are class-level by design)

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("umpire", "0012_hooks"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="seating_draws",
            field=models.JSONField(blank=True, default=list),
        ),
    ]
