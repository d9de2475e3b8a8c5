"""A forecast's position in Conquest of the World (issue 32; docs/forecast.md, ruling C18)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from umpire.core import session
from umpire.games.conquest import RULESET
from umpire.games.conquest.model import State


def played(turns: int = 8) -> State:
    record = session.create("conquest", scenario="standard", seed=4)
    for _ in range(turns):
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    return RULESET.load_state(record.latest_state)


@pytest.mark.rule("COTW 18")
def test_the_table_is_taken_whole_and_only_the_offers_he_cannot_see_are_dropped() -> None:
    state = played()
    state = replace(
        state,
        offers=frozenset({("RED", "BLUE"), ("GREEN", "RED")}),
        last_orders={"RED": ("PASS",), "BLUE": ("SWORD AGGRESSIVE",)},
    )
    for power in state.seats:
        built = RULESET.forecast_state(RULESET.view(state, power), power)
        # the public table (ruling C17), the count of passes, hand-overs and dominations too
        expected = replace(
            state,
            offers=frozenset(o for o in state.offers if power in o),
            last_orders={power: tuple(state.last_orders.get(power, ()))},
        )
        assert RULESET.dump_state(built) == RULESET.dump_state(expected), power
    blue = RULESET.forecast_state(RULESET.view(state, "BLUE"), "BLUE")
    assert blue.offers == frozenset({("RED", "BLUE")})  # GREEN's offer to RED is unseen


@pytest.mark.rule("COTW 7")
@pytest.mark.rule("COTW 13")
def test_the_view_carries_the_count_the_table_keeps() -> None:
    state = replace(
        played(2),
        passes=2,
        handovers=5,
        dominated=frozenset({("RED", 3)}),
        last_defender="BLUE",
    )
    seen = RULESET.view(state, "GREEN")
    assert (seen["passes"], seen["handovers"], seen["last_defender"]) == (2, 5, "BLUE")
    assert seen["dominated"] == [["RED", 3]]
    assert RULESET.public_view(state)["passes"] == 2
