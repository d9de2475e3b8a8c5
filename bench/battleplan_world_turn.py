"""Median time to adjudicate one turn of a World Wide Battle Plan game with bot orders, for
9 to 31 players (issue 16: target under 30 ms for 31 players), and how the cost grows.

It measures Real Forces when that scenario is registered, else Equal Forces (the same map,
rules and pipeline; Real Forces adds starting forces and World Opinion); ``--scenario`` picks
another. Each figure is the median over 8 turns of 3 games; the wall-clock median is the
target's figure, the CPU-time median (this process only) is steadier on a shared machine.
Run:

    .venv/bin/python bench/battleplan_world_turn.py [--scenario equal] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text
from umpire.games.battleplan.game import RULESETS, BattlePlan
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.world.equal import assign_spaces

SIZES = (9, 15, 20, 25, 31)


def seats(ruleset: BattlePlan, players: int) -> list[str]:
    if ruleset.scenario.info.name in ("equal", "anonymous"):
        return assign_spaces([[] for _ in range(players)], ruleset.gm)
    return list(ruleset.scenario.info.powers[:players])


def timings(
    ruleset: BattlePlan, players: int, turns: int = 8, games: int = 3
) -> tuple[float, float]:
    """The median wall-clock and CPU milliseconds of one turn's ``resolve``."""
    name = ruleset.scenario.info.name
    wall: list[float] = []
    cpu: list[float] = []
    for seed in range(games):
        state: GameState = ruleset.new_game(name, seats(ruleset, players), SeededChance(seed), {})
        for turn in range(1, turns + 1):
            if ruleset.outcome(state) is not None:
                break
            orders = {}
            for power in ruleset.pending(state).powers:
                text = bot_text(ruleset, state, power, SeededChance(seed, "bot", turn, power))
                orders[power] = [o for _, o in submission.parse(ruleset, state, power, text).orders]
            chance = SeededChance(seed, "turn", turn)
            start, start_cpu = time.perf_counter(), time.process_time()
            state = ruleset.resolve(state, orders, chance).state
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def median_ms(players: int, scenario: str = "equal") -> float:
    return timings(RULESETS[scenario], players)[0]


def main() -> None:
    default = "real" if "real" in RULESETS else "equal"
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default=default, choices=sorted(RULESETS))
    parser.add_argument("--repeat", type=int, default=1, help="runs; the median of each size")
    args = parser.parse_args()
    ruleset = RULESETS[args.scenario]
    sizes = [n for n in SIZES if n <= ruleset.scenario.info.max_players]
    print(f"battleplan world ({args.scenario}), bot orders, median resolve time per turn:")
    results: dict[int, tuple[float, float]] = {}
    for n in sizes:
        runs = [timings(ruleset, n) for _ in range(args.repeat)]
        results[n] = (
            statistics.median(w for w, _ in runs),
            statistics.median(c for _, c in runs),
        )
        print(f"  {n:2} players: {results[n][0]:7.2f} ms wall, {results[n][1]:7.2f} ms CPU")
    big, small = results[sizes[-1]], results[sizes[0]]
    print(
        f"{sizes[-1]} players: {big[0]:.2f} ms wall, {big[1]:.2f} ms CPU (target < 30 ms); "
        f"{sizes[-1]} vs {sizes[0]} players: x{big[0] / small[0]:.2f} wall, "
        f"x{big[1] / small[1]:.2f} CPU"
    )


if __name__ == "__main__":
    main()
