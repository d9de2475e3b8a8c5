"""Supply in the multi-player game (9.1, 9.12, 9.32, 9.33, 9.42, 9.43, 9.72) and the garrison
requirement (14.4)."""

from __future__ import annotations

import pytest

from tests.games.spi_ww2.helpers import CHARTS, board, controlled, hx, start, with_, with_units
from umpire.games.spi_ww2 import reinforcements, seas, supply
from umpire.games.spi_ww2.model import Flags, State

CYRENAICA = "2637"  # Libya, inland of Benghazi


def fed(state: State, nat: str, hid: str) -> bool:
    return hid in supply.supplied(board(state), nat)


@pytest.mark.rule("SPI 9.1")
@pytest.mark.rule("SPI 9.12")
def test_axis_supply_shared_in_five_players_by_permission_in_six() -> None:
    five = with_units(start(5), {CYRENAICA: {"GER": 1}}, keep=True)
    assert fed(five, "GER", CYRENAICA)  # Germany/Italy one player: Italian sources serve
    six = with_units(start(6), {CYRENAICA: {"GER": 1}}, keep=True)
    assert not fed(six, "GER", CYRENAICA)
    permitted = with_(six, permits=(("ITA", "GER", "SUPPLY"),))
    assert fed(permitted, "GER", CYRENAICA)  # Italy supplies the foreign units it chooses


@pytest.mark.rule("SPI 9.32")
def test_us_through_gibraltar_at_british_discretion_except_four_players() -> None:
    for version in (5, 6):
        b = board(start(version))
        assert not seas.passage_open(b, "USA", "gibraltar")
        assert not seas.passage_open(b, "USA", "suez")
        b = board(with_(start(version), permits=(("GBR", "USA", "STRAITS"),)))
        assert seas.passage_open(b, "USA", "gibraltar") and seas.passage_open(b, "USA", "suez")
    four = board(start(4))
    assert seas.passage_open(four, "GBR", "gibraltar")  # the US is the British Player's
    # a US force holding Algiers (Mediterranean) is supplied across the Atlantic only by it
    state = controlled(with_units(start(6), {hx("Algiers"): {"USA": 1}}), [hx("Algiers")], "USA")
    state = with_(state, us_entry=1)
    assert not fed(state, "USA", hx("Algiers"))
    assert fed(with_(state, permits=(("GBR", "USA", "STRAITS"),)), "USA", hx("Algiers"))


@pytest.mark.rule("SPI 9.33")
def test_foreign_units_in_britain_supplied_at_british_discretion() -> None:
    london = hx("London")
    state = with_units(start(6), {london: {"GBR": 1, "FRA": 1}})
    assert fed(state, "GBR", london) and not fed(state, "FRA", london)
    assert fed(with_(state, permits=(("GBR", "FRA", "SUPPLY"),)), "FRA", london)
    five = with_(with_units(start(5), {london: {"USA": 1}}), us_entry=1)
    assert not fed(five, "USA", london)
    four = with_(with_units(start(4), {london: {"USA": 1}}), us_entry=1)
    assert fed(four, "USA", london)  # always, in the four-Player version


@pytest.mark.rule("SPI 9.42")
@pytest.mark.rule("SPI 9.43")
def test_french_units_abroad_need_three_french_resource_centers_or_a_friend() -> None:
    algiers = hx("Algiers")
    state = with_units(start(6), {algiers: {"FRA": 1}, "3337": {"FRA": 1}})
    assert fed(state, "FRA", algiers)
    rcs = CHARTS.map.resource_centers("FRA")
    lost = controlled(state, rcs[: len(rcs) - 2], "GER")  # only two left outside Enemy control
    assert not fed(lost, "FRA", algiers)  # 9.43 not used: no other French source
    assert not fed(lost, "FRA", "3337")
    friend = with_(lost, permits=(("GBR", "FRA", "SUPPLY"),))
    assert fed(friend, "FRA", "3337")  # beside British Alexandria, by British consent


@pytest.mark.rule("SPI 9.72")
def test_zones_of_control_block_supply_all_in_five_only_german_in_six() -> None:
    wars6 = (("FRA", "GER"), ("GBR", "GER"), ("GBR", "ITA"))
    six = with_(with_units(start(6), {"2637": {"ITA": 1}}), wars=wars6)
    assert not supply.blocks(board(six), "GBR", "2737")  # an Italian ZOC does not block
    six_g = with_(with_units(start(6), {"2637": {"GER": 1}}), wars=wars6)
    assert supply.blocks(board(six_g), "GBR", "2737")  # a German one does
    five = with_units(start(5), {"2637": {"ITA": 1}})
    assert supply.blocks(board(five), "GBR", "2737")  # any hostile ZOC in five Players


@pytest.mark.rule("SPI 14.4")
def test_garrison_requirement_for_every_country_at_war_with_russia() -> None:
    norway = CHARTS.map.of_country["NOR"]
    state = controlled(start(6), norway[:3], "GBR")
    state = with_(state, invaded={**state.invaded, "NOR": ("GBR",)})
    b = board(with_(state, wars=(*state.wars, ("GBR", "USSR"))))
    after, short = reinforcements.garrison_check(b, "GBR")
    assert short == ["NOR"]  # Britain, not only the Axis
    assert "GBR" in after.state.flags.garrison_short and not b.state.flags.garrison_short
    b = board(state)  # at peace with Russia: no requirement
    assert reinforcements.garrison_check(b, "GBR")[1] == []
    garrisoned = with_units(
        with_(state, wars=(*state.wars, ("GBR", "USSR"))), {norway[0]: {"GBR": 1}}, keep=True
    )
    assert reinforcements.garrison_check(board(garrisoned), "GBR")[1] == []
    # the forfeit: no replacements the next Game-Turn
    b = board(with_(state, pools={}, wars=(("GER", "USSR"),), flags=Flags(garrison_short=("GER",))))
    b = reinforcements.arrivals(b, 2)
    short = b.state.pools.get("GER", 0)
    b = board(with_(state, pools={}, wars=(("GER", "USSR"),)))
    b = reinforcements.arrivals(b, 2)
    assert b.state.pools.get("GER", 0) - short == CHARTS.core["replacements"]["per_turn"]["GER"]
