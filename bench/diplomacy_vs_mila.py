"""Benchmark: Umpire's Diplomacy adjudicator against the `diplomacy` package (mila, 1.1.2).

Usage::

    python bench/diplomacy_vs_mila.py [--games 20] [--years 30] [--instr-phases 120]
                                      [--also NAME=SRC ...] [--no-instr] [--rounds 3]

Plays random bot games with Umpire and collects every movement phase (position + each power's
orders as canonical text): the *bot* set. From it a second set is made, the *via* set: each
bot phase that has an army moving to an adjacent province that fleets at sea could also carry
it to, with those moves written ``via convoy`` and no fleet ordered to convoy them (the bots
never write these). Every phase of both sets goes, as JSON, to one worker process per engine:

- ``umpire``: this checkout's Umpire;
- each ``--also NAME=SRC``: another Umpire source tree, for instance a worktree of main
  (``--also main=/tmp/dip-main/src``), run with ``PYTHONPATH=SRC`` (the dependencies are the
  same), so both are measured side by side in one run on the same phases;
- ``mila``: the package, in bench/.venv-mila (created on first run with ``python3 -m venv`` and
  pip; the AGPL package is used for benchmarking only, never by the project).

What is timed, for every engine, is the same work: taking each power's orders in text form (the
same canonical text for all) through the engine's own order handling, and adjudicating the
movement phase into the next position. Umpire: ``umpire.core.submission.parse`` for every
power, then ``RULESET.resolve``. mila: ``Game.set_orders`` for every power, then
``Game.process``. Setting up the position (Umpire's ``load_state``; mila's ``Game()``,
``set_units``, ``set_centers``, ``set_current_phase``) and process start-up are not timed.

Figures, per movement phase of the bot set:

- CPU time of the worker's process (``time.process_time``): the machine may be shared and
  loaded, where the wall clock also counts waiting for a core; the wall clock is printed too.
  Every engine is timed ``--rounds`` times (default 3), the engines' order reversed every
  other round, and the median of the rounds' medians is given: one run each, one engine after
  the other, let a change in the machine's load pass for a difference between engines (on
  2026-11-28 two such runs had a version 7% and 13% slower that alternating runs found 6%
  faster);
- instructions, counted by callgrind (``valgrind --tool=callgrind``) with collection switched
  on only inside the timed work: each worker runs the timed work through ``sys.call_tracing``
  (a plain call when no tracer is set, used by nothing else), and callgrind is told
  ``--toggle-collect=sys_call_tracing``. A sample of ``--instr-phases`` bot phases, the same
  for every engine, is run under callgrind, each phase once, as in the timed run: first, not
  counted, as many other bot phases (the phases half-way between the sampled ones), which warm
  the engine's caches and the interpreter as the timed run's earlier phases do, then the
  sample, counted. Nothing counted was met before: an order line, a legality judgment or an
  order event the engine remembers from a phase it has already adjudicated costs less the
  second time, and the timed run meets every phase once. (Until 2026-11-28 the sample was
  replayed twice and the second pass counted: 12% fewer instructions for Umpire, whose memos
  then held every line of the counted phases; MILA's count hardly moves.)
  ``perf stat -e instructions`` would count the
  whole process (imports, set-up) and is often not supported on virtual machines, so it is not
  used.

Differences: every Umpire engine's resulting positions (units, and dislodged units with their
retreat options) are compared with mila's and with each other's. On the via set, a phase where
mila differs from Umpire but agrees with Umpire given the same orders without ``via convoy``
is the known, ruled difference DIP-VIA (docs/rulings/diplomacy.md: Umpire keeps such an army
home; mila moves it over land), counted apart from the other differences.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text
from umpire.games.diplomacy import RULESET
from umpire.games.diplomacy.game import POWERS
from umpire.games.diplomacy.legality import fleet_chain
from umpire.games.diplomacy.model import State, dump_state
from umpire.games.diplomacy.orders import Convoy, Move

HERE = Path(__file__).parent
VENV = HERE / ".venv-mila"
SRC = HERE.parent / "src"
NAMES = {
    "AUS": "AUSTRIA",
    "ENG": "ENGLAND",
    "FRA": "FRANCE",
    "GER": "GERMANY",
    "ITA": "ITALY",
    "RUS": "RUSSIA",
    "TUR": "TURKEY",
}

# Each worker reads one phase per line and answers one line: its times and the position after.
# The timed work is called through sys.call_tracing, the function callgrind counts inside.

UMPIRE_WORKER = r"""
import json, sys, time
import umpire
from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.games.diplomacy import RULESET
from umpire.games.diplomacy.model import load_state
NAMES = json.loads(sys.argv[1])
print(json.dumps({"ready": umpire.__file__}), flush=True)
parse, resolve = submission.parse, RULESET.resolve
chance = SeededChance(0)
for line in sys.stdin:
    job = json.loads(line)
    state = load_state(job["state"])
    texts = job["orders"]
    def work():
        orders = {p: [o for _, o in parse(RULESET, state, p, s).orders] for p, s in texts.items()}
        return resolve(state, orders, chance)
    t, c = time.perf_counter(), time.process_time()
    result = sys.call_tracing(work, ()) if job.get("count", True) else work()
    dt, dc = time.perf_counter() - t, time.process_time() - c
    after = result.state
    units = sorted(f"{u.kind} {u.loc.upper()} {NAMES[u.power]}" for u in after.units)
    # mila disbands a dislodged unit that has nowhere to go at once; Umpire lists it for the
    # retreat phase, where it is disbanded: only units with somewhere to go are compared.
    dislodged = sorted(
        f"{d.unit.kind} {d.unit.loc.upper()} {NAMES[d.unit.power]} -> "
        + ",".join(sorted(o.upper() for o in d.options))
        for d in after.dislodged
        if d.options
    )
    print(json.dumps({"time": dt, "cpu": dc, "units": units, "dislodged": dislodged}), flush=True)
