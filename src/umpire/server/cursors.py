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

:func:`kept_raw_cursor` keeps a second one beside it, a psycopg ``RawCursor``, for statements
written with PostgreSQL's own numbered placeholders (``$1``; :func:`numbered` writes them): a
statement of more than 50 parameters (the multi-row inserts of a turn's outputs and
submissions) written with ``%s`` is parsed again by psycopg at every execution (it caches the
parsing of smaller ones only), about 160 µs for 90 parameters: half a millisecond of a Battle
Plan turn's 11. A raw statement needs no parsing.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper

# Django connection -> (its database connection when the cursor was made, psycopg's cursor,
# and a psycopg RawCursor on the same connection, made at first use).
_KEPT: WeakKeyDictionary[BaseDatabaseWrapper, list[Any]] = WeakKeyDictionary()


def kept_cursor(db: BaseDatabaseWrapper) -> AbstractContextManager[CursorWrapper]:
    """A cursor of ``db`` to use in a ``with``: on PostgreSQL the one the connection keeps (the
    ``with`` leaves it open), else a new one (closed by the ``with``)."""
    if db.vendor != "postgresql" or db.queries_logged:
        return db.cursor()
    db.close_if_health_check_failed()
    db.ensure_connection()
    return nullcontext(db.make_cursor(_kept(db)[1]))


def kept_raw_cursor(db: BaseDatabaseWrapper) -> AbstractContextManager[CursorWrapper] | None:
    """On PostgreSQL, as :func:`kept_cursor` gives it, the connection's kept ``RawCursor``: a
    statement's parameters are written ``$1, $2...`` (:func:`numbered`); else None."""
    if db.vendor != "postgresql" or db.queries_logged:
        return None
    db.close_if_health_check_failed()
    db.ensure_connection()
    kept = _kept(db)
    if kept[2] is None:
        from psycopg import RawCursor  # only where PostgreSQL is the database

        kept[2] = RawCursor(db.connection)
    return nullcontext(db.make_cursor(kept[2]))


def _kept(db: BaseDatabaseWrapper) -> list[Any]:
    kept = _KEPT.get(db)
    if kept is None or kept[0] is not db.connection:
        kept = _KEPT[db] = [db.connection, db.cursor().cursor, None]
    return kept


@cache
def numbered(sql: str) -> str:
    """``sql`` with its ``%s`` placeholders written ``$1``, ``$2``... in order (for a statement
    whose text has no other ``%``: Umpire's compiled statements)."""
    parts = sql.split("%s")
    return "".join(f"{part}${i}" for i, part in enumerate(parts[:-1], start=1)) + parts[-1]
