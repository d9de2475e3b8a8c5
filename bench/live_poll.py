"""What an idle open page costs the server (issue 29, live pages): figures only.

An open game page (a player's, a spectator's) and a My games page ask their version address
every 4 seconds (``static/web/live.js``) with ``If-None-Match``; while nothing changes the
answer is ``304`` with no body. Here a Diplomacy game with seven players (and 40 press
messages, some private) is set up in a temporary SQLite database, and each kind of poll is
sent N times through Umpire's whole WSGI stack (every middleware) in this process, after a
warm-up. Printed per kind: the status, the database queries per poll, the CPU per poll (the
least and median of five runs), the polls a second one core answers, and what 1,000 open
pages (250 polls a second) would take of one core.

    .venv/bin/python bench/live_poll.py
    .venv/bin/python bench/live_poll.py --polls 2000
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

POLL_SECONDS = 4  # live.js: one poll every 4 s while the tab is shown


def environ(path: str, query: str, etag: str) -> dict[str, Any]:
    return {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "SCRIPT_NAME": "", "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1:8000", "HTTP_IF_NONE_MATCH": etag,
        "HTTP_ACCEPT": "application/json", "wsgi.input": io.BytesIO(b""),
        "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr, "wsgi.multithread": False,
        "wsgi.multiprocess": True, "wsgi.run_once": False, "wsgi.version": (1, 0),
    }  # fmt: skip


def setup() -> dict[str, str]:
    """A running Diplomacy game with press; the three poll addresses (player, spectator,
    My games) as the pages carry them."""
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from umpire.server import accounts
    from umpire.server.outputs import SPECTATOR_VIEWER, viewer_of
    from umpire.server.usecases import lifecycle, messaging
    from umpire.server.web import live

    call_command("migrate", verbosity=0)
    gm = accounts.register("gm", "gm-password-1", game_master=True)
    game = lifecycle.create_game(gm, "Bench", "diplomacy", settings={"deadline": {"minutes": 60}})
    users = {}
    for power in ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"):
        users[power] = User.objects.create_user(power.lower(), password=None)
        lifecycle.join(game.pk, users[power], [power])
    lifecycle.start(game.pk, gm)
    for i in range(40):  # press to all, to England, and between others
        to = [["ENG", "FRA", "GER", "ITA", "RUS", "TUR"], ["ENG"], ["GER"]][i % 3]
        messaging.send_message(game.pk, users["AUS"], f"message {i}", to=to)
    game.refresh_from_db()
    return {
        "player's game page": live.game_src(game.pk, viewer_of(game, users["ENG"])),
        "spectator's page": live.game_src(game.pk, SPECTATOR_VIEWER),
        "My games page": live.games_src(users["ENG"].pk),
    }


def measure(src: str, polls: int) -> dict[str, Any]:
    from django.db import connection

    from umpire.server.wsgi import application

    path, _, query = src.partition("?")
    status: list[str] = []
    headers: dict[str, str] = {}

    def start(line: str, head: Any, exc: Any = None) -> None:
        status.append(line)
        headers.update(dict(head))

    def poll(etag: str) -> None:
        body = application(environ(path, query, etag), start)
        b"".join(body)
        if hasattr(body, "close"):
            body.close()

    poll("")  # the first poll: the version, 200
    etag = headers["ETag"]
    one: Callable[[], None] = lambda: poll(etag)  # noqa: E731
    for _ in range(50):
        one()
    seen: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        status.clear()
        one()
    runs = []
    for _ in range(5):
        began = time.process_time()
        for _ in range(polls):
            one()
        runs.append((time.process_time() - began) / polls)
    return {
        "status": status[-1],
        "queries": len(seen),
        "least": min(runs),
        "median": statistics.median(runs),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--polls", type=int, default=1000)
    args = parser.parse_args()
    var = tempfile.mkdtemp(prefix="umpire-live-bench-")
    os.environ.update(UMPIRE_VAR_DIR=var, DJANGO_SETTINGS_MODULE="umpire.server.settings")
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    sources = setup()
    print(f"an idle open page: one poll every {POLL_SECONDS} s; {args.polls} polls x 5 runs")
    print(f"{'page':<20} {'answer':<18} {'queries':>7} {'CPU/poll':>9} {'polls/s':>8} "
          f"{'1000 pages':>11}")  # fmt: skip
    for name, src in sources.items():
        m = measure(src, args.polls)
        per_core = 1 / m["least"]
        share = 1000 / POLL_SECONDS * m["least"]
        print(
            f"{name:<20} {m['status']:<18} {m['queries']:>7} {m['least'] * 1e3:>7.3f}ms "
            f"{per_core:>8.0f} {share:>10.1%}"
        )
        print(f"{'':<20} (median CPU/poll {m['median'] * 1e3:.3f} ms)")
    print("1000 pages: the share of one core that 1,000 idle open pages (250 polls/s) take")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
