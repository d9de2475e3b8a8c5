"""Printout reads and order submissions per second through the API of a live server (issue 18).

For each turn T (1 and 40): one Diplomacy game per client, each a copy of one bot-filled game
at turn T, each client a player (its own account and token) holding France. Then C clients,
each on its own connection (kept alive where the server allows it), read their printout for
D seconds, then submit orders for D seconds. Prints requests per second, p50 and p99
latency, failures and connection resets, for 50 and 200 clients, and the turn-40 / turn-1
ratio; and the server's CPU per request (its processes, when the benchmark started it, plus
PostgreSQL's for its connections): steadier than the rates on a shared machine. Figures only.

The clients: ``wrk`` (Debian's ``apt-get install wrk``; C, two threads, a Lua script that
gives each request the next player's game and token in turn) when it is installed, else C
Python threads (``--client python``). The Python client spends about as much CPU per request
as the server's printout read does, on the same two cores, so it measures itself as much as
the server; the first line printed says which client ran, and the client's own CPU time.

    .venv/bin/python bench/api_load.py                            # starts `umpire serve`
    .venv/bin/python bench/api_load.py --db sqlite --seconds 10
    .venv/bin/python bench/api_load.py --url http://127.0.0.1:8000 --database-url URL

``--rate R`` paces the clients: each waits clients / R seconds before each request, so they
offer about R requests a second (a site at that load) instead of as many as the server can
answer; the latencies are then those of a server that keeps up, not of a queue at saturation.

With ``--url`` the server must already run on the database of ``--database-url`` (the games,
accounts and tokens are written there first). Without it, ``umpire serve`` (whatever it
runs: the development server, gunicorn, granian) is started on loopback on that database:
PostgreSQL ``postgres://postgres@127.0.0.1:5432/h_scale_api`` by default (dropped and made
again), or a temporary SQLite file with ``--db sqlite``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import servergames
from service_throughput import cpu_seconds, database_cpu_seconds
from umpire.core.submission import bot_text

WRK_SCRIPT = """
local clients = @CLIENTS@
local kind = "@KIND@"
local THREADS = @THREADS@
local threads = 0
function setup(thread)
  thread:set("offset", threads)
  threads = threads + 1
end
function init(args)
  i = offset - THREADS
end
-- Thread k takes clients k+1, k+1+THREADS, ... in turn: a game is rarely asked twice at once.
function request()
  i = (i + THREADS) % #clients
  local c = clients[i + 1]
  local headers = {["Authorization"] = "Bearer " .. c[2], ["Content-Type"] = "application/json"}
  if kind == "read" then
    return wrk.format("GET", "/api/games/" .. c[1] .. "/printout", headers)
  end
  return wrk.format("POST", "/api/games/" .. c[1] .. "/orders", headers, c[3])
end
-- Paced (--rate): each connection waits this long before its next request (0: at once).
function delay()
  return @DELAY@
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK %d %d %d %d %d %d %d %d %d\\n", summary.requests,
    summary.duration, latency:percentile(50), latency:percentile(99), e.connect, e.read,
    e.write, e.status, e.timeout))
