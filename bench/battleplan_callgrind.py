"""Instructions and CPU per Battle Plan turn (issue 33): Europe with 9 players and World Wide
Real Forces with 31, bot orders, counted with callgrind so that a loaded machine does not blur
them; with ``--compare SRC`` the same turns of another checkout (its ``src``) side by side.

Only ``resolve`` is counted. The turns are played once outside valgrind (bot orders, parsed and
checked as a submission is) and saved as JSON: each turn's state and each power's kept orders
in canonical text. Under callgrind the saved turns are loaded twice over: once only loaded and
read, once also resolved; the difference, divided by the number of turns, is the instructions
of one ``resolve``. The CPU time per turn is measured outside valgrind (the median over the
turns, three runs each).

    .venv/bin/python bench/battleplan_callgrind.py                     # this checkout
    .venv/bin/python bench/battleplan_callgrind.py --compare /tmp/bp-main/src
    .venv/bin/python bench/battleplan_callgrind.py --scenario europe --games 2
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

HERE = Path(__file__).resolve()
OWN_SRC = HERE.parent.parent / "src"
# scenario -> (players, turns per game, games); targets of issue 33 in instructions per turn
PLAN = {"europe": (9, 12, 3), "real": (31, 6, 2)}
TARGETS = {"europe": 6_000_000, "real": 45_000_000}


# -- the subcommands, run in a process whose PYTHONPATH picks the checkout ----------------------


def prepare(scenario: str, games: int, out: str) -> None:
    """Play the turns and save each one's state and kept orders (canonical lines)."""
    from umpire.core import submission
    from umpire.core.chance import SeededChance
    from umpire.games.battleplan.game import RULESETS

    ruleset = RULESETS[scenario]
    players, turns, default_games = PLAN[scenario]
    powers = list(ruleset.scenario.info.powers[:players])
    saved: list[dict[str, Any]] = []
    for seed in range(games or default_games):
        state = ruleset.new_game(scenario, powers, SeededChance(seed), {})
        for turn in range(1, turns + 1):
            if ruleset.outcome(state) is not None:
                break
            orders: dict[str, list[str]] = {}
            for power in ruleset.pending(state).powers:
                chance = SeededChance(seed, "bot", turn, power)
                if hasattr(submission, "bot_text"):
                    text = submission.bot_text(ruleset, state, power, chance)
                else:  # older code (``--compare``), whose bots wrote their orders as text
                    text = ruleset.bot_orders(state, power, chance)
                kept = submission.parse(ruleset, state, power, text).orders
                orders[power] = [ruleset.format(o) for _, o in kept]
            saved.append(
                {"seed": seed, "turn": turn, "state": ruleset.dump_state(state), "orders": orders}
            )
            state = ruleset.resolve(state, _read(ruleset, state, orders), _chance(seed, turn)).state
    Path(out).write_text(json.dumps({"scenario": scenario, "turns": saved}))


def _chance(seed: int, turn: int) -> Any:
    from umpire.core.chance import SeededChance

    return SeededChance(seed, "turn", turn)


def _read(ruleset: Any, state: Any, orders: dict[str, list[str]]) -> dict[str, list[Any]]:
    from umpire.core import submission

    return {p: submission.reread(ruleset, state, p, lines) for p, lines in orders.items()}


def _load(path: str) -> tuple[Any, list[tuple[int, int, Any, dict[str, list[Any]]]]]:
    from umpire.games.battleplan.game import RULESETS

    data = json.loads(Path(path).read_text())
    ruleset = RULESETS[data["scenario"]]
    turns = []
    for t in data["turns"]:
        state = ruleset.load_state(t["state"])
        turns.append((t["seed"], t["turn"], state, _read(ruleset, state, t["orders"])))
    return ruleset, turns


def measure(path: str, resolve: bool) -> None:
    """Load the saved turns, resolve the first (so that both runs import and compile the same
    modules: bytecode may not be cached) and, with ``resolve``, resolve each of them once."""
    ruleset, turns = _load(path)
    seed, turn, state, orders = turns[0]
    ruleset.resolve(state, orders, _chance(seed, turn))
    if resolve:
        for seed, turn, state, orders in turns:
            ruleset.resolve(state, orders, _chance(seed, turn))


def cpu(path: str) -> None:
    """Print the median CPU milliseconds of one resolve over the saved turns (best of 3 runs
    per turn)."""
    ruleset, turns = _load(path)
    times = []
    for seed, turn, state, orders in turns:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            ruleset.resolve(state, orders, _chance(seed, turn))
            best = min(best, time.process_time() - start)
        times.append(best)
    print(json.dumps({"median_ms": statistics.median(times) * 1000, "turns": len(turns)}))


# -- the driver ---------------------------------------------------------------------------------


def _run(src: Path, *args: str, valgrind: bool = False) -> str:
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, str(HERE), *args]
    if valgrind:
        with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
            cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", *cmd]
            subprocess.run(cmd, env=env, check=True, capture_output=True)
            text = Path(out.name).read_text(errors="replace")
            totals = re.search(r"^(?:totals|summary):\s*(\d+)", text, re.M)
            assert totals, "no totals in the callgrind output"
            return totals.group(1)
    return subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout


def figures(src: Path, scenario: str, games: int, work: Path) -> tuple[int, float, float]:
    """(turns, instructions per turn, median CPU ms per turn) of the checkout at ``src``."""
    saved = work / f"{abs(hash(str(src)))}-{scenario}.json"
    _run(src, "prepare", scenario, str(saved), str(games))
    loaded = int(_run(src, "measure", str(saved), "0", valgrind=True))
    resolved = int(_run(src, "measure", str(saved), "1", valgrind=True))
    result = json.loads(_run(src, "cpu", str(saved)))
    turns = int(result["turns"])
    return turns, (resolved - loaded) / turns, float(result["median_ms"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", choices=sorted(PLAN), action="append")
    parser.add_argument("--games", type=int, default=0, help="games per scenario (0: the plan)")
    parser.add_argument("--compare", type=Path, help="another checkout's src, shown first")
    args = parser.parse_args()
    sources = ([args.compare.resolve()] if args.compare else []) + [OWN_SRC]
    names = {OWN_SRC: "this"} | ({args.compare.resolve(): "compare"} if args.compare else {})
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in args.scenario or sorted(PLAN):
            players = PLAN[scenario][0]
            print(f"battleplan {scenario}, {players} players, bot orders, per resolve:")
            for src in sources:
                turns, instructions, ms = figures(src, scenario, args.games, Path(tmp))
                print(
                    f"  {names[src]:<8} {src}: {instructions / 1e6:7.2f} M instructions, "
                    f"{ms:7.2f} ms CPU (median)  [{turns} turns; target "
                    f"< {TARGETS[scenario] / 1e6:.0f} M]",
                    flush=True,
                )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "prepare":
        prepare(sys.argv[2], int(sys.argv[4]), sys.argv[3])
    elif len(sys.argv) > 1 and sys.argv[1] == "measure":
        measure(sys.argv[2], sys.argv[3] == "1")
    elif len(sys.argv) > 1 and sys.argv[1] == "cpu":
        cpu(sys.argv[2])
    else:
        main()
