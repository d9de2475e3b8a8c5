"""Benchmark: Umpire's Diplomacy adjudicator against the `diplomacy` package (mila, 1.1.2).

Usage: python bench/diplomacy_vs_mila.py [games] [max_years]

Plays random bot games with Umpire; every movement phase (position + orders) is also sent,
as JSON, to a subprocess in bench/.venv-mila (created on first run with `python3 -m venv` and
pip; the AGPL package is used for benchmarking only, never by the project). Prints the min,
median, p90 and mean time per movement phase of each engine, the ratio of the medians, and
every phase whose resulting positions (units and dislodged units) differ, with the orders.

Each engine is timed twice: by the wall clock (``time.perf_counter``) and by the CPU time of
its process (``time.process_time``). On a quiet machine they agree; on a shared, loaded one the
wall clock also counts the time the process waited for a core, which hurts the longer phases
(mila's) far more than the short ones, so the CPU-time ratio is the one to compare then.

What is timed, for both engines, is the same work: taking each power's orders in text form
(the same canonical text for both) through the engine's own order handling, and adjudicating
the movement phase into the next position. Umpire: ``umpire.core.submission.parse`` for every power, then
``RULESET.resolve``. mila: ``Game.set_orders`` for every power, then ``Game.process``. Setting
up the position (Umpire's ``State`` exists already; mila's ``Game()``, ``set_units``,
``set_centers``, ``set_current_phase``) and process start-up are not timed. The default run
(20 games x 30 years, about 1,200 movement phases) takes well under a minute.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text
from umpire.games.diplomacy import RULESET
from umpire.games.diplomacy.game import POWERS

HERE = Path(__file__).parent
VENV = HERE / ".venv-mila"
NAMES = {
    "AUS": "AUSTRIA",
    "ENG": "ENGLAND",
    "FRA": "FRANCE",
    "GER": "GERMANY",
    "ITA": "ITALY",
    "RUS": "RUSSIA",
    "TUR": "TURKEY",
}

WORKER = r"""
import json, sys, time
from diplomacy import Game
for line in sys.stdin:
    job = json.loads(line)
    g = Game()
    g.clear_units()
    g.clear_centers()
    for power, units in job["units"].items():
        g.set_units(power, units)
    for power, centres in job["centres"].items():
        g.set_centers(power, centres)
    g.set_current_phase(job["phase"])
    t, c = time.perf_counter(), time.process_time()
    for power, orders in job["orders"].items():
        g.set_orders(power, orders)
    g.process()
    dt, dc = time.perf_counter() - t, time.process_time() - c
    units = sorted(u + " " + p for p, us in g.get_units().items() for u in us if not u.startswith("*"))
    dislodged = sorted(
        u + " " + name + " -> " + ",".join(sorted(opts))
        for name, power in g.powers.items()
        for u, opts in power.retreats.items()
    )
    print(json.dumps({"time": dt, "cpu": dc, "units": units, "dislodged": dislodged}), flush=True)
"""


def ensure_venv() -> Path:
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "diplomacy==1.1.2"], check=True)
    return py


def mila_loc(loc: str) -> str:
    return loc.upper()


def spread(times: list[float]) -> list[tuple[str, float]]:
    """Minimum, median, 90th percentile and mean of the per-phase times (figures only)."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return [
        ("min", ordered[0]),
        ("median", statistics.median(ordered)),
        ("p90", p90),
        ("mean", statistics.fmean(ordered)),
    ]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    years = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    worker = subprocess.Popen(
        [str(ensure_venv()), "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    ours: list[float] = []
    theirs: list[float] = []
    ours_cpu: list[float] = []
    theirs_cpu: list[float] = []
    diffs = 0
    for seed in range(games):
        state = RULESET.new_game("standard", POWERS, SeededChance(seed), {"max_years": years})
        turn = 0
        while state.phase != "over":
            turn += 1
            orders = {}
            texts = {}
            for p in RULESET.pending(state).powers:
                text = bot_text(RULESET, state, p, SeededChance(seed, turn, p))
                parsed = submission.parse(RULESET, state, p, text)
                orders[p] = [o for _, o in parsed.orders]
                texts[p] = [RULESET.format(o) for o in orders[p]]
            if state.phase == "movement":
                # The same canonical text goes to both engines; each parses it itself.
                text = {p: "\n".join(os) for p, os in texts.items()}
                t, c = time.perf_counter(), time.process_time()
                mine_orders = {
                    p: [o for _, o in submission.parse(RULESET, state, p, s).orders]
                    for p, s in text.items()
                }
                result = RULESET.resolve(state, mine_orders, SeededChance(0))
                ours.append(time.perf_counter() - t)
                ours_cpu.append(time.process_time() - c)
                job = {
                    "phase": f"{'S' if state.season == 'spring' else 'F'}{state.year}M",
                    "units": {
                        NAMES[p]: [
                            f"{u.kind} {mila_loc(u.loc)}" for u in state.units if u.power == p
                        ]
                        for p in POWERS
                    },
                    "centres": {NAMES[p]: [c.upper() for c in state.centres_of(p)] for p in POWERS},
                    "orders": {
                        NAMES[p]: [o.upper().replace(" VIA CONVOY", " VIA") for o in os]
                        for p, os in texts.items()
                    },
                }
                worker.stdin.write(json.dumps(job) + "\n")  # type: ignore[union-attr]
                worker.stdin.flush()  # type: ignore[union-attr]
                reply = json.loads(worker.stdout.readline())  # type: ignore[union-attr]
                theirs.append(reply["time"])
                theirs_cpu.append(reply["cpu"])
                mine = sorted(
                    f"{u.kind} {u.loc.upper()} {NAMES[u.power]}" for u in result.state.units
                )
                # Dislodged units with their retreat options. mila disbands a dislodged unit
                # that has nowhere to go at once; Umpire lists it for the retreat phase, where
                # it is disbanded. Only units with somewhere to go are compared.
                mine_d = sorted(
                    f"{d.unit.kind} {d.unit.loc.upper()} {NAMES[d.unit.power]} -> "
                    + ",".join(sorted(o.upper() for o in d.options))
                    for d in result.state.dislodged
                    if d.options
                )
                if mine != reply["units"] or mine_d != reply["dislodged"]:
                    diffs += 1
                    print(
                        f"DIFFERENCE game {seed} {state.label}:\n  orders {texts}\n"
                        f"  umpire {mine} (dislodged {mine_d})\n"
                        f"  mila   {reply['units']} (dislodged {reply['dislodged']})"
                    )
            else:
                result = RULESET.resolve(state, orders, SeededChance(0))
            state = result.state
    worker.stdin.close()  # type: ignore[union-attr]
    worker.wait()
    print(f"movement phases: {len(ours)}")
    for clock, mine, other in (("wall", ours, theirs), ("cpu", ours_cpu, theirs_cpu)):
        for name, times in (("umpire", mine), ("mila", other)):
            print(
                f"  {name:<6} {clock:<4} per phase (ms): "
                + ", ".join(f"{k} {v * 1e3:.3f}" for k, v in spread(times))
            )
        a, b = statistics.median(mine), statistics.median(other)
        print(
            f"median per movement phase ({clock}): umpire {a * 1e3:.3f} ms,"
            f" mila {b * 1e3:.3f} ms, ratio {b / a:.1f}x"
        )
    print(f"phases whose positions differ: {diffs}")


if __name__ == "__main__":
    main()
