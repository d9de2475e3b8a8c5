"""CPU of one API request inside the application, without a web server or a network client
(issue 18): the figure to compare two versions of the request path on a busy machine.

The live load test (``bench/api_load.py``) measures what players see, but on this shared
two-core machine its rates move by a fifth from run to run. Here one Diplomacy game at turn
T (a copy of a bot-filled game, as the load test makes) is asked for its printout and sent
its player's orders through Umpire's WSGI application in this process, N times in a row
after a warm-up, seven times over; the process's CPU time per request is printed (the
least and the median of the seven: the least is the steadiest), with PostgreSQL's CPU for
the same requests, and the Python function calls of one request (cProfile's count, which
does not move with the machine's load). Figures only.

    .venv/bin/python bench/request_cpu.py                    # turns 1 and 40, PostgreSQL
    .venv/bin/python bench/request_cpu.py --turns 1 --requests 500
    .venv/bin/python bench/request_cpu.py --db sqlite

For counts that do not move at all, run it under valgrind's callgrind (instructions, not
seconds): ``valgrind --tool=callgrind .venv/bin/python bench/request_cpu.py --turns 1
--requests 100 --repeat 1`` (then subtract a run with ``--requests 0`` from the total).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import servergames
from api_load import prepare
from service_throughput import cpu_seconds

POSTGRES = "postgres://postgres@127.0.0.1:5432/h_request_cpu"


def backend_cpu() -> float:
    """CPU time of this process's own PostgreSQL server process (0 elsewhere)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return 0.0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    try:
        return cpu_seconds(pid)
    except OSError:  # a server on another machine
        return 0.0


def environ(method: str, path: str, token: str, body: bytes = b"") -> dict[str, Any]:
    """A request as a WSGI server hands it to the application."""
    return {
        "REQUEST_METHOD": method, "PATH_INFO": path, "SCRIPT_NAME": "", "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1:8000", "HTTP_AUTHORIZATION": f"Bearer {token}",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
        "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }  # fmt: skip


def requester(turn: int) -> dict[str, Callable[[], int]]:
    """One request of each kind, for a player of a game at ``turn``; each gives its status."""
    from umpire.server.wsgi import application

    client = prepare(turn, 1)[0]
    body = json.dumps({"turn": client.turn, "text": client.orders}).encode()
    status: list[str] = []

    def start_response(line: str, headers: Any, exc: Any = None) -> None:
        status.append(line)

    def call(method: str, path: str, data: bytes = b"") -> int:
        answer = application(environ(method, path, client.token, data), start_response)
        b"".join(answer)
        getattr(answer, "close", lambda: None)()
        return int(status[-1].split()[0])

    game = client.game_id
    return {
        "read": lambda: call("GET", f"/api/games/{game}/printout"),
        "submit": lambda: call("POST", f"/api/games/{game}/orders", body),
    }


def calls(request: Callable[[], int], count: int = 20) -> float:
    """Python function calls per request (cProfile's count): the same at two turns means the
    application does the same work, whatever the CPU figures, which move with the machine's
    load (issue 33: a printout read was 523 us at turn 1 and 890 us at turn 40)."""
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(count):
        request()
    profile.disable()
    return float(pstats.Stats(profile).total_calls) / count  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", default="1,40")
    parser.add_argument("--requests", type=int, default=300, help="N: requests per sample")
    parser.add_argument("--repeat", type=int, default=7, help="samples per kind")
    parser.add_argument("--db", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--postgres", default=POSTGRES, help="the PostgreSQL database (dropped)")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory()
    url = args.postgres if args.db == "postgres" else f"sqlite:///{tmp.name}/cpu.sqlite3"
    if url.startswith("postgres"):
        servergames.drop_postgres_database(url)
    servergames.setup(url)
    from django.db import connection

    print(f"database {connection.vendor}, {args.requests} requests a sample, "
          f"{args.repeat} samples, load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"{'turn':>4} {'kind':<7} {'least us':>9} {'median us':>9} {'database us':>11} "
          f"{'calls':>7}")  # fmt: skip
    try:
        for turn in (int(t) for t in args.turns.split(",")):
            for kind, request in requester(turn).items():
                for _ in range(min(args.requests, 100)):  # warm: statements prepared
                    if request() != 200:
                        raise SystemExit(f"{kind} at turn {turn} answered {request()}")
                samples, database = [], []
                for _ in range(args.repeat):
                    db_before, before = backend_cpu(), time.process_time()
                    for _ in range(args.requests):
                        request()
                    spent = time.process_time() - before
                    samples.append(spent / max(args.requests, 1) * 1e6)
                    database.append((backend_cpu() - db_before) / max(args.requests, 1) * 1e6)
                samples.sort()
                database.sort()
                middle = len(samples) // 2
                print(f"{turn:>4} {kind:<7} {samples[0]:>9.0f} {samples[middle]:>9.0f} "
                      f"{database[middle]:>11.0f} {calls(request):>7.0f}", flush=True)  # fmt: skip
    finally:
        connection.close()
        if url.startswith("postgres"):
            servergames.drop_postgres_database(url)
        tmp.cleanup()


if __name__ == "__main__":
    main()
