"""The order language: round trips, place names, and clear errors."""

from __future__ import annotations

import pytest

from tests.games.spi_ww2.helpers import CHARTS, codes, hx, phase_of, start, with_
from umpire.core import submission
from umpire.games.spi_ww2.game import RULESET
from umpire.games.spi_ww2.model import DIPLOMACY
from umpire.games.spi_ww2.notation import format_order, parse_order
from umpire.games.spi_ww2.orders import (
    Attack,
    Land,
    LendLease,
    Move,
    Objectives,
    Pass,
    Peace,
    Permit,
    Place,
    Rail,
    Ship,
)

PLAYERS = CHARTS.players(6)
COUNTRIES = set(CHARTS.mp["objectives"]["rows"])

ORDERS = [
    Pass(),
    Place("GER", 2, "1915"),
    Move("GER", 3, "1915", "2016"),
    Rail("USSR", 2, "3813", "3318"),
    Ship("GBR", 1, "3237", "3636"),
    Ship("GER", 1, "2028", "1935", "ITA"),
    Land("USA", 2, "0817", "1020", "GBR"),
    Attack("1319", (("GER", 3, "1419"), ("ITA", 1, "1420")), ("FRA", "GBR"), "1318"),
    Permit("USA", "STRAITS"),
    Permit("FRA", "SUPPLY", False),
    LendLease(2),
    Peace("GER"),
    Objectives((("POL", "C3"), ("FRA", "C3"))),
]


@pytest.mark.parametrize("order", ORDERS, ids=format_order)
def test_round_trip(order: object) -> None:
    text = format_order(order)  # type: ignore[arg-type]
    assert parse_order(text, CHARTS.map, PLAYERS, COUNTRIES) == order
    assert parse_order(text.lower(), CHARTS.map, PLAYERS, COUNTRIES) == order


def test_place_names_case_and_spacing() -> None:
    got = parse_order("move ger 3  berlin - 2016", CHARTS.map, PLAYERS, COUNTRIES)
    assert got == Move("GER", 3, hx("Berlin"), "2016")
    got = parse_order("SHIP GBR 1 Alexandria-Port Said", CHARTS.map, PLAYERS, COUNTRIES)
    assert got == Ship("GBR", 1, hx("Alexandria"), hx("Port Said"))


def test_errors_have_codes_and_quote_the_input() -> None:
    state = phase_of(start(6), "GER")
    parsed = submission.parse(
        RULESET,
        state,
        "GER",
        "FLY GER 1 Berlin-Paris\nMOVE GER 1 Atlantis-Berlin\nMOVE XYZ 1 Berlin-2016\nMOVE GER 0 Berlin-2016",
    )
    assert [(p.line, p.code) for p in parsed.problems] == [
        (1, "syntax/unknown_order"),
        (2, "order/unknown_hex"),
        (3, "order/unknown_nationality"),
        (4, "syntax/bad_order"),
    ]
    assert "Atlantis" in parsed.problems[1].message
    assert codes(state, "FRA", "PASS") == ["illegal/not_your_turn"]
    dip = with_(start(6), phase=DIPLOMACY)
    assert codes(dip, "GER", "PERMIT XYZ SUPPLY") == ["order/unknown_power"]
    assert codes(dip, "GER", "PERMIT ITA FLY") == ["syntax/bad_order"]
    assert codes(dip, "GER", "PERMIT GER SUPPLY") == ["illegal/permit"]


def test_a_refused_line_leaves_the_rest() -> None:
    state = phase_of(start(6), "GER")
    parsed = submission.parse(
        RULESET, state, "GER", f"MOVE GER 1 {hx('Berlin')}-2016\nMOVE GER 9 {hx('Berlin')}-2016"
    )
    assert len(parsed.orders) == 1 and [p.code for p in parsed.problems] == ["illegal/not_enough"]
