"""Entry points for the command line: ``umpire serve``, ``worker``, ``migrate``, ``creategm``,
``prune``.

Each function sets ``DJANGO_SETTINGS_MODULE`` and calls ``django.setup()`` itself and returns
a process exit code. ``python -m umpire.server <command>`` reaches them too.
"""

from __future__ import annotations

import contextlib
import getpass
import logging
import os
import signal
import sys
import threading
import time
from types import FrameType
from typing import Any

from umpire.core.record import GameRecord

log = logging.getLogger("umpire.server")


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")
    import django

    django.setup()


def _migrate(verbosity: int = 1) -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=verbosity)


def migrate() -> int:
    """Create or update the database tables."""
    _setup()
    _migrate()
    return 0


def community(recompute: bool) -> int:
    """``umpire community --recompute``: every reliability figure and rating computed again
    from the game records and stored; each difference with the stored figures is printed
    (exit 1 when there was one). Without ``--recompute``: only compare (exit 1 on any)."""
    _setup()
    from umpire.server import community as figures

    found = figures.recompute() if recompute else figures.differences()
    for line in found:
        print(line)
    verb = "recomputed" if recompute else "checked"
    print(f"Reliability and ratings {verb}: {len(found)} difference(s) with the stored figures.")
    return 1 if found else 0


def prune(dry_run: bool = False) -> int:
    """``umpire prune [--dry-run]``: delete the delivery rows retention lets go now (old sent
    and failed mail, webhook posts, finished tasks' results, the log of mail read:
    :mod:`umpire.server.retention`), as the worker does every ``UMPIRE_PRUNE_SECONDS``, and
    print what went of each kind (with ``--dry-run``: what would go, nothing deleted)."""
    _setup()
    from django.conf import settings

    from umpire.server import retention

    counts = retention.prunable() if dry_run else retention.prune()
    verb = "would be deleted" if dry_run else "deleted"
    for kind in retention.KINDS:
        if kind.name in counts:
            print(f"{kind.name} older than {kind.days:g} days ({kind.setting}): "
                  f"{counts[kind.name]} {verb}")  # fmt: skip
        else:
            print(f"{kind.name}: kept for ever ({kind.setting}=0)")
    total = sum(counts.values())
    print(f"{'Would prune' if dry_run else 'Pruned'} {total} row(s) in all; rows still to send "
          f"and tasks not finished are never pruned (every {settings.UMPIRE_PRUNE_SECONDS:g} s "
          "the worker does the same).")  # fmt: skip
    return 0


def creategm(username: str, email: str, password: str | None) -> int:
    """Create a game-master account (or promote an existing one) and print an API token.

    A game master is not staff: the Django admin is for superusers only (``createsuperuser``).
    """
    _setup()
    from django.contrib.auth.models import User

    from umpire.core.session import SessionError
    from umpire.server import accounts

    if password is None:
        password = getpass.getpass("Password: ")
        if password != getpass.getpass("Password (again): "):
            print("error: the passwords differ", file=sys.stderr)
            return 2
    user = User.objects.filter(username=username).first()
    try:
        if user is None:
            # The operator vouches for the address given here: it is recorded as verified.
            user = accounts.register(
                username, password, email=email, game_master=True, verified=bool(email)
            )
        else:
            accounts.check_password(password, user=user)
            user.set_password(password)  # revokes the account's earlier API tokens
            user.save()
            if email:
                accounts.set_email(user, email, verified=True)
            profile = accounts.profile_of(user)
            profile.is_game_master = True
            profile.save()
    except SessionError as err:
        print(f"error: {err.message} [{err.code}]", file=sys.stderr)
        return 2
    print(f"Game master {user.username} is ready (the GM console of the pages, and the API).")
    print(f"API token: {accounts.issue_token(user, 'creategm')}")
    return 0


def export_record(game_id: int) -> GameRecord | None:
    """The whole engine record of server game ``game_id`` (None: no such started game), as
    ``umpire replay``, ``report`` and ``status`` read it from a file."""
    _setup()
    from umpire.server.models import Game
    from umpire.server.store import load_record

    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.initial_state is None:
        return None
    return load_record(game)


