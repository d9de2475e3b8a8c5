"""Due turns processed per minute by ``umpire worker`` processes (issues 18, 33).

For each database, game and turn: N copies of one bot-filled game (one human seat whose orders
are left to the rules) at turn T, all with their deadline passed, then W ``umpire worker``
processes started; the clock runs until every game's turn is processed. Prints due turns per
minute, each worker's peak memory (VmHWM), the turn-40 / turn-1 ratio and, per processed turn
(from the first one processed on, the workers' start-up left out):

- the workers' CPU (``/proc/<pid>/stat``, user + system);
- the PostgreSQL server's CPU for them: the backends of the bench database's other
  connections, read from ``/proc/<pid>/stat`` (this machine runs the server; a backend that
  exits in between is not counted);
- the SQL statements the workers sent (a Django execute wrapper in each worker counts them,
  and keeps the count in a shared file the bench reads; ``executemany``: one);
- with ``--callgrind G``: the instructions of one worker processing G due games, run under
  ``valgrind --tool=callgrind`` with instrumentation switched on once it is idle, then the
  games made due, and the count dumped when they are processed.

``--compare DIR`` runs every case side by side with another worktree's code (its ``src``
first on the workers' path; the games are made by this one), on the same database server
in the same run: the same template game, copied afresh for each side. Code whose records this
one's cannot read (older than the compact records) needs ``--own-games``: that side's games are
made by its own code and its own ``bench/servergames.py`` in a database of its own, and the
two sides run alternately, case by case.

    .venv/bin/python bench/service_throughput.py                      # PostgreSQL and SQLite
    .venv/bin/python bench/service_throughput.py --games 500 --workers 2 --db postgres
    .venv/bin/python bench/service_throughput.py --game diplomacy --turns 1,40
    .venv/bin/python bench/service_throughput.py --db postgres --compare /tmp/w-main --callgrind 8
    .venv/bin/python bench/service_throughput.py --db postgres --compare /tmp/w-old --own-games

PostgreSQL: ``--postgres URL`` (default ``postgres://postgres@127.0.0.1:5432/h_scale_bench``;
the database is dropped and made again). SQLite: a file in a temporary directory.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# An older worktree's own games module where its side makes its own games (--own-games).
sys.path.insert(0, os.environ.get("BENCH_SERVERGAMES") or str(Path(__file__).resolve().parent))

import servergames

# A worker that counts the statements it sends into the file BENCH_STATEMENTS names.
WORKER = """
import mmap, os, struct, sys
from django.db.backends.signals import connection_created
path = os.environ.get("BENCH_STATEMENTS")
if path:
    shared = mmap.mmap(os.open(path, os.O_RDWR), 8)
    sent = [0]
    def count(execute, sql, params, many, context):
        sent[0] += 1
        struct.pack_into("q", shared, 0, sent[0])
        return execute(sql, params, many, context)
    def counted(sender, connection, **kwargs):
        if count not in connection.execute_wrappers:
            connection.execute_wrappers.append(count)
    connection_created.connect(counted, weak=False)
