"""The web server of ``umpire serve``: gunicorn, with its synchronous workers.

Why gunicorn's ``sync`` workers (docs/deploy.md says more): each worker process serves one
request at a time and tells the master it is alive between requests; a worker that stays
silent for ``timeout`` seconds -- a client that sent half a request and went quiet, or a
request stuck somewhere -- is killed and replaced by the master. So no connection, however
slow, holds a worker for longer than the timeout, and connections beyond the busy workers
wait in the listen backlog (2048) instead of being reset. (Gunicorn's threaded workers and
granian's WSGI mode both leave a thread blocked for ever on a request whose body never
comes.) Static files are served by WhiteNoise inside the application (``settings.py``).

The listening socket is bound here, before the workers start, so a port already in use is
one clear line (``ServeError``) and ``--port 0`` picks a free port that the banner can print.
"""

from __future__ import annotations

import errno
import os
import socket
from dataclasses import dataclass
from typing import Any

from gunicorn.app.base import BaseApplication

BACKLOG = 2048


class ServeError(Exception):
    """The server cannot start (address in use, a bad setting); the message is one line."""


@dataclass(frozen=True)
class HttpSettings:
    """How the web server runs; every field has an ``UMPIRE_WEB_*`` environment variable."""

    workers: int  # worker processes (UMPIRE_WEB_WORKERS; default cores + 1)
    timeout: int  # seconds a worker may stay silent before it is replaced (UMPIRE_WEB_TIMEOUT)
    graceful_timeout: int  # seconds the workers get to finish on a stop
    access_log: bool  # one line per request on standard error (UMPIRE_WEB_ACCESS_LOG=1)

    @classmethod
    def from_environ(cls, environ: dict[str, str], workers: int | None = None) -> HttpSettings:
        if workers is not None and workers < 1:
            raise ServeError(f"--workers {workers}: at least one web worker is needed")
        return cls(
            workers=workers or _positive(environ, "UMPIRE_WEB_WORKERS", default_workers()),
            timeout=_positive(environ, "UMPIRE_WEB_TIMEOUT", 30),
            graceful_timeout=_positive(environ, "UMPIRE_WEB_GRACEFUL_TIMEOUT", 10),
            access_log=environ.get("UMPIRE_WEB_ACCESS_LOG", "") == "1",
        )


def default_workers() -> int:
    """One per core plus one. A request spends almost all its time on the CPU (its statements
    are prepared and indexed; mail and turns are the task worker's), so more processes than
    cores only take turns on them: on two cores, three workers served 1,967 printout reads and
    727 order submissions a second (p99 36 and 95 ms, 50 clients), eight 1,486 and 608 (p99
    47 and 304 ms). The one extra keeps the cores busy while a request waits on the database
    (a commit's flush to disk)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


def _positive(environ: dict[str, str], name: str, default: int) -> int:
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ServeError(f"{name}={raw!r} is not a whole number") from None
    if value < 1:
        raise ServeError(f"{name}={raw!r} must be 1 or more")
    return value


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; ``ServeError`` with one clear line if not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host.strip("[]"), port))
        sock.listen(BACKLOG)
    except OSError as err:
        sock.close()
        where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        if err.errno == errno.EADDRINUSE:
            reason = "the port is already in use (another server?); choose one with --port"
        elif err.errno == errno.EACCES:
            reason = "permission denied (ports below 1024 need privileges)"
        elif err.errno == errno.EADDRNOTAVAIL:
            reason = "this machine has no such address"
        else:
            reason = err.strerror or str(err)
        raise ServeError(f"cannot listen on {where}: {reason}") from None
    except (OverflowError, socket.gaierror) as err:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {err}") from None
    sock.set_inheritable(True)
    return sock


class UmpireHttp(BaseApplication):  # type: ignore[misc]
    """Gunicorn's master over the socket from ``listen``, serving Umpire's WSGI application."""

    def __init__(self, sock: socket.socket, settings: HttpSettings) -> None:
        self.sock = sock
        self.settings = settings
        super().__init__()

    def load_config(self) -> None:
        s = self.settings
        for key, value in {
            "bind": [f"fd://{self.sock.fileno()}"],
            "worker_class": "sync",
            "workers": s.workers,
            "timeout": s.timeout,
            "graceful_timeout": s.graceful_timeout,
            "backlog": BACKLOG,
            "proc_name": "umpire",
            # The application (URLs, API schemas) is built once here, before the fork: a
            # worker that replaces a killed one is serving at once.
            "preload_app": True,
            "loglevel": "warning",
            "errorlog": "-",
            "accesslog": "-" if s.access_log else None,
            # A request line or header longer than these is refused with 400 by gunicorn.
            "limit_request_line": 8190,
            "limit_request_fields": 100,
            "limit_request_field_size": 8190,
        }.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from django.db import connections
        from django.urls import get_resolver

        from umpire.core import registry
        from umpire.server.wsgi import application

        get_resolver().url_patterns  # noqa: B018 -- imports every view and the API now
        # Every game and scenario, loaded once here rather than by each worker's first order
        # submission for it: a cold worker took 0.4 s importing Diplomacy while the requests
        # queued behind it waited (the p99 of the load test's first phase of submissions).
        registry.all_scenarios()
        connections.close_all()  # no connection may be shared with the forked workers
        return application
