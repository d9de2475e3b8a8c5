"""What filling the bot seats of one turn costs: before (bots wrote text, submitted through
read_line and check) and after (bots give orders, stored unread), side by side (issues 28, 33).

The worker fills every seat without orders with the game's bot (``Table.bot_submit``). This
times that fill for two turns: Diplomacy (standard, all seven seats) and Battle Plan Europe
(all nine seats), each from the same position, played to it by bots. Each side runs in its own
process on its own source tree: "before" is ``git archive <rev> src`` (default ``main``)
unpacked in a temporary directory, "after" this checkout's ``src``. Figures per fill of every
seat of the turn:

- CPU time (``time.process_time``), the median of ``--reps`` fills, each on a fresh copy of
  the record (copying is outside the timing);
- instructions (``valgrind --tool=callgrind``): a process that fills ``--fills`` times minus
  one that only prepares the position, divided by ``--fills``.

    .venv/bin/python bench/bot_fill.py                      # main against this checkout
    .venv/bin/python bench/bot_fill.py --before HEAD~3 --reps 30 --no-callgrind
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# The turns measured: (game, scenario, seed, turns played by bots before it at least, a word of
# its label): the first such turn where every seat orders.
TURNS = {
    "diplomacy": ("diplomacy", "standard", 1, 4, "movement"),
    "battleplan": ("battleplan", "europe", 1, 4, "Turn"),
}


def _position(name: str) -> tuple[dict[str, Any], str, int]:
    """The record (as JSON) at the turn measured, its label and how many seats it fills."""
    from umpire.core import session

    game, scenario, seed, turns, word = TURNS[name]
    record = session.create(game, scenario=scenario, seed=seed)
    while len(record.turns) < turns or not _every_seat(record, word):
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    todo = session.pending(record)
    return record.to_json(), todo.label, len(todo.powers)


def _every_seat(record: Any, word: str) -> bool:
    from umpire.core import session

    todo = session.pending(record)
    return word in todo.label and len(todo.powers) == len(record.powers)


def _fill(data: dict[str, Any]) -> int:
    """Fill every seat the turn waits for with the bot, on a table of a copy of ``data``
    (loaded and its state read before the clock starts); the orders stored."""
    from umpire.core import session
    from umpire.core.record import GameRecord

    table = session.open_table(GameRecord.from_json(data))
    table.pending()  # the state loaded and the turn known, as in the worker
    start = time.process_time()
    for power in table.pending().powers:
        table.bot_submit(power)
    took = time.process_time() - start
    _TIMES.append(took)
    return sum(len(s.orders) for s in table.record.pending)


_TIMES: list[float] = []


def measure(src: str, reps: int) -> dict[str, Any]:
    """CPU time of a fill of each turn, on the source tree ``src`` (this process's)."""
    out: dict[str, Any] = {}
    for name in TURNS:
        data, label, seats = _position(name)
        _TIMES.clear()
        orders = 0
        for _ in range(reps):
            orders = _fill(data)
        out[name] = {
            "label": label,
            "seats": seats,
            "orders": orders,
            "cpu_ms": statistics.median(_TIMES) * 1000,
        }
    return out


def instructions(src: str, name: str, fills: int) -> float:
    """Instructions of one fill of ``name``'s turn on ``src``, by callgrind (see the module)."""

    def run(count: int) -> int:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--src",
            src,
            "--only",
            name,
            "--fills",
            str(count),
        ]
        done = subprocess.run(command, capture_output=True, text=True, env=_env(src), check=True)
        found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
        if found is None:
            raise RuntimeError(done.stderr[-2000:])
        return int(found.group(1))

    return (run(fills) - run(0)) / fills


def _env(src: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": src, "PYTHONHASHSEED": "0"}


def _side(src: str, reps: int) -> dict[str, Any]:
    command = [sys.executable, __file__, "--src", src, "--reps", str(reps), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, env=_env(src), check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default="main", help="the revision measured as before")
    parser.add_argument("--reps", type=int, default=20, help="fills timed per turn and side")
    parser.add_argument("--fills", type=int, default=3, help="fills per callgrind run")
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--src", help=argparse.SUPPRESS)  # a side's own process
    parser.add_argument("--only", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.src is not None:
        sys.path.insert(0, args.src)
        if args.only is not None:  # a callgrind run: prepare, then fill ``--fills`` times
            data, _, _ = _position(args.only)
            for _ in range(args.fills):
                _fill(data)
        elif args.json:
            print(json.dumps(measure(args.src, args.reps)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.before, "src"],
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        sides = {"before": str(Path(tmp) / "src"), "after": str(ROOT / "src")}
        figures = {side: _side(src, args.reps) for side, src in sides.items()}
        counted: dict[str, dict[str, float]] = {side: {} for side in sides}
        if not args.no_callgrind:
            for side, src in sides.items():
                for name in TURNS:
                    counted[side][name] = instructions(src, name, args.fills)
    print(f"bot fill of one turn, before = {args.before}, after = this checkout")
    print(f"{'turn':<40} {'':>6} {'CPU ms':>9} {'Minstr':>9}")
    for name in TURNS:
        for side in sides:
            f = figures[side][name]
            what = f"{name} {f['label']} ({f['seats']} seats, {f['orders']} orders)"
            instr = counted[side].get(name)
            shown = f"{instr / 1e6:9.2f}" if instr is not None else f"{'-':>9}"
            print(f"{what:<40} {side:>6} {f['cpu_ms']:9.2f} {shown}")
        before, after = figures["before"][name]["cpu_ms"], figures["after"][name]["cpu_ms"]
        line = f"{'':<40} {'after/before':>6} {after / before:9.2f}"
        if name in counted["before"]:
            line += f" {counted['after'][name] / counted['before'][name]:9.2f}"
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
