"""Due turns processed per minute by ``umpire worker`` processes (issue 18).

For each database, game and turn: N copies of one bot-filled game (one human seat whose orders
are left to the rules) at turn T, all with their deadline passed, then W ``umpire worker``
processes started; the clock runs until every game's turn is processed. Prints due turns per
minute, each worker's peak memory (VmHWM) and the turn-40 / turn-1 ratio. Figures only: no
assertion on time.

    .venv/bin/python bench/service_throughput.py                      # PostgreSQL and SQLite
    .venv/bin/python bench/service_throughput.py --games 500 --workers 2 --db postgres
    .venv/bin/python bench/service_throughput.py --game diplomacy --turns 1,40

PostgreSQL: ``--postgres URL`` (default ``postgres://postgres@127.0.0.1:5432/h_scale_bench``;
the database is dropped and made again). SQLite: a file in a temporary directory.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import servergames

WORKER = "import sys; from umpire.cli import main; sys.exit(main(['worker']))"
POSTGRES = "postgres://postgres@127.0.0.1:5432/h_scale_bench"


def peak_rss_mib(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run_case(url: str, game: str, turn: int, games: int, workers: int) -> dict[str, Any]:
    from django.db.models import Max, Min

    from umpire.server.models import Game, Turn

    servergames.clear()
    gm = servergames.user("bench-gm", gm=True)
    human = servergames.user("bench-human")
    source = servergames.template(game, turn, human, gm, expected=True)
    ids = [source.pk, *servergames.copies(source, games - 1)]
    servergames.make_due(ids)
    at = Game.objects.get(pk=source.pk).turn
    before = Turn.objects.count()
    env = {**os.environ, "DATABASE_URL": url, "UMPIRE_TICK_SECONDS": "1", "PYTHONUNBUFFERED": "1"}
    started = time.perf_counter()
    children = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(workers)
    ]
    done = 0
    # The CPU used from the first processed turn on (the workers' start-up left out).
    first: tuple[int, float, float] | None = None
    try:
        limit = started + max(120.0, games * 1.0)
        while time.perf_counter() < limit:
            if not Game.objects.filter(pk__in=ids, turn__lte=at).exists():
                break
            if first is None and (seen := Turn.objects.count() - before):
                first = (seen, sum(cpu_seconds(c.pid) for c in children), database_cpu_seconds())
            time.sleep(0.2)
        # Every due turn, and any turn that bots alone play, queued at once after it.
        done = Turn.objects.count() - before
        wall = time.perf_counter() - started
        rss = [peak_rss_mib(c.pid) for c in children]
        counted, cpu0, server0 = first or (0, 0.0, 0.0)
        counted = done - counted
        cpu = sum(cpu_seconds(c.pid) for c in children) - cpu0
        server = database_cpu_seconds() - server0
    finally:
        for c in children:
            c.send_signal(signal.SIGTERM)
        for c in children:
            try:
                c.wait(timeout=60)
            except subprocess.TimeoutExpired:
                c.kill()
    span = Turn.objects.filter(game_id__in=ids, number__gte=at).aggregate(
        first=Min("processed_at"), last=Max("processed_at")
    )
    busy = (span["last"] - span["first"]).total_seconds() if span["first"] else 0.0
    return {
        "game": game,
        "turn": at,
        "games": games,
        "processed": done,
        "wall_s": round(wall, 2),
        "busy_s": round(busy, 2),
        "per_min_wall": round(done / wall * 60) if wall else 0,
        # From the first turn processed to the last (worker start-up left out).
        "per_min_busy": round((done - 1) / busy * 60) if busy else 0,
        "peak_rss_mib": [round(r, 1) for r in rss],
        # CPU per processed turn from the first one on (steadier than the rates on a shared
        # machine): the worker processes', and the PostgreSQL server processes' serving them.
        "worker_cpu_ms": round(cpu / counted * 1000, 1) if counted > 0 else 0.0,
        "server_cpu_ms": round(server / counted * 1000, 1) if counted > 0 and server else None,
    }


def database_cpu_seconds() -> float:
    """CPU time of the PostgreSQL server processes of this database's other connections (the
    workers'), where this machine runs the server; 0 on SQLite or when unreadable."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return 0.0
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )
        pids = [row[0] for row in cursor.fetchall()]
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(pid)
    return total


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_case(url: str, games: int, seconds: float) -> dict[str, Any]:
    """One worker beside ``games`` running games, none due: the share of a core it uses."""
    servergames.clear()
    gm = servergames.user("bench-gm", gm=True)
    human = servergames.user("bench-human")
    source = servergames.template("diplomacy", 1, human, gm, expected=True)
    servergames.copies(source, games - 1)
    env = {**os.environ, "DATABASE_URL": url, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen([sys.executable, "-c", WORKER], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        time.sleep(15)  # start-up and the first notice pass
        used, at = cpu_seconds(child.pid), time.perf_counter()
        time.sleep(seconds)
        share = (cpu_seconds(child.pid) - used) / (time.perf_counter() - at)
    finally:
        child.send_signal(signal.SIGTERM)
        child.wait(timeout=60)
    return {"games": games, "seconds": seconds, "cpu_share": round(share * 100, 2)}


def one_database(args: argparse.Namespace) -> None:
    """The cases on one database (this process is Django's, on that database)."""
    servergames.setup(args.url)
    if args.idle:
        print("IDLE " + json.dumps(idle_case(args.url, args.idle, 60)), flush=True)
    for game in [g for g in args.game.split(",") if g]:
        for turn in (int(t) for t in args.turns.split(",")):
            result = run_case(args.url, game, turn, args.games, args.workers)
            print("RESULT " + json.dumps(result), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="N games per case")
    parser.add_argument("--workers", type=int, default=2, help="W worker processes")
    parser.add_argument("--db", default="postgres,sqlite")
    parser.add_argument("--game", default="diplomacy,battleplan")
    parser.add_argument("--turns", default="1,40")
    parser.add_argument("--postgres", default=POSTGRES)
    parser.add_argument(
        "--idle",
        type=int,
        default=0,
        help="also: one worker's CPU beside this many running games, none due",
    )
    parser.add_argument("--url", help=argparse.SUPPRESS)  # internal: one database
    args = parser.parse_args()
    if args.url:
        one_database(args)
        return
    print(f"{args.games} games per case, {args.workers} worker process(es)")
    print("due turns/min: from the first turn processed to the last; (wall): from starting")
    print("the workers, their start-up included")
    print("CPU ms/turn: the workers' CPU and the PostgreSQL server's for them, per turn")
    print(f"{'database':<9} {'game':<11} {'turn':>4} {'due turns/min':>13} {'(wall)':>8} "
          f"{'wall s':>7} {'peak RSS MiB per worker':>24} {'CPU ms/turn':>16}")  # fmt: skip
    rates: dict[tuple[str, str, int], int] = {}
    for db in args.db.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            if db == "postgres":
                url = args.postgres
                servergames.drop_postgres_database(url)
            else:
                url = f"sqlite:///{tmp}/bench.sqlite3"
            cmd = [sys.executable, __file__, "--url", url, "--games", str(args.games),
                   "--workers", str(args.workers), "--game", args.game, "--turns", args.turns,
                   "--idle", str(args.idle)]  # fmt: skip
            child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True)  # fmt: skip
            assert child.stdout is not None
            for line in child.stdout:
                if line.startswith("IDLE "):
                    idle = json.loads(line[5:])
                    print(f"{db:<9} idle worker beside {idle['games']} running games (none due):"
                          f" {idle['cpu_share']}% of a core over {idle['seconds']} s")  # fmt: skip
                if not line.startswith("RESULT "):
                    continue
                r = json.loads(line[7:])
                rates[(db, r["game"], r["turn"])] = r["per_min_busy"]
                print(f"{db:<9} {r['game']:<11} {r['turn']:>4} {r['per_min_busy']:>13,} "
                      f"{r['per_min_wall']:>8,} {r['wall_s']:>7} "
                      f"{' '.join(str(x) for x in r['peak_rss_mib']):>24}"
                      f"{_cpu(r):>17}"
                      + ("" if r["processed"] >= r["games"] else
                         f"  (only {r['processed']} processed)"))  # fmt: skip
            if child.wait():
                raise SystemExit(f"{db}: the benchmark failed")
            if db == "postgres":
                servergames.drop_postgres_database(url)
    turns = sorted({t for (_, _, t) in rates})
    if len(turns) >= 2:
        first, last = turns[0], turns[-1]
        for db, game, t in sorted(rates):
            if t != last or (db, game, first) not in rates or not rates[(db, game, first)]:
                continue
            ratio = rates[(db, game, last)] / rates[(db, game, first)]
            print(f"ratio turn {last} / turn {first}: {db} {game}: {ratio:.2f}")


def _cpu(r: dict[str, Any]) -> str:
    if "worker_cpu_ms" not in r:
        return ""
    server = r.get("server_cpu_ms")
    return f"{r['worker_cpu_ms']}" + (f" + {server}" if server is not None else "")


if __name__ == "__main__":
    main()
