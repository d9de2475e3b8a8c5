# ruff: noqa: RUF012  (Django migration attributes are class-level by design)
"""Retention: an index on the webhook outbox's status and creation time, by which the worker
finds the old sent and dead posts it deletes (``umpire.server.retention``)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("umpire", "0015_lz4"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="outboundhook",
            index=models.Index(fields=["status", "created_at"], name="outhook_prune_idx"),
        ),
    ]
