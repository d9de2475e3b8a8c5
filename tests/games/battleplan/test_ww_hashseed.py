"""Every printout is the same in every process: nothing depends on Python's hash seed.

The South American map once kept its spaces in the order of a set, so the umpire's printout
listed a player's spaces in an order that changed with ``PYTHONHASHSEED`` (a stored printout
and a recomputed one could differ)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SCRIPT = """
from umpire.core import session
for scenario in ("south-america", "equal"):
    record = session.create("battleplan", scenario=scenario, seed=1)
    for power in session.pending(record).powers:
        session.bot_submit(record, power)
    session.process(record)
    for power in [*record.powers, None]:
        print(session.report(record, power))
"""


def _printouts(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.mark.slow
def test_printouts_do_not_depend_on_the_hash_seed() -> None:
    first = _printouts("1")
    assert "occupies" in first
    assert _printouts("2") == first
