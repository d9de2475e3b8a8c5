"""Record size and replay time against the length of a game (issues 18 and 33): both must grow
linearly with the turns played, nothing quadratic, and a turn must take little room.

Bot games through the session functions: Diplomacy (standard) to 10, 40 and 80 turns, Battle
Plan (Europe) to 5, 25 and 50 and Battle Plan World Wide (Real Forces, 31 players; the bots
end it allied after 8 turns). Three tables:

1. ``growth``: for each game and length, the record's size as written (compact JSON), the time
   of ``umpire replay RECORD`` (a fresh process: start-up included) and of the replay alone in
   this process, each also per turn: per-turn figures that stay flat mean linear growth.
2. ``parts``: the bytes per turn of each part of the record, in the record file (the state,
   the draws, the events, the submissions: each turn's compact JSON) and in the database rows
   (``Turn.state``, ``draws``, ``events``; ``Submission.raw``, ``orders``, ``problems``) of
   the same game written by ``store.save_turn`` and ``store.save_submissions`` into a new
   SQLite database, with the file's growth per turn, compressed (``.gz``) as well, and the
   database's per turn without the one plain state a game keeps (its latest).
3. ``loads``: the CPU time of reading the game back from that database: its tail (the latest
   state: ``store.load_tail``, what every submission and turn processing reads), the whole
   record (``store.load_record``), and the state after turn N (one ``Turn`` row).

    .venv/bin/python bench/record_growth.py                       # every table and game
    .venv/bin/python bench/record_growth.py parts loads battleplan-ww diplomacy

Run against older code (``PYTHONPATH=OTHER/src``) for the figures before a change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from umpire.core import registry, session
from umpire.core.record import GameRecord

try:
    from umpire.core.replay import replay
except ImportError:  # older code (PYTHONPATH=OTHER/src), where replay was in session
    from umpire.core.session import replay  # type: ignore[attr-defined,no-redef]

# name: (game, scenario, powers (None: the default), lengths)
CASES: dict[str, tuple[str, str, int | None, tuple[int, ...]]] = {
    "diplomacy": ("diplomacy", "standard", None, (10, 40, 80)),
    "battleplan": ("battleplan", "europe", None, (5, 25, 50)),
    "battleplan-ww": ("battleplan", "real", 31, (8,)),
}
TABLES = ("growth", "parts", "loads")
REPLAY = "import sys; from umpire.cli import main; sys.exit(main(sys.argv[1:]))"


def played(game: str, scenario: str, turns: int, players: int | None = None) -> GameRecord:
    powers = None
    if players is not None:
        info = registry.game(game).info.scenario(scenario)
        powers = list(info.powers[:players])
    record = session.create(game, scenario=scenario, seed=7, powers=powers)
    table = session.open_table(record)
    while record.outcome is None and len(record.turns) < turns:
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
    return record


def compact(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def written(record: GameRecord, path: Path) -> int | None:
    """The size of the record file as ``umpire`` writes it at ``path`` (a name ending in
    ``.gz``: compressed; None where the code measured cannot write it so)."""
    try:
        from umpire.cli.records import save_record
    except ImportError:  # older code: the command line in one module
        try:
            from umpire.cli import save_record  # type: ignore[attr-defined,no-redef]
        except ImportError:
            path.write_text(json.dumps(record.to_json(), separators=(",", ":")))
            return path.stat().st_size
    if path.suffix == ".gz" and not hasattr(sys.modules[save_record.__module__], "dump_record"):
        return None  # older code: no compressed record files
    save_record(record, path)
    return path.stat().st_size


def growth(name: str, tmp: Path) -> None:
    game, scenario, players, lengths = CASES[name]
    for turns in lengths:
        record = played(game, scenario, turns, players)
        n = len(record.turns)
        path = tmp / f"{name}-{n}.json"
        size = (written(record, path) or 0) / 1024
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", REPLAY, "replay", str(path)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        cli = time.perf_counter() - start
        if done.returncode:
            raise SystemExit(f"replay of {path.name} failed: {done.stdout}{done.stderr}")
        start = time.perf_counter()
        assert replay(record) == []
        alone = time.perf_counter() - start
        print(f"{name:<13} {n:>5} {size:>10.1f} {size / n:>8.2f} {cli:>15.2f} "
              f"{cli / n * 1000:>14.1f} {alone / n * 1000:>18.2f}", flush=True)  # fmt: skip


def stored(record: GameRecord) -> int:
    """``record`` written into the database as the server writes it: the game row's pk."""
    from umpire.server import store
    from umpire.server.models import Game

    when = datetime(2026, 11, 27, tzinfo=UTC)
    row = Game.objects.create(
        name="bench", game=record.game, scenario=record.scenario, seed=record.seed,
        status="running", powers=record.powers, initial_state=record.initial_state,
        setup_draws=[d.to_json() for d in record.setup_draws], turn=len(record.turns) + 1,
    )  # fmt: skip
    for turn in record.turns:
        store.save_submissions(row, turn.number, turn.submissions, when)
        store.save_turn(row, turn)
    return int(row.pk)


def _sums(sql: str, pk: int) -> list[float]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])
        return [float(v or 0) for v in cursor.fetchone()]


