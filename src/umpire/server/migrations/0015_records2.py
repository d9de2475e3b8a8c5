"""Issue 33: a submission's text as received, accepted orders and problems stored compressed
where that is shorter (``PackedTextField``, ``PackedJSONField``).

As 0014: each column is added beside the old one, every row copied over (a few hundred rows
at a time), the old column dropped and the new one renamed to the old name. Reversible: going
back copies the values into ``TextField`` and ``JSONField`` columns again, unchanged.
"""

# ruff: noqa: RUF012  (Django Meta options are class-level by design)

from __future__ import annotations

from typing import Any

from django.db import migrations, models

import umpire.server.fields
from umpire.server.fields import pack, pack_text

COLUMNS = ("raw", "orders", "problems")
BATCH = 200


def _copy(apps: Any, source: str, target: str) -> None:
    """Every submission row's ``<column><source>`` value into ``<column><target>``; into the
    compressed columns, in their stored form."""
    submission = apps.get_model("umpire", "Submission")
    fields = [f"{c}{target}" for c in COLUMNS]
    rows = submission.objects.order_by("pk").only("pk", *(f"{c}{source}" for c in COLUMNS))
    batch = []
    for row in rows.iterator(chunk_size=BATCH):
        for column in COLUMNS:
            value = getattr(row, f"{column}{source}")
            if target:
                value = pack_text(value) if column == "raw" else pack(value)
            setattr(row, f"{column}{target}", value)
        batch.append(row)
        if len(batch) == BATCH:
            submission.objects.bulk_update(batch, fields)
            batch = []
    if batch:
        submission.objects.bulk_update(batch, fields)


def pack_rows(apps: Any, schema_editor: Any) -> None:
    _copy(apps, "", "_packed")


def unpack_rows(apps: Any, schema_editor: Any) -> None:
    _copy(apps, "_packed", "")


class Migration(migrations.Migration):
    dependencies = [
        ("umpire", "0014_records"),
    ]

    operations = [
        migrations.AddField(
            model_name="submission",
            name="raw_packed",
            field=umpire.server.fields.PackedTextField(null=True),
        ),
        migrations.AddField(
            model_name="submission",
            name="orders_packed",
            field=umpire.server.fields.PackedJSONField(default=list),
        ),
        migrations.AddField(
            model_name="submission",
            name="problems_packed",
            field=umpire.server.fields.PackedJSONField(default=list),
        ),
        # Going back, the old text column comes back empty before the rows fill it.
        migrations.AlterField(
            model_name="submission", name="raw", field=models.TextField(null=True)
        ),
        migrations.RunPython(pack_rows, unpack_rows),
        migrations.RemoveField(model_name="submission", name="raw"),
        migrations.RemoveField(model_name="submission", name="orders"),
        migrations.RemoveField(model_name="submission", name="problems"),
        migrations.RenameField(model_name="submission", old_name="raw_packed", new_name="raw"),
        migrations.RenameField(
            model_name="submission", old_name="orders_packed", new_name="orders"
        ),
        migrations.RenameField(
            model_name="submission", old_name="problems_packed", new_name="problems"
        ),
        migrations.AlterField(
            model_name="submission",
            name="raw",
            field=umpire.server.fields.PackedTextField(),
        ),
    ]
