"""The web server of ``umpire serve``: gunicorn, with the workers of
:mod:`umpire.server.httpworker`.

Why those workers (docs/deploy.md says more): ``umpire serve`` may face the internet with no
buffering proxy, so a connection that is slow to send its request -- or idle, or slow to take
its answer -- must cost a connection, not a worker. Each worker is gunicorn's gevent worker
without monkey-patching: it holds up to 1,000 connections, each reading its request line and
headers within ``header_timeout`` seconds and its body within ``body_timeout``, and gives
Django one whole request at a time (Django, its database connection and its prepared
statements stay as synchronous as in gunicorn's ``sync`` worker, which a few slow clients
could all hold). A worker silent for ``timeout`` seconds (a request stuck in the
application) is still killed and replaced by the master; connections beyond the workers'
wait in the listen backlog (2048) instead of being reset. Static files are served by
WhiteNoise inside the application, from the directory ``umpire serve`` collects them into
at start (``settings.py``, ``staticfiles.py``).

The master also supervises the task worker (:class:`Supervised`: reaped, logged and restarted
with back-off when it dies), and the web workers leave when the master is gone (SIGQUIT from
the kernel on the master's death, and a check after each request), so a killed master does
not leave them serving on its port.

The listening socket is bound here, before the workers start, so a port already in use is
one clear line (``ServeError``) and ``--port 0`` picks a free port that the banner can print.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gunicorn.app.base import BaseApplication
from gunicorn.arbiter import Arbiter

BACKLOG = 2048
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies (Linux)

log = logging.getLogger("umpire.server")


class ServeError(Exception):
    """The server cannot start (address in use, a bad setting); the message is one line."""


@dataclass(frozen=True)
class HttpSettings:
    """How the web server runs; every field has an ``UMPIRE_WEB_*`` environment variable."""

    workers: int  # worker processes (UMPIRE_WEB_WORKERS; default cores + 1)
    timeout: int  # seconds a worker may stay silent before it is replaced (UMPIRE_WEB_TIMEOUT)
    graceful_timeout: int  # seconds the workers get to finish on a stop
    header_timeout: int  # seconds a request's line and headers may take; idle keep-alive
    body_timeout: int  # seconds a request's body may take to arrive, and each write
    access_log: bool  # one line per request on standard error (UMPIRE_WEB_ACCESS_LOG=1)

    @classmethod
    def from_environ(cls, environ: dict[str, str], workers: int | None = None) -> HttpSettings:
        if workers is not None and workers < 1:
            raise ServeError(f"--workers {workers}: at least one web worker is needed")
        return cls(
            workers=workers or _positive(environ, "UMPIRE_WEB_WORKERS", default_workers()),
            timeout=_positive(environ, "UMPIRE_WEB_TIMEOUT", 30),
            graceful_timeout=_positive(environ, "UMPIRE_WEB_GRACEFUL_TIMEOUT", 10),
            header_timeout=_positive(environ, "UMPIRE_WEB_HEADER_TIMEOUT", 10),
            body_timeout=_positive(environ, "UMPIRE_WEB_BODY_TIMEOUT", 30),
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
    """Gunicorn's master over the socket from ``listen``, serving Umpire's WSGI application
    through the workers of :mod:`umpire.server.httpworker` (which read ``settings``)."""

    def __init__(
        self, sock: socket.socket, settings: HttpSettings, children: Sequence[Supervised] = ()
    ) -> None:
        self.sock = sock
        self.settings = settings
        self.children = list(children)
        super().__init__()

    def load_config(self) -> None:
        s = self.settings
        for key, value in {
            "bind": [f"fd://{self.sock.fileno()}"],
            "worker_class": "umpire.server.httpworker.Worker",
            "workers": s.workers,
            "timeout": s.timeout,
            # The gevent worker reads every request line and headers within ``keepalive``
            # seconds, and keeps an idle connection that long.
            "keepalive": s.header_timeout,
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
            "post_fork": _die_with_master,
            "post_request": _leave_if_orphaned,
        }.items():
            self.cfg.set(key, value)

    def run(self) -> None:
        """Gunicorn's master loop, with the child processes of ``self.children`` (the task
        worker) reaped and restarted by it as well (:class:`Supervised`)."""
        SupervisingArbiter(self).run()

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


# --- the master's death ------------------------------------------------------------------
#
# Gunicorn's sync worker looks at its parent's pid only when no connection is waiting: under
# steady load it goes from one accepted connection to the next and never looks, so a killed
# master left its workers serving (and holding the port) until the load stopped -- 55 s in a
# test. Each web worker asks the kernel for SIGQUIT when its parent dies (Linux's prctl): the
# worker leaves at once, not gracefully (a graceful stop of the gevent worker waits for its
# open connections, holding the port, while the load goes on; a request cut short rolls back
# its transaction). Everywhere, it also checks after each request.


def _die_with_master(arbiter: Any, worker: Any) -> None:
    """Gunicorn's ``post_fork`` hook (in the new web worker): SIGQUIT when the master dies."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGQUIT, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the check after each request remains
            pass
    if os.getppid() != worker.ppid:  # the master died before the request above took effect
        worker.alive = False


