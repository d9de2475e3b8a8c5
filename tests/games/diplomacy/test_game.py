"""Playing whole games through the session functions, and the notation round trip."""

from __future__ import annotations

import pytest

from umpire.core import session, submission
from umpire.core.record import GameRecord
from umpire.core.replay import replay
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
    assert replay(record) == []


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
    parsed = submission.parse(RULESET, state, "FRA", text)
    for _, order in parsed.orders:
        again = submission.parse(RULESET, state, "FRA", RULESET.format(order))
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


def _phase_without(record: GameRecord, silent: str) -> str:
    """Process the current phase with every power's bot orders but ``silent``'s; the report
    ``silent`` then reads."""
    for power in session.pending(record).powers:
        if power != silent:
            session.bot_submit(record, power)
    session.process(record)
    return session.report(record, silent)


@pytest.mark.rule("DATC 4.D.9")
def test_a_power_that_sent_nothing_reads_that_no_orders_came_and_its_units_held() -> None:
    """Testers' report: a Diplomacy printout said nothing of a power's missing orders. The
    power reads it, and the default the rules applied (unordered units hold); the others do
    not read a note meant for it."""
    record = session.create("diplomacy", seed=3)
    text = _phase_without(record, "AUS")
    assert "No orders received from AUS for Spring 1901 movement: its units hold." in text
    assert "AUS A bud H: held" in text
    assert "No orders received" not in session.report(record, "ENG")


@pytest.mark.rule("DATC 4.D.7")
def test_a_power_that_sends_no_builds_reads_that_they_are_waived() -> None:
    record = session.create("diplomacy", seed=3)
    while "adjustments" not in session.pending(record).label:
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    label = session.pending(record).label
    builder = session.pending(record).powers[0]
    text = _phase_without(record, builder)
    assert f"No orders received from {builder} for {label}: its " in text
    assert "waived." in text or "removed by the civil disorder rule." in text


@pytest.mark.rule("D39 10")
def test_a_1939_power_that_sends_no_winter_orders_reads_what_the_winter_did() -> None:
    record = session.create("diplomacy", scenario="1939-iii", seed=3)
    text = _phase_without(record, "ENG")
    assert "No orders received from ENG for Winter 1938 adjustments: no builds" in text
    assert "No orders received" not in session.report(record, "FRA")


@pytest.mark.rule("DATC 6.I.1")
@pytest.mark.rule("DATC 6.I.3")
@pytest.mark.rule("DATC 6.I.5")
def test_a_winter_printout_says_who_builds_where_and_who_removes() -> None:
    """Testers' report: the Winter printout listed centres and units but left each player to
    count his builds or removals and find a free home centre for them."""
    record = session.create("diplomacy", seed=5)
    while "adjustments" not in session.pending(record).label:
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    text = session.report(record, "ENG")
    state = session.current_state(record)
    for power in state.powers:
        delta = len(state.centres_of(power)) - sum(u.power == power for u in state.units)
        if delta > 0:
            assert f"  {power} builds {delta} (free home centres: " in text, (power, text)
        elif delta < 0:
            assert f"  {power} removes {-delta}\n" in text, (power, text)
        else:
            assert f"  {power} builds" not in text and f"  {power} removes" not in text
    assert "Adjustments (centres against units):" in text
    # FRA's homes partly occupied, GER's all occupied, RUS a unit over its centres
    data = RULESET.dump_state(state)
    units = [u for u in data["units"] if not u.startswith(("FRA", "GER"))]
    data["units"] = [*units, "FRA A bre", "FRA A mar", "FRA F por", "GER A ber", "GER F kie",
                     "GER A mun", "RUS A gal"]  # fmt: skip
    changed = RULESET.load_state(data)
    centres = {p: len(changed.centres_of(p)) for p in ("FRA", "GER", "RUS")}
    assert centres["FRA"] == 5 and centres["GER"] == 6, centres
    rus_units = sum(u.power == "RUS" for u in changed.units)
    text = RULESET.printout(changed, [], "FRA")
    assert "  FRA builds 1 of 2 (free home centres: par; the others are waived)" in text
    assert "  GER builds none of 3 (no free home centre)" in text
    assert f"  RUS removes {rus_units - centres['RUS']}\n" in text
