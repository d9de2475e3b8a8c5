"""Slow clients against a live server, and whether the site stays available (issue 30, item 5).

Slow connections are opened and kept going for the whole run, each reconnecting
``--interval`` seconds after the server closes it, while a probe asks ``/api/rulesets`` every ``--probe-every`` seconds
on a fresh connection (as a new visitor would). The kinds (``--kinds``, round robin):

- ``headers``: a request line, then one byte of a header every ``--interval`` seconds, the
  headers never ending (the "slowloris" attack);
- ``body``: whole headers announcing a 100,000-byte body, then one byte of it every
  ``--interval`` seconds;
- ``idle``: one complete request on an HTTP/1.1 connection (kept alive by default), then
  silence;
- ``reader``: a request for the API's OpenAPI document, whose answer is never read (a
  receive buffer of 4 KiB), each connection kept 20 s (a client that reads nothing cannot
  tell whether the server has closed it).

Printed: the probes answered (and how: p50, p99 and the longest wait, the longest time the
site gave no answer), the slow connections opened and how long the server let each live,
and the server's CPU when the script started it. Figures only, never asserted here:
``tests/server/test_server_httpd.py`` runs :func:`attack` and asserts that every probe is
answered.

    .venv/bin/python bench/slow_clients.py                       # starts `umpire serve`
    .venv/bin/python bench/slow_clients.py --clients 30 --seconds 60
    .venv/bin/python bench/slow_clients.py --url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

KINDS = ("headers", "body", "idle", "reader")
READER_HOLD = 20.0  # seconds a reader keeps its connection before opening another
SERVE = "import sys; from umpire.cli import main; sys.exit(main(sys.argv[1:]))"


@dataclass
class Report:
    """What one run saw."""

    probes: int = 0
    answered: int = 0  # probes answered 200
    failures: list[str] = field(default_factory=list)  # the others: why
    latencies: list[float] = field(default_factory=list)  # of the answered probes, seconds
    longest_outage: float = 0.0  # the longest time without an answered probe, seconds
    opened: dict[str, int] = field(default_factory=dict)  # slow connections opened, by kind
    lifetimes: dict[str, list[float]] = field(default_factory=dict)  # closed by the server

    def summary(self) -> str:
        lines = [
            f"probes {self.probes}: answered {self.answered}, failed {len(self.failures)}"
            + (f" (first: {self.failures[0]})" if self.failures else ""),
            f"probe latency p50 {quantile(self.latencies, 0.5) * 1000:.0f} ms, "
            f"p99 {quantile(self.latencies, 0.99) * 1000:.0f} ms, "
            f"max {max(self.latencies, default=float('nan')) * 1000:.0f} ms; "
            f"longest time without an answer {self.longest_outage:.1f} s",
        ]
        for kind, count in sorted(self.opened.items()):
            lives = self.lifetimes.get(kind, [])
            lines.append(
                f"slow '{kind}': {count} connections opened, {len(lives)} closed by the server"
                + (
                    f" after {quantile(lives, 0.5):.1f} s (median), {max(lives):.1f} s (max)"
                    if lives
                    else ""
                )
            )
        return "\n".join(lines)


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _request(kind: str, host: str) -> tuple[bytes, bytes]:
    """(what is sent at once, what is then sent one byte per interval) for a kind."""
    if kind == "headers":
        head = f"GET /api/rulesets HTTP/1.1\r\nHost: {host}\r\n".encode()
        return head, b"X-Slow: " + b"a" * 4000
    if kind == "body":
        head = (
            f"POST /api/auth/token HTTP/1.1\r\nHost: {host}\r\n"
            "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
        ).encode()
        return head, b"{" + b" " * 99_999
    if kind == "idle":
        return f"GET /api/rulesets HTTP/1.1\r\nHost: {host}\r\n\r\n".encode(), b""
    if kind == "reader":
        return f"GET /api/openapi.json HTTP/1.1\r\nHost: {host}\r\n\r\n".encode(), b""
    raise ValueError(f"unknown kind of slow client {kind!r}")


def _slow_client(
    host: str, port: int, kind: str, interval: float, stop: threading.Event, report: Report,
    lock: threading.Lock,
) -> None:  # fmt: skip
    """One slow connection at a time, for as long as ``stop`` is not set."""
    head, trickle = _request(kind, host)
    while not stop.is_set():
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            if kind == "reader":
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.settimeout(interval)
            sock.connect((host, port))
        except OSError:
            stop.wait(interval)
            continue
        opened = time.monotonic()
        with lock:
            report.opened[kind] = report.opened.get(kind, 0) + 1
        closed = False
        try:
            sock.sendall(head)
            if kind == "idle":
                _read_answer(sock, stop)
            if kind == "reader":  # it cannot see a close without reading: a new one now and then
                stop.wait(READER_HOLD)
                continue
            at = 0
            while not stop.is_set():
                if at < len(trickle):
                    sock.sendall(trickle[at : at + 1])
                    at += 1
                # A slow client reads nothing, but notices the server closing the connection.
                if _closed_by_peer(sock, interval):
                    closed = True
                    break
        except OSError:  # a reset, a refused write: the server closed it
            closed = True
        finally:
            sock.close()
        if closed:
            with lock:
                report.lifetimes.setdefault(kind, []).append(time.monotonic() - opened)
            stop.wait(interval)  # a slow client, not a flood: closed, it comes back later


def _read_answer(sock: socket.socket, stop: threading.Event) -> None:
    """Read one answer whose body has a Content-Length (the ``idle`` kind's first request)."""
    data = b""
    while b"\r\n\r\n" not in data and not stop.is_set():
        with contextlib.suppress(TimeoutError):
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionResetError
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length and not stop.is_set():
        with contextlib.suppress(TimeoutError):
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionResetError
            body += chunk


def _closed_by_peer(sock: socket.socket, wait: float) -> bool:
    """Whether the server has closed the connection, waiting up to ``wait`` seconds. Data
    that arrives (an error answer) is read and dropped, then the close is looked for."""
    sock.settimeout(wait if wait > 0 else 0.001)
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return True
    except TimeoutError:
        return False
    except (ConnectionResetError, BrokenPipeError):
        return True
    except BlockingIOError:
        return False


def _probe(
    host: str, port: int, every: float, timeout: float, stop: threading.Event, report: Report
) -> None:
    """GET /api/rulesets on a new connection every ``every`` seconds, each waiting up to
    ``timeout`` seconds for its answer."""
    import http.client

    last_answer = time.monotonic()
    while not stop.is_set():
        asked = time.monotonic()
        report.probes += 1
        conn = http.client.HTTPConnection(host, port, timeout=timeout)
        try:
            conn.request("GET", "/api/rulesets")
            response = conn.getresponse()
            response.read()
            if response.status == 200:
                report.answered += 1
                report.latencies.append(time.monotonic() - asked)
                report.longest_outage = max(report.longest_outage, time.monotonic() - last_answer)
                last_answer = time.monotonic()
            else:
                report.failures.append(f"{response.status} after {time.monotonic() - asked:.1f} s")
        except (OSError, http.client.HTTPException) as err:
            report.failures.append(f"{type(err).__name__} after {time.monotonic() - asked:.1f} s")
        finally:
            conn.close()
        stop.wait(max(0.0, every - (time.monotonic() - asked)))
    report.longest_outage = max(report.longest_outage, time.monotonic() - last_answer)


def attack(
    base: str,
    clients: int,
    seconds: float,
    kinds: tuple[str, ...] = KINDS,
    interval: float = 1.0,
    probe_every: float = 0.5,
    probe_timeout: float = 15.0,
) -> Report:
    """``clients`` slow connections of ``kinds`` (round robin) against the server at ``base``
    for ``seconds``, with a probe of the site beside them."""
    parts = urllib.parse.urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    report = Report()
    stop = threading.Event()
    lock = threading.Lock()
    threads = [
        threading.Thread(
            target=_slow_client,
            args=(host, port, kinds[i % len(kinds)], interval, stop, report, lock),
            daemon=True,
        )
        for i in range(clients)
    ]
    for t in threads:
        t.start()
    time.sleep(min(2.0, seconds / 4))  # the slow connections first, then the visitors
    probe = threading.Thread(
        target=_probe, args=(host, port, probe_every, probe_timeout, stop, report), daemon=True
    )
    probe.start()
    stop.wait(seconds)
    stop.set()
    probe.join(probe_timeout + 5)
    for t in threads:
        t.join(interval + 5)
    return report


def _tree_cpu(root: int) -> float:
    """CPU seconds of ``root`` and every process under it that is still running."""
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
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _wait_for(base: str, seconds: float = 120) -> None:
    import urllib.request

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
    parser.add_argument("--url", help="an already running server (else `umpire serve` on "
                        "a temporary SQLite database is started)")  # fmt: skip
    parser.add_argument("--clients", type=int, default=12, help="slow connections at once")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--kinds", default=",".join(KINDS), help="of " + ", ".join(KINDS))
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between bytes")
    parser.add_argument("--probe-every", type=float, default=0.5)
    parser.add_argument("--probe-timeout", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=3, help="web workers of the server")
    parser.add_argument("--server-log", help="write the started server's output here")
    args = parser.parse_args()
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    for kind in kinds:
        _request(kind, "x")  # refuses an unknown kind before anything starts
    server = None
    tmp = tempfile.TemporaryDirectory()
    base = args.url
    if base is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env.update(UMPIRE_VAR_DIR=tmp.name, PYTHONUNBUFFERED="1")
        log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL  # noqa: SIM115
        server = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1", "--port", str(port),
             "--no-demo", "--workers", str(args.workers)],
            env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base)
        print(f"server {base}; {args.clients} slow connections ({', '.join(kinds)}, a byte "
              f"every {args.interval:g} s) for {args.seconds:g} s; load "
              f"{os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
        spent = _tree_cpu(server.pid) if server else 0.0
        report = attack(
            base, args.clients, args.seconds, kinds, args.interval, args.probe_every,
            args.probe_timeout,
        )  # fmt: skip
        print(report.summary())
        if server:
            used = _tree_cpu(server.pid) - spent
            print(f"server CPU {used:.1f} s in {args.seconds:g} s "
                  f"({used / args.seconds:.2f} cores)")  # fmt: skip
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        tmp.cleanup()


if __name__ == "__main__":
    main()
