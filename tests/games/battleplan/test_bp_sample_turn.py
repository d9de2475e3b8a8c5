"""The sample printout (section 14B): a 5-player game, turn 1, and Turkey's turn-2 figures."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import game, play
from umpire.games.battleplan import RULESET

# The sample's land-combat section: GE taken by [2] from NE, LY and PR by [3] from SP, NO by
# [4] from SW, UK by [5] from TU, YU by [1] from AL. [1] also has 20 Navy in EAS.
TURKEY = """
@ (Start writing player orders)
2A (Make player #2 an ally)
3E (Make player #3 an enemy)
2K (Allow player #2 to pass through the Turkey Strait at will.)
S1GB (Send one spy to Great Britain)
S2IT (Send two spies to Italy)
C1TU (Use up one counterspy to find spies in Turkey)
TS5 (Spend 5 Dollars training a spy)
RF20 (Spend 20 Dollars on Airforce Research)
P10CY (Spend 10 Dollars on Propaganda in Cyprus)
P10GR (Spend 10 Dollars on Propaganda in Greece)
@TU (Start writing orders for space TURkey)
BA15 (Build 15 more army)
BF15 (Build 15 more AirForce)
AC20UK (Try to "conquer" the UKraine with 20 armies)
FA20UK (Send 20 airforce to attack the armies in the UKraine)
NT5BLA (Move 5 navies from TURkey to the BLAck sea.)
NT6EAS (Move 6 navies from TURkey to the EASTern Mediterranean)
AT5EAS (Move 5 armies from TURkey to the EASTern Mediterranean)
"""
ORDERS = {
    "AL": "@AL AC30YU FA10YU NT20EAS",
    "NE": "@NE AC30GE FA10GE",
    "SP": "@SP AC25LY FA10LY AC20PR FA10PR",
    "SW": "@SW AC30NO FA10NO",
    "TU": TURKEY,
}


@pytest.fixture(scope="module")
def turn1():
    return play(game(), ORDERS)


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 9.3k")
@pytest.mark.rule("BP 4C.1")
def test_sample_turn_gives_the_sample_captures(turn1) -> None:
    state, events = turn1
    owners = {c: k.owner for c, k in state.countries.items() if k.owner}
    assert owners == {
        "AL": 1, "YU": 1, "NE": 2, "GE": 2, "SP": 3, "LY": 3, "PR": 3,
        "SW": 4, "NO": 4, "TU": 5, "UK": 5,
    }  # fmt: skip
    combats = {e.data["space"]: e.data["captor"] for e in events if e.kind == "land_combat"}
    assert combats == {"GE": 2, "LY": 3, "NO": 4, "PR": 3, "UK": 5, "YU": 1}
    counts = {p["number"]: p["occupied"] for p in RULESET.view(state, "TU")["players"]}
    assert counts == {1: 2, 2: 2, 3: 3, 4: 2, 5: 2}


@pytest.mark.rule("BP 3A")
@pytest.mark.rule("BP 5A")
@pytest.mark.rule("BP 5B")
@pytest.mark.rule("BP 5E")
@pytest.mark.rule("BP 9.8")
@pytest.mark.rule("BP 13A")
def test_sample_turkey_figures_on_turn_2(turn1) -> None:
    state, _ = turn1
    tu, uk = state.countries["TU"], state.countries["UK"]
    me = state.player(5)
    # Dollars=166.55: 100 - 45 spent, 1% interest, income 100 + 1 (GR) + 10 (UK next to TU)
    assert me.cents == 166_55
    assert (me.spies, me.counterspies) == (28_00, 2_00)  # Spies=28 CounterSpies=2
    assert me.multipliers["F"] == 105  # Multipliers=(...F105...) after RF20
    # TU 40 Army, 9 Navy, 43 AirF, 30 Industry, HPI 116 (100 - 1 - 2 lost + 19 survivors)
    assert (tu.army, tu.navy, tu.air, tu.industry, tu.hpi) == (40, 9, 43, 30, 116)
    # UK: Army=19 (the conquerors), Navy=6 captured, AirF suppressed, HPI=100, TaxBase=0
    assert (uk.army, uk.navy, uk.air, uk.hpi, uk.unsuppressed_taxbase) == (19, 6, 0, 100, 0)
    assert uk.air_suppressed == 6
    assert state.countries["GR"].popularity == {5: 10}
    assert state.countries["CY"].popularity == {5: 10}
    assert (state.countries["GB"].spies, state.countries["IT"].spies) == ({5: 1}, {5: 2})
    assert state.seas["BLA"].to_json() == {"5": [0, 5, 0]}
    assert state.seas["EAS"].to_json() == {"1": [0, 20, 0], "5": [5, 6, 0]}
    assert me.declared == {2: "A", 3: "E"} and me.permits == [2]


@pytest.mark.rule("BP 14")
def test_sample_printout_lines(turn1) -> None:
    state, events = turn1
    from umpire.core.events import visible_to

    text = RULESET.printout(state, visible_to(events, "TU"), "TU")
    assert "Player [5]" in text and "Dollars=166.55" in text
    assert "Spies=28 CounterSpies=2" in text
    assert "Multipliers=(I20,A100,N100,F105,M50,X50,S20,C20)" in text
    assert (
        "UK: UK(Army=12-12,Navy=6-0,AirF=8-2) TU(Army=20-1) TU(AirF=20-2) Captured by [5]" in text
    )
    assert "GR * TaxBase=10 Industry=6 Army=12 Navy=6 AirF=8 [5]=10" in text
    assert "Order-count: 17" in text
