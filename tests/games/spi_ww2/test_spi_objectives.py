"""National Objectives: control (19.11), normalization (19.12), the home-country rule (19.13)
and dual identities (19.2)."""

from __future__ import annotations

import pytest

from tests.games.spi_ww2.helpers import (
    CHARTS,
    board,
    codes,
    controlled,
    hx,
    messages,
    start,
    with_,
    with_units,
)
from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.games.spi_ww2 import objectives
from umpire.games.spi_ww2.game import RULESET
from umpire.games.spi_ww2.model import State

POLAND = CHARTS.map.of_country["POL"]


def lines(state: State) -> list[str]:
    return objectives.score(board(state))[1]


def points(state: State) -> dict[str, int]:
    return objectives.score(board(state))[0]


def conquered_poland(garrison: dict[str, int] | None = None) -> State:
    state = start(6)
    units = {h: u for h, u in state.units.items() if "POL" not in u}
    state = with_(state, units=units)
    state = controlled(state, POLAND, "GER")
    return with_units(
        state, {hx("Warsaw"): garrison if garrison is not None else {"GER": 2}}, keep=True
    )


@pytest.mark.rule("SPI 19.11")
def test_a_pre_war_possession_never_invaded_is_controlled() -> None:
    assert "FRA: controls ALG +3" in lines(start(6))
    assert "GER: controls HUN +1" in lines(start(6))  # a satellite (16.12)


@pytest.mark.rule("SPI 19.11")
def test_conquest_needs_every_hex_and_a_garrison() -> None:
    b = board(conquered_poland())
    assert objectives.controller(b, "POL") == "GER"
    assert objectives.controller(board(conquered_poland({})), "POL") == ""  # no garrison
    one_short = controlled(conquered_poland(), [POLAND[0]], "FRA")
    assert objectives.controller(board(one_short), "POL") == ""  # a hex not passed through


@pytest.mark.rule("SPI 19.11")
def test_the_fifty_percent_rule() -> None:
    state = with_units(conquered_poland(), {POLAND[1]: {"USSR": 2}}, keep=True)
    assert objectives.controller(board(state), "POL") == ""  # an ally able to score C5 there
    state = with_units(conquered_poland(), {POLAND[1]: {"USSR": 1}}, keep=True)
    assert objectives.controller(board(state), "POL") == "GER"  # 50%, not more
    state = with_units(conquered_poland(), {POLAND[1]: {"FRA": 2}}, keep=True)
    state = with_(state, wars=(("GBR", "GER"),))  # France at peace, but no C column for Poland
    assert objectives.controller(board(state), "POL") == "GER"


@pytest.mark.rule("SPI 19.11")
def test_units_out_of_supply_at_the_end_are_removed_before_judging() -> None:
    persia = CHARTS.map.of_country["PER"]
    state = with_(start(6), invaded={"PER": ("GER",)})
    state = controlled(with_units(state, {hx("Tehran"): {"GER": 1}}), persia, "GER")
    b = board(state)
    assert objectives.controller(b, "PER") == "GER"
    after, gone = objectives.remove_unsupplied(b)
    assert any("GER 1 SP" in g for g in gone)
    assert objectives.controller(after, "PER") == ""


@pytest.mark.rule("SPI 19.11")
def test_control_of_the_ussr_by_its_resource_centers_and_garrison() -> None:
    rcs = CHARTS.map.resource_centers("USSR")
    state = controlled(with_(start(6), units={}), rcs, "GER")
    state = with_units(state, {h: {"GER": 1} for h in rcs})
    assert objectives.controller(board(state), "USSR") == "GER"
    short = with_units(state, {rcs[0]: {"GER": 0}}, keep=True)
    short = with_(short, units={h: u for h, u in short.units.items() if h != rcs[0]})
    assert objectives.controller(board(short), "USSR") == ""


@pytest.mark.rule("SPI 19.12")
def test_normalization_several_players_and_allies() -> None:
    got = lines(start(6))
    assert "FRA: BEL normalized +3" in got and "GBR: BEL normalized +3" in got
    assert "GBR: controls EGY +3" in got and "USA: EGY normalized +1" in got
    invaded = with_units(with_(start(6), invaded={"BEL": ("GER",)}), {hx("Brussels"): {"GER": 1}})
    got = lines(invaded)
    assert not any("BEL" in line for line in got)  # hostile forces there: nobody
    gone = with_(start(6), invaded={"BEL": ("GER",)})
    assert "FRA: BEL normalized +3" in lines(gone)  # the hostile force driven out