class Workers:
    """The task worker (django-tasks database backend) plus the deadline scheduler."""

    def __init__(self, *, interval: float = 1.0) -> None:
        from django.conf import settings

        self.stop = threading.Event()
        self.tick = float(settings.UMPIRE_TICK_SECONDS)
        self.notice_every = float(settings.UMPIRE_NOTICE_SECONDS)
        self.worker = _db_worker("default", interval)
        self.mail_worker = _db_worker("mail", interval)
        # A game's history as a GIF, a postal packet or a game master's print (PDFs) takes
        # seconds to make: on its own queue and thread, never in the way of a due turn or a mail.
        self.history_worker = _db_worker("history", interval)
        # Webhook posts on their own queue and thread: a receiver that hangs until the
        # timeout holds the posts behind it, never a mail.
        self.hook_worker = _db_worker("hooks", interval)

    def schedule_forever(self) -> None:
        from umpire.server.health import beat
        from umpire.server.hooks.outbox import retry_due as retry_hooks
        from umpire.server.mail.outbox import retry_due
        from umpire.server.usecases.turns import enqueue_due, recover_stale_tasks

        # Each tick: say the worker is alive (``/healthz`` reads it), queue the turns that
        # are due, recover tasks of dead workers and queue the mails whose retry is due (each
        # one indexed query when there is nothing to do).
        jobs = (
            ("heartbeat", beat),
            ("deadline scheduler", enqueue_due),
            ("task recovery", recover_stale_tasks),
            ("mail retries", retry_due),
            ("webhook retries", retry_hooks),
        )
        self._loop(jobs, self.tick)

    def notices_forever(self) -> None:
        """Reminders and late notices, about once a minute, in one process of all that run
        (a lease row decides which), on their own thread: never in the way of due turns."""
        from umpire.server.mail.notices import send_notices
        from umpire.server.store import take_lease

        def notices() -> None:
            if take_lease("notices", self.notice_every):
                send_notices()

        self._loop((("mail notices", notices),), self.notice_every)

    def prune_forever(self) -> None:
        """Retention (``retention.prune``): old delivery rows deleted in small batches, every
        ``UMPIRE_PRUNE_SECONDS`` in one process of all that run (a lease), on its own thread:
        never in the way of due turns, notices or mail. A shutdown stops it between batches."""
        from django.conf import settings
        from django.db import connections

        from umpire.server.retention import prune
        from umpire.server.store import take_lease

        every = float(settings.UMPIRE_PRUNE_SECONDS)

        def pruning() -> None:
            if take_lease("prune", every):
                prune(stop=self.stop.is_set)

        try:
            self._loop((("retention", pruning),), min(every, self.notice_every))
        finally:
            connections.close_all()  # this thread's own connection, as it ends

    def _loop(self, jobs: Any, every: float) -> None:
        from django.db import close_old_connections

        while not self.stop.is_set():
            for name, job in jobs:
                try:
                    job()
                except Exception:  # keep going; the next tick tries again
                    log.exception("%s tick failed", name)
                finally:
                    close_old_connections()
            self.stop.wait(every)

    def work_forever(self) -> None:
        _run(self.worker)

    def mail_forever(self) -> None:
        _run(self.mail_worker)

    def history_forever(self) -> None:
        _run(self.history_worker)

    def hooks_forever(self) -> None:
        _run(self.hook_worker)

    def start_threads(self, *, worker: bool = True) -> list[threading.Thread]:
        from django.conf import settings

        from umpire.server.mail.outbox import start_pool

        # The mail thread composes and hands each mail to these senders (a bounded pool, each
        # with its own kept connection): a mail server that hangs holds a sender, not the rest.
        start_pool(int(settings.UMPIRE_MAIL_SENDERS))
        threads = [
            threading.Thread(target=self.schedule_forever, name="umpire-scheduler"),
            threading.Thread(target=self.notices_forever, name="umpire-notices"),
            threading.Thread(target=self.mail_forever, name="umpire-mail"),
            threading.Thread(target=self.history_forever, name="umpire-history"),
            threading.Thread(target=self.hooks_forever, name="umpire-hooks"),
            threading.Thread(target=self.prune_forever, name="umpire-prune"),
        ]
        if worker:
            threads.append(threading.Thread(target=self.work_forever, name="umpire-worker"))
        for t in threads:
            t.daemon = True
            t.start()
        return threads

    def shutdown(self) -> None:
        from umpire.server.mail.outbox import stop_pool

        self.stop.set()
        self.worker.running = False
        self.mail_worker.running = False
        self.history_worker.running = False
        self.hook_worker.running = False
        stop_pool()


def _db_worker(queue: str, interval: float) -> Any:
    from django.utils.crypto import get_random_string
    from django_tasks_db.management.commands.db_worker import Worker

    return Worker(
        queue_names=[queue],
        interval=interval,
        batch=False,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id=get_random_string(32),
        excluded_queue_names=[],
    )


def _run(worker: Any) -> None:
    from django.db import close_old_connections

    try:
        worker.run()
    finally:
        close_old_connections()


def _sigterm_as_interrupt() -> None:
    def interrupt(signum: int, frame: FrameType | None) -> Any:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def _sigterm_stops(workers: Workers) -> None:
    """SIGTERM (and Ctrl-C) stop the worker after its current task: no new task is taken; a
    worker between tasks stops at once. A second signal stops it at once."""

    def stop(signum: int, frame: FrameType | None) -> Any:
        if workers.stop.is_set() or not workers.worker.running_task:
            raise KeyboardInterrupt
        log.warning("stopping after the current task")
        workers.shutdown()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


