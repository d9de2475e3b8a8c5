"""A forecast's position in Origins (issue 32; docs/forecast.md, ruling R20)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.origins.helpers import make
from umpire.games.origins import RULESET
from umpire.games.origins.model import Box


def position() -> object:
    state = make(
        {
            "POL": {"GER": 7, "USSR": (3, "U")},
            "AUS": {"GER": (0, "U"), "FRA": (0, "C")},
            "CZE": {"USSR": 4, "GBR": (2, "U")},
        },
        turn=3,
    )
    # OWW 8.5: Germany spied the USSR in Poland last turn
    return replace(
        state,
        spied=(("GER", "POL", "USSR"), ("FRA", "CZE", "GBR")),
        accepted={"GER": ("PLACE 3 POL",), "USSR": ("PLACE 4 CZE",)},
    )


@pytest.mark.rule("OWW 8.4")
@pytest.mark.rule("OWW 8.5")
def test_his_own_and_spied_holdings_are_exact_the_rest_the_least_its_symbol_allows() -> None:
    state = position()
    built = RULESET.forecast_state(RULESET.view(state, "GER"), "GER")
    # his own boxes, and what his spy saw (8.5), exactly
    assert built.box("POL", "GER") == Box(7, "")
    assert built.box("AUS", "GER") == Box(0, "U")
    assert built.box("POL", "USSR") == Box(3, "U")
    # the rest: the least each public symbol allows (ruling R20)
    assert built.box("CZE", "USSR") == Box(1, "")  # X
    assert built.box("CZE", "GBR") == Box(1, "U")  # U+
    assert built.box("AUS", "FRA") == Box(0, "C")  # C
    # his own mission and orders of last turn; nobody else's
    assert built.spied == (("GER", "POL", "USSR"),)
    assert dict(built.accepted) == {"GER": ("PLACE 3 POL",)}
    assert (built.turn, built.powers) == (state.turn, state.powers)


@pytest.mark.rule("OWW 8.4")
def test_another_power_sees_only_the_symbols() -> None:
    state = position()
    built = RULESET.forecast_state(RULESET.view(state, "USSR"), "USSR")
    assert built.box("POL", "GER") == Box(1, "")
    assert built.box("POL", "USSR") == Box(3, "U")
    assert built.box("CZE", "USSR") == Box(4, "")
    assert built.spied == ()
    # every symbol on the map is the one the real map shows
    assert RULESET.view(built, "USSR")["map"] == RULESET.view(state, "USSR")["map"]
