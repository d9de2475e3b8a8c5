"""Live pages left open in a real browser for a long time, and whether the server starves
(issue 33: "no WORKER TIMEOUT in a 30-minute browser test with live pages open").

Starts ``umpire serve`` on a temporary SQLite database, sets up a seven-player Diplomacy game
(``tests/server/web/browser_setup.py diplomacy``), and opens Debian's chromium (Playwright)
with one logged-in context per power on the game page, plus a spectator on the same page
and each player's "My games" page: every one of them polls its live address every few
seconds, and chromium keeps its idle keep-alive and pre-connected sockets open as a browser
does. Every ``--browse-every`` seconds one page is navigated elsewhere and back (a player
browsing). Meanwhile a probe asks ``/api/rulesets`` on a fresh connection every
``--probe-every`` seconds, as a new visitor would.

Printed: the probes answered (p50, p99, longest), the live polls the pages made (counted
from the server's access log where it has one, else from the pages' own requests), and the
lines of the server's output that say a worker was timed out or killed (``WORKER TIMEOUT``,
``SIGKILL``): the figure the issue asks for is that count, zero. Figures only.

    .venv/bin/python bench/live_pages.py                  # 30 minutes
    .venv/bin/python bench/live_pages.py --minutes 2      # a quick look
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SETUP = ROOT / "tests" / "server" / "web" / "browser_setup.py"
POWERS = ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR")
STARVED = ("WORKER TIMEOUT", "SIGKILL")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def chromium() -> str:
    for candidate in (os.environ.get("UMPIRE_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    sys.exit("no chromium: apt-get install chromium (root), or set UMPIRE_CHROMIUM")


class Server:
    """``umpire serve`` in a child process; its output is kept, line by line."""

    def __init__(self, var: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        self.env.update(
            UMPIRE_VAR_DIR=str(var),
            PYTHONUNBUFFERED="1",
            DJANGO_SETTINGS_MODULE="umpire.server.settings",
        )
        umpire = Path(sys.executable).with_name("umpire")
        self.child = subprocess.Popen(
            [str(umpire), "serve", "--port", str(self.port), "--no-demo"],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: list[str] = []
        assert self.child.stdout is not None
        while not any("Worker running" in line for line in self.lines):
            line = self.child.stdout.readline()
            if not line:
                sys.exit("".join(self.lines))
            self.lines.append(line)
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.child.stdout is not None
        for line in self.child.stdout:
            self.lines.append(line)

    def setup(self, *args: str) -> dict[str, Any]:
        done = subprocess.run(
            [sys.executable, str(SETUP), *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        return result

    def stop(self) -> None:
        self.child.terminate()
        try:
            self.child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.child.kill()


def probe(base: str, every: float, until: float, out: list[float], failed: list[str]) -> None:
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            with urllib.request.urlopen(f"{base}/api/rulesets", timeout=30) as answer:
                answer.read()
            out.append(time.monotonic() - started)
        except Exception as err:  # a reset, a refused connection, a timeout: all counted
            failed.append(f"{time.strftime('%H:%M:%S')} {err!r}")
        time.sleep(max(0.0, every - (time.monotonic() - started)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--probe-every", type=float, default=2.0)
    parser.add_argument("--browse-every", type=float, default=20.0)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as var:
        server = Server(Path(var))
        try:
            game = server.setup("diplomacy")
            gid = game["game"]
            sessions: dict[str, str] = game["sessions"]
            until = time.monotonic() + args.minutes * 60
            latencies: list[float] = []
            failures: list[str] = []
            prober = threading.Thread(
                target=probe,
                args=(server.base, args.probe_every, until, latencies, failures),
                daemon=True,
            )
            polls = 0
            navigations = 0
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
                pages = []
                for name in (*POWERS, None):
                    ctx = browser.new_context(base_url=server.base)
                    if name is not None:
                        ctx.add_cookies(
                            [{"name": "sessionid", "value": sessions[name], "url": server.base}]
                        )

                    def counted(request: Any) -> None:
                        nonlocal polls
                        if "/version/?" in request.url:
                            polls += 1

                    ctx.on("request", counted)
                    page = ctx.new_page()
                    page.goto(f"/games/{gid}/" if name else f"/games/{gid}/watch/")
                    pages.append(page)
                    if name is not None:
                        mine = ctx.new_page()
                        mine.goto("/games/")
                        pages.append(mine)
                prober.start()
                turn = 0
                while time.monotonic() < until:
                    # Playwright's pages run their timers while we wait on one of them.
                    pages[turn % len(pages)].wait_for_timeout(args.browse_every * 1000)
                    page = pages[turn % len(pages)]
                    here = page.url
                    page.goto("/rules/diplomacy/")
                    page.goto(here)
                    navigations += 1
                    turn += 1
                browser.close()
            prober.join()
        finally:
            server.stop()
        starved = [line.rstrip() for line in server.lines if any(s in line for s in STARVED)]
        print(f"{args.minutes:g} min, {len(POWERS) * 2 + 1} live pages, {navigations} navigations")
        print(f"live polls made by the pages: {polls}")
        if latencies:
            ordered = sorted(latencies)
            p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
            print(
                f"probes: {len(latencies)} answered, {len(failures)} failed; "
                f"p50 {statistics.median(ordered) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
                f"longest {ordered[-1] * 1000:.0f} ms"
            )
        for failure in failures[:10]:
            print("  probe failed:", failure)
        print(f"worker timed out or killed: {len(starved)} line(s)")
        for line in starved[:20]:
            print("  ", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
