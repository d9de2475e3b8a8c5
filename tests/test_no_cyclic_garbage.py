"""A turn leaves nothing for the garbage collector (issue 33).

Every object a turn makes is freed by its reference count once the turn is done with it,
unless it is part of a reference cycle: cycles wait for Python's cyclic garbage collector,
which they set off every few turns, and whose passes cost more than the rest of a Diplomacy
phase's bookkeeping (a movement board and its resolver, which referred to each other, made
Diplomacy's adjudication 6% dearer by instruction count; an order error returned with its
traceback did the same for the SPI bots). This plays a few bot turns of each game, with
reports and views, with the collector switched off, and checks that a collection then finds
no unreachable object.
"""

from __future__ import annotations

import gc
from collections import Counter

import pytest

from umpire.core import session

CASES = [
    ("battleplan", "europe"),
    ("conquest", "standard"),
    ("diplomacy", "standard"),
    ("diplomacy", "1939-iii"),
    ("origins", "historical"),
    ("spi-ww2", "4-player"),
]


@pytest.mark.parametrize(("game", "scenario"), CASES)
def test_bot_turns_leave_no_reference_cycles(game: str, scenario: str) -> None:
    record = session.create(game, scenario=scenario, seed=1)
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds stays in gc.garbage, to name it
    try:
        turns = 0
        while record.outcome is None and turns < 12:
            for power in session.pending(record).powers:
                session.bot_submit(record, power)
            session.process(record)
            for power in [*record.powers, None]:
                session.report(record, power)
                session.view(record, power)
            turns += 1
        gc.collect()
        found = Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    assert turns >= 2
    assert not found, f"{game} {scenario}: cyclic garbage {found.most_common(8)}"
