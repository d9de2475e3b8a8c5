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
import itertools
import statistics
import time

from umpire.core import registry, session


def play(game: str, scenario: str | None, turns: int) -> list[list[float]]:
    """Per processed turn, CPU ms of: processing it; every reader's view and printout as the
    server stores them (``view_and_report``); the same with the view computed twice, apart
    for the view and inside the printout (``view`` then ``report``, the old way of a game
    whose printout did not take the view)."""
    record = session.create(game, scenario=scenario, seed=1)
    columns: list[list[float]] = [[], [], []]
    while record.outcome is None and len(record.turns) < turns:
        table = session.open_table(record)
        for power in table.pending().powers:
            table.bot_submit(power)
        marks = [time.process_time()]
        table.process()
        marks.append(time.process_time())
        readers: list[str | None] = [*record.powers, None]
        for reader in readers:
            table.view_and_report(reader)
        marks.append(time.process_time())
        for reader in readers:
            table.view(reader)
            table.report(reader)
        marks.append(time.process_time())
        for column, (a, b) in zip(columns, itertools.pairwise(marks), strict=True):
            column.append((b - a) * 1000)
    return columns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--games", nargs="*", default=["battleplan", "spi-ww2"])
    args = parser.parse_args()
    print(f"CPU ms per processed turn, first {args.turns} turns of seed 1 (median / mean)")
    titles = ("process", "views+printouts", "view twice")
    print(f"{'game':<32}" + "".join(f" {t:>18}" for t in titles))
    for game in args.games:
        for name, scenario, _ in registry.all_scenarios():
            if name != game:
                continue
            columns = play(game, scenario, args.turns)
            cells = [f"{statistics.median(ms):7.1f} / {statistics.mean(ms):6.1f}" for ms in columns]
            print(f"{game + ' ' + scenario:<32}" + "".join(f" {c:>18}" for c in cells))


if __name__ == "__main__":
    main()
