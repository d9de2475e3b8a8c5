"""Sea transport (5.7, 5.75, 5.77, 12.4) and its interdiction (6.5, 6.53-6.55)."""

from __future__ import annotations

from dataclasses import replace

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
from umpire.core import submission
from umpire.core.chance import ScriptedChance
from umpire.games.spi_ww2 import phase, transport
from umpire.games.spi_ww2.board import settle
from umpire.games.spi_ww2.game import RULESET
from umpire.games.spi_ww2.model import State
from umpire.games.spi_ww2.orders import Move, Order, Ship


@pytest.mark.rule("SPI 5.7")
def test_allied_transport_shares_by_game_turn() -> None:
    until = int(CHARTS.mp["transport"]["british_only_until"])
    assert until == 5
    assert transport.share(5, 5, until) == (5, 0)  # the first five Game-Turns: all British
    assert transport.share(5, 6, until) == (3, 2)  # then evenly, the odd point British
    assert transport.share(4, 23, until) == (2, 2)
    for turn in (1, 5, 6, 12):
        b = board(start(6))
        b = transport.reset(b, turn)
        naval, amph = transport.allied_points(CHARTS.core, turn)
        assert b.state.transport["GBR:naval"] + b.state.transport["USA:naval"] == naval
        assert b.state.transport["GBR:amphibious"] + b.state.transport["USA:amphibious"] == amph
        assert b.state.transport["GBR:naval"] - b.state.transport["USA:naval"] in (
            (0, 1) if turn > 5 else (naval,)
        )


def french_med(state: State) -> State:
    state = with_units(state, {hx("Marseilles"): {"GBR": 1, "FRA": 2}}, keep=True)
    return with_(state, permits=(("FRA", "GBR", "TRANSIT"), ("FRA", "GBR", "TRANSPORT")))


@pytest.mark.rule("SPI 5.75")
def test_french_transport_in_the_mediterranean_carries_any_nationality() -> None:
    state = french_med(start(6))
    fra = phase_of(state, "FRA")
    assert codes(fra, "FRA", "SHIP FRA 1 Marseilles-Algiers ON FRA") == []
    assert codes(fra, "FRA", "SHIP FRA 2 Marseilles-Algiers ON FRA") == ["illegal/transport_points"]
    # only between Mediterranean ports: not to Brest on the Atlantic
    assert "5.75" in messages(fra, "FRA", "SHIP FRA 1 Marseilles-Brest ON FRA")[0]
    # British SP on French transport, at the French Player's wish
    gbr = phase_of(state, "GBR")
    new, _ = play(gbr, "GBR", "SHIP GBR 1 Marseilles-Algiers ON FRA")
    assert new.units[hx("Algiers")]["GBR"] == 1 and new.transport["FRA:naval"] == 0
    refused = with_(gbr, permits=(("FRA", "GBR", "TRANSIT"),))
    assert codes(refused, "GBR", "SHIP GBR 1 Marseilles-Algiers ON FRA") == [
        "illegal/transport_permission"
    ]


@pytest.mark.rule("SPI 5.77")
def test_german_and_italian_permanent_transport() -> None:
    ger = phase_of(start(6), "GER")
    assert codes(ger, "GER", "SHIP GER 1 Stettin-Konigsberg") == []  # the Baltic
    assert codes(ger, "GER", "SHIP GER 2 Stettin-Konigsberg") == ["illegal/transport_points"]
    # six Players: Italian transport may carry Germans at the Italian Player's discretion
    six = with_units(phase_of(start(6), "GER"), {hx("Naples"): {"GER": 1}}, keep=True)
    six = with_(six, permits=(("ITA", "GER", "TRANSIT"), ("ITA", "GER", "TRANSPORT")))
    assert codes(six, "GER", "SHIP GER 1 Naples-Tripoli ON ITA") == []
    # five Players: Italian transport carries only Italians, German only Germans
    five = with_units(phase_of(start(5), "GER"), {hx("Naples"): {"GER": 1}}, keep=True)
    assert "5.77" in messages(five, "GER", "SHIP GER 1 Naples-Tripoli ON ITA")[0]
    assert codes(five, "GER", "SHIP GER 1 Naples-Tripoli ON GER") == []  # a friendly port


@pytest.mark.rule("SPI 5.77")
def test_italians_in_north_africa_limited_in_five_and_four_player_versions() -> None:
    for version in (5, 4):
        state = phase_of(start(version), "GER")
        state = with_(state, game_turn=4)  # Italy free to move (16.62)
        assert sum(state.units[hx(p)]["ITA"] for p in ("Tripoli", "Benghazi")) == 3
        assert "5.77" in messages(state, "GER", "SHIP ITA 1 Naples-Tripoli")[0]
    six = phase_of(start(6), "ITA")
    assert codes(six, "ITA", "SHIP ITA 1 Naples-Tripoli") == []


@pytest.mark.rule("SPI 12.4")
def test_no_sea_transport_past_neutral_turkey() -> None:
    state = controlled(start(6), [hx("Batum")], "GBR")
    state = phase_of(state, "GBR")
    assert "12.4" in messages(state, "GBR", "SHIP GBR 1 Alexandria-Batum")[0]
    invaded = with_(state, invaded={**state.invaded, "TUR": ("GBR",)})
    invaded = controlled(invaded, [hx("Istanbul")], "GBR")
    assert codes(invaded, "GBR", "SHIP GBR 1 Alexandria-Batum") == []