"""

MILA_WORKER = r"""
import json, sys, time
import diplomacy
from diplomacy import Game
print(json.dumps({"ready": diplomacy.__file__}), flush=True)
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
    def work():
        for power, orders in job["orders"].items():
            g.set_orders(power, orders)
        g.process()
    t, c = time.perf_counter(), time.process_time()
    sys.call_tracing(work, ()) if job.get("count", True) else work()
    dt, dc = time.perf_counter() - t, time.process_time() - c
    units = sorted(u + " " + p for p, us in g.get_units().items() for u in us if not u.startswith("*"))
    dislodged = sorted(
        u + " " + name + " -> " + ",".join(sorted(opts))
        for name, power in g.powers.items()
        for u, opts in power.retreats.items()
    )
    print(json.dumps({"time": dt, "cpu": dc, "units": units, "dislodged": dislodged}), flush=True)
"""


class Phase:
    """One movement phase: the position and each power's orders (canonical text)."""

    def __init__(self, label: str, state: State, texts: dict[str, list[str]]) -> None:
        self.label = label
        self.state = state
        self.texts = texts

    def umpire_job(self) -> str:
        orders = {p: "\n".join(os) for p, os in self.texts.items()}
        return json.dumps({"state": dump_state(self.state), "orders": orders})

    def mila_job(self) -> str:
        state = self.state
        return json.dumps(
            {
                "phase": f"{'S' if state.season == 'spring' else 'F'}{state.year}M",
                "units": {
                    NAMES[p]: [f"{u.kind} {u.loc.upper()}" for u in state.units if u.power == p]
                    for p in POWERS
                },
                "centres": {NAMES[p]: [c.upper() for c in state.centres_of(p)] for p in POWERS},
                "orders": {
                    NAMES[p]: [o.upper().replace(" VIA CONVOY", " VIA") for o in os]
                    for p, os in self.texts.items()
                },
            }
        )


def ensure_venv() -> Path:
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "diplomacy==1.1.2"], check=True)
    return py


def bot_phases(games: int, years: int) -> list[Phase]:
    """Every movement phase of ``games`` random bot games of at most ``years`` years."""
    phases = []
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
                phases.append(Phase(f"game {seed} {state.label}", state, texts))
            state = RULESET.resolve(state, orders, SeededChance(0)).state
    return phases


def via_phases(phases: Iterable[Phase]) -> list[Phase]:
    """The bot phases that have army moves to an adjacent province that fleets at sea could
    also carry the army to, with those moves written ``via convoy``, no fleet convoying them."""
    m = RULESET.map
    out = []
    for ph in phases:
        state = ph.state
        orders = {
            p: [o for _, o in submission.parse(RULESET, state, p, "\n".join(ts)).orders]
            for p, ts in ph.texts.items()
        }
        convoyed = {o.army_loc for os in orders.values() for o in os if isinstance(o, Convoy)}
        changed = False
        texts: dict[str, list[str]] = {}
        for p, given in orders.items():
            texts[p] = []
            for o in given:
                text = RULESET.format(o)
                if (
                    isinstance(o, Move)
                    and o.kind == "A"
                    and not o.via_convoy
                    and o.loc not in convoyed
                    and o.dest in m.army_adj.get(o.loc, ())
                    and fleet_chain(m, state, o.loc, o.dest)
                ):
                    text += " via convoy"
                    changed = True
                texts[p].append(text)
        if changed:
            out.append(Phase(ph.label + " (via)", state, texts))
    return out


