"""What the lists of games cost with many games: the lobby, a game master's games, the console
and the API's lists (queries, milliseconds, bytes), for N and 10 N games.

    .venv/bin/python bench/page_lists.py [--games 100] [--db postgres|sqlite]

N copies of one bot-filled Diplomacy game at turn 1 (``servergames``), all public and run by
one game master, then each list read three times in process through Django's test client
(the least time printed). A list that costs the same queries for N and 10 N games reads its
games in bulk; its time still grows with what it shows (the lobby and the console show a
page of them, a game master's own list all of his). Figures only, nothing asserted.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from typing import Any

import servergames

POSTGRES = os.environ.get("UMPIRE_BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/bench_lists")


def measure(client: Any, path: str, headers: dict[str, str]) -> tuple[int, float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    best, queries, size = float("inf"), 0, 0
    for _ in range(3):
        with CaptureQueriesContext(connection) as q:
            start = time.perf_counter()
            response = client.get(path, **headers)
            spent = time.perf_counter() - start
        if response.status_code != 200:
            raise SystemExit(f"{path} answered {response.status_code}")
        best, queries, size = min(best, spent), len(q), len(response.content)
    return queries, best * 1000, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="N")
    parser.add_argument("--db", choices=("postgres", "sqlite"), default="postgres")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory()
    url = POSTGRES if args.db == "postgres" else f"sqlite:///{tmp.name}/lists.sqlite3"
    if url.startswith("postgres"):
        servergames.drop_postgres_database(url)
    servergames.setup(url)
    from django.db import connection
    from django.test import Client

    from umpire.server import accounts
    from umpire.server.models import Game

    try:
        gm = servergames.user("bench-gm", gm=True)
        human = servergames.user("bench-human")
        token = accounts.issue_token(gm)
        source = servergames.template("diplomacy", 1, human, gm, expected=True)
        anonymous, signed_in = Client(), Client()
        signed_in.force_login(gm)
        bearer = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        lists = [
            ("lobby (anonymous)", anonymous, "/lobby/", {}),
            ("my games (the GM)", signed_in, "/games/", {}),
            ("GM console", signed_in, "/gm/", {}),
            ("API /public/games", anonymous, "/api/public/games", {}),
            ("API /games (the GM)", anonymous, "/api/games", bearer),
        ]
        print(f"database {connection.vendor}; each list read 3 times, the least time shown")
        print(f"{'list':<22} {'games':>6} {'queries':>8} {'ms':>8} {'KB':>8}")
        have = 1
        for total in (args.games, args.games * 10):
            servergames.copies(source, total - have)
            have = total
            Game.objects.update(public=True)
            for name, client, path, headers in lists:
                queries, ms, size = measure(client, path, headers)
                print(f"{name:<22} {total:>6} {queries:>8} {ms:>8.1f} {size / 1024:>8.1f}")
    finally:
        connection.close()
        if url.startswith("postgres"):
            servergames.drop_postgres_database(url)
        tmp.cleanup()


if __name__ == "__main__":
    main()
