"""What an SPI WW2 phase costs the engine: ``resolve`` (and the legality pass, ``check``) of the
phases of a bot game, two checkouts side by side in one run.

A bot game is recorded once (each phase's dumped state and canonical orders, in JSON, the
form every checkout loads); then each checkout, in its own process (``PYTHONPATH=<src>``),
loads the same phases and times ``check`` and ``resolve`` of each, in CPU time
(time.process_time), best of ``--repeat`` rounds. ``--callgrind`` also counts instructions
under valgrind: one run loading the phases without playing them, one checking them once and
one resolving them once; the differences are the instructions of the checks and of the
resolves.

    .venv/bin/python bench/spi_turn.py --old /tmp/main/src --new src [--version 6] [--turns 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def record(version: int, turns: int, seed: int, path: Path) -> None:
    """Play a bot game for ``turns`` Game-Turns; write each phase's state and orders."""
    from umpire.core import submission
    from umpire.core.chance import SeededChance
    from umpire.games.spi_ww2.game import RULESET

    charts = RULESET.charts
    chance = SeededChance(seed, "bench")
    state = RULESET.new_game(f"{version}-player", charts.players(version), chance, {})
    phases = []
    while not state.over and state.game_turn <= turns:
        orders = {}
        for power in RULESET.pending(state).powers:
            text = submission.bot_text(RULESET, state, power, chance)
            parsed = submission.read(RULESET, state, power, text)
            orders[power] = [RULESET.format(o) for _, o in parsed.orders]
        phases.append({"state": RULESET.dump_state(state), "orders": orders})
        state = RULESET.resolve(state, _read(state, orders), SeededChance(len(phases), "b")).state
    path.write_text(json.dumps(phases))


def _read(state: Any, orders: dict[str, list[str]]) -> dict[str, list[Any]]:
    from umpire.core import submission
    from umpire.games.spi_ww2.game import RULESET

    return {
        p: [o for _, o in submission.read(RULESET, state, p, "\n".join(lines)).orders]
        for p, lines in orders.items()
    }


def measure(path: Path, repeat: int, what: str = "check,resolve") -> dict[str, float]:
    """CPU seconds of every phase's check and resolve (``what``), best of ``repeat``."""
    from umpire.core.chance import SeededChance
    from umpire.games.spi_ww2.game import RULESET

    loaded = []
    for i, phase in enumerate(json.loads(path.read_text()), start=1):
        state = RULESET.load_state(phase["state"])
        loaded.append((i, state, _read(state, phase["orders"])))
    best = {"check": float("inf"), "resolve": float("inf")}
    for _ in range(repeat):
        took = dict.fromkeys(best, 0.0)
        for i, state, orders in loaded:
            start = time.process_time()
            if "check" in what:
                for power, mine in orders.items():
                    RULESET.check(state, power, list(enumerate(mine, start=1)))
            took["check"] += time.process_time() - start
            start = time.process_time()
            if "resolve" in what:
                RULESET.resolve(state, orders, SeededChance(i, "b"))
            took["resolve"] += time.process_time() - start
        best = {k: min(best[k], took[k]) for k in best}
    return {"phases": len(loaded), **best}


def _run(src: str, *args: str, valgrind: bool = False) -> str:
    env = {**os.environ, "PYTHONPATH": str(Path(src).resolve()), "PYTHONHASHSEED": "0"}
    cmd = [sys.executable, __file__, *args]
    if valgrind:
        out = tempfile.mktemp(prefix="callgrind.")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd]
        done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
        for line in done.stderr.splitlines():
            if "Collected :" in line:
                os.unlink(out)
                return line.split(":")[-1].strip()
        raise RuntimeError(done.stderr[-2000:])
    return subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", help="the src directory of the checkout to compare with")
    ap.add_argument("--new", default="src")
    ap.add_argument("--version", type=int, default=6)
    ap.add_argument("--turns", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--record", help=argparse.SUPPRESS)
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    ap.add_argument("--what", default="check,resolve", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.record:
        record(a.version, a.turns, a.seed, Path(a.record))
        return
    if a.measure:
        print(json.dumps(measure(Path(a.measure), a.repeat, a.what)))
        return
    path = Path(tempfile.mkdtemp()) / "phases.json"
    _run(a.old or a.new, "--record", str(path), *_game(a))
    print(f"spi-ww2 {a.version}-player, seed {a.seed}, Game-Turns 1..{a.turns}")
    sides = [("old", a.old), ("new", a.new)] if a.old else [("new", a.new)]
    for name, src in sides:
        got = json.loads(_run(src, "--measure", str(path), "--repeat", str(a.repeat)))
        print(
            f"  {name:<4} {got['phases']} phases: check {got['check'] * 1000:8.1f} ms CPU,"
            f" resolve {got['resolve'] * 1000:8.1f} ms CPU (best of {a.repeat})",
            flush=True,
        )
    if a.callgrind:
        for name, src in sides:
            idle = int(_run(src, "--measure", str(path), "--repeat", "0", valgrind=True))
            got = {
                what: int(
                    _run(
                        src, "--measure", str(path), "--repeat", "1", "--what", what, valgrind=True
                    )
                )
                - idle
                for what in ("check", "resolve")
            }
            print(
                f"  {name:<4} every phase once: check {got['check']:,} instructions,"
                f" resolve {got['resolve']:,} instructions",
                flush=True,
            )
    path.unlink()


def _game(a: argparse.Namespace) -> list[str]:
    return ["--version", str(a.version), "--turns", str(a.turns), "--seed", str(a.seed)]


if __name__ == "__main__":
    main()
