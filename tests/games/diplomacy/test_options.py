"""The legal-order lists of the Diplomacy pages (``umpire.games.diplomacy.options``).

Over bot-played positions of both scenarios, every phase: everything offered is accepted by the
game's own parser unchanged (sound), and in the standard game every order the bot writes (a
legal order found independently) is offered (complete for holds, moves, supports, retreats
and builds).
"""

from __future__ import annotations

from typing import Any

import pytest

from umpire.core import session


def _offered(record: Any, power: str) -> dict[str, list[str]]:
    state = session.current_state(record)
    result: dict[str, list[str]] = session.ruleset_of(record).order_options(state, power)
    return result


def _check_phase(record: Any, *, complete: bool) -> None:
    ruleset = session.ruleset_of(record)
    state = session.current_state(record)
    turn = len(record.turns) + 1
    for power in session.pending(record).powers:
        options = _offered(record, power)
        offered = {line for lines in options.values() for line in lines}
        for line in offered:
            parsed = ruleset.parse(state, power, line)
            assert not parsed.problems, (power, line, parsed.problems)
            assert ruleset.format(parsed.orders[0][1]) == line
        if state.phase in ("movement", "retreats"):
            mine = {f"{u.kind} {u.loc}" for u in state.units if u.power == power}
            if state.phase == "retreats":
                mine = {
                    f"{d.unit.kind} {d.unit.loc}" for d in state.dislodged if d.unit.power == power
                }
            assert mine <= set(options), (power, mine - set(options))
        if complete:
            bot = ruleset.bot_orders(state, power, session.bot_chance(record, turn, power))
            for _, order in ruleset.parse(state, power, bot).orders:
                assert ruleset.format(order) in offered, (state.label, power, order)


# The offered orders are the engine's own legality (issue 13); no rulebook id: DATC 4.E.1
# (illegal orders) is outside the case index of ../shared/rules/INDEX.md.
@pytest.mark.parametrize(("scenario", "complete"), [("standard", True), ("1939-iii", False)])
def test_offered_orders_are_exactly_legal(scenario: str, complete: bool) -> None:
    record = session.create("diplomacy", scenario=scenario, seed=1)
    phases = set()
    for _ in range(16):
        if record.outcome is not None:
            break
        _check_phase(record, complete=complete)
        phases.add(session.current_state(record).phase)
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    assert {"movement", "retreats", "adjustments"} <= phases


def test_a_power_with_nothing_to_order_is_offered_nothing() -> None:
    record = session.create("diplomacy", seed=3)
    for power in session.pending(record).powers:
        session.bot_submit(record, power)
    session.process(record)
    state = session.current_state(record)
    assert state.phase == "movement"  # Fall: no retreats after a quiet spring
    offer = session.ruleset_of(record).order_options  # type: ignore[attr-defined]
    assert offer(state, "NOBODY") == {}