@pytest.mark.rule("SPI 19.12")
def test_no_normalization_points_where_the_controller_is_at_war_with_the_player() -> None:
    """19.12: "a country can be both normalized and controlled if the Players receiving points
    for those conditions are allies"; the Egypt example adds "(assuming the U.S. and Britain
    were non-hostile towards each other)". Issue 26: with the US at war with Britain and France
    at war with Germany (as from the set-up) the text gives France 21 and the US 21."""
    six = start(6)
    assert ("FRA", "GER") in six.wars
    got = lines(six)
    assert "FRA: RUM normalized +1" not in got  # Rumania: Germany's satellite (16.12)
    assert "FRA: RUM normalized but controlled by GER, at war with FRA: 0" in " ".join(got)
    assert "USA: RUM normalized +1" in got  # the US is at war with nobody
    at_peace = with_(six, wars=(("GBR", "GER"),))
    assert "FRA: RUM normalized +1" in lines(at_peace)
    assert points(at_peace)["FRA"] == points(six)["FRA"] + 1
    hostile = with_(six, wars=(*six.wars, ("GBR", "USA")))
    got = lines(hostile)
    assert "USA: EGY normalized +1" not in got and "USA: GBR normalized +3" not in got
    assert "USA: EGY normalized but controlled by GBR, at war with USA" in " ".join(got)
    assert points(hostile)["USA"] == points(six)["USA"] - 1 - 3
    assert (points(hostile)["FRA"], points(hostile)["USA"]) == (21, 21)
    # the printout says why the line scores nothing
    text = RULESET.printout(six, [], "FRA")
    assert "FRA: RUM normalized but controlled by GER, at war with FRA: 0 (19.12" in text


@pytest.mark.rule("SPI 19.12")
def test_peace_ends_hostility() -> None:
    state = with_units(
        with_(start(6), invaded={"FRA": ("GER",)}), {hx("Metz"): {"GER": 1}}, keep=True
    )
    assert objectives.hostile_forces(board(state), "FRA") == {"GER"}
    from umpire.games.spi_ww2.turn import make_peace

    offered = with_(state, peace_offers=(("FRA", "GER"), ("GER", "FRA")))
    new, said = make_peace(offered, CHARTS)
    assert objectives.hostile_forces(board(new), "FRA") == set() and ("FRA", "GER") not in new.wars
    assert new.peace_offers == () and [e.text for e in said] == ["FRA and GER make peace."]
    assert offered.invaded == {"FRA": ("GER",)} and ("FRA", "GER") in offered.wars


@pytest.mark.rule("SPI 19.13")
def test_a_major_power_losing_half_its_home_country_scores_nothing() -> None:
    france = CHARTS.map.of_country["FRA"]
    half = len(france) // 2
    assert points(start(6))["FRA"] > 0
    state = controlled(start(6), france[: half + 1], "GER")
    assert points(state)["FRA"] == 0
    assert "FRA: home country more than half under hostile control" in " ".join(lines(state))
    state = controlled(start(6), france[: len(france) - half - (len(france) % 2)], "GER")
    assert points(state)["FRA"] > 0  # half or less: still scores


@pytest.mark.rule("SPI 19.2")
def test_dual_identities_use_the_german_and_us_columns() -> None:
    five = board(start(5))
    assert objectives.column(five, "GER") == {
        c: r[2] for c, r in CHARTS.mp["objectives"]["rows"].items() if r[2]
    }
    four = board(start(4))
    assert objectives.column(four, "GBR") == {
        c: r[4] for c, r in CHARTS.mp["objectives"]["rows"].items() if r[4]
    }


@pytest.mark.rule("SPI 19.2")
def test_a_synthesized_column_of_at_most_25_points_secretly_recorded() -> None:
    state = start(5)
    assert RULESET.pending(state).label == "1939 set-up: dual identities (19.2)"
    good = "OBJECTIVES POL C3, FRA C3, EGY C3, YUG C3, GRE C3, ALG C3, TUN C2, MOR C2, LIB C2"
    assert codes(state, "GER", good) == []  # 24 points, each from the German or Italian column
    assert "above 25" in messages(state, "GER", good + ", USSR C4")[0]
    assert "neither column" in messages(state, "GER", "OBJECTIVES POL C5")[0]
    assert codes(state, "FRA", good) == ["illegal/not_your_turn"]
    parsed = submission.parse(RULESET, state, "GER", good)
    new = RULESET.resolve(state, {"GER": [o for _, o in parsed.orders]}, SeededChance(1)).state
    assert new.objectives["GER"]["POL"] == "C3"
    assert "objectives" not in RULESET.view(new, "FRA")  # secret
    assert RULESET.view(new, "GER")["objectives"]["GER"]["FRA"] == "C3"
    varied = RULESET.vary_secrets(new, "GER", SeededChance(2))
    assert varied.objectives != new.objectives
    assert RULESET.view(varied, "FRA") == RULESET.view(new, "FRA")
    assert RULESET.printout(varied, [], "FRA") == RULESET.printout(new, [], "FRA")
    six = start(6)
    assert "19.2" in messages(with_(six, phase=-1), "GER", "OBJECTIVES POL C3")[0]


@pytest.mark.rule("SPI 20.0")
@pytest.mark.rule("SPI 19.11")
def test_a_minor_army_one_operates_is_no_garrison_for_control() -> None:
    """20.0: "operations" means only moving the units and conducting diplomacy; "It does not
    mean control in a Victory Point sense". Sweden invaded by the USSR is operated by the
    German Player (12.1); its own army holding every hex is no German garrison (19.11)."""
    sweden = CHARTS.map.of_country["SWE"]
    state = controlled(with_(start(6), invaded={"SWE": ("USSR",)}), sweden, "GER")
    assert state.operators["SWE"] == "GER" and any("SWE" in state.units.get(h, {}) for h in sweden)
    assert objectives.controller(board(state), "SWE") == ""
    garrisoned = with_units(state, {hx("Stockholm"): {"GER": 1}}, keep=True)
    assert objectives.controller(board(garrisoned), "SWE") == "GER"
    assert "GER: controls SWE +1" in lines(garrisoned)