end
"""

POSTGRES = "postgres://postgres@127.0.0.1:5432/h_scale_api"
SERVE = "import sys; from umpire.cli import main; sys.exit(main(sys.argv[1:]))"
RESETS = (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected,
          ConnectionAbortedError)  # fmt: skip


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    failures: int = 0
    resets: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    first_failure: str = ""


@dataclass
class Client:
    game_id: int
    token: str
    turn: int
    orders: str


def prepare(turn: int, clients: int) -> list[Client]:
    """``clients`` games at turn ``turn``, a player with a token in each."""
    from django.contrib.auth.models import User

    from umpire.core import session
    from umpire.server import accounts, store
    from umpire.server.models import Seat

    # (load_tail exists from issue 18 on: the benchmark also runs on older code.)
    load = getattr(store, "load_tail", store.load_record)

    servergames.clear()
    User.objects.filter(username__startswith="load-").delete()
    gm = servergames.user("bench-gm", gm=True)
    human = servergames.user("bench-human")
    source = servergames.template("diplomacy", turn, human, gm, expected=True)
    ids = [source.pk, *servergames.copies(source, clients - 1)]
    tail = load(source)
    table = session.open_table(tail)
    power = next(s.power for s in Seat.objects.filter(game=source, user=human, active=True))
    text = bot_text(table.ruleset, table.state, power, session.bot_chance(tail, source.turn, power))
    users = User.objects.bulk_create(User(username=f"load-{i}") for i in range(len(ids)))
    made = []
    for game_id, user in zip(ids, users, strict=True):
        Seat.objects.filter(game_id=game_id, power=power, active=True).update(user=user)
        made.append(Client(game_id, accounts.issue_token(user), source.turn, text))
    return made


def hammer(
    base: str, clients: list[Client], seconds: float, kind: str, pause: float = 0.0
) -> Tally:
    parts = urllib.parse.urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    tally = Tally()
    lock = threading.Lock()
    start = threading.Barrier(len(clients) + 1)
    stop_at = [0.0]

    def run(c: Client) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        headers = {"Authorization": f"Bearer {c.token}", "Content-Type": "application/json"}
        body = json.dumps({"turn": c.turn, "text": c.orders})
        mine: list[float] = []
        fails = resets = 0
        failure = ""
        statuses: dict[int, int] = {}
        start.wait()
        while time.perf_counter() < stop_at[0]:
            if pause:
                time.sleep(pause)
            asked = time.perf_counter()
            try:
                if kind == "read":
                    conn.request("GET", f"/api/games/{c.game_id}/printout", headers=headers)
                else:
                    conn.request("POST", f"/api/games/{c.game_id}/orders", body, headers)
                response = conn.getresponse()
                answer = response.read()
                statuses[response.status] = statuses.get(response.status, 0) + 1
                if response.status != 200:
                    fails += 1
                    failure = failure or answer[:200].decode(errors="replace")
                    continue
                mine.append(time.perf_counter() - asked)
                if response.getheader("Connection", "").lower() == "close":
                    conn.close()
            except RESETS:
                resets += 1
                conn.close()
            except (TimeoutError, OSError):
                fails += 1
                conn.close()
        conn.close()
        with lock:
            tally.latencies.extend(mine)
            tally.failures += fails
            tally.resets += resets
            tally.first_failure = tally.first_failure or failure
            for k, v in statuses.items():
                tally.statuses[k] = tally.statuses.get(k, 0) + v

    threads = [threading.Thread(target=run, args=(c,), daemon=True) for c in clients]
    for t in threads:
        t.start()
    stop_at[0] = time.perf_counter() + seconds
    start.wait()
    for t in threads:
        t.join(seconds + 60)
    return tally


@dataclass
class Figures:
    rate: float
    p50_ms: float
    p99_ms: float
    failures: int
    resets: int
    note: str


def lua_string(text: str) -> str:
    return json.dumps(text)  # a JSON string literal is a Lua string literal for this text


def hammer_wrk(
    base: str, clients: list[Client], seconds: float, kind: str, pause: float = 0.0
) -> Figures:
    """``wrk``: two threads, one connection per client; each request the next client's; with
    ``pause``, each connection waits that many seconds before each request."""
    rows = ", ".join(
        f"{{{c.game_id}, {lua_string(c.token)}, "
        f"{lua_string(json.dumps({'turn': c.turn, 'text': c.orders}))}}}"
        for c in clients
    )
    threads = 2
    script = WRK_SCRIPT.replace("@CLIENTS@", "{" + rows + "}").replace("@KIND@", kind)
    script = script.replace("@THREADS@", str(threads)).replace("@DELAY@", str(round(pause * 1000)))
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script)
    try:
        out = subprocess.run(
            ["wrk", f"-t{threads}", f"-c{len(clients)}", f"-d{seconds:g}s", "--timeout", "30s",
             "-s", f.name, base],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
    finally:
        os.unlink(f.name)
    line = next((x for x in out.stdout.splitlines() if x.startswith("WRK ")), None)
    if line is None:
        raise SystemExit(f"wrk failed: {out.stdout}{out.stderr}")
    done, micros, p50, p99, connect, read, write, status, timeout = map(int, line.split()[1:])
    ok = done - status
    return Figures(
        rate=ok / (micros / 1e6), p50_ms=p50 / 1000, p99_ms=p99 / 1000,
        failures=status + timeout + connect, resets=read + write,
        note=f"non-2xx {status}, socket errors connect {connect} read {read} write {write} "
        f"timeout {timeout}",
    )  # fmt: skip


def hammer_python(
    base: str, clients: list[Client], seconds: float, kind: str, pause: float = 0.0
) -> Figures:
    tally = hammer(base, clients, seconds, kind, pause)
    return Figures(
        rate=len(tally.latencies) / seconds,
        p50_ms=quantile(tally.latencies, 0.50) * 1000,
        p99_ms=quantile(tally.latencies, 0.99) * 1000,
        failures=tally.failures, resets=tally.resets,
        note=f"{tally.statuses}" + (f" first failure: {tally.first_failure}"
                                    if tally.first_failure else ""),
    )  # fmt: skip


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def tree_cpu_seconds(root: int) -> float:
    """CPU time of process ``root`` and every process under it (the web workers, the task
    worker) that is still running."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
                )
    total = 0.0
    for pid in parents:
        at = pid
        while at > 1 and at != root:
            at = parents.get(at, 0)
        if at == root:
            with contextlib.suppress(OSError):
                total += cpu_seconds(pid)
    return total


