"""What a seated player's game page weighs on its first load, and what it costs the server warm.

For each of the seven rulesets (Diplomacy standard and 1939 III, Battle Plan Europe and
World Wide Equal, Conquest, Origins, SPI's six-player game) one game is started with a
person in one seat and bots in the others, and played on (the bots ordering for him too) to
the first turn from ``--turn`` on where he has orders to give: a page with a printout, a map
with the last turn's events and the order box.

- **Transferred**: a live ``umpire serve`` (one web worker, SQLite in a temporary directory)
  and Debian's Chromium driven by Playwright, a fresh browser profile per page (nothing
  cached), logged in by session cookie. Every byte the browser receives until the network is
  idle (HTML, CSS, scripts, maps, anything the page fetches as it loads) is summed from
  Chromium's own network log (``encodedDataLength``: compressed bodies and headers, as the
  developer tools' "transferred" column), by kind. Chromium asks ``gzip, deflate, br, zstd``.
- **Server time**: the same page asked for N times through Django's test client in this
  process after two warm-up requests (``Accept-Encoding: gzip, br``, so the compression is
  counted), the process's CPU time per request: median and 90th percentile, and the wall time.

Targets (issue 29): at most 120 KB per first load, at most 50 ms warm server time.

Figures (2026-11-27, two shared cores at load 17, 10 warm requests; KB transferred; the maps
are SVG inside the HTML, so "map" is 0; "other" is the live poll), before (static files from
the apps' directories, uncompressed, 60 s cache) and after WhiteNoise's manifest storage
(hashed names, Brotli, a year's immutable cache):

    ruleset               turn  html   css    js  other  total before  cpu med  p90 (ms)
    diplomacy/standard       2  24.3   4.1  37.5   0.7    66.6  157.4     16.9  18.9
    diplomacy/1939-iii       2  23.3   4.1  37.5   0.7    65.6  156.6     16.5  18.0
    battleplan/europe        2  30.4   4.1  37.5   0.7    72.7  163.6     20.0  21.2
    battleplan/equal         2  50.1   4.1  37.5   0.7    92.4  183.3     25.7  28.1
    conquest/standard        5  23.7   4.1  37.5   0.7    66.0  156.9     16.4  17.2
    origins/historical       2  22.2   4.1  37.5   0.7    64.4  155.4     16.1  18.8
    spi-ww2/6-player         4  32.2   4.1  37.5   0.7    74.5  165.7     15.3  17.2

Before, CSS was 13.9 KB and scripts 118.8 KB (htmx, the pan-and-zoom library and Umpire's
own, sent as they are); every ruleset was over 120 KB, and now every one is under, with the
server's CPU per warm page at 15-26 ms (wall time on this loaded machine says little).
A second visit fetches no static file at all (immutable, hashed), only the page.

    .venv/bin/python bench/page_weight.py                       # all seven, 20 requests each
    .venv/bin/python bench/page_weight.py --only diplomacy/standard --requests 50
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import servergames  # noqa: E402
from umpire.core.submission import bot_text  # noqa: E402

RULESETS = (
    ("diplomacy", "standard"),
    ("diplomacy", "1939-iii"),
    ("battleplan", "europe"),
    ("battleplan", "equal"),
    ("conquest", "standard"),
    ("origins", "historical"),
    ("spi-ww2", "6-player"),
)
TARGET_BYTES = 120_000
TARGET_MS = 50.0


def seated_game(game: str, scenario: str, turn: int) -> tuple[Any, Any]:
    """A started game of ``game``/``scenario``, a person in one seat and bots elsewhere, at
    the first turn from ``turn`` on that waits for his orders: (game row, person)."""
    from umpire.core import session
    from umpire.server.store import load_record
    from umpire.server.usecases import lifecycle, submissions, turns

    label = f"{game}-{scenario}"
    gm = servergames.user("weight-gm", gm=True)
    person = servergames.user(f"seat-{RULESETS.index((game, scenario))}")
    settings = {"deadline": {"minutes": 1440}, "fill_with_bots": True, "email": False}
    row = lifecycle.create_game(gm, f"Weight {label}", game, scenario=scenario, settings=settings)
    lifecycle.join(row.pk, person)
    row = lifecycle.start(row.pk, gm)
    seat = row.seats.get(user=person, active=True).power
    while row.status == "running":
        record = load_record(row)
        pending = session.pending(record)
        if seat in pending.powers and row.turn >= turn:
            break
        if seat in pending.powers:  # his earlier turns: his own game's bot orders for him
            ruleset = session.ruleset_of(record)
            chance = session.bot_chance(record, record.processed + 1, seat)
            text = bot_text(ruleset, session.current_state(record), seat, chance)
            submissions.submit_orders(row.pk, person, text, turn=row.turn, ready=True)
        turns.process_due(row.pk, row.turn, force=True)
        row.refresh_from_db()
    return row, person


def session_key(user: Any) -> str:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return str(store.session_key)


def kind_of(url: str, mime: str) -> str:
    if "/static/" in url:
        return "css" if url.endswith(".css") else "js" if url.endswith(".js") else "static"
    if "svg" in mime:
        return "map"
    if "html" in mime:
        return "html"
    return "other"


def transferred(browser: Any, base: str, path: str, key: str) -> dict[str, Any]:
    """Bytes received by a fresh browser loading ``path`` until the network is idle, by kind
    (Chromium's network log), and the number of requests."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=base)
    context.add_cookies([{"name": "sessionid", "value": key, "url": base}])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    seen: dict[str, tuple[str, str]] = {}
    done: dict[str, int] = {}
    cdp.on(
        "Network.responseReceived",
        lambda e: seen.__setitem__(
            e["requestId"], (e["response"]["url"], e["response"]["mimeType"])
        ),
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: done.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    response = page.goto(path, wait_until="networkidle")
    assert response is not None and response.status == 200, (path, response and response.status)
    assert page.locator("#orderform").count() == 1, f"{path}: no order form"
    page.wait_for_timeout(300)
    by_kind: dict[str, int] = defaultdict(int)
    for request, size in done.items():
        url, mime = seen.get(request, ("?", "?"))
        by_kind[kind_of(url, mime)] += int(size)
    context.close()
    return {"total": sum(by_kind.values()), "requests": len(done), **by_kind}


def server_time(row: Any, person: Any, requests: int) -> dict[str, float]:
    """CPU and wall milliseconds per warm page (median, 90th percentile) in this process."""
    from django.test import Client

    client = Client(HTTP_ACCEPT_ENCODING="gzip, br")
    client.force_login(person)
    url = f"/games/{row.pk}/"
    for _ in range(2):
        assert client.get(url).status_code == 200
    cpu, wall = [], []
    for _ in range(requests):
        c0, w0 = time.process_time(), time.perf_counter()
        answer = client.get(url)
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
        assert answer.status_code == 200
    deciles = statistics.quantiles(cpu, n=10)
    return {
        "cpu_median": statistics.median(cpu),
        "cpu_p90": deciles[-1],
        "wall_median": statistics.median(wall),
    }


def start_server(env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    umpire = Path(sys.executable).with_name("umpire")
    child = subprocess.Popen(
        [str(umpire), "serve", "--port", str(port), "--no-demo", "--workers", "1"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert child.stdout is not None
    lines: list[str] = []
    while not any("Worker running" in line for line in lines):
        line = child.stdout.readline()
        assert line, "".join(lines)
        lines.append(line)
    return child, f"http://127.0.0.1:{port}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="GAME/SCENARIO[,...]: these rulesets only")
    parser.add_argument("--turn", type=int, default=2)
    parser.add_argument("--requests", type=int, default=20, help="N: warm page requests timed")
    args = parser.parse_args()
    wanted = [tuple(x.split("/")) for x in args.only.split(",") if x] or list(RULESETS)
    tmp = tempfile.TemporaryDirectory()
    url = f"sqlite:///{tmp.name}/weight.sqlite3"
    os.environ.update(
        UMPIRE_VAR_DIR=tmp.name,
        UMPIRE_SECRET_KEY="bench-only-secret-key-not-for-production-use",
        DJANGO_SETTINGS_MODULE="umpire.server.settings",
    )
    servergames.setup(url)
    games = {(g, s): seated_game(g, s, args.turn) for g, s in wanted}
    keys = {gs: session_key(person) for gs, (_, person) in games.items()}
    from django.db import connections

    connections.close_all()
    # The server runs this checkout's code (an older one's, for a before-and-after).
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "PYTHONUNBUFFERED": "1",
        "PYTHONPATH": str(ROOT / "src"),
    }
    child, base = start_server(env)
    from playwright.sync_api import sync_playwright

    print(f"turn >= {args.turn}; {args.requests} warm requests each; load {os.getloadavg()[0]:.1f}")
    head = (f"{'ruleset':<22} {'turn':>4} {'reqs':>4} {'html KB':>7} {'css KB':>6} {'js KB':>6} "
            f"{'map KB':>6} {'other':>6} {'total KB':>8} {'cpu med':>7} {'cpu p90':>7} "
            f"{'wall med':>8}")  # fmt: skip
    print(head)
    over = []
    # The server's time first, in this process (Django refuses the database from inside
    # Playwright's event loop).
    timed = {gs: server_time(row, person, args.requests) for gs, (row, person) in games.items()}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for (game, scenario), (row, _) in games.items():
                path = f"/games/{row.pk}/"
                t = transferred(browser, base, path, keys[(game, scenario)])
                s = timed[(game, scenario)]
                other = t.get("other", 0) + t.get("static", 0)
                print(f"{game + '/' + scenario:<22} {row.turn:>4} {t['requests']:>4} "
                      f"{t.get('html', 0) / 1e3:>7.1f} {t.get('css', 0) / 1e3:>6.1f} "
                      f"{t.get('js', 0) / 1e3:>6.1f} {t.get('map', 0) / 1e3:>6.1f} "
                      f"{other / 1e3:>6.1f} {t['total'] / 1e3:>8.1f} {s['cpu_median']:>7.1f} "
                      f"{s['cpu_p90']:>7.1f} {s['wall_median']:>8.1f}", flush=True)  # fmt: skip
                if t["total"] > TARGET_BYTES or s["cpu_median"] > TARGET_MS:
                    over.append(f"{game}/{scenario}")
            browser.close()
    finally:
        child.terminate()
        try:
            child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
        tmp.cleanup()
    print(
        f"targets: {TARGET_BYTES // 1000} KB, {TARGET_MS:.0f} ms CPU median; over: "
        f"{', '.join(over) or 'none'}"
    )


if __name__ == "__main__":
    main()
