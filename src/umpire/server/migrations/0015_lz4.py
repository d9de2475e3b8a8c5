"""Issue 33: on PostgreSQL, the large columns a processed turn writes are compressed with LZ4
rather than PostgreSQL's default (pglz).

Every processed turn inserts each reader's view (JSON) and printout and the turn's state,
events and draws; a value over about 2 KB is compressed by the server as it is stored, and
decompressed as it is read. LZ4 costs the server less CPU both ways than pglz: side by side in
one run of ``bench/service_throughput.py`` (Battle Plan Europe, turn 1, 200 games), the
server's CPU per processed turn went from 3.1-3.4 ms to 2.7-2.8 ms.

Only the server's way of storing new values changes: values already stored stay as they are
(each value records how it was compressed) and read the same. A server built without LZ4
(``pg_settings`` does not list it for ``default_toast_compression``) and SQLite are left as
they are. Reversible: going back restores the server's default.
"""

# ruff: noqa: RUF012  (Django Meta options are class-level by design)

from __future__ import annotations

from typing import Any

from django.db import migrations

COLUMNS = {
    "TurnOutput": ("view", "printout"),
    "Turn": ("state", "events", "draws"),
}


def _has_lz4(cursor: Any) -> bool:
    cursor.execute("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
    row = cursor.fetchone()
    return bool(row and row[0] and "lz4" in row[0])


def _set(apps: Any, schema_editor: Any, method: str) -> None:
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    quote = schema_editor.quote_name
    with connection.cursor() as cursor:
        if method == "lz4" and not _has_lz4(cursor):
            return
        for name, columns in COLUMNS.items():
            model = apps.get_model("umpire", name)
            for column in columns:
                field = model._meta.get_field(column)
                cursor.execute(
                    f"ALTER TABLE {quote(model._meta.db_table)} "
                    f"ALTER COLUMN {quote(field.column)} SET COMPRESSION {method}"
                )


def lz4(apps: Any, schema_editor: Any) -> None:
    _set(apps, schema_editor, "lz4")


def server_default(apps: Any, schema_editor: Any) -> None:
    _set(apps, schema_editor, "default")


class Migration(migrations.Migration):
    dependencies = [
        ("umpire", "0014_records"),
    ]

    operations = [
        migrations.RunPython(lz4, server_default),
    ]
