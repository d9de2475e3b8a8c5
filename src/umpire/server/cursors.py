"""The cursor a PostgreSQL connection keeps for Umpire's compiled statements (issue 33).

A new psycopg cursor looks up again the loaders of its results' column types and the dumpers
of its parameters; a kept one has them at hand: about 50 µs of a statement's CPU here, an API
read 1.479M -> 1.377M instructions. A psycopg cursor holds nothing on the server between
statements (an ``execute`` reads its results whole), so keeping one costs the server nothing.

The psycopg cursor is kept, by Django connection, beside the database connection it was made
on; each use wraps it in Django's own cursor wrapper, as ``connection.cursor()`` does, so
Django's checks of each statement (a broken transaction) and the execute wrappers still run.
It is made again when Django's connection holds another database connection (reconnected,
or closed and opened again). Nothing kept refers to Django's connection: a thread's connection
that is dropped takes its kept cursor, and its database session, with it. While Django logs
queries (``DEBUG``, the tests' query counting) a fresh logging cursor is used. SQLite keeps a
fresh cursor per statement: one left open there with a statement not read to its end would
hold a read transaction.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any
from weakref import WeakKeyDictionary

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper

# Django connection -> (its database connection when the cursor was made, psycopg's cursor).
_KEPT: WeakKeyDictionary[BaseDatabaseWrapper, tuple[Any, Any]] = WeakKeyDictionary()


def kept_cursor(db: BaseDatabaseWrapper) -> AbstractContextManager[CursorWrapper]:
    """A cursor of ``db`` to use in a ``with``: on PostgreSQL the one the connection keeps (the
    ``with`` leaves it open), else a new one (closed by the ``with``)."""
    if db.vendor != "postgresql" or db.queries_logged:
        return db.cursor()
    db.close_if_health_check_failed()
    db.ensure_connection()
    kept = _KEPT.get(db)
    if kept is None or kept[0] is not db.connection:
        kept = _KEPT[db] = (db.connection, db.cursor().cursor)
    return nullcontext(db.make_cursor(kept[1]))
