# ruff: noqa: RUF012  (Django migration attributes are class-level by design)
"""A sitter plays the seat he sits by mail: each absence that names a sitter has a code of its
own, mailed to the sitter alone, that his headings carry (docs/email.md, "A sitter's mail").
Absences declared before have none: their sitters play on the web and the API only."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("umpire", "0016_prune_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="absence",
            name="sitter_code",
            field=models.CharField(blank=True, default="", max_length=32),
        ),
    ]