def without_via(ph: Phase) -> dict[str, list[str]]:
    """The mila answer format of Umpire's result for ``ph`` with no ``via convoy`` written."""
    state = ph.state
    orders = {
        p: [o for _, o in submission.parse(RULESET, state, p, "\n".join(ts)).orders]
        for p, ts in ph.texts.items()
    }
    plain = {
        p: [Move(o.kind, o.loc, o.dest) if isinstance(o, Move) else o for o in os]
        for p, os in orders.items()
    }
    after = RULESET.resolve(state, plain, SeededChance(0)).state
    return {
        "units": sorted(f"{u.kind} {u.loc.upper()} {NAMES[u.power]}" for u in after.units),
        "dislodged": sorted(
            f"{d.unit.kind} {d.unit.loc.upper()} {NAMES[d.unit.power]} -> "
            + ",".join(sorted(o.upper() for o in d.options))
            for d in after.dislodged
            if d.options
        ),
    }


class Engine:
    """A worker process of one engine, fed one phase per line."""

    def __init__(self, name: str, python: str, script: str, env: dict[str, str]) -> None:
        self.name, self.python, self.script, self.env = name, python, script, env
        self.is_mila = name == "mila"

    def command(self) -> list[str]:
        args = [self.python, "-c", self.script]
        return [*args, json.dumps(NAMES)] if not self.is_mila else args

    def job(self, ph: Phase, count: bool = True) -> str:
        text = ph.mila_job() if self.is_mila else ph.umpire_job()
        return text if count else text[:-1] + ', "count": false}'

    def run(
        self, phases: list[Phase], prefix: Sequence[str] = (), warm_up: Sequence[Phase] = ()
    ) -> tuple[str, list[dict[str, Any]]]:
        """The replies for ``phases``, after ``warm_up`` (run first, outside the count)."""
        proc = subprocess.Popen(
            [*prefix, *self.command()],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=self.env,
        )
        assert proc.stdin is not None and proc.stdout is not None
        where = json.loads(proc.stdout.readline())["ready"]
        for ph in warm_up:
            proc.stdin.write(self.job(ph, count=False) + "\n")
            proc.stdin.flush()
            proc.stdout.readline()
        replies = []
        for ph in phases:
            proc.stdin.write(self.job(ph) + "\n")
            proc.stdin.flush()
            replies.append(json.loads(proc.stdout.readline()))
        proc.stdin.close()
        proc.wait()
        return where, replies

    def instructions(self, phases: list[Phase], warm_up: list[Phase]) -> float | None:
        """Instructions per phase inside the timed work, by callgrind (None without valgrind),
        after ``warm_up`` (other phases, not counted)."""
        if shutil.which("valgrind") is None or not phases:
            return None
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            prefix = [
                "valgrind",
                "--tool=callgrind",
                "--quiet",
                "--collect-atstart=no",
                "--toggle-collect=sys_call_tracing",
                f"--callgrind-out-file={out}",
            ]
            self.run(phases, prefix, warm_up=warm_up)  # caches and the interpreter warmed
            found = re.search(r"^(?:summary|totals):\s*(\d+)", out.read_text(), re.M)
        return int(found.group(1)) / len(phases) if found else None


