"""The web worker of ``umpire serve``: slow and idle connections held cheaply, and Django
given one whole request at a time (issue 30: three slow clients took a three-worker site
down, each holding a synchronous worker until it was killed 30 s later).

Each worker is gunicorn's gevent worker, with two changes:

- **Nothing is monkey-patched.** Only the connections to clients are gevent's sockets: a
  connection waiting for its client costs a greenlet, not a worker. Django, psycopg, SQLite
  and the file cache run as in a synchronous worker, so a request's work never yields to
  another greenlet, and the worker's one database connection (kept for
  ``UMPIRE_CONN_MAX_AGE``, with its prepared statements) is only ever used by one request at
  a time. (psycopg chooses its blocking wait at import, in gunicorn's master before the
  fork, so it would not cooperate with gevent even if the worker patched ``select``.)
- **The application gets only complete requests** (:class:`Buffered`, around it): the body
  is read from the client before Django is called, within ``UMPIRE_WEB_BODY_TIMEOUT``
  seconds (else ``408 request/timeout``); the answer is built in full, Django's request
  closed, and only then written to the client, each write waiting at most as long.

The request line and headers must arrive within ``UMPIRE_WEB_HEADER_TIMEOUT`` seconds of
the connection's opening (gunicorn's ``keepalive`` bounds the parser's read of them in its
gevent worker), else the connection is closed unanswered. Each connection carries one
request, as with the synchronous worker (:meth:`Worker.handle_request` says why).
"""

from __future__ import annotations

import io
import json
import socket
from collections.abc import Callable, Iterable
from typing import Any

import gevent
from gevent import socket as gsocket
from gunicorn.workers.ggevent import GeventWorker

from umpire.server import errors as E
from umpire.server.schemas import REQUEST_MAX_BYTES

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
Application = Callable[[Environ, StartResponse], Iterable[bytes]]


class Worker(GeventWorker):  # type: ignore[misc]
    """Gunicorn's gevent worker without monkey-patching, serving through :class:`Buffered`;
    its timeouts come from the application's :class:`~umpire.server.httpd.HttpSettings`."""

    def patch(self) -> None:
        # The listening sockets as gevent's (what gunicorn's own ``patch`` does after
        # patching everything); accepted connections are then gevent sockets too.
        self.sockets: list[Any] = [
            gsocket.socket(s.FAMILY, socket.SOCK_STREAM, fileno=s.sock.detach())
            for s in self.sockets
        ]

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        # One request per connection, as the synchronous worker did: a kept-alive connection
        # would stay with the worker that accepted it, however busy, while a new one goes to
        # whichever worker is free first (under a steady load of kept-alive clients, one
        # worker held most of them: printout reads' p99 16 s at 200 clients, against 3.7 to
        # 3.9 s with one request per connection, bench/api_load.py).
        req.must_close = True
        return super().handle_request(listener_name, req, sock, addr)

    def load_wsgi(self) -> None:
        super().load_wsgi()
        self.wsgi: Application = Buffered(self.wsgi, self.app.settings.body_timeout)


class Buffered:
    """A WSGI application around ``app`` that reads the request body before calling it and
    returns the answer in full after closing it; ``timeout``: seconds the body may take to
    arrive, and each write of the answer.

    A body longer than the service takes is not read: Django refuses it by its
    ``Content-Length`` (413 ``request/too_large``) and the connection is closed after the
    answer."""

    def __init__(self, app: Application, timeout: float) -> None:
        self.app = app
        self.timeout = timeout

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        connection = environ.get("gunicorn.socket")
        if connection is not None:
            connection.settimeout(self.timeout)  # every later read or write on it
        length = _content_length(environ)
        if length:
            try:
                with gevent.Timeout(self.timeout):
                    body = environ["wsgi.input"].read(length)
            except (gevent.Timeout, OSError):
                body = b""
            if len(body) < length:
                return _timed_out(environ, start_response, self.timeout)
            environ["wsgi.input"] = io.BytesIO(body)
        answer: list[Any] = []
        chunks: list[bytes] = []

        def keep(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            answer[:] = [status, headers]  # nothing is sent yet: a later call replaces it
            return chunks.append

        result = self.app(environ, keep)
        try:
            chunks.extend(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # Django's request_finished: its connection is checked and kept
        start_response(*answer)
        return chunks


def _content_length(environ: Environ) -> int:
    """The body's announced length if it is one the application will read, else 0."""
    raw = environ.get("CONTENT_LENGTH") or ""
    if not (raw.isascii() and raw.isdigit()):
        return 0
    length = int(raw)
    return length if length <= REQUEST_MAX_BYTES else 0


def _timed_out(environ: Environ, start_response: StartResponse, timeout: float) -> list[bytes]:
    """408: the body did not arrive in time (or the client closed the connection first)."""
    code = E.REQUEST_TIMEOUT
    message = code.message(seconds=f"{timeout:g}")
    if str(environ.get("PATH_INFO", "")).startswith("/api/"):
        body = json.dumps({"code": code.code, "message": message}).encode()
        kind = "application/json"
    else:
        body, kind = f"{message}\n".encode(), "text/plain; charset=utf-8"
    start_response(
        "408 Request Timeout", [("Content-Type", kind), ("Content-Length", str(len(body)))]
    )
    return [body]
