"""Placement and moves of PFs (OWW 1.3, 3.2-3.6, 7.1), checked through whole turns."""

from __future__ import annotations

import pytest

from umpire.core.chance import ScriptedChance
from umpire.core.submission import parse
from umpire.games.origins import RULESET
from umpire.games.origins.model import State

from .helpers import make, run


def codes(state: State, power: str, text: str) -> list[str]:
    return [p.code for p in parse(RULESET, state, power, text).problems]


@pytest.mark.rule("OWW 1.3")
@pytest.mark.rule("OWW 3.2")
@pytest.mark.rule("OWW 7.1")
def test_placing_and_moving_pfs() -> None:
    state = make({"GER": {"GER": 5}})
    # Germany has 12 PFs in turn 1 and 5 at home: place 7 + 3, move 4 out of home
    after, _ = run(state, {"GER": "PLACE 7 POLAND\nPLACE 3 AUS\nMOVE 4 FROM HOME TO RHINELAND"})
    assert after.box("POL", "GER").pfs == 7
    assert after.box("AUS", "GER").pfs == 3
    assert after.box("RHI", "GER").pfs == 4
    # 5 - 4 moved + 2 left unplaced (ruling R12)
    assert after.box("GER", "GER").pfs == 3
    assert after.placed["POL"] == ("GER",) and "GER" in after.placed["RHI"]
    assert after.moved_out == ("GER",)


@pytest.mark.rule("OWW 3.2")
def test_cannot_place_more_than_the_turns_pfs_or_move_more_than_home_holds() -> None:
    state = make({"FRA": {"FRA": 2}})
    assert codes(state, "FRA", "PLACE 3 POL\nPLACE 2 AUS") == ["illegal/too_many_pfs"]
    assert codes(state, "FRA", "MOVE 3 TO POL") == ["illegal/move_exceeds_home"]
    assert codes(state, "FRA", "MOVE 1 TO FRANCE") == ["illegal/move_home"]


@pytest.mark.rule("OWW 3.3")
def test_pfs_outside_home_cannot_be_moved() -> None:
    state = make({"POL": {"FRA": 4}})
    assert codes(state, "FRA", "MOVE 2 FROM POLAND TO AUSTRIA") == ["illegal/move_from_abroad"]
    # and nothing moves them when the turn is played
    after, _ = run(state, {"FRA": "PLACE 4 AUS"})
    assert after.box("POL", "FRA").pfs == 4


@pytest.mark.rule("OWW 3.4")
def test_pfs_may_go_where_the_power_cannot_score() -> None:
    state = make()
    assert parse(RULESET, state, "USA", "PLACE 2 ITALY").ok  # USA has no Italy entry
    assert parse(RULESET, state, "FRA", "PLACE 2 GERMANY").ok  # another's home area
    after, _ = run(state, {"USA": "PLACE 2 ITA"})
    assert after.box("ITA", "USA").pfs == 2


@pytest.mark.rule("OWW 3.5")
@pytest.mark.rule("OWW 1.6")
def test_no_placement_where_a_control_marker_stands_even_ones_own() -> None:
    state = make({"POL": {"GER": (0, "C")}, "GER": {"GER": 4}})
    assert codes(state, "GER", "PLACE 2 POL") == ["illegal/control_marked"]
    assert codes(state, "FRA", "PLACE 2 POL") == ["illegal/control_marked"]
    assert codes(state, "GER", "MOVE 2 TO POL") == ["illegal/control_marked"]
    # an Understanding marker does not stop placement (OWW 1.6)
    state = make({"AUS": {"FRA": (0, "U")}})
    after, _ = run(state, {"FRA": "PLACE 2 AUS", "GER": "PLACE 5 AUS"})
    assert after.box("AUS", "FRA").pfs == 2 and after.box("AUS", "FRA").understanding
    assert after.box("AUS", "GER").pfs == 5


@pytest.mark.rule("OWW 3.6")
@pytest.mark.rule("OWW 8.1")
def test_others_see_that_pfs_were_placed_or_moved_not_how_many() -> None:
    state = make({"GER": {"GER": 6}})
    after, _ = run(state, {"GER": "PLACE 9 POL\nMOVE 5 FROM HOME TO AUS"})
    seen = RULESET.view(after, "FRA")
    assert seen["map"]["POL"] == {"GER": "X"}
    assert "GER" in seen["placed"]["POL"] and "GER" in seen["placed"]["AUS"]
    assert seen["moved_out"] == ["GER"]
    assert "GER" not in str(seen["exact"])
    own = RULESET.view(after, "GER")
    assert own["exact"]["POL"]["GER"] == {"pfs": 9, "marker": ""}
    assert own["exact"]["GER"]["GER"] == {"pfs": 4, "marker": ""}


def test_missed_orders_put_every_pf_at_home() -> None:
    state = make()
    result = RULESET.resolve(state, {}, ScriptedChance([]))
    for power, base in {"USA": 2, "FRA": 4, "GBR": 8, "USSR": 6, "GER": 12}.items():
        assert result.state.box(power, power).pfs == base
    assert sum(e.kind == "nmr" for e in result.events) == 5
