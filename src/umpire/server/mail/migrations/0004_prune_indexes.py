# ruff: noqa: RUF012  (Django migration attributes are class-level by design)
"""Retention: indexes by which the worker finds the old rows it deletes
(``umpire.server.retention``): the mail outbox's status and creation time (sent and failed
mails), the time a mail read was received."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("umpire_mail", "0003_outbound_attachments"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="outboundmail",
            index=models.Index(fields=["status", "created_at"], name="outmail_prune_idx"),
        ),
        migrations.AddIndex(
            model_name="inboundmail",
            index=models.Index(fields=["received_at"], name="inmail_prune_idx"),
        ),
    ]
