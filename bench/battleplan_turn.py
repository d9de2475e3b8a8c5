"""Median time to adjudicate one turn of a 9-player Battle Plan Europe game with bot orders.

Run: .venv/bin/python bench/battleplan_turn.py   (target: under 5 ms per turn)
"""

from __future__ import annotations

import statistics
import time

from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text
from umpire.games.battleplan import RULESET
from umpire.games.battleplan.model import GameState


def main(turns: int = 12, games: int = 5) -> None:
    timings: list[float] = []
    for seed in range(games):
        state: GameState = RULESET.new_game(
            "europe", RULESET.info.default_scenario.default_powers, SeededChance(seed), {}
        )
        for turn in range(1, turns + 1):
            if RULESET.outcome(state) is not None:
                break
            orders = {}
            for power in RULESET.pending(state).powers:
                text = bot_text(RULESET, state, power, SeededChance(seed, "bot", turn, power))
                orders[power] = [o for _, o in submission.parse(RULESET, state, power, text).orders]
            chance = SeededChance(seed, "turn", turn)
            start = time.perf_counter()
            state = RULESET.resolve(state, orders, chance).state
            timings.append(time.perf_counter() - start)
    median = statistics.median(timings) * 1000
    print(f"battleplan europe, 9 players, bot orders: {len(timings)} turns")
    print(f"median resolve time per turn: {median:.2f} ms (target < 5 ms)")
    print(f"max: {max(timings) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