def wait_for(base: str, seconds: float = 120) -> None:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        try:
            with urllib.request.urlopen(f"{base}/api/rulesets", timeout=5) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"no server answered at {base}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", default="50,200")
    parser.add_argument("--turns", default="1,40")
    parser.add_argument("--seconds", type=float, default=15.0, help="D: seconds per phase")
    parser.add_argument("--db", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--database-url", help="the database (default: see --db)")
    parser.add_argument("--url", help="an already running server on that database")
    parser.add_argument("--server-log", help="write the started server's output here")
    parser.add_argument(
        "--rate", type=float, default=0.0,
        help="paced: the clients offer about this many requests a second in all (each waits "
        "clients / rate seconds before each request) instead of as many as the server answers",
    )  # fmt: skip
    parser.add_argument(
        "--client", choices=("auto", "wrk", "python"), default="auto",
        help="the load client (auto: wrk if installed, else Python threads)",
    )  # fmt: skip
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory()
    url = args.database_url or (
        POSTGRES if args.db == "postgres" else f"sqlite:///{tmp.name}/load.sqlite3"
    )
    if url.startswith("postgres") and not args.database_url:
        servergames.drop_postgres_database(url)
    servergames.setup(url)
    from django.db import connection

    server = None
    base = args.url
    if base is None:
        port = free_port()
        env = {**os.environ, "DATABASE_URL": url, "PYTHONUNBUFFERED": "1"}
        log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL  # noqa: SIM115
        server = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1", "--port", str(port),
             "--no-demo"],
            env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}"
    use_wrk = args.client == "wrk" or (args.client == "auto" and shutil.which("wrk") is not None)
    load = hammer_wrk if use_wrk else hammer_python
    try:
        wait_for(base)
        print(f"server {base}, database {connection.vendor}, {args.seconds:g} s per phase, "
              f"client {'wrk' if use_wrk else 'Python threads'}, load {os.getloadavg()[0]:.1f}"
              + (f", paced: about {args.rate:g} requests/s offered" if args.rate else ""))  # fmt: skip
        print(f"{'turn':>4} {'clients':>7} {'kind':<7} {'req/s':>7} {'p50 ms':>7} "
              f"{'p99 ms':>7} {'failed':>6} {'resets':>6}  notes")  # fmt: skip
        rates: dict[tuple[int, int, str], float] = {}
        counts = [int(c) for c in args.clients.split(",")]
        for turn in (int(t) for t in args.turns.split(",")):
            # Requests still queued in the listen backlog when a phase ends are served after
            # it: wait for them before the games are deleted and made again.
            wait_for(base)
            time.sleep(2)
            everyone = prepare(turn, max(counts))
            connection.close()
            for n in counts:
                clients = everyone[:n]
                for kind in ("read", "submit"):
                    before = os.times()
                    spent = (tree_cpu_seconds(server.pid) if server else 0.0,
                             database_cpu_seconds())  # fmt: skip
                    # Paced: each client waits n / rate seconds between its requests, so the
                    # n clients offer about ``rate`` requests a second while answers are quick.
                    pause = n / args.rate if args.rate else 0.0
                    got = load(base, clients, args.seconds, kind, pause)
                    after = os.times()
                    served = got.rate * args.seconds
                    web_ms = ((tree_cpu_seconds(server.pid) - spent[0]) / served * 1000
                              if server and served else None)  # fmt: skip
                    db_ms = (database_cpu_seconds() - spent[1]) / served * 1000 if served else 0
                    connection.close()
                    cpu = (after.children_user + after.children_system + after.user
                           + after.system) - (before.children_user + before.children_system
                           + before.user + before.system)  # fmt: skip
                    rates[(n, turn, kind)] = got.rate
                    print(f"{clients[0].turn:>4} {n:>7} {kind:<7} {got.rate:>7.0f} "
                          f"{got.p50_ms:>7.1f} {got.p99_ms:>7.1f} {got.failures:>6} "
                          f"{got.resets:>6}  {_server_cpu(web_ms, db_ms)}"
                          f"client CPU {cpu / args.seconds:.2f} cores, "
                          f"load {os.getloadavg()[0]:.1f}; {got.note}", flush=True)  # fmt: skip
        turns = sorted({t for (_, t, _) in rates})
        if len(turns) >= 2:
            for (n, t, kind), rate in sorted(rates.items()):
                first = rates.get((n, turns[0], kind))
                if t == turns[-1] and first:
                    print(f"ratio turn {turns[-1]} / turn {turns[0]}: {n} clients, {kind}: "
                          f"{rate / first:.2f}")  # fmt: skip
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        connection.close()
        if url.startswith("postgres") and not args.database_url:
            servergames.drop_postgres_database(url)
        tmp.cleanup()


def _server_cpu(web_ms: float | None, db_ms: float) -> str:
    """The server's CPU per request: its processes' (when the benchmark started it) and the
    database server's for its connections (PostgreSQL on this machine)."""
    if web_ms is None:
        return f"database CPU {db_ms:.2f} ms/request; " if db_ms else ""
    return f"server CPU {web_ms:.2f} + {db_ms:.2f} ms/request; "


if __name__ == "__main__":
    main()
