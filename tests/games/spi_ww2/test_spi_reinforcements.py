"""Reinforcements and replacements (10.31, 10.35, 10.44, 10.51, 10.73, 10.82-10.84, 10.91)."""

from __future__ import annotations

import pytest

from tests.games.spi_ww2.helpers import (
    CHARTS,
    board,
    codes,
    controlled,
    hx,
    messages,
    phase_of,
    play,
    start,
    texts,
    with_,
    with_units,
)
from umpire.games.spi_ww2 import reinforcements
from umpire.games.spi_ww2.model import DIPLOMACY, Flags, State


@pytest.mark.rule("SPI 10.31")
def test_russian_reinforcements_at_war_with_any_enemy() -> None:
    b = board(with_(start(6), pools={}))
    b = reinforcements.arrivals(b, 3)
    peace = b.state.pools.get("USSR", 0)
    b = board(with_(start(6), pools={}, wars=(("GBR", "USSR"),)))  # an Enemy, not the Axis
    b = reinforcements.arrivals(b, 3)
    assert b.state.pools["USSR"] == 2 and peace == 1
    assert not any("intervention" in k.lower() for k in CHARTS.core)  # no Russian table


@pytest.mark.rule("SPI 10.35")
def test_lend_lease_at_the_discretion_of_the_us_player() -> None:
    six = with_(start(6), phase=DIPLOMACY)
    assert codes(six, "USA", "LENDLEASE 1") == []
    assert "10.35" in messages(six, "USSR", "LENDLEASE 1")[0]
    assert "10.35" in messages(six, "GBR", "LENDLEASE 1")[0]
    four = with_(start(4), phase=DIPLOMACY)
    assert codes(four, "GBR", "LENDLEASE 1") == []  # the British Player in four Players
    given = with_(start(6), us_entry=1, holding={"USA": 2}, lend_lease={"USA": 1})
    before, _ = reinforcements.resources_computation(with_(start(6), us_entry=1), CHARTS)
    after, said = reinforcements.resources_computation(given, CHARTS)
    assert after.pools["USSR:resources"] == before.pools["USSR:resources"] + 1
    assert after.holding["USA"] == 1 and given.holding["USA"] == 2  # its input unchanged
    assert "Lend-Lease 1 SP (10.35)" in said[0].text


@pytest.mark.rule("SPI 10.44")
def test_british_replacement_point_once_a_game_year_anywhere_in_britain() -> None:
    gains = []
    for turn in range(2, 10):
        b = board(with_(start(6), pools={}))
        b = reinforcements.arrivals(b, turn)
        gains.append(
            b.state.pools.get("GBR", 0)
            - sum(sp for t, sp in CHARTS.core["reinforcements"]["GBR"] if t == turn)
        )
    assert gains == [1, 0, 0, 0, 1, 0, 0, 0]  # 1/40, 1/41: one per Game-Year
    state = phase_of(with_(start(6), pools={"GBR": 1}), "GBR")
    assert codes(state, "GBR", "PLACE GBR 1 0716") == []  # not only Resource Centers
    enemy = with_units(state, {"0616": {"GER": 1}}, keep=True)
    assert codes(enemy, "GBR", "PLACE GBR 1 0716") == ["illegal/placement"]  # enemy ZOC


def us_turn(version: int, **changes: object) -> State:
    state = with_(start(version), us_entry=1, pools={"USA:due": 3}, **changes)
    return phase_of(state, "USA" if version > 4 else "GBR")


@pytest.mark.rule("SPI 10.51")
@pytest.mark.rule("SPI 10.82")
def test_us_arrivals_in_britain_only_if_the_british_player_allows() -> None:
    five = us_turn(5)
    assert codes(five, "USA", "PLACE USA 2 London") == ["illegal/placement"]
    allowed = us_turn(5, permits=(("GBR", "USA", "BRITAIN"),))
    assert codes(allowed, "USA", "PLACE USA 2 London") == []
    four = us_turn(4)
    assert codes(four, "GBR", "PLACE USA 2 London") == []  # automatic in four Players


@pytest.mark.rule("SPI 10.51")
@pytest.mark.rule("SPI 10.83")
@pytest.mark.rule("SPI 10.84")
def test_us_arrivals_by_transport_or_to_the_holding_area_never_delayed() -> None:
    state = controlled(us_turn(6, permits=(("GBR", "USA", "STRAITS"),)), [hx("Algiers")], "USA")
    state = with_(state, transport={**state.transport, "USA:naval": 2})
    assert "10.83" in messages(state, "USA", "PLACE USA 3 Algiers")[0]
    new, _ = play(state, "USA", "PLACE USA 2 Algiers")
    assert new.units[hx("Algiers")]["USA"] == 2 and new.transport["USA:naval"] == 0
    new, events = play(new, "USA", "PASS")  # the combat phase ends the Player-Turn
    assert new.holding == {"USA": 1} and "USA:due" not in new.pools
    assert "Holding Area" in texts(events)
    b = board(with_(new, game_turn=2))
    b = reinforcements.arrivals(b, 2)
    track = CHARTS.core["reinforcements"]["USA_track"]
    assert b.state.pools["USA:due"] == track[1][0] + CHARTS.core["replacements"]["per_turn"]["USA"]


