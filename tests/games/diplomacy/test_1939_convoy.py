"""Convoys to an adjacent space in 1939 III follow the standard rule (D39 1, 27; DATC 4.A.3)."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import play, position, where

pytestmark = [pytest.mark.rule("D39 1"), pytest.mark.rule("D39 27")]


@pytest.mark.parametrize("kind", ["A", "T"])
def test_an_own_fleet_convoying_makes_an_adjacent_move_a_convoy(kind: str) -> None:
    # By land, Nor - Swe and Swe - Nor would be a head-to-head battle; convoyed by its own
    # power's fleet, the move goes by sea and the two units change places (2023 rulebook).
    s = position(f"ENG: {kind} nor, F ska; RUS: A swe")
    orders = {"ENG": f"{kind}(Nor) - Swe\nF(SKA) C {kind}(Nor) - Swe", "RUS": "A(Swe) - Nor"}
    after, _ = play(s, orders)
    assert where(after)["swe"] == f"ENG {kind}" and where(after)["nor"] == "RUS A"


def test_without_an_own_fleet_the_adjacent_move_goes_over_land() -> None:
    s = position("ENG: A nor; RUS: A swe; FRA: F ska")
    orders = {"ENG": "A(Nor) - Swe", "FRA": "F(SKA) C A(Nor) - Swe", "RUS": "A(Swe) - Nor"}
    after, _ = play(s, orders)
    assert where(after)["nor"] == "ENG A" and where(after)["swe"] == "RUS A"  # bounced
    orders["ENG"] = "A(Nor) - Swe via convoy"
    after, _ = play(s, orders)
    assert where(after)["swe"] == "ENG A"  # "via convoy" asks for the foreign convoy
