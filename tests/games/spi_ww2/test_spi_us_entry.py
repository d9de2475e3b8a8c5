"""Variable US Entry (18.0) and the US Intervention Table (18.1)."""

from __future__ import annotations

import pytest

from tests.games.spi_ww2.helpers import (
    CHARTS,
    board,
    hx,
    phase_of,
    play,
    start,
    texts,
    with_,
    with_units,
)
from umpire.core.chance import ScriptedChance
from umpire.games.spi_ww2 import intervention, reinforcements, transport
from umpire.games.spi_ww2.model import Flags


def roll(game_turn: int, dice: list[int], **changes: object) -> tuple[int, str]:
    state = with_(start(6), game_turn=game_turn, **changes)
    chance = ScriptedChance(dice)
    new, said = intervention.roll_entry(state, CHARTS, chance)
    assert chance.remaining == 0 and new.flags.us_trigger_now == ()
    return new.us_entry, texts(said)


@pytest.mark.rule("SPI 18.1")
def test_the_intervention_table() -> None:
    assert roll(1, [1, 3]) == (7, roll(1, [1, 3])[1])  # 4/39: 1 + 1-3 -> 2/41 (7)
    assert roll(1, [1, 4])[0] == 0
    assert roll(2, [1, 1])[0] == 8 and roll(2, [1, 2])[0] == 0
    assert roll(9, [1, 4])[0] == 12 and roll(9, [2, 1])[0] == 0
    assert roll(12, [2, 6])[0] == 14  # 3/42: 1-2 + 1-6 -> 1/43 (14)
    assert roll(13, [3, 6])[0] == 15 and roll(13, [4, 1])[0] == 0
    assert roll(14, [])[0] == 0  # no line past 4/42
    _, said = roll(1, [2, 2])
    assert "rolled by Britain: 2 and 2" in said


@pytest.mark.rule("SPI 18.1")
@pytest.mark.rule("SPI 18.0")
def test_triggering_german_invasions() -> None:
    # the special line on the Game-Turn Germany invades France, Britain or the USSR
    entry, said = roll(14, [1, 1], flags=Flags(us_trigger_now=("USSR",), us_triggers=("USSR",)))
    assert entry == 18 and "Germany invaded USSR" in said  # 1 + 1-2: 4 Game-Turns after
    entry, _ = roll(14, [2, 2], flags=Flags(us_trigger_now=("FRA",), us_triggers=("FRA",)))
    assert entry == 19  # 1-2 + 1-2: 5 Game-Turns after
    entry, _ = roll(14, [3, 3], flags=Flags(us_trigger_now=("GBR",), us_triggers=("GBR",)))
    assert entry == 19
    # both tables on a triggering Game-Turn of the table: the earliest entry stands
    entry, _ = roll(1, [1, 3, 1, 1], flags=Flags(us_trigger_now=("USSR",), us_triggers=("USSR",)))
    assert entry == 5
    # a German invasion marks the Game-Turn, once per country
    b = board(start(6))
    b = b.invade("GER", "GER", "USSR")
    assert b.state.flags.us_trigger_now == ("USSR",)
    b = b.set_flags(us_trigger_now=())
    b = b.trigger_us("USSR")
    assert b.state.flags.us_trigger_now == ()  # at most once per action


@pytest.mark.rule("SPI 18.0")
def test_germany_entering_france_triggers_and_the_british_player_rolls_after_germany() -> None:
    state = phase_of(with_units(start(6), {"1419": {"GER": 2}}), "GER")
    new, _ = play(state, "GER", "MOVE GER 1 1419-1319")
    assert new.flags.us_trigger_now == ("FRA",)
    new, events = play(new, "GER", "PASS", [6, 6, 2, 2])  # table roll, then the France line
    assert new.us_entry == 1 + 5 and "Germany invaded FRA" in texts(events)


@pytest.mark.rule("SPI 18.0")
def test_automatic_entry_on_3_43_and_the_fixed_rule() -> None:
    entry, said = roll(15, [])
    assert entry == 16 and "automatically" in said
    fixed = start(6, variable_us_entry=False)
    assert fixed.us_entry == int(CHARTS.core["us_entry"]["fixed_turn"])


@pytest.mark.rule("SPI 18.0")
def test_us_reinforcements_from_the_3_42_track_then_six_a_turn() -> None:
    track = CHARTS.core["reinforcements"]["USA_track"]
    per = CHARTS.core["replacements"]["per_turn"]["USA"]
    for offset, expected in ((0, track[0][0]), (len(track) - 1, track[-1][0]), (len(track), 6)):
        b = board(with_(start(6), us_entry=7, pools={}))
        b = reinforcements.us_arrivals(b, 7 + offset)
        assert b.state.pools["USA:due"] == expected + per
    b = board(with_(start(6), us_entry=7))
    b = transport.reset(b, 7 + len(track))
    naval, _ = transport.allied_points(CHARTS.core, 7 + len(track))
    assert (
        b.state.transport["USA:naval"] == naval // 2 + 2
    )  # past the track: 2 Naval Transport more
    b = board(with_(start(6), us_entry=7))
    b = transport.reset(b, 21)
    assert b.state.transport["USA:amphibious"] == 0  # all US Amphibious Transport lost on 4/44
    b = transport.reset(b, 20)
    assert b.state.transport["USA:amphibious"] > 0


@pytest.mark.rule("SPI 18.0")
def test_the_us_enters_the_war_on_its_game_turn() -> None:
    b = board(with_(start(6), us_entry=3))
    b = intervention.enter_war(b, 3)
    assert ("GER", "USA") in b.state.wars
    four = board(with_(start(4), us_entry=3))
    four = intervention.enter_war(four, 3)
    assert ("GBR", "GER") in four.state.wars  # the British Player's US
    assert hx("London")