@pytest.mark.rule("SPI 10.73")
def test_russian_unit_sizes() -> None:
    state = phase_of(with_(start(6), pools={"USSR": 9}), "USSR")
    assert codes(state, "USSR", "PLACE USSR 2 Moscow") == []
    assert "10.73" in messages(state, "USSR", "PLACE USSR 3 Moscow")[0]
    war = with_(state, flags=Flags(russia_war=True))
    assert codes(war, "USSR", "PLACE USSR 3 Moscow") == []
    assert codes(war, "USSR", "PLACE USSR 4 Moscow") == ["illegal/russian_size"]
    assert codes(with_(war, game_turn=15), "USSR", "PLACE USSR 4 Moscow") == []  # Spring 1943
    # war once is enough: peace does not undo it
    at_war = with_(
        start(6),
        phase=DIPLOMACY,
        wars=(*start(6).wars, ("GER", "USSR")),
        flags=Flags(russia_war=True),
    )
    at_war = with_(at_war, peace_offers=(("GER", "USSR"),))
    after, events = play(at_war, "USSR", "PEACE GER")
    assert ("GER", "USSR") not in after.wars and after.flags.russia_war
    assert "make peace" in texts(events)


@pytest.mark.rule("SPI 10.91")
def test_french_spring_replacement() -> None:
    b = board(with_(start(6), pools={}))
    b = reinforcements.arrivals(b, 3)  # 2/40, Spring
    assert b.state.pools["FRA:spring"] == 1
    b = board(with_(start(6), pools={}))
    b = reinforcements.arrivals(b, 4)
    assert "FRA:spring" not in b.state.pools
    state = phase_of(with_(start(6), pools={"FRA:spring": 1}, game_turn=3), "FRA")
    assert codes(state, "FRA", "PLACE FRA 1 Lyon") == []  # a free Resource Center
    assert codes(state, "FRA", "PLACE FRA 1 Bordeaux") == ["illegal/placement"]  # not one
    rcs = CHARTS.map.resource_centers("FRA")
    lost = controlled(state, rcs[:3], "GER")
    assert "10.91" in messages(lost, "FRA", f"PLACE FRA 1 {rcs[4]}")[0]
    new, events = play(with_(state, phase=state.phase + 1), "FRA", "PASS")
    assert "FRA:spring" not in new.pools and "lost" in texts(events)  # not taken: lost


@pytest.mark.rule("SPI 10.83")
@pytest.mark.rule("SPI 9.32")
def test_us_arrivals_reach_a_mediterranean_port_only_past_an_open_gibraltar_or_suez() -> None:
    """Issue 26: US SP entered the map at Algiers without the British Player's permission to
    pass Gibraltar, which supply through it needs (9.32; ruling P9). 10.83's "Friendly Port"
    is reached by the US transport points from the Atlantic, through open passages."""
    state = controlled(us_turn(6), [hx("Algiers"), hx("Casablanca")], "USA")
    state = with_(state, transport={**state.transport, "USA:naval": 2})
    why = messages(state, "USA", "PLACE USA 1 Algiers")
    assert why and "Gibraltar" in why[0] and "9.32" in why[0]
    assert codes(state, "USA", "PLACE USA 1 Casablanca") == []  # on the Atlantic
    allowed = with_(state, permits=(("GBR", "USA", "STRAITS"),))
    assert codes(allowed, "USA", "PLACE USA 1 Algiers") == []
    # the British Player's Gibraltar and Suez closed by war, his permission notwithstanding
    war = with_(allowed, wars=(*allowed.wars, ("GBR", "USA")))
    assert codes(war, "USA", "PLACE USA 1 Algiers") == ["illegal/us_port"]
    four = controlled(us_turn(4), [hx("Algiers")], "GBR")
    four = with_(four, transport={**four.transport, "USA:naval": 2})
    assert codes(four, "GBR", "PLACE USA 1 Algiers") == []  # one player (9.32)


@pytest.mark.rule("SPI 10.83")
@pytest.mark.rule("SPI 6.53")
def test_us_arrivals_by_transport_into_the_mediterranean_face_the_italian_roll() -> None:
    """10.83: the US SP enter at a port by the US Naval Transport; 6.53: "When any Naval
    Transport hostile to Italy takes place in the Mediterranean, the die is rolled once for
    each Strength Point" (1-3 landed, 4-5 back to embarkation, 6 eliminated). Their
    embarkation is the Holding Area, and they may do no more that Game-Turn."""
    state = controlled(us_turn(6, permits=(("GBR", "USA", "STRAITS"),)), [hx("Algiers")], "USA")
    state = with_(
        state,
        transport={**state.transport, "USA:naval": 3},
        wars=(*state.wars, ("ITA", "USA")),
        holding={"USA": 1},
    )
    assert board(state).state.units.get(hx("Tripoli"), {}).get("ITA")  # Italians in Africa
    new, events = play(state, "USA", "PLACE USA 3 Algiers", [1, 4, 6])
    assert "6.53 Mediterranean die roll for USA from the US to" in texts(events)
    assert new.units[hx("Algiers")]["USA"] == 1
    assert new.holding == {"USA": 2} and "USA:due" not in new.pools
    assert new.transport["USA:naval"] == 0  # transport is never destroyed, but used
    # the SP turned back may do no more this Game-Turn; the one already waiting may
    more = phase_of(with_(new, transport={**new.transport, "USA:naval": 2}), "USA")
    assert codes(more, "USA", "PLACE USA 2 Algiers") == ["illegal/pool"]
    assert codes(more, "USA", "PLACE USA 1 Algiers") == []
    # at peace with Italy: no roll
    calm, events = play(with_(state, wars=start(6).wars), "USA", "PLACE USA 3 Algiers", [6] * 3)
    assert calm.units[hx("Algiers")]["USA"] == 3 and "die roll" not in texts(events)
