"""Django's PostgreSQL backend with a health check that costs no round trip (issue 18).

Django checks a kept connection before the first statement of every request or task
(``CONN_HEALTH_CHECKS``) by sending ``SELECT 1``: a round trip and a statement for the server
on every API read. Here an idle connection is looked at instead: a server that ended the
connection (restart, ``pg_terminate_backend``, an idle timeout) has sent its closing message
or closed the socket, so the socket is readable; a healthy idle connection has nothing to
read. Only a readable (or broken) connection gets Django's ``SELECT 1``, so one the server
dropped is still found and replaced before use. ``is_usable`` is the method Django's
connection handling calls for that check; ``fileno`` is psycopg's public socket of a
connection.

Prepared statements need no code of their own: the settings ask Django for server-side
binding and psycopg for a ``prepare_threshold`` (``settings.py``, Django's documented
``OPTIONS``), so every statement a connection runs more than that many times, the ORM's and
those of :mod:`umpire.server.statements` alike, is parsed and planned once per connection.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
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
