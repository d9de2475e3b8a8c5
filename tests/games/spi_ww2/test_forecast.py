"""A forecast's position in SPI WW2 (issue 32; docs/forecast.md, ruling R22)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from umpire.core import session
from umpire.games.spi_ww2 import objectives
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.game import RULESET
from umpire.games.spi_ww2.model import State


def played(scenario: str, turns: int) -> State:
    record = session.create("spi-ww2", scenario=scenario, seed=6)
    for _ in range(turns):
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    return RULESET.load_state(record.latest_state)


@pytest.mark.rule("SPI 15.0")
@pytest.mark.rule("SPI 19.2")
@pytest.mark.parametrize("scenario", ["4-player", "5-player"])
def test_the_open_board_is_taken_whole_and_another_synthesis_is_none(scenario: str) -> None:
    state = played(scenario, 3)
    assert state.objectives, "the dual-identity players recorded their syntheses"
    for power in state.players:
        built = RULESET.forecast_state(RULESET.view(state, power), power)
        # everything but the other players' syntheses (19.2), control of every hex included
        mine = {p: c for p, c in state.objectives.items() if p == power}
        expected = replace(
            state, objectives=mine, last_game_turn=RULESET.view(state, power)["last_game_turn"]
        )
        assert RULESET.dump_state(built) == RULESET.dump_state(expected), power
        for other in state.objectives:
            if other != power:
                # an unseen synthesis counts as none: the printed column is scored
                printed = objectives.column(
                    Board.of(replace(state, objectives={}), RULESET.charts), other
                )
                assert objectives.column(Board.of(built, RULESET.charts), other) == printed
