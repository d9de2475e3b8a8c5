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

**Timestamps read in C.** Django reads every ``timestamptz`` through its own loader, a
subclass of psycopg's pure-Python one (to set the time zone it wants), so each timestamp
read costs about 8 µs of Python, even with psycopg's C implementation installed: an order
submission reads fourteen. :class:`CTimestamptzLoader` gives the same values (parsed by
psycopg's C loader, then given Django's time zone) in about 1.7 µs.
"""

from __future__ import annotations

import os
import select
from typing import Any

import psycopg
from django.db.backends.postgresql import base, operations
from django.db.backends.utils import CursorWrapper
from psycopg.abc import AdaptContext
from psycopg.adapt import AdaptersMap, Loader

try:
    from psycopg_binary._psycopg import (  # type: ignore[attr-defined]
        TimestamptzLoader as _CTimestamptz,
    )
except ImportError:  # psycopg without its C implementation: Django's loader stays
    _CTimestamptz = None

PREPARE = os.environ.get("UMPIRE_DB_PREPARE", "1") != "0"


class PreparingCursor(psycopg.Cursor[Any]):
    """A server-binding cursor that prepares every statement it runs (once per connection:
    psycopg keeps the prepared statements of a connection by their text)."""

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        kwargs.setdefault("prepare", PREPARE)
        return super().execute(query, params, **kwargs)


class KeptCursor(PreparingCursor):
    """The connection's one :class:`PreparingCursor`, kept for as long as the connection:
    making a psycopg cursor (its adapters and transformer) costs more than the statement it
    then runs (about 40 µs of the 100 a prepared lookup takes). Closing it (as Django's
    cursor wrapper does on leaving its ``with``) keeps it open; its last result stays until
    the next statement. A statement run on it must be read to the end before the next one
    (as each of :mod:`umpire.server.statements` is)."""

    def close(self) -> None:
        pass


class CTimestamptzLoader(Loader):
    """Django's ``timestamptz`` loader (``psycopg_any.BaseTzLoader``: the value read in the
    connection's time zone, given ``timezone``), parsing in C. psycopg's C loaders cannot be
    subclassed, so one is held and called. ``timezone`` is read by Django's ``create_cursor``
    to decide whether a cursor needs a loader of its own."""

    timezone: Any = None

    def __init__(self, oid: int, context: AdaptContext | None = None):
        super().__init__(oid, context)
        self._parse = _CTimestamptz(oid, context).load

    def load(self, data: Any) -> Any:
        return self._parse(data).replace(tzinfo=self.timezone)


_CONTEXTS: dict[Any, AdaptersMap] = {}


def _with_c_timestamps(context: AdaptersMap, tz: Any) -> AdaptersMap:
    """Django's adapters for a connection, with :class:`CTimestamptzLoader` for ``tz``."""
    key = (id(context), tz)
    found = _CONTEXTS.get(key)
    if found is None:
        found = AdaptersMap(context)
        loader = type("CTimestamptzLoader", (CTimestamptzLoader,), {"timezone": tz})
        found.register_loader("timestamptz", loader)
        _CONTEXTS[key] = found
    return found


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
        context = params.get("context")
        if _CTimestamptz is not None and isinstance(context, AdaptersMap):
            params["context"] = _with_c_timestamps(context, self.timezone)
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

    _kept: KeptCursor | None = None

    def prepared_cursor(self) -> CursorWrapper:
        """``cursor()``, over the connection's :class:`KeptCursor` (made anew with each new
        connection)."""
        self.close_if_health_check_failed()
        self.ensure_connection()
        with self.wrap_database_errors:
            kept = self._kept
            if kept is None or kept.connection is not self.connection:
                kept = self._kept = KeptCursor(self.connection)
            cursor: CursorWrapper = self._prepare_cursor(kept)  # type: ignore[attr-defined]
        return cursor