def spread(times: list[float]) -> str:
    """Minimum, median, 90th percentile and mean of the per-phase times, in ms."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    figures = (ordered[0], statistics.median(ordered), p90, statistics.fmean(ordered))
    return "min {:.3f}, median {:.3f}, p90 {:.3f}, mean {:.3f}".format(*(f * 1e3 for f in figures))


def position(reply: dict[str, Any]) -> tuple[Any, Any]:
    return reply["units"], reply["dislodged"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--years", type=int, default=30)
    ap.add_argument("--instr-phases", type=int, default=120, help="bot phases under callgrind")
    ap.add_argument("--no-instr", action="store_true", help="skip the callgrind counts")
    ap.add_argument("--also", action="append", default=[], metavar="NAME=SRC")
    ap.add_argument(
        "--rounds", type=int, default=3, help="timed runs of every engine, in alternating order"
    )
    args = ap.parse_args()

    start = time.process_time()
    bot = bot_phases(args.games, args.years)
    via = via_phases(bot)
    print(
        f"phases: bot {len(bot)}, via {len(via)} (made in {time.process_time() - start:.1f} s CPU)"
    )
    env = dict(os.environ, PYTHONHASHSEED="0")
    engines = [Engine("umpire", sys.executable, UMPIRE_WORKER, dict(env, PYTHONPATH=str(SRC)))]
    for also in args.also:
        name, _, src = also.partition("=")
        engines.append(Engine(name, sys.executable, UMPIRE_WORKER, dict(env, PYTHONPATH=src)))
    engines.append(Engine("mila", str(ensure_venv()), MILA_WORKER, env))

    replies: dict[str, list[dict[str, Any]]] = {}
    timed: dict[str, list[list[dict[str, Any]]]] = {e.name: [] for e in engines}
    for r in range(max(1, args.rounds)):
        for e in engines if r % 2 == 0 else engines[::-1]:  # the order alternates by round
            where, got = e.run(bot + via)
            timed[e.name].append(got[: len(bot)])
            if r == 0:
                replies[e.name] = got
                print(f"  {e.name:<8} from {where}")
    step = max(1, len(bot) // max(1, args.instr_phases))
    sample = bot[::step][: args.instr_phases]
    others = [ph for ph in bot[step // 2 :: step] if ph not in sample][: len(sample)]
    instr = {e.name: (None if args.no_instr else e.instructions(sample, others)) for e in engines}

    n = len(bot)
    mila = replies["mila"]
    counted = "not counted" if args.no_instr else f"{len(sample)} of them"
    print(f"\nper movement phase of the bot set ({n} phases; instructions: {counted})")
    print(f"CPU: the median of each round's median, {len(timed['mila'])} rounds")

    def cpu_median(name: str) -> float:
        return statistics.median(statistics.median(r["cpu"] for r in rs) for rs in timed[name])

    mila_cpu = cpu_median("mila")
    mila_ir = instr["mila"]
    for e in engines:
        rs = [r for run in timed[e.name] for r in run]  # every round's phases, for the spread
        cpu = [r["cpu"] for r in rs]
        ir = instr[e.name]
        ir_text = "n/a" if ir is None else f"{ir / 1e6:.3f}M"
        ratio_ir = "" if ir is None or mila_ir is None else f", mila/this {mila_ir / ir:.1f}x"
        median = cpu_median(e.name)
        rounds = " ".join(
            f"{statistics.median(r['cpu'] for r in run) * 1e3:.3f}" for run in timed[e.name]
        )
        print(
            f"  {e.name:<8} instructions {ir_text}{ratio_ir}; CPU median {median * 1e3:.3f} ms"
            f" (rounds: {rounds}), mila/this {mila_cpu / median:.1f}x"
        )
        print(f"  {'':<8} cpu  (ms) {spread(cpu)}")
        print(f"  {'':<8} wall (ms) {spread([r['time'] for r in rs])}")

    umpires = [e.name for e in engines if not e.is_mila]
    for name in umpires:
        differ = ruled = 0
        for i, ph in enumerate(bot + via):
            mine, theirs = replies[name][i], mila[i]
            if position(mine) == position(theirs):
                continue
            if i >= n and position(without_via(ph)) == position(theirs):
                ruled += 1  # DIP-VIA: Umpire keeps the army home, mila moves it over land
                continue
            differ += 1
            print(
                f"DIFFERENCE {name} {ph.label}:\n  orders {ph.texts}\n"
                f"  umpire {mine['units']} (dislodged {mine['dislodged']})\n"
                f"  mila   {theirs['units']} (dislodged {theirs['dislodged']})"
            )
        print(
            f"{name}: phases whose positions differ from mila's: {differ}"
            f" (bot {n} + via {len(via)} phases); ruled DIP-VIA differences on the via set:"
            f" {ruled}"
        )
        if name != "umpire":
            same = sum(
                position(a) == position(b)
                for a, b in zip(replies["umpire"], replies[name], strict=True)
            )
            print(f"{name}: same positions as umpire on {same} of {len(bot) + len(via)} phases")


if __name__ == "__main__":
    main()
