"""Benchmark: the command line on a long game (issue 18, item 5).

Usage: python bench/cli_speed.py [turns] [repeats]

Bots play standard Diplomacy for ``turns`` turns (default 25) and the record is written to a
temporary folder; then each command below is run ``repeats`` times (default 7) as its own
process, the way a game master runs it, on a fresh copy of that record. Prints the median and
minimum wall time of each and the median CPU time of its process (start-up and imports
included; on a loaded machine the CPU time is the steadier figure), the same for a bare
``python -c pass`` for scale, and the record's size on disk. Figures only: nothing is asserted.

    umpire status RECORD
    umpire report RECORD ENG
    umpire orders RECORD ENG FILE     (the bot's orders for England; the record is rewritten)
    umpire process RECORD             (the record is rewritten)
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from umpire.cli.records import save_record
from umpire.core import session
from umpire.core.record import GameRecord
from umpire.core.submission import bot_text


def umpire_command() -> list[str]:
    """The installed ``umpire`` script beside this interpreter, else ``python -m umpire.cli``."""
    script = Path(sys.executable).parent / "umpire"
    return [str(script)] if script.exists() else [sys.executable, "-m", "umpire.cli"]


def timed(argv: Sequence[str]) -> tuple[float, float]:
    """The wall time of running ``argv`` and the CPU time (user + system) of its process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: some order line refused (still a full run)
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return took, cpu


def long_game(turns: int) -> GameRecord:
    """A standard Diplomacy record after ``turns`` bot-played turns, England's orders pending."""
    record = session.create("diplomacy", seed=7)
    while record.outcome is None and len(record.turns) < turns:
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    for power in session.pending(record).powers:
        if power != "ENG":
            session.bot_submit(record, power)
    return record


def main() -> None:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 25
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    umpire = umpire_command()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        master = folder / "game.json"
        record = long_game(turns)
        orders = folder / "eng.txt"
        table = session.open_table(record)
        orders.write_text(
            bot_text(
                session.ruleset_of(record),
                table.state,
                "ENG",
                session.bot_chance(record, len(record.turns) + 1, "ENG"),
            ),
            encoding="utf-8",
        )
        save_record(record, master)  # in the form the command line writes
        work = folder / "work.json"
        commands = {
            "status": [*umpire, "status", str(work)],
            "report": [*umpire, "report", str(work), "ENG"],
            "orders": [*umpire, "orders", str(work), "ENG", str(orders)],
            "process": [*umpire, "process", str(work)],
        }
        python = [timed([sys.executable, "-c", "pass"]) for _ in range(repeats)]
        print(f"record: {len(record.turns)} turns, {master.stat().st_size:,} bytes on disk")
        report("python -c pass", python)
        for name, argv in commands.items():
            runs = []
            for _ in range(repeats):
                shutil.copy(master, work)
                runs.append(timed(argv))
            report(f"umpire {name}", runs)


def report(name: str, runs: Sequence[tuple[float, float]]) -> None:
    wall = [w for w, _ in runs]
    cpu = [c for _, c in runs]
    print(
        f"{name:<16} wall median {statistics.median(wall) * 1e3:6.0f} ms,"
        f" min {min(wall) * 1e3:6.0f} ms; cpu median {statistics.median(cpu) * 1e3:5.0f} ms"
    )


if __name__ == "__main__":
    main()
