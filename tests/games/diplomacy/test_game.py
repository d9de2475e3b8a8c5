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
    [
        "A Par-Bur",
        "a paris -> burgundy",
        "F Brest - Mid-Atlantic Ocean",
        "A mar H",
        "garbage !!",
        "",
    ],
)
def test_parse_never_raises(text: str) -> None:
    state = RULESET.new_game("standard", RULESET.info.default_scenario.powers, None, {})  # type: ignore[arg-type]
    parsed = RULESET.parse(state, "FRA", text)
    for _, order in parsed.orders:
        again = RULESET.parse(state, "FRA", RULESET.format(order))
        assert [o for _, o in again.orders] == [order]


def test_year_limit_ends_the_game_after_the_fall_as_a_draw() -> None:
    # Ruling "Year limit" (docs/rulings/diplomacy.md): with max_years=1 the game ends after
    # the Fall 1901 moves (centres updated first), as a draw among the powers still in it.
    from umpire.core.chance import ScriptedChance
    from umpire.games.diplomacy.game import POWERS

    state = RULESET.new_game("standard", POWERS, ScriptedChance([]), {"max_years": 1})
    holds = {p: [] for p in POWERS}  # every unit holds
    spring = RULESET.resolve(state, holds, ScriptedChance([])).state
    assert (spring.season, spring.phase, spring.year) == ("fall", "movement", 1901)
    assert RULESET.outcome(spring) is None
    after = RULESET.resolve(spring, holds, ScriptedChance([]))
    end = after.state
    assert end.phase == "over" and end.result == "draw" and end.year == 1901
    assert end.winners == tuple(POWERS)
    assert any(e.kind == "game_over" for e in after.events)
    outcome = RULESET.outcome(end)
    assert outcome is not None and set(outcome.winners) == set(POWERS)


def test_max_years_must_be_positive() -> None:
    from umpire.core.chance import ScriptedChance
    from umpire.games.diplomacy.game import POWERS

    with pytest.raises(ValueError):
        RULESET.new_game("standard", POWERS, ScriptedChance([]), {"max_years": 0})