def parts(name: str, tmp: Path) -> None:
    game, scenario, players, lengths = CASES[name]
    record = played(game, scenario, lengths[-1], players)
    n = len(record.turns)
    kib = 1024 * n
    state = sum(compact(t.state) for t in record.turns) / kib
    draws = sum(compact([d.to_json() for d in t.draws]) for t in record.turns) / kib
    events = sum(compact([e.to_json() for e in t.events]) for t in record.turns) / kib
    subs = sum(compact([s.to_json() for s in t.submissions]) for t in record.turns) / kib
    whole = (written(record, tmp / f"{name}-parts.json") or 0) / kib
    print(f"{name:<13} {n:>5} {'file':<8} {state:>7.1f} {draws:>7.1f} {events:>7.1f} "
          f"{subs:>7.1f} {whole:>7.1f}", flush=True)  # fmt: skip
    packed = written(record, tmp / f"{name}-parts.json.gz")
    if packed is not None:
        print(f"{'':<13} {'':>5} {'file.gz':<8} {'':>31} {packed / kib:>7.1f}", flush=True)
    from django.db import connection

    from umpire.server.models import Submission, Turn

    pk = stored(record)
    t, s = Turn._meta.db_table, Submission._meta.db_table
    in_turns = _sums(
        f"SELECT SUM(LENGTH(state)), SUM(LENGTH(draws)), SUM(LENGTH(events)) FROM {t} "
        "WHERE game_id = %s", pk
    )  # fmt: skip
    (in_subs,) = _sums(
        f"SELECT SUM(LENGTH(raw) + LENGTH(orders) + LENGTH(problems)) FROM {s} WHERE game_id = %s",
        pk,
    )
    row = [v / kib for v in (*in_turns, in_subs)]
    print(f"{'':<13} {'':>5} {'database':<8} {row[0]:>7.1f} {row[1]:>7.1f} {row[2]:>7.1f} "
          f"{row[3]:>7.1f} {sum(row):>7.1f}", flush=True)  # fmt: skip
    try:  # the game's latest state is kept plain (issue 33): a one-off per game, not per turn
        from umpire.server.fields import is_packed, packed
    except ImportError:
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT state FROM {t} WHERE game_id = %s AND number = %s", [pk, n])
        latest = bytes(cursor.fetchone()[0])
    if not is_packed(latest):
        one_off = len(latest) - len(packed(latest))
        steady = sum(row) - one_off / kib
        print(
            f"{'':<13} {'':>5} {'a turn':<8} {'':>31} {steady:>7.1f}   "
            f"(without the latest state, plain: {one_off / 1024:.1f} KiB a game)",
            flush=True,
        )


def cpu_us(work: Callable[[], Any], least: float = 0.3) -> float:
    """The least CPU time of ``work`` over seven samples of at least ``least`` seconds each."""
    samples = []
    for _ in range(7):
        count, start = 0, time.process_time()
        while True:
            work()
            count += 1
            spent = time.process_time() - start
            if spent >= least:
                break
        samples.append(spent / count * 1e6)
    return min(samples)


def loads(name: str, tmp: Path) -> None:
    from umpire.server import store
    from umpire.server.models import Game, Turn

    game, scenario, players, lengths = CASES[name]
    record = played(game, scenario, lengths[-1], players)
    n = len(record.turns)
    pk = stored(record)
    row = Game.objects.get(pk=pk)
    tail = cpu_us(lambda: store.load_tail(Game.objects.get(pk=pk), pending=False))
    whole = cpu_us(lambda: store.load_record(row), least=1.0)
    at = {
        k: cpu_us(lambda k=k: Turn.objects.only("state").get(game=pk, number=k).state)
        for k in sorted({1, n // 2 or 1, n})
    }
    states = "  ".join(f"{k}: {v:.0f}" for k, v in at.items())
    print(f"{name:<13} {n:>5} {tail:>10.0f} {whole / 1000:>12.1f} {whole / n:>12.0f}   {states}",
          flush=True)  # fmt: skip


def setup_database(tmp: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/records.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")
    os.environ.setdefault("UMPIRE_SECRET_KEY", "bench-only-secret-key-not-for-production-use")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def main(argv: list[str]) -> None:
    tables = [t for t in TABLES if t in argv] or list(TABLES)
    names = [c for c in CASES if c in argv] or list(CASES)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        if "growth" in tables:
            print(f"{'game':<13} {'turns':>5} {'record KiB':>10} {'KiB/turn':>8} "
                  f"{'umpire replay s':>15} {'replay ms/turn':>14} {'in-process ms/turn':>18}")  # fmt: skip
            for case in names:
                growth(case, tmp)
        if "parts" in tables or "loads" in tables:
            setup_database(tmp)
        if "parts" in tables:
            print(f"\nKiB per turn     {'':>5} {'':<8} {'state':>7} {'draws':>7} {'events':>7} "
                  f"{'subs':>7} {'total':>7}")  # fmt: skip
            for case in names:
                parts(case, tmp)
        if "loads" in tables:
            print(f"\nCPU us           {'turns':>5} {'load_tail':>10} {'load_record ms':>12} "
                  f"{'us/turn':>12}   state after turn N: us")  # fmt: skip
            for case in names:
                loads(case, tmp)


if __name__ == "__main__":
    main(sys.argv[1:])
