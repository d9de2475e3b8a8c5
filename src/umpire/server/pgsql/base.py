"""Django's PostgreSQL backend with two changes for the requests clients repeat (issue 18).

**A health check without a round trip.** Django checks a kept connection before the first
statement of every request or task (``CONN_HEALTH_CHECKS``) by sending ``SELECT 1``: a round
trip and a statement for the server on every API read. Here an idle connection is looked at
instead: a server that ended the connection (restart, ``pg_terminate_backend``, an idle
timeout) has sent its closing message or closed the socket, so the socket is readable; a
healthy idle connection has nothing to read. Only a readable (or broken) connection gets
Django's ``SELECT 1``, so one the server dropped is still found and replaced before use.

**Prepared statements for the compiled statements.** Django binds parameters on the client,
so PostgreSQL parses and plans every statement it is sent, which costs it more than running
an indexed lookup (a printout read's statement: 0.14 ms to plan, 0.04 ms to run).
:meth:`DatabaseWrapper.prepared_cursor` gives Django's cursor (the same error translation,
query logging and execute wrappers) over a psycopg cursor that binds on the server and
prepares what it runs: each statement of :mod:`umpire.server.statements` is parsed and
planned once per connection. The ORM's own statements are unchanged (never prepared).
``UMPIRE_DB_PREPARE=0`` turns preparing off (behind a pooler that cannot keep prepared
statements, such as PgBouncer before 1.21 in transaction mode).
"""

from __future__ import annotations

import os
import select
from typing import Any

import psycopg
from django.db.backends.postgresql import base, operations
from django.db.backends.utils import CursorWrapper

PREPARE = os.environ.get("UMPIRE_DB_PREPARE", "1") != "0"


class PreparingCursor(psycopg.Cursor[Any]):
    """A server-binding cursor that prepares every statement it runs (once per connection:
    psycopg keeps the prepared statements of a connection by their text)."""

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        kwargs.setdefault("prepare", PREPARE)
        return super().execute(query, params, **kwargs)


class DatabaseOperations(operations.DatabaseOperations):
    def last_executed_query(self, cursor: Any, sql: str, params: Any) -> str:
        """The statement with its values, as logged queries show (a prepared statement's
        text has ``$1`` placeholders only)."""
        if isinstance(cursor, PreparingCursor):
            try:
                return str(self.compose_sql(sql, params))
            except psycopg.DataError:
                return sql
        found: str = super().last_executed_query(cursor, sql, params)
        return found


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        # Preparing only where asked (prepare=True): Django's client-binding cursors never
        # prepare, and psycopg prepares nothing at all with a threshold of None.
        if params.get("prepare_threshold") is None:
            params["prepare_threshold"] = 2**31 - 1
        return params

    def is_usable(self) -> bool:
        conn = self.connection
        if conn is None or conn.closed or conn.broken:
            return False
        try:
            readable, _, _ = select.select([conn.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        if not readable:
            return True  # nothing pending on an idle connection: the server has not closed it
        usable: bool = super().is_usable()  # something arrived: a round trip decides
        return usable

    def prepared_cursor(self) -> CursorWrapper:
        """``cursor()``, over a :class:`PreparingCursor`."""
        self.close_if_health_check_failed()
        self.ensure_connection()
        with self.wrap_database_errors:
            cursor: CursorWrapper = self._prepare_cursor(  # type: ignore[attr-defined]
                PreparingCursor(self.connection)
            )
        return cursor
