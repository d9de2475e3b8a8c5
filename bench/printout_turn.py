"""CPU time of one server turn with its outputs: the turn processed, then every reader's view
and printout computed as the server stores them (``store.save_outputs`` calls
``Table.view_and_report`` for each power and the umpire).

Bots write every power's orders (outside the measurement). Per processed turn, CPU seconds
(``time.process_time``) of ``process`` and of the outputs. Run it on an older checkout for the
"before" figures (``PYTHONPATH=old/src``), so both are measured by the same script.

    .venv/bin/python bench/printout_turn.py [--turns N] [--games battleplan spi_ww2]
"""

from __future__ import annotations

import argparse
import statistics
import time

from umpire.core import registry, session


def play(game: str, scenario: str | None, turns: int) -> tuple[list[float], list[float]]:
    """Per processed turn: CPU ms of processing it, and of every reader's view and printout."""
    record = session.create(game, scenario=scenario, seed=1)
    processing: list[float] = []
    outputs: list[float] = []
    while record.outcome is None and len(record.turns) < turns:
        table = session.open_table(record)
        for power in table.pending().powers:
            table.bot_submit(power)
        start = time.process_time()
        table.process()
        middle = time.process_time()
        for power in [*record.powers, None]:
            table.view_and_report(power)
        end = time.process_time()
        processing.append((middle - start) * 1000)
        outputs.append((end - middle) * 1000)
    return processing, outputs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--games", nargs="*", default=["battleplan", "spi-ww2"])
    args = parser.parse_args()
    print(f"CPU ms per processed turn, first {args.turns} turns of seed 1 (median / mean)")
    print(f"{'game':<32} {'process':>16} {'views+printouts':>18}")
    for game in args.games:
        for name, scenario, _ in registry.all_scenarios():
            if name != game:
                continue
            processing, outputs = play(game, scenario, args.turns)
            cells = [
                f"{statistics.median(ms):7.1f} / {statistics.mean(ms):6.1f}"
                for ms in (processing, outputs)
            ]
            print(f"{game + ' ' + scenario:<32} {cells[0]:>16} {cells[1]:>18}")


if __name__ == "__main__":
    main()
