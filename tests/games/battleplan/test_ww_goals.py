"""The printout of a World Wide game says what the player needs to win (ruling W-GOAL)."""

from __future__ import annotations

import pytest

from umpire.core import session
from umpire.games.battleplan.world.geography import world_map
from umpire.games.battleplan.world.real import industry_owned
from umpire.games.battleplan.world.scoring1939 import score


def _printout(scenario: str, power: str | None = None) -> tuple[str, object]:
    record = session.create("battleplan", scenario=scenario, seed=1)
    ruleset = session.ruleset_of(record)
    state = session.current_state(record)
    return ruleset.printout(state, [], power or record.powers[0]), state


@pytest.mark.rule("WW equal")
@pytest.mark.parametrize("scenario", ["equal", "anonymous", "south-america"])
def test_the_basic_games_print_the_end_of_1a(scenario: str) -> None:
    text, _ = _printout(scenario)
    assert "To win: be the last player left who occupies a country (1A)." in text


@pytest.mark.rule("WW real.winners")
def test_real_forces_prints_every_class_threshold_and_the_players_own() -> None:
    text, state = _printout("real", "ISR")
    assert (
        "Industry to win: Super Power 2200, Major Power 1500 (you), Medium 400, Small 100." in text
    )
    number = state.number_of("ISR")  # type: ignore[attr-defined]
    assert f"You need 1500; you own or control {industry_owned(state, number)} " in text  # type: ignore[arg-type]
    assert "declared everyone else an ally" in text
    small, _ = _printout("real", "IQK")
    assert "Medium 400 (you)" in small and "You need 400;" in small


@pytest.mark.rule("WW 1939.vp1")
@pytest.mark.rule("WW 1939.end")
def test_1939_prints_the_powers_own_victory_list() -> None:
    text, state = _printout("1939", "ACS")
    assert "from the printout marked T26, a 33% chance each turn" in text
    assert "  90 per turn still in game\n  100 if still owns ENA or EAR\n" in text
    assert "  100 if owns Morocco\n" in text
    gm = world_map(icepack=False)
    usa, _ = _printout("1939", "USA")
    usa_lines = [ln.label for ln in score(state, gm, 13)]  # type: ignore[arg-type]
    for label in usa_lines:
        assert f"  {label}\n" in usa
    assert "100 if owns Morocco" not in usa  # only his own list


def test_europe_prints_no_goal() -> None:
    text, _ = _printout("europe")
    assert "To win" not in text
