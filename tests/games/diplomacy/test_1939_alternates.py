"""Alternate winter orders (D39 12): sets of builds and removals tried in the order written."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import parse, play, position, where

from umpire.core import submission
from umpire.games.diplomacy import RULESET_1939 as RULESET
from umpire.games.diplomacy.model import ADJUSTMENTS, WINTER
from umpire.games.diplomacy.v1939.orders import Alternate

WINTER_1939 = {"year": 1939, "season": WINTER, "phase": ADJUSTMENTS}
# France: 9 SP, upkeep 6, so 3 SP spare; Bre, Par and Mar are free for builds.
FRANCE = "GER: A den; FRA: A pic, A bur, F mao"
HOPEFUL = """Build T par
Build A mar
Alternate (if the German SP do not arrive):
Build A par
"""

pytestmark = pytest.mark.rule("D39 12")


def codes(text: str, power: str = "FRA", **where_: object) -> list[str]:
    s = position(FRANCE, **(where_ or WINTER_1939))  # type: ignore[arg-type]
    return [p.code for p in submission.parse(RULESET, s, power, text).problems]


def test_the_alternate_line_reads_and_round_trips() -> None:
    s = position(FRANCE, **WINTER_1939)  # type: ignore[arg-type]
    orders = parse(s, "FRA", HOPEFUL)
    assert orders[2] == Alternate()
    assert [RULESET.format(o) for o in orders] == [
        "Build T par",
        "Build A mar",
        "Alternate:",
        "Build A par",
    ]
    for text in ("alternative", "Alternate orders:", "ALTERNATE WINTER ORDERS", "Alternate [2]:"):
        assert parse(s, "FRA", text) == [Alternate()], text


def test_the_first_set_is_used_when_the_transfer_arrives() -> None:
    s = position(FRANCE, **WINTER_1939)  # type: ignore[arg-type]
    after, events = play(s, {"GER": "Transfer 2 SP to France", "FRA": HOPEFUL})
    assert where(after)["par"] == "FRA T" and where(after)["mar"] == "FRA A"
    assert not any("alternate" in e.text for e in events)


def test_the_alternate_is_used_when_the_transfer_does_not_arrive() -> None:
    s = position(FRANCE, **WINTER_1939)  # type: ignore[arg-type]
    after, events = play(s, {"FRA": HOPEFUL})
    assert where(after)["par"] == "FRA A"
    assert "mar" not in where(after)
    assert any(e.text.startswith("FRA: alternate 1 used") for e in events)


def test_the_first_set_carried_out_in_full_wins_else_the_last() -> None:
    s = position(FRANCE, **WINTER_1939)  # type: ignore[arg-type]
    text = "Build T par\nBuild T mar\nAlternate:\nBuild T par\nAlternate:\nBuild A bre"
    after, _ = play(s, {"FRA": text})  # 3 SP: the second set (one tank) fits in full
    assert where(after)["par"] == "FRA T" and "bre" not in where(after)
    text = "Build T par\nBuild T mar\nAlternate:\nBuild T bre\nBuild A mar"
    after, events = play(s, {"FRA": text})  # neither fits: the last set, as far as it goes
    assert where(after)["bre"] == "FRA T" and "mar" not in where(after)
    assert any("FRA: build refused A mar" in e.text for e in events)
    after, _ = play(s, {"FRA": "Build T par\nBuild T mar\nAlternate:"})  # empty: build nothing
    assert not {"par", "mar"} & set(where(after))


@pytest.mark.rule("D39 10")
def test_an_alternate_may_choose_what_to_disband() -> None:
    # 9 SP for 10 of upkeep: without the transfer France must lose a unit; its alternate
    # names the fleet rather than leaving the choice to the civil-disorder order.
    s = position("GER: A den; FRA: A pic, A bur, F mao, A gas, A bel", **WINTER_1939)  # type: ignore[arg-type]
    after, _ = play(s, {"FRA": "Alternate:\nRemove F mao"})
    assert "mao" not in where(after)
    assert {"pic", "bur", "gas", "bel"} <= set(where(after))
    after, _ = play(s, {"GER": "Transfer 2 SP to FRA", "FRA": "Alternate:\nRemove F mao"})
    assert where(after)["mao"] == "FRA F"  # the (empty) first set was carried out in full


def test_a_transfer_may_not_be_made_conditional() -> None:
    assert codes("Build A par\nAlternate:\nTransfer 1 SP to GER") == [
        "illegal/conditional_transfer"
    ]
    assert codes("Transfer 1 SP to GER\nAlternate:\nBuild A par") == []


def test_alternates_are_winter_orders_only() -> None:
    assert codes("A pic H\nAlternate:", year=1939) == ["illegal/wrong_phase"]
