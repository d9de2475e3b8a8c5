"""The Battle Plan player page, per scenario, for its largest power: what the page weighs and
what it costs the server to make. Figures only.

For each Battle Plan scenario one game is started (bots in every seat but one person's) and
played on by the bots to turn T (default 2: attacks are allowed from the second turn, so the
order lists are full); the person is then seated in the power with the most legal orders. The
game page is asked for N times through Django's test client in this process (SQLite in a
temporary directory); printed: the page's bytes and gzipped bytes, the bytes of its maps (the
whole map and the enlarged regions) and of its order lists (the pickers' markup), the server's time per page (least and median of N, after one warm-up), and
the engine's time for the order options alone (``order_options``, uncached). The first
page of a turn is timed apart ("first": it makes what the pages then keep for the turn), and
where the page asks for its lists when they are used (``data-src``), the longest of them is
fetched as the page's script does: its KB and time ("list"); the enlarged parts of the map
the page fetches when their buttons are pressed are counted apart ("regions").

    .venv/bin/python bench/battleplan_pages.py                  # every scenario, turn 2
    .venv/bin/python bench/battleplan_pages.py --scenarios 1939 --turn 3 --requests 9
    .venv/bin/python bench/battleplan_pages.py --out DIR        # also write each page there
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import servergames  # noqa: E402

SCENARIOS = ("europe", "1939", "south-america", "equal", "anonymous", "real")


def _options_size(ruleset: Any, state: Any, power: str) -> int:
    return sum(len(t) for texts in ruleset.order_options(state, power).values() for t in texts)


def largest_game(scenario: str, turn: int) -> tuple[Any, Any, str]:
    """A game of ``scenario`` at ``turn``, a person seated in the power with the most legal
    orders; (game row, the person, the power)."""
    from umpire.core import registry, session
    from umpire.server.models import Seat
    from umpire.server.store import load_record
    from umpire.server.usecases import lifecycle, turns

    gm = servergames.user("bench-gm", gm=True)
    person = servergames.user(f"bench-{scenario}")
    settings = {"fill_with_bots": True, "deadline": {"minutes": 0}, "email": False}
    row = lifecycle.create_game(gm, f"Battle Plan {scenario}", "battleplan", scenario=scenario,
                              settings=settings)  # fmt: skip
    lifecycle.join(row.pk, person)
    row = lifecycle.start(row.pk, gm)
    while row.status == "running" and row.turn < turn:
        assert turns.process_due(row.pk, row.turn, force=True)
        row.refresh_from_db()
    record = load_record(row)
    ruleset = registry.get("battleplan", scenario)
    state = session.current_state(record)
    pending = session.pending(record).powers
    power = max(pending, key=lambda p: _options_size(ruleset, state, p))
    mine = Seat.objects.get(game=row, user=person, active=True)
    if mine.power != power:  # the person takes the largest power; a bot takes his
        theirs = Seat.objects.get(game=row, power=power, active=True)
        Seat.objects.filter(pk=theirs.pk).update(user=None, is_bot=True, power="~")
        Seat.objects.filter(pk=mine.pk).update(power=power, is_bot=False)
        Seat.objects.filter(pk=theirs.pk).update(power=mine.power)
    row.refresh_from_db()
    return row, person, power


def _section(html: str, start: str, end: str) -> int:
    """The bytes from the first ``start`` to the following ``end`` (0 where absent)."""
    at = html.find(start)
    if at < 0:
        return 0
    stop = html.find(end, at)
    return len(html[at : stop + len(end)].encode()) if stop >= 0 else 0


def measure(scenario: str, turn: int, requests: int, out: Path | None) -> dict[str, Any]:
    from django.conf import settings
    from django.core.cache import caches
    from django.test import Client

    from umpire.core import registry, session
    from umpire.server.store import load_record

    row, person, power = largest_game(scenario, turn)
    client = Client()
    client.force_login(person)
    url = f"/games/{row.pk}/"
    client.get(url)  # the process warmed (imports, the maps' data read)
    if "pages" in settings.CACHES:  # what the pages keep for a turn (none before they did)
        caches["pages"].clear()
    before = time.perf_counter()
    first = client.get(url)  # the turn's first reading: the lists and maps are made
    first_ms = (time.perf_counter() - before) * 1000
    assert first.status_code == 200, first.status_code
    html = first.content.decode()
    assert 'id="orderform"' in html, f"{scenario}: {power} has no order form"
    times = []
    for _ in range(requests):
        before = time.perf_counter()
        answer = client.get(url)
        times.append((time.perf_counter() - before) * 1000)
        assert answer.status_code == 200
    # The longest list of orders, as the page's script asks for it when it is first used
    sources = re.findall(r'data-src="([^"]+)"', html)
    list_bytes, list_ms = 0, 0.0
    for src in sources:
        before = time.perf_counter()
        answer = client.get(src.replace("&amp;", "&"))
        spent = (time.perf_counter() - before) * 1000
        if len(answer.content) > list_bytes:
            list_bytes, list_ms = len(answer.content), spent
    # The longest list of orders, as the page's script asks for it when it is first used
    sources = re.findall(r'data-src="([^"]+)"', html)
    list_bytes, list_ms = 0, 0.0
    for src in sources:
        before = time.perf_counter()
        answer = client.get(src.replace("&amp;", "&"))
        spent = (time.perf_counter() - before) * 1000
        if len(answer.content) > list_bytes:
            list_bytes, list_ms = len(answer.content), spent
    # The enlarged parts of the map, fetched when their buttons are first pressed
    parts = re.findall(r'class="map-view" data-view="[\w-]+" data-src="([^"]+)"', html)
    region_bytes = sum(len(client.get(src.replace("&amp;", "&")).content) for src in parts)
    ruleset = registry.get("battleplan", scenario)
    state = session.current_state(load_record(row))
    before = time.perf_counter()
    options = ruleset.order_options(state, power)
    engine_ms = (time.perf_counter() - before) * 1000
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / f"battleplan-{scenario}.html").write_text(html)
    maps = sum(len(m.encode()) for m in re.findall(r"<svg\b.*?</svg>", html, flags=re.S))
    lists = _section(html, '<details class="pickers"', "</details>")
    return {
        "scenario": scenario,
        "power": power,
        "turn": row.turn,
        "orders": sum(len(v) for v in options.values()),
        "bytes": len(html.encode()),
        "gzip": len(gzip.compress(html.encode())),
        "maps": maps,
        "regions": region_bytes,
        "lists": lists,
        "first": first_ms,
        "list": list_bytes,
        "list_ms": list_ms,
        "least": min(times),
        "median": statistics.median(times),
        "engine": engine_ms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--turn", type=int, default=2)
    parser.add_argument("--requests", type=int, default=7, help="N: page requests timed")
    parser.add_argument("--out", type=Path, help="write each page's HTML into this directory")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory()
    os.environ["UMPIRE_VAR_DIR"] = tmp.name
    os.environ["UMPIRE_CACHE_DIR"] = str(Path(tmp.name) / "cache")
    servergames.setup(f"sqlite:///{tmp.name}/pages.sqlite3")
    print(f"turn {args.turn}, {args.requests} page requests each, load {os.getloadavg()[0]:.1f}")
    print(f"{'scenario':<14} {'power':<6} {'orders':>6} {'page KB':>8} {'gzip KB':>8} "
          f"{'maps KB':>8} {'regions KB':>10} {'lists KB':>8} {'first ms':>8} {'least ms':>8} {'median ms':>9} "
          f"{'list KB':>7} {'list ms':>7} {'options ms':>10}")  # fmt: skip
    try:
        for scenario in args.scenarios.split(","):
            m = measure(scenario, args.turn, args.requests, args.out)
            print(f"{m['scenario']:<14} {m['power']:<6} {m['orders']:>6} {m['bytes'] / 1e3:>8.1f} "
                  f"{m['gzip'] / 1e3:>8.1f} {m['maps'] / 1e3:>8.1f} {m['regions'] / 1e3:>10.1f} "
                  f"{m['lists'] / 1e3:>8.1f} "
                  f"{m['first']:>8.1f} {m['least']:>8.1f} {m['median']:>9.1f} "
                  f"{m['list'] / 1e3:>7.1f} {m['list_ms']:>7.1f} {m['engine']:>10.1f}", flush=True)  # fmt: skip
    finally:
        tmp.cleanup()


if __name__ == "__main__":
    main()
