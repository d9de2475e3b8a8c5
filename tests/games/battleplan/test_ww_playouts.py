"""Bot playouts of every World Wide scenario through the session (the path of the CLI and the
server): legal bot orders, a replayable record, and no leak of one power's secrets into
another's view or printout. The conformance suite plays each game's default scenario only
(Europe for battleplan); these are the same properties for the other scenarios."""

from __future__ import annotations

from functools import cache

import pytest

from umpire.core import session
from umpire.core.chance import SeededChance
from umpire.core.events import visible_to
from umpire.core.record import GameRecord
from umpire.core.replay import replay
from umpire.games.battleplan.game import RULESETS

SCENARIOS = ("equal", "anonymous", "1939", "south-america", "real")
TURNS = 4


@cache
def _playout(scenario: str) -> GameRecord:
    record = session.create("battleplan", scenario=scenario, seed=7, settings={"max_turns": 50})
    while record.outcome is None and len(record.turns) < TURNS:
        for power in session.pending(record).powers:
            receipt = session.bot_submit(record, power)
            assert receipt.ok, (scenario, power, receipt.problems)
        session.process(record)
    return record


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_bot_playout_is_legal_and_replays(scenario: str) -> None:
    record = _playout(scenario)
    assert len(record.turns) == TURNS
    assert replay(record) == []
    for power in [*record.powers, None]:
        assert session.report(record, power)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_another_powers_secrets_never_change_a_view(scenario: str) -> None:
    ruleset = RULESETS[scenario]
    record = _playout(scenario)
    state = ruleset.load_state(record.state_after(TURNS))
    events = record.turns[-1].events
    powers = record.powers[:6]
    for other in powers:
        varied = ruleset.vary_secrets(state, other, SeededChance(9, "vary", other))
        assert ruleset.dump_state(varied) != ruleset.dump_state(state)
        for power in powers:
            if power == other:
                continue
            assert ruleset.view(varied, power) == ruleset.view(state, power), (power, other)
            seen = visible_to(events, power)
            assert ruleset.printout(varied, seen, power) == ruleset.printout(state, seen, power)