from umpire.cli import main
sys.exit(main(["worker"]))
"""
POSTGRES = "postgres://postgres@127.0.0.1:5432/h_scale_bench"


def peak_rss_mib(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run_case(
    url: str,
    game: str,
    turn: int,
    games: int,
    workers: int,
    sides: list[tuple[str, str]],
    callgrind: int,
) -> list[dict[str, Any]]:
    """The case on each side (``(label, src directory or "")``), the same template game copied
    afresh for each, the copies of the side before dropped."""
    servergames.clear()
    gm = servergames.user("bench-gm", gm=True)
    human = servergames.user("bench-human")
    source = servergames.template(game, turn, human, gm, expected=True)
    results = []
    for label, src in sides:
        ids = servergames.copies(source, games)
        result = run_side(url, ids, workers, src)
        if callgrind:
            drop(ids)
            ids = servergames.copies(source, callgrind)
            result["instructions"] = instructions(url, ids, src)
        drop(ids)
        results.append({"side": label, "game": game, **result})
    return results


def drop(ids: list[int]) -> None:
    """The copies dropped; an older games module without ``drop`` leaves them (never due
    again, and each side has its own database there)."""
    if hasattr(servergames, "drop"):
        servergames.drop(ids)


def worker_env(url: str, src: str, counts: str) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": url, "UMPIRE_TICK_SECONDS": "1", "PYTHONUNBUFFERED": "1"}
    env["BENCH_STATEMENTS"] = counts
    if src:
        env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [env.get("PYTHONPATH")])])
    return env


def counter_file(folder: str, name: str) -> str:
    path = os.path.join(folder, name)
    Path(path).write_bytes(bytes(8))
    return path


def statements_sent(paths: list[str]) -> int:
    return sum(struct.unpack("q", Path(p).read_bytes()[:8])[0] for p in paths)


def run_side(url: str, ids: list[int], workers: int, src: str) -> dict[str, Any]:
    from django.db.models import Max, Min

    from umpire.server.models import Game, Turn

    servergames.make_due(ids)
    at = Game.objects.get(pk=ids[0]).turn
    before = Turn.objects.count()
    games = len(ids)
    with tempfile.TemporaryDirectory() as tmp:
        counts = [counter_file(tmp, f"w{i}") for i in range(workers)]
        started = time.perf_counter()
        children = [
            subprocess.Popen(
                [sys.executable, "-c", WORKER],
                env=worker_env(url, src, counts[i]),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for i in range(workers)
        ]
        done = 0
        # The CPU and statements from the first processed turn on (the start-up left out).
        first: tuple[int, float, float, int] | None = None
        try:
            limit = started + max(120.0, games * 1.0)
            while time.perf_counter() < limit:
                if not Game.objects.filter(pk__in=ids, turn__lte=at).exists():
                    break
                if first is None and (seen := Turn.objects.count() - before):
                    cpu = sum(cpu_seconds(c.pid) for c in children)
                    first = (seen, cpu, database_cpu_seconds(), statements_sent(counts))
                time.sleep(0.2)
            # Every due turn, and any turn that bots alone play, queued at once after it.
            done = Turn.objects.count() - before
            wall = time.perf_counter() - started
            rss = [peak_rss_mib(c.pid) for c in children]
            counted, cpu0, server0, sent0 = first or (0, 0.0, 0.0, 0)
            counted = done - counted
            cpu = sum(cpu_seconds(c.pid) for c in children) - cpu0
            server = database_cpu_seconds() - server0
            sent = statements_sent(counts) - sent0
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
        "statements": round(sent / counted, 1) if counted > 0 else None,
    }


def instructions(url: str, ids: list[int], src: str) -> int | None:
    """Instructions per processed turn of one worker under callgrind: started with
    instrumentation off; one game processed (its code imported), then instrumentation
    switched on and the other games made due; the count dumped once they are processed."""
    from umpire.server.models import Game, Turn

    at = Game.objects.get(pk=ids[0]).turn
    with tempfile.TemporaryDirectory() as tmp:
        counts = [counter_file(tmp, "w")]
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
               f"--callgrind-out-file={out}", sys.executable, "-c", WORKER]  # fmt: skip
        child = subprocess.Popen(cmd, env=worker_env(url, src, counts[0]),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        pid = str(child.pid)
        try:
            limit = time.perf_counter() + 600
            while statements_sent(counts) == 0 and time.perf_counter() < limit:
                time.sleep(1)
            # One game processed uninstrumented first: the code a turn needs is imported.
            warm, ids = ids[:1], ids[1:]
            servergames.make_due(warm)
            while Game.objects.filter(pk__in=warm, turn__lte=at).exists():
                if time.perf_counter() > limit:
                    return None
                time.sleep(1)
            time.sleep(3)
            control = ["callgrind_control"]
            subprocess.run([*control, "-i", "on", pid], check=True, capture_output=True)
            before = Turn.objects.count()
            servergames.make_due(ids)
            limit = time.perf_counter() + 60 + 60 * len(ids)
            while time.perf_counter() < limit:
                if not Game.objects.filter(pk__in=ids, turn__lte=at).exists():
                    break
                time.sleep(1)
            done = Turn.objects.count() - before
            subprocess.run([*control, "-d", pid], check=True, capture_output=True)
            time.sleep(2)
            total = 0
            for part in Path(tmp).glob("callgrind.out*"):
                for line in part.read_text(errors="replace").splitlines():
                    if line.startswith("summary:") or line.startswith("totals:"):
                        total = max(total, int(line.split()[1]))
        finally:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=120)
            except subprocess.TimeoutExpired:
                child.kill()
    return round(total / done) if done else None


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
    sides = [("this", "")]
    if args.side:
        sides = [(args.side, os.environ.get("PYTHONPATH", ""))]
    elif args.compare:
        sides.insert(0, (Path(args.compare).name, str(Path(args.compare).resolve() / "src")))
    for game in [g for g in args.game.split(",") if g]:
        for turn in (int(t) for t in args.turns.split(",")):
            for result in run_case(
                args.url, game, turn, args.games, args.workers, sides, args.callgrind
            ):
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
    parser.add_argument(
        "--compare", default="", help="another worktree, whose code runs each case too"
    )
    parser.add_argument(
        "--own-games", action="store_true",
        help="with --compare: the other worktree's code (and its bench/servergames.py) makes "
        "its own games in a database of its own, for code whose records this one's cannot "
        "read; the two sides alternate case by case",
    )  # fmt: skip
    parser.add_argument(
        "--callgrind", type=int, default=0,
        help="also: instructions per turn of one worker under callgrind, over this many games",
    )  # fmt: skip
    parser.add_argument("--url", help=argparse.SUPPRESS)  # internal: one database
    parser.add_argument("--side", default="", help=argparse.SUPPRESS)  # internal: its label
    args = parser.parse_args()
    if args.url:
        one_database(args)
        return
    print(f"{args.games} games per case, {args.workers} worker process(es)")
    print("due turns/min: from the first turn processed to the last; (wall): from starting")
    print("the workers, their start-up included")
    print("CPU ms/turn: the workers' CPU + the PostgreSQL server's for them, per turn;")
    print("stmts: SQL statements the workers sent per turn; Ir/turn: one worker's instructions")
    print(f"{'database':<9} {'code':<8} {'game':<11} {'turn':>4} {'due turns/min':>13} "
          f"{'(wall)':>8} {'wall s':>7} {'peak RSS MiB':>13} {'CPU ms/turn':>16} "
          f"{'stmts':>6} {'Ir/turn':>12}")  # fmt: skip
    rates: dict[tuple[str, str, str, int], int] = {}
    for db in args.db.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            for run, env, url in children(args, db, tmp):
                if db == "postgres":
                    servergames.drop_postgres_database(url)
                child = subprocess.Popen(run, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         text=True, env=env)  # fmt: skip
                assert child.stdout is not None
                for line in child.stdout:
                    report(db, line, rates)
                if child.wait():
                    raise SystemExit(f"{db}: the benchmark failed")
                if db == "postgres":
                    servergames.drop_postgres_database(url)
    turns = sorted({t for (_, _, _, t) in rates})
    if len(turns) >= 2:
        first, last = turns[0], turns[-1]
        for db, game, side, t in sorted(rates):
            was = rates.get((db, game, side, first))
            if t != last or not was:
                continue
            ratio = rates[(db, game, side, last)] / was
            print(f"ratio turn {last} / turn {first}: {db} {side} {game}: {ratio:.2f}")


def children(
    args: argparse.Namespace, db: str, tmp: str
) -> list[tuple[list[str], dict[str, str], str]]:
    """The bench processes to run on one database, in order: one for all the cases; or, with
    ``--own-games``, one per case and side, the other worktree's first, each side on a
    database of its own."""
    base = args.postgres if db == "postgres" else f"sqlite:///{tmp}/bench.sqlite3"
    common = ["--games", str(args.games), "--workers", str(args.workers),
              "--callgrind", str(args.callgrind)]  # fmt: skip
    if not (args.own_games and args.compare):
        cmd = [sys.executable, __file__, "--url", base, *common, "--game", args.game,
               "--turns", args.turns, "--idle", str(args.idle), "--compare", args.compare]  # fmt: skip
        return [(cmd, dict(os.environ), base)]
    other = Path(args.compare).resolve()
    env = {
        **os.environ,
        "PYTHONPATH": str(other / "src"),
        "BENCH_SERVERGAMES": str(other / "bench"),
    }
    theirs = base + "_other" if db == "postgres" else f"sqlite:///{tmp}/other.sqlite3"
    runs = []
    for game in [g for g in args.game.split(",") if g]:
        for turn in args.turns.split(","):
            case = [*common, "--game", game, "--turns", turn]
            runs.append(([sys.executable, __file__, "--url", theirs, *case, "--side", other.name],
                         env, theirs))  # fmt: skip
            runs.append(([sys.executable, __file__, "--url", base, *case], dict(os.environ), base))
    return runs


def report(db: str, line: str, rates: dict[tuple[str, str, str, int], int]) -> None:
    """One line of a bench process's output, printed as the table's row."""
    if line.startswith("IDLE "):
        idle = json.loads(line[5:])
        print(f"{db:<9} idle worker beside {idle['games']} running games (none due):"
              f" {idle['cpu_share']}% of a core over {idle['seconds']} s")  # fmt: skip
    if not line.startswith("RESULT "):
        return
    r = json.loads(line[7:])
    rates[(db, r["game"], r["side"], r["turn"])] = r["per_min_busy"]
    ir = r.get("instructions")
    print(f"{db:<9} {r['side']:<8} {r['game']:<11} {r['turn']:>4} "
          f"{r['per_min_busy']:>13,} {r['per_min_wall']:>8,} {r['wall_s']:>7} "
          f"{' '.join(str(x) for x in r['peak_rss_mib']):>13}"
          f"{_cpu(r):>17} {r.get('statements') or '':>6} "
          f"{f'{ir:,}' if ir else '':>12}"
          + ("" if r["processed"] >= r["games"] else
             f"  (only {r['processed']} processed)"), flush=True)  # fmt: skip


def _cpu(r: dict[str, Any]) -> str:
    if "worker_cpu_ms" not in r:
        return ""
    server = r.get("server_cpu_ms")
    return f"{r['worker_cpu_ms']}" + (f" + {server}" if server is not None else "")


if __name__ == "__main__":
    main()
