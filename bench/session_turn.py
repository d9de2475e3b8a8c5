"""What one server turn costs the engine: state loads, order reads, legality passes, time.

The server (``umpire.server.usecases.turns``) drives a turn through the session: each player's
``submit_orders`` (submit, then "is everyone ready?"), then the worker's ``process_due`` (bots
fill their seats, the turn is processed, the next deadline is scheduled). This replays those
same session calls without the database, for two turns the issue names:

- Battle Plan, nine seats all played by bots (``process_due`` alone);
- Diplomacy, seven players who each submit (``submit_orders`` seven times, then ``process_due``);
- Origins, five players who each submit (a game read through core's pipeline: ``read_line`` and
  ``check``, where the two above still have their own deprecated ``parse``).

Counts come from wrapping the ruleset's own methods: ``load_state``, ``dump_state``, the
deprecated whole-text ``parse``, ``read_line`` (one line) and ``check`` (the legality of one
submission). Two paths: ``functions`` (the record-taking functions, as service.py called them
before the loaded game handle) and ``table`` (one :class:`~umpire.core.session.Table` per
request, as service.py calls it now). Run it on an older checkout for the "before" figures
(``PYTHONPATH=old/src``: there only the ``functions`` path exists).

    .venv/bin/python bench/session_turn.py [--turns N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from umpire.core import registry, session
from umpire.core.chance import SeededChance
from umpire.core.record import GameRecord
from umpire.core.submission import bot_text

COUNTED = ("load_state", "dump_state", "parse", "read_line", "check")
COUNTS: Counter[str] = Counter()
_installed: set[type] = set()


def instrument() -> None:
    """Wrap the counted methods of every registered ruleset class (once)."""
    for _, _, ruleset in registry.all_scenarios():
        cls = type(ruleset)
        if cls in _installed:
            continue
        _installed.add(cls)
        for name in COUNTED:
            if hasattr(cls, name):
                setattr(cls, name, _counting(name, getattr(cls, name)))


def _counting(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        COUNTS[name] += 1
        return method(*args, **kwargs)

    return counted


# --- the server's calls for one turn, two ways ------------------------------------------------


def process_due_functions(record: GameRecord) -> None:
    """process_due as service.py called the session before the handle."""
    todo = session.pending(record)  # _fill_missing
    done = set(session.submitted(record))
    for power in todo.powers:
        if power not in done:
            session.bot_submit(record, power)
    session.process(record)
    session.pending(record)  # _schedule: deadline_for
    session.pending(record)  # _schedule: _expected_ready
    session.submitted(record)


def submit_functions(record: GameRecord, power: str, text: str, turn: int) -> None:
    session.submit(record, power, text, turn=turn)
    session.pending(record)  # _maybe_early: _expected_ready
    session.submitted(record)


def process_due_table(record: GameRecord) -> None:
    """process_due as service.py calls it now: one table for the whole transaction."""
    table = session.open_table(record)
    todo = table.pending()
    done = set(table.submitted())
    for power in todo.powers:
        if power not in done:
            table.bot_submit(power)
    table.process()
    table.pending()
    table.pending()
    table.submitted()


def submit_table(record: GameRecord, power: str, text: str, turn: int) -> None:
    table = session.open_table(record)  # each request loads the record anew
    table.submit(power, text, turn=turn)
    table.pending()
    table.submitted()


PATHS = {
    "functions": (process_due_functions, submit_functions),
    "table": (process_due_table, submit_table),
}


def play(game: str, humans: bool, path: str, turns: int) -> tuple[list[Counter[str]], list[float]]:
    """Per processed turn: the counts and the seconds of the server's calls."""
    process_due, submit_orders = PATHS[path]
    record = session.create(game, seed=1)
    counts: list[Counter[str]] = []
    seconds: list[float] = []
    while record.outcome is None and len(record.turns) < turns:
        number = len(record.turns) + 1
        texts: dict[str, str] = {}
        if humans:  # what the players send (written by the bot, outside the measurement)
            ruleset = session.ruleset_of(record)
            state = ruleset.load_state(record.latest_state)
            for power in ruleset.pending(state).powers:
                chance = SeededChance(record.seed, "human", number, power)
                texts[power] = bot_text(ruleset, state, power, chance)
        COUNTS.clear()
        start = time.perf_counter()
        for power, text in texts.items():
            submit_orders(record, power, text, number)
        process_due(record)
        seconds.append(time.perf_counter() - start)
        counts.append(Counter(COUNTS))
    return counts, seconds


CASES = (
    ("battleplan", False, "Battle Plan, 9 bot seats, process_due"),
    ("diplomacy", True, "Diplomacy, 7 players submit_orders + process_due"),
    ("origins", True, "Origins, 5 players submit_orders + process_due"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=12)
    args = parser.parse_args()
    instrument()
    paths = [p for p in PATHS if p == "functions" or hasattr(session, "open_table")]
    print(f"per processed turn, first {args.turns} turns of seed 1 (counts: turn 1 / mean)")
    head = f"{'':<50} {'path':<10}" + "".join(f" {n:>15}" for n in COUNTED)
    print(head + f" {'ms median':>10} {'ms mean':>8}")
    for game, humans, title in CASES:
        for path in paths:
            counts, seconds = play(game, humans, path, args.turns)
            cells = "".join(
                f" {f'{counts[0][n]} / {statistics.mean(c[n] for c in counts):.1f}':>15}"
                for n in COUNTED
            )
            ms = [s * 1000 for s in seconds]
            print(
                f"{title:<50} {path:<10}{cells}"
                f" {statistics.median(ms):>10.1f} {statistics.mean(ms):>8.1f}"
            )


if __name__ == "__main__":
    main()