def med_war(version: int = 6) -> State:
    """Britain ships from Alexandria to Haifa while at war with Italy (and Germany)."""
    state = start(version)
    italy = "ITA" if version == 6 else "GER"
    wars = tuple(sorted({*state.wars, tuple(sorted(("GBR", italy)))}))
    return with_(phase_of(state, "GBR"), wars=wars)


def ship(state: State, rolls: list[int]) -> tuple[State, str]:
    parsed = submission.parse(RULESET, state, "GBR", "SHIP GBR 1 Alexandria-Haifa")
    assert parsed.problems == []
    chance = ScriptedChance(rolls)
    res = RULESET.resolve(state, {"GBR": [o for _, o in parsed.orders]}, chance)
    assert chance.remaining == 0
    return res.state, texts(res.events)


@pytest.mark.rule("SPI 6.53")
def test_mediterranean_die_roll_with_italians_in_africa() -> None:
    state = med_war()
    new, said = ship(state, [2])
    assert new.units[hx("Haifa")]["GBR"] == 2 and "6.53" in said  # 1-3: landed
    new, said = ship(state, [4])
    assert new.units[hx("Alexandria")]["GBR"] == 2 and "1 aborted" in said  # 4-5: aborted
    new, said = ship(state, [6])
    assert new.units[hx("Alexandria")]["GBR"] == 1 and "1 eliminated" in said  # 6
    assert new.transport["GBR:naval"] == state.transport["GBR:naval"] - 1  # never destroyed


@pytest.mark.rule("SPI 6.53")
def test_aborted_strength_point_does_nothing_more() -> None:
    state = med_war()
    b = board(state)
    orders: list[tuple[int, Order]] = [
        (1, Ship("GBR", 1, hx("Alexandria"), hx("Haifa"))),
        (2, Move("GBR", 2, hx("Alexandria"), "3337")),
    ]
    # judged at submission: the shipped SP has left, so two cannot move from Alexandria
    problems = phase.run(board(state), "GBR", orders)
    assert [(p.line, p.code) for p in problems] == [(2, "illegal/not_enough")]
    b = phase.execute(b, "GBR", [orders[0][1]], ScriptedChance([4]))
    assert b.sp(hx("Alexandria"), "GBR") == 2  # the aborted SP returned to embarkation
    assert b.moved[(hx("Alexandria"), "GBR")] == 1  # and may move no more
    # nor attack in the combat phase of that Player-Turn
    after = settle(b.state, phase=state.phase + 1)
    after = with_(after, units={**after.units, "3337": {"GER": 1}})
    assert "may still attack" in messages(after, "GBR", "ATTACK 3337 WITH GBR 2 3237")[0]


@pytest.mark.rule("SPI 6.53")
def test_five_player_roll_only_once_italy_is_a_belligerent() -> None:
    state = med_war(5)
    _, said = ship(state, [])  # Italy not yet active: no roll at all
    assert "6.53" not in said
    active = with_(state, flags=replace(state.flags, italy_active=True))
    _, said = ship(active, [6])
    assert "6.53" in said


@pytest.mark.rule("SPI 6.54")
@pytest.mark.rule("SPI 6.5")
def test_without_italians_in_africa_the_air_zone_rule_applies() -> None:
    state = med_war()
    units = {
        h: u
        for h, u in state.units.items()
        if "ITA" not in u or CHARTS.map.hexes[h].country == "ITA"
    }
    state = with_(state, units=units)
    _, said = ship(state, [])  # no air zone, no Italians in Africa: no roll
    assert said.count("die roll") == 0
    near = with_units(state, {"3736": {"GER": 1}}, keep=True)  # German SP beside Haifa
    new, said = ship(near, [4])  # 4 lands under the air zone table (6.53 would abort)
    assert "6.5 air zone" in said and new.units[hx("Haifa")]["GBR"] == 2
    new, said = ship(near, [5])
    assert "1 aborted" in said


@pytest.mark.rule("SPI 6.5")
def test_only_german_british_and_us_points_have_air_zones() -> None:
    state = med_war()
    units = {
        h: u
        for h, u in state.units.items()
        if "ITA" not in u or CHARTS.map.hexes[h].country == "ITA"
    }
    state = with_units(with_(state, units=units), {"3736": {"ITA": 3}}, keep=True)
    _, said = ship(state, [])  # Italians beside Haifa: no air zone, no roll
    assert "die roll" not in said
    assert set(CHARTS.mp["air_zone"]["nationalities"]) == {"GER", "GBR", "USA"}
    assert CHARTS.mp["air_zone"]["radius"] == 2


@pytest.mark.rule("SPI 6.55")
def test_mediterranean_roll_only_against_powers_hostile_to_italy_at_its_discretion() -> None:
    state = med_war()
    spared = with_(state, permits=(("ITA", "GBR", "MED"),))
    _, said = ship(spared, [])  # the Italian Player spares Britain
    assert "6.53" not in said
    at_peace = with_(state, wars=tuple(w for w in state.wars if "ITA" not in w))
    _, said = ship(at_peace, [])  # not hostile to Italy
    assert "6.53" not in said
