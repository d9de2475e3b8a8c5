"""The kept cursors of umpire.server.cursors: a multi-row insert of more than 50 parameters
goes, on PostgreSQL, through the connection's kept RawCursor with numbered placeholders, and
stores what the ORM reads back (issue 33)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connections

from umpire.server import statements
from umpire.server.cursors import kept_raw_cursor, numbered
from umpire.server.models import AuditEntry


def test_numbered_writes_postgresql_placeholders_in_order() -> None:
    sql = "INSERT INTO t (a, b) VALUES (%s, %s), (%s, %s)"
    assert numbered(sql) == "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)"
    assert numbered("SELECT 1") == "SELECT 1"
    assert numbered("%s") == "$1"


@pytest.mark.django_db
def test_many_rows_inserted_at_once_read_back_as_given() -> None:
    rows: list[dict[str, Any]] = [
        {"action": f"act-{i}", "details": {"n": i, "text": "a 'quoted' %s and $1"}}
        for i in range(40)  # 40 rows of 5 columns: 200 parameters
    ]
    db = connections["default"]
    raw = kept_raw_cursor(db)
    assert (raw is not None) == (db.vendor == "postgresql")
    statements.insert_values(AuditEntry, rows)
    stored = list(AuditEntry.objects.order_by("id").values("action", "details", "game_id"))
    assert stored == [{**row, "game_id": None} for row in rows]
    statements.insert_values(AuditEntry, rows[:3])  # the kept cursors again, fewer rows
    assert AuditEntry.objects.count() == 43