def _leave_if_orphaned(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """Gunicorn's ``post_request`` hook: a worker whose master has gone takes no more
    connections."""
    if os.getppid() != worker.ppid:
        worker.log.warning("the master (process %s) is gone: worker stopping", worker.ppid)
        worker.alive = False


# --- supervised child processes --------------------------------------------------------------

RESTART_DELAYS = (1.0, 2.0, 5.0, 15.0, 30.0, 60.0)  # back-off between restarts of a dying child
STEADY_SECONDS = 60.0  # a child that ran this long before dying is restarted at once


class Supervised:
    """A child process that the web server's master keeps running (the task worker): started
    with ``command``; when it dies it is logged and started again, after 1, 2, 5, 15, 30, then
    60 s if it keeps dying within a minute of its start (back-off), at once otherwise.

    The master's loop calls :meth:`reap` on SIGCHLD (before gunicorn's own ``waitpid(-1)``,
    which would take the exit status of any child) and :meth:`tend` about once a second."""

    def __init__(self, name: str, command: Sequence[str]) -> None:
        self.name = name
        self.command = list(command)
        self.pid = 0
        self.started = 0.0
        self.failures = 0  # deaths in a row, each within STEADY_SECONDS of its start
        self.restart_at: float | None = None
        self.stopping = False
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> int:
        # Kept, so that subprocess's own clean-up of forgotten children does not reap it.
        self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL)
        self.pid, self.started, self.restart_at = self.process.pid, time.monotonic(), None
        return self.pid

    def reap(self) -> None:
        """Notice (and log) the child's death, and set the time of its restart."""
        if not self.pid:
            return
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:  # reaped by gunicorn's waitpid(-1) first: dead all the same
            pid, status = self.pid, -1
        if not pid:
            return
        self.pid = 0
        if self.stopping:
            return
        ran = time.monotonic() - self.started
        self.failures = self.failures + 1 if ran < STEADY_SECONDS else 1
        delay = (
            0.0
            if self.failures == 1
            else RESTART_DELAYS[min(self.failures - 2, len(RESTART_DELAYS) - 1)]
        )
        self.restart_at = time.monotonic() + delay
        log.error(
            "the %s (process %s) %s after %.0f s; restarting it%s",
            self.name, pid, _how_it_ended(status), ran, f" in {delay:.0f} s" if delay else "",
        )  # fmt: skip

    def tend(self) -> None:
        self.reap()
        if not self.pid and self.restart_at is not None and time.monotonic() >= self.restart_at:
            pid = self.start()
            log.warning("the %s is running again (process %s)", self.name, pid)

    def stop(self, timeout: float = 60.0) -> None:
        """SIGTERM (a turn in progress finishes), then SIGKILL after ``timeout`` seconds."""
        self.stopping = True
        if not self.pid:
            return
        pid, self.pid = self.pid, 0
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if os.waitpid(pid, os.WNOHANG)[0]:
                    return
            except ChildProcessError:
                return
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


def _how_it_ended(status: int) -> str:
    if status == -1:
        return "ended"
    if os.WIFSIGNALED(status):
        return f"was killed by {signal.Signals(os.WTERMSIG(status)).name}"
    return f"exited with code {os.WEXITSTATUS(status)}"


class SupervisingArbiter(Arbiter):  # type: ignore[misc]
    """Gunicorn's master, which also reaps and restarts the application's ``children``."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.children: list[Supervised] = list(getattr(app, "children", []))

    def handle_chld(self) -> None:
        for child in self.children:
            child.reap()
        super().handle_chld()

    handle_cld = handle_chld

    def manage_workers(self) -> None:
        for child in self.children:
            child.tend()
        super().manage_workers()