def worker() -> int:
    """Run a task worker and the deadline scheduler until interrupted."""
    _setup()
    workers = Workers()
    workers.start_threads(worker=False)
    _sigterm_stops(workers)
    print("Umpire worker running; Ctrl-C stops it.", flush=True)
    try:
        workers.work_forever()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        workers.shutdown()
    return 0


def _demo(host: str, url: str) -> None:
    """The demo game, on a loopback address only; its random passwords printed once."""
    from umpire.server.demo import DEMO_GM, DEMO_PLAYER, ensure_demo, is_loopback

    if not is_loopback(host):
        print(f"No demo game: {host} is not a loopback address.", flush=True)
        return
    d = ensure_demo()
    print(f"Demo game: id {d.game.pk}, {d.game.name} ({d.game.game})", flush=True)
    print(f"  game master: {DEMO_GM} / {d.gm_password}  token {d.gm_token}", flush=True)
    print(
        f"  player: {DEMO_PLAYER} / {d.player_password} plays {d.player_power}"
        f"  token {d.player_token}",
        flush=True,
    )
    print("  (new passwords and tokens on every start)", flush=True)
    print(
        f'  try: curl -H "Authorization: Bearer {d.player_token}" '
        f"{url}/api/games/{d.game.pk}/printout",
        flush=True,
    )


def watch_parent(parent: int) -> None:
    """Stop this process (as SIGTERM does) once ``parent`` is gone: the worker that ``serve``
    starts must not outlive it, even when ``serve`` is killed outright."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="umpire-parent-watch", daemon=True).start()


def _worker_command() -> list[str]:
    """``umpire worker`` as a child of this process, which it does not outlive: gunicorn
    forks its web workers from this process, which must therefore run no threads of its own
    (the task worker and scheduler run in the child)."""
    return [sys.executable, "-m", "umpire.server", "worker", "--parent", str(os.getpid())]


def serve(host: str, port: int, demo: bool, workers: int | None = None) -> int:
    """Migrate, collect the static files, create the demo game, start the task worker, and serve the web application
    through gunicorn (``umpire.server.httpd``) until interrupted."""
    _setup()
    from django.db import connections

    from umpire.server.httpd import HttpSettings, ServeError, Supervised, UmpireHttp, listen

    try:
        settings = HttpSettings.from_environ(dict(os.environ), workers)
        sock = listen(host, port)
    except ServeError as err:
        print(f"umpire: {err}", file=sys.stderr)
        return 2
    _migrate(verbosity=0)
    from umpire.server import staticfiles

    # The pages name their static files by the manifest of this collection (settings.py);
    # skipped when nothing changed since the last one.
    if staticfiles.collect():
        print("Static files collected (hashed and compressed).", flush=True)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{sock.getsockname()[1]}"
    print(f"Umpire is serving at {url}/", flush=True)
    print(f"API documentation: {url}/api/docs", flush=True)
    print(f"Sign up: {url}/accounts/signup/  GM console: {url}/gm/", flush=True)
    print(f"Admin (superusers only): {url}/admin/", flush=True)
    from django.conf import settings as conf

    from umpire.server.mailconf import FILE_BACKEND

    if conf.EMAIL_BACKEND == FILE_BACKEND:  # no mail server: say where sign-up links go
        print(
            f"Mail (no mail server set): one file per mail in {conf.EMAIL_FILE_PATH}/", flush=True
        )
    if demo:
        _demo(host, url)
    connections.close_all()  # the web workers are forked from here: no shared connection
    # The master of the web server reaps the task worker and restarts it if it dies.
    child = Supervised("task worker", _worker_command())
    child.start()
    print(
        f"Worker running (process {child.pid}); {settings.workers} web workers. "
        "Press Ctrl-C to stop.",
        flush=True,
    )
    master = os.getpid()
    try:
        UmpireHttp(sock, settings, [child]).run()  # gunicorn's master: SIGINT/SIGTERM stop it
    except SystemExit as stop:
        if os.getpid() != master:
            # A web worker (forked inside run) leaving, gunicorn's clean-up done: skip the
            # interpreter's own tear-down of Django's heap (seconds on a busy machine).
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(stop.code if isinstance(stop.code, int) else int(stop.code is not None))
        if stop.code not in (0, None):
            print(f"umpire: the web server stopped ({stop.code})", file=sys.stderr)
            return 1
    finally:
        if os.getpid() == master:
            print("Stopping.", flush=True)
            child.stop()
            with contextlib.suppress(OSError):
                sock.close()  # gunicorn closes it on a clean stop
    return 0
