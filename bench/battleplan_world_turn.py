"""Median time to adjudicate one turn of a World Wide Battle Plan game with bot orders, for
9 to 31 players (issue 16: target under 30 ms for 31 players).

Real Forces is not built yet; this measures Equal Forces (the same map, rules and pipeline;
Real Forces adds starting forces and World Opinion). Run:

    .venv/bin/python bench/battleplan_world_turn.py
"""

from __future__ import annotations

import statistics
import time

from umpire.core.chance import SeededChance
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.world.equal import assign_spaces

RULESET = RULESETS["equal"]


def median_ms(players: int, turns: int = 8, games: int = 3) -> float:
    seats = assign_spaces([[] for _ in range(players)], RULESET.gm)
    timings: list[float] = []
    for seed in range(games):
        state: GameState = RULESET.new_game("equal", seats, SeededChance(seed), {})
        for turn in range(1, turns + 1):
            if RULESET.outcome(state) is not None:
                break
            orders = {}
            for power in RULESET.pending(state).powers:
                text = RULESET.bot_orders(state, power, SeededChance(seed, "bot", turn, power))
                orders[power] = [o for _, o in RULESET.parse(state, power, text).orders]
            chance = SeededChance(seed, "turn", turn)
            start = time.perf_counter()
            state = RULESET.resolve(state, orders, chance).state
            timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1000


def main() -> None:
    print("battleplan world (Equal Forces), bot orders, median resolve time per turn:")
    results = {n: median_ms(n) for n in (9, 15, 20, 25, 31)}
    for n, ms in results.items():
        print(f"  {n:2} players: {ms:7.2f} ms")
    growth = results[31] / results[9]
    print(f"31 players: {results[31]:.2f} ms (target < 30 ms); 31 vs 9 players: x{growth:.2f}")


if __name__ == "__main__":
    main()
