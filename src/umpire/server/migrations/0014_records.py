"""Issue 33: a turn's draws, events and state stored compressed (``PackedJSONField``; the
state of a game's latest turn plain).

Each column is added beside the old one, every row copied over (a few hundred rows at a time),
the old column dropped and the new one renamed to the old name. Reversible: going back copies
the values into ``JSONField`` columns again, unchanged.
"""

# ruff: noqa: RUF012  (Django Meta options are class-level by design)

from __future__ import annotations

from typing import Any

from django.db import migrations, models
from django.db.models import Max

import umpire.server.fields
from umpire.server.fields import pack

COLUMNS = ("draws", "events", "state")
BATCH = 200


def _copy(apps: Any, source: str, target: str) -> None:
    """Every turn row's ``<column><source>`` value into ``<column><target>``; into the
    compressed columns, packed, but for the state of each game's latest turn (plain, as
    ``store.save_turn`` leaves it)."""
    turn = apps.get_model("umpire", "Turn")
    latest = set(turn.objects.values("game").annotate(n=Max("number")).values_list("game", "n"))
    fields = [f"{c}{target}" for c in COLUMNS]
    rows = turn.objects.order_by("pk").only(
        "pk", "game", "number", *(f"{c}{source}" for c in COLUMNS)
    )
    batch = []
    for row in rows.iterator(chunk_size=BATCH):
        for column in COLUMNS:
            value = getattr(row, f"{column}{source}")
            if target:
                plain = column == "state" and (row.game_id, row.number) in latest
                value = pack(value, compress=not plain)
            setattr(row, f"{column}{target}", value)
        batch.append(row)
        if len(batch) == BATCH:
            turn.objects.bulk_update(batch, fields)
            batch = []
    if batch:
        turn.objects.bulk_update(batch, fields)


def pack_rows(apps: Any, schema_editor: Any) -> None:
    _copy(apps, "", "_packed")


def unpack_rows(apps: Any, schema_editor: Any) -> None:
    _copy(apps, "_packed", "")


class Migration(migrations.Migration):
    dependencies = [
        ("umpire", "0013_contract"),
    ]

    operations = [
        migrations.AddField(
            model_name="turn",
            name="draws_packed",
            field=umpire.server.fields.PackedJSONField(default=list),
        ),
        migrations.AddField(
            model_name="turn",
            name="events_packed",
            field=umpire.server.fields.PackedJSONField(default=list),
        ),
        migrations.AddField(
            model_name="turn",
            name="state_packed",
            field=umpire.server.fields.PackedJSONField(null=True),
        ),
        # Going back, the old state column comes back empty before the rows fill it.
        migrations.AlterField(model_name="turn", name="state", field=models.JSONField(null=True)),
        migrations.RunPython(pack_rows, unpack_rows),
        migrations.RemoveField(model_name="turn", name="draws"),
        migrations.RemoveField(model_name="turn", name="events"),
        migrations.RemoveField(model_name="turn", name="state"),
        migrations.RenameField(model_name="turn", old_name="draws_packed", new_name="draws"),
        migrations.RenameField(model_name="turn", old_name="events_packed", new_name="events"),
        migrations.RenameField(model_name="turn", old_name="state_packed", new_name="state"),
        migrations.AlterField(
            model_name="turn",
            name="state",
            field=umpire.server.fields.PackedJSONField(packed=False),
        ),
    ]
