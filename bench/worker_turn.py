"""Where a processed turn's worker time goes, in process: one game, the same game for every
version (issue 33).

N copies of one bot-filled game at turn T are made (``servergames``: one human seat whose
orders are left to the rules), its seed fixed (``--seed``) so that every run and every
version of the code plays the same game; the first ``--warm`` copies are processed first,
not counted; then each of the others is processed by ``turns.process_due``, as ``umpire
worker`` does, and the bench prints, per processed turn:

- ``sections``: the CPU of the whole turn and of its parts (the stored state read, the bots'
  orders, the turn itself, the turn's row, the views and printouts and their storing);
- ``callgrind``: the worker's instructions, counted by ``valgrind --tool=callgrind`` around
  each ``process_due`` only (the bench runs itself under valgrind); independent of the
  machine's load, the figure to compare versions by;
- ``profile``: cProfile by CPU time, the 40 costliest functions (``--sort``).

Another version of the code, side by side: ``PYTHONPATH=<worktree>/src`` before the command
(this bench's ``servergames`` makes the games: the worktree's models must be this one's).

    .venv/bin/python bench/worker_turn.py --game battleplan --turn 1 --mode callgrind
    PYTHONPATH=/tmp/w-old/src .venv/bin/python bench/worker_turn.py --game battleplan --turn 40
    .venv/bin/python bench/worker_turn.py --game diplomacy --mode profile --sort cumulative

PostgreSQL by default (``--db``: a database of that name is dropped and made again);
``--db sqlite`` uses a file in a temporary directory. The PostgreSQL server's own CPU is not
counted here (``bench/service_throughput.py`` counts it).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import cProfile
import os
import pstats
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import servergames  # beside this file

POSTGRES = "postgres://postgres@127.0.0.1:5432/worker_turn_bench"
SECTIONS = (
    "stored state read",
    "bots' orders",
    "the turn",
    "turn row written",
    "views, printouts, stored",
    "  of which made",
)


@contextlib.contextmanager
def seeded(seed: int) -> Iterator[None]:
    """New games take ``seed`` (a game's seed is drawn by ``secrets.randbits``)."""
    drawn = secrets.randbits
    secrets.randbits = lambda k: seed & ((1 << k) - 1)
    try:
        yield
    finally:
        secrets.randbits = drawn


def games(args: argparse.Namespace, url: str) -> tuple[list[int], int]:
    """The copies' ids (due) and the turn they wait at."""
    if url.startswith("postgres"):
        servergames.drop_postgres_database(url)
    servergames.setup(url)
    from umpire.server.models import Game

    gm, human = servergames.user("gm", gm=True), servergames.user("human")
    with seeded(args.seed):
        row = servergames.template(args.game, args.turn, human, gm)
    ids = servergames.copies(row, args.games)
    servergames.make_due(ids)
    return ids, Game.objects.get(pk=ids[0]).turn


def timed_sections() -> dict[str, float]:
    """CPU seconds by part of the turn, accumulated by wrapping the worker's own steps."""
    from umpire.core import readings, session
    from umpire.server.usecases import turns

    spent: dict[str, float] = collections.defaultdict(float)

    def wrap(owner: Any, name: str, label: str) -> None:
        inner: Callable[..., Any] = getattr(owner, name)

        def step(*a: Any, **k: Any) -> Any:
            start = time.process_time()
            try:
                return inner(*a, **k)
            finally:
                spent[label] += time.process_time() - start

        setattr(owner, name, step)

    wrap(turns, "load_tail_stored", "stored state read")
    wrap(turns, "_fill_missing", "bots' orders")
    wrap(session.Table, "process", "the turn")
    wrap(turns, "save_turn", "turn row written")
    wrap(turns, "save_outputs", "views, printouts, stored")
    wrap(readings.Readings, "views_and_reports", "  of which made")
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="battleplan", choices=sorted(servergames.SCENARIOS))
    ap.add_argument("--turn", type=int, default=1)
    ap.add_argument("--games", type=int, default=13, help="copies made (warm ones included)")
    ap.add_argument("--warm", type=int, default=3, help="copies processed first, not counted")
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--db", default=POSTGRES, help="a postgres:// URL, or sqlite")
    ap.add_argument("--mode", default="sections", choices=["sections", "callgrind", "profile"])
    ap.add_argument("--sort", default="tottime", help="cProfile's order (profile)")
    ap.add_argument("--counting", action="store_true", help=argparse.SUPPRESS)  # under valgrind
    args = ap.parse_args()

    if args.mode == "callgrind" and not args.counting:
        if shutil.which("valgrind") is None:
            sys.exit("valgrind is not installed")
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--quiet", "--collect-atstart=no",
                 "--toggle-collect=sys_call_tracing", f"--callgrind-out-file={out}",
                 sys.executable, *sys.argv, "--counting"],
                check=True, env=dict(os.environ, PYTHONHASHSEED="0"),
            )  # fmt: skip
            found = re.search(r"^(?:summary|totals):\s*(\d+)", out.read_text(), re.M)
        counted = args.games - args.warm
        if found:
            print(f"{args.game} turn {args.turn}: {int(found.group(1)) / counted / 1e6:.2f}M"
                  f" instructions a processed turn ({counted} turns, callgrind)")  # fmt: skip
        return

    with contextlib.ExitStack() as stack:
        url = args.db
        if url == "sqlite":
            url = f"sqlite:///{stack.enter_context(tempfile.TemporaryDirectory())}/bench.db"
        ids, turn = games(args, url)
        from umpire.server.usecases import turns

        for pk in ids[: args.warm]:
            turns.process_due(pk, turn)
        counted = ids[args.warm :]
        if args.mode == "callgrind":  # under valgrind: only inside sys.call_tracing is counted
            for pk in counted:
                assert sys.call_tracing(turns.process_due, (pk, turn))
            return
        if args.mode == "profile":
            profiler = cProfile.Profile(time.process_time)
            profiler.enable()
            for pk in counted:
                assert turns.process_due(pk, turn)
            profiler.disable()
            pstats.Stats(profiler).sort_stats(args.sort).print_stats(40)
            return
        spent = timed_sections()
        start = time.process_time()
        for pk in counted:
            assert turns.process_due(pk, turn)
        whole = (time.process_time() - start) / len(counted)
        print(f"{args.game} turn {args.turn}, {len(counted)} turns: CPU ms a processed turn")
        print(f"  {'whole turn':<28} {whole * 1e3:7.2f}")
        for label in SECTIONS:
            print(f"  {label:<28} {spent[label] / len(counted) * 1e3:7.2f}")


if __name__ == "__main__":
    main()
