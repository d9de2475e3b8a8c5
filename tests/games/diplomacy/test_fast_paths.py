"""The adjudicator's fast paths (``settle_plain`` and ``follow``) give what the full
resolution gives: every movement phase of some bot games is adjudicated both ways."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.games.diplomacy import RULESET, RULESET_1939, movement
from umpire.games.diplomacy.game import POWERS
from umpire.games.diplomacy.model import MOVEMENT, State, new_state
from umpire.games.diplomacy.orders import Move, MovementOrder


def _without_fast_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    def nothing_settled(board: movement._Board) -> None:
        board.follows.clear()

    monkeypatch.setattr(movement._Board, "settle_plain", nothing_settled)


def test_fast_paths_change_no_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    m = RULESET.map
    phases = into_occupied = 0
    for seed in range(3):
        state = RULESET.new_game("standard", POWERS, SeededChance(seed), {"max_years": 6})
        while state.phase != "over":
            orders = {}
            for p in RULESET.pending(state).powers:
                text = submission.bot_text(RULESET, state, p, SeededChance(seed, state.turn, p))
                orders[p] = [o for _, o in submission.parse(RULESET, state, p, text).orders]
            if state.phase == MOVEMENT:
                at = state.unit_at()
                given: dict[str, MovementOrder] = {}
                for power, os in orders.items():
                    for o in os:
                        unit = at.get(o.loc.split("/")[0])
                        if unit is not None and unit.power == power:
                            given[unit.province] = o  # type: ignore[assignment]
                fast = movement.adjudicate(m, state.units, given, at)
                with monkeypatch.context() as patched:
                    _without_fast_paths(patched)
                    full = movement.adjudicate(m, state.units, given, at)
                assert fast == full
                phases += 1
                into_occupied += sum(
                    1 for o in given.values() if isinstance(o, Move) and o.dest.split("/")[0] in at
                )
            state = RULESET.resolve(state, orders, SeededChance(0)).state
    assert phases > 20 and into_occupied > 20  # moves into occupied provinces were adjudicated


def test_new_state_is_the_dataclass_state() -> None:
    state = RULESET.new_game("standard", POWERS, SeededChance(1), {"max_years": 6})
    fields = (
        state.scenario,
        state.powers,
        state.year + 1,
        "fall",
        "retreats",
        state.units[1:],
        state.owners[:-1],
        (),
        7,
        ("FRA",),
        "victory",
        5,
    )
    made = new_state(*fields)
    assert made == State(*fields)
    assert repr(made) == repr(State(*fields))
    assert made.unit_at() == {u.province: u for u in state.units[1:]}


@pytest.mark.parametrize("ruleset", [RULESET, RULESET_1939], ids=["standard", "1939"])
@pytest.mark.parametrize("coast", ["", "/nc", "/sc"])
def test_provinces_sort_as_their_locations(ruleset: Any, coast: str) -> None:
    """movement._read_off sorts the units after the moves by their provinces: the same order
    as by their locations (a province, or a province, "/" and a coast), as no province's
    name has a character at or below "/"."""
    names = list(ruleset.map.provinces)
    assert all(c > "/" for name in names for c in name)
    locs = {name: name + coast for name in names}
    assert [locs[p] for p in sorted(locs)] == sorted(locs.values())
