"""Playing whole games through the session functions, and the notation round trip."""

from __future__ import annotations

import pytest

from umpire.core import session
from umpire.games.diplomacy import RULESET
from umpire.games.diplomacy.geography import standard_map


def test_map_facts() -> None:
    m = standard_map()
    assert len(m.provinces) == 75
    assert len(m.supply_centres) == 34
    assert m.provinces["stp"].coasts == ("nc", "sc")


def test_bot_game_plays_to_the_end() -> None:
    record = session.create("diplomacy", seed=3, settings={"max_years": 8})
    while record.outcome is None:
        for power in session.pending(record).powers:
            receipt = session.bot_submit(record, power)
            assert receipt.ok, receipt.text()
        session.process(record)
    assert record.outcome.winners
    assert session.replay(record) == []


@pytest.mark.parametrize(
    "text",
    ["A Par-Bur", "a paris -> burgundy", "F Brest - Mid-Atlantic Ocean", "A mar H", "garbage !!", ""],
)
def test_parse_never_raises(text: str) -> None:
    state = RULESET.new_game("standard", RULESET.info.default_scenario.powers, None, {})  # type: ignore[arg-type]
    parsed = RULESET.parse(state, "FRA", text)
    for _, order in parsed.orders:
        again = RULESET.parse(state, "FRA", RULESET.format(order))
        assert [o for _, o in again.orders] == [order]
