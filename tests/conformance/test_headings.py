"""Every printout of every (game, scenario) is headed by the phase that was played, then what is
due next, then whose report it is (issue 29: the web's "Printout after Spring 1901 movement"
began "Diplomacy: Fall 1901 movement"); no game prints a first line of its own that names the
next phase as if it were the one reported."""

from __future__ import annotations

import pytest

from umpire.core import registry, session
from umpire.core.record import GameRecord
from umpire.core.ruleset import power_label

GAMES = [(game, scenario) for game, scenario, _ in registry.all_scenarios() if game != "fakebid"]
IDS = [f"{game}-{scenario}" for game, scenario in GAMES]


def _one_turn(game: str, scenario: str) -> GameRecord:
    record = session.create(game, scenario=scenario, seed=7)
    for power in session.pending(record).powers:
        session.bot_submit(record, power)
    session.process(record)
    return record


def _names(record: GameRecord) -> dict[str, str]:
    return dict(registry.game(record.game).info.scenario(record.scenario).names)


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_printout_heading_names_the_phase_played_then_the_one_due(game: str, scenario: str) -> None:
    record = _one_turn(game, scenario)
    played = record.turns[-1].label
    due = session.pending(record).label
    for power in (*record.powers, None):
        lines = session.report(record, power).splitlines()
        assert lines[0] == f"Results of {played} · orders due for {due}", (power, lines[0])
        whose = "the umpire's report" if power is None else power_label(power, _names(record))
        assert lines[1].endswith(whose), (power, lines[1])
        # The game's own heading is gone: nothing below names the phase due as the report's.
        assert all(due not in line for line in lines[2:6]), (power, lines[2:6])


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_opening_printout_heading(game: str, scenario: str) -> None:
    record = session.create(game, scenario=scenario, seed=7)
    if record.outcome is not None:
        pytest.skip("over at once")
    first = session.report(record, record.powers[0]).splitlines()[0]
    assert first == f"Opening position · orders due for {session.pending(record).label}"


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_heading_of_a_game_ended_by_the_game_master(game: str, scenario: str) -> None:
    record = _one_turn(game, scenario)
    if record.outcome is not None:
        pytest.skip("over by its rules at once")
    played = record.turns[-1].label
    session.declare_result(record, [record.powers[0]], "ended by the game master")
    first = session.report(record, record.powers[-1]).splitlines()[0]
    assert first == f"Results of {played} · the game is over"
