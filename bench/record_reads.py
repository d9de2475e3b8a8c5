"""What packing submissions costs their reads (issue 33), side by side with older code.

The World Wide game of ``record_growth.py`` (31 players, 50 turns) is written by each side's
code into a SQLite database of its own (a child process: ``PYTHONPATH=OTHER/src`` for the
other side), the last turn's submissions written again as the pending ones of turn 51. Then,
in this one process, interleaved: the pending submissions read (text, orders, problems) and
decoded as each side's columns are (a text column and JSON parsed from text, as Django's
``TextField`` and ``JSONField`` give them; or this code's ``fields.unpack_text`` and
``unpack``). Printed: the least CPU time of seven samples each, and with ``--instr`` the
instructions per read counted by callgrind (200 reads less none, each side in a child).

    .venv/bin/python bench/record_reads.py --other /work/main/src [--instr]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
SRC = BENCH.parent / "src"
PREPARE = """
import os, sys
sys.path.insert(0, {bench!r})
os.environ["DATABASE_URL"] = "sqlite:///" + {db!r}
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")
os.environ.setdefault("UMPIRE_SECRET_KEY", "bench-only-secret-key-not-for-production-use")
import django
django.setup()
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
import record_growth as rg
from umpire.server import store
from umpire.server.models import Game
record = rg.played("battleplan", "real", 50, 31)
row = Game.objects.get(pk=rg.stored(record))
store.save_submissions(row, len(record.turns) + 1, record.turns[-1].submissions, rg.WHEN)
"""
QUERY = (
    "SELECT raw, orders, problems FROM umpire_submission "
    "WHERE turn = (SELECT MAX(turn) FROM umpire_submission) ORDER BY id"
)


def prepare(src: Path, db: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = PREPARE.format(bench=str(BENCH), db=str(db))
    subprocess.run([sys.executable, "-c", code], env=env, check=True)


def reader(db: Path, packed: bool) -> Callable[[], list[Any]]:
    """The pending submissions read and decoded as the side's columns are."""
    connection = sqlite3.connect(db)
    if not packed:
        return lambda: [(r, json.loads(o), json.loads(p)) for r, o, p in connection.execute(QUERY)]
    sys.path.insert(0, str(SRC))
    from umpire.server.fields import unpack, unpack_text

    return lambda: [(unpack_text(r), unpack(o), unpack(p)) for r, o, p in connection.execute(QUERY)]


def least_us(work: Callable[[], Any]) -> float:
    count, start = 0, time.process_time()
    while time.process_time() - start < 0.3:
        work()
        count += 1
    return (time.process_time() - start) / count * 1e6


def instructions(db: Path, packed: bool, reads: int) -> int:
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", sys.executable,
             __file__, "--read", str(db), "packed" if packed else "plain", str(reads)],
            check=True, capture_output=True,
        )  # fmt: skip
        for line in Path(out.name).read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("callgrind gave no summary")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, help="the other side's src directory")
    parser.add_argument("--instr", action="store_true", help="count instructions (callgrind)")
    parser.add_argument("--read", nargs=3, help=argparse.SUPPRESS)  # a callgrind child
    args = parser.parse_args()
    if args.read:
        db, form, reads = args.read
        work = reader(Path(db), form == "packed")
        for _ in range(int(reads)):
            work()
        return
    if args.other is None:
        parser.error("--other OTHER/src is needed")
    with tempfile.TemporaryDirectory() as name:
        dbs = {"before": Path(name) / "before.sqlite3", "after": Path(name) / "after.sqlite3"}
        prepare(args.other, dbs["before"])
        prepare(SRC, dbs["after"])
        work = {side: reader(db, side == "after") for side, db in dbs.items()}
        count = len(work["before"]())
        assert work["before"]() == work["after"](), "the two sides read different submissions"
        samples: dict[str, list[float]] = {side: [] for side in work}
        for _ in range(7):
            for side, read in work.items():
                samples[side].append(least_us(read))
        before, after = min(samples["before"]), min(samples["after"])
        print(f"{count} pending submissions read and decoded (CPU us, least of 7): "
              f"before {before:.0f}, after {after:.0f}, ratio {after / before:.2f}")  # fmt: skip
        if args.instr:
            per = {
                side: (
                    instructions(db, side == "after", 200) - instructions(db, side == "after", 0)
                )
                / 200
                for side, db in dbs.items()
            }
            print(f"instructions per read: before {per['before'] / 1e6:.2f}M, after "
                  f"{per['after'] / 1e6:.2f}M, ratio {per['after'] / per['before']:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
