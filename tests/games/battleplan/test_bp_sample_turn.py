"""The sample printout (section 14B): a 5-player game, turn 1, and Turkey's turn-2 figures."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import game, play
from umpire.games.battleplan import RULESET
from umpire.games.battleplan.model import but

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
    assert me.declared == {2: "A", 3: "E"} and me.permits == (2,)


# The sample printout of section 14B (Turkey, player [5], turn 2), part by part, as our
# printout gives it for the scripted turn 1 above. Differences, on purpose:
# - the account line is the server's; the engine prints the due date it is given;
# - UK shows its suppressed amounts, TaxBase=0<10> Industry=0<6> AirF=0<6>, as section 14
#   says ("TaxBase=9<1>"); the sample prints only the unsuppressed 0;
# - Turkey's heading has no "Defaults=(BA100)" line: the sample's player had set one before
#   turn 1, which the scripted orders do not;
# - the sample has U1 on (bare player numbers); so does this test (U1 among the orders);
# - the counterspy and U1 show up in the echo and order count (18 rather than 17).
# - Multipliers come after the allies, enemies and permits (and the other players' enemies),
#   where section 14's text puts them ("Next is a list of your multipliers"); the sample
#   prints them right after the defaults;
# - the heading also lists the share orders both ways (6D), which the sample predates;
# - the game and turn of the sample's "Game Battle Plan (europe), Turn 2, Player [5] (TU)" are
#   in the heading every game's printout has above (the turn played, then the one due), so
#   this line names only the player (issue 29).
GOLDEN = [
    "Due July 4 at 6:00pm MST",
    "Player [5] (TU)",
    "Spies=28 CounterSpies=2 Dollars=166.55",
    "Allies=( [2] )",
    "Enemies=( [3] )",
    "Permits=( [2] )",
    "Multipliers=(I20,A100,N100,F105,M50,X50,S20,C20)",
    "Forces under your control:",
    "CY *        6     12      8      -      -      6      -",
    "GR *       12      6      8      -      -      6      -",
    "TU         40      9     43      -      -     30    116",
    "UK         19      6      -      -      -      -    100",
    "BLA         -      5      -",
    "EAS         5      6      -",
    "Total      82     44     59      0      0     42",
    "Player   Occupied Countries",
    "[3]      3",
    "CY * TaxBase=10 Industry=6 Army=6 Navy=12 AirF=8 [5]=10",
    "GB * TaxBase=10 Industry=6 Army=6 Navy=12 AirF=8 Spies=1",
    "GR * TaxBase=10 Industry=6 Army=12 Navy=6 AirF=8 [5]=10",
    "IT * TaxBase=10 Industry=6 Army=12 Navy=6 AirF=8 Spies=2",
    "TU [5] TaxBase=100 Industry=30 Army=40 Navy=9 AirF=43 HPI=116",
    "UK [5] TaxBase=0<10> Industry=0<6> Army=19 Navy=6 AirF=0<6> HPI=100",
    "AL [1]   AU *   BA *   BE *",
    "SP [3]   SW [4]   YU [1]",
    "BLA [5] (Navy=5)",
    "EAS [1] (Navy=20) [5] (Army=5,Navy=6)",
    "Visible forces of all players:",
    "[minor]       24     36     36     32      -      -",
    "[1]            -      -     20      -      -      -",
    "[5]           30     64     26     43      -      -",
    "Land combat:",
    "GE: GE(Army,Navy,AirF) NE(Army,AirF) Captured by [2]",
    "LY: LY(Army,Navy,AirF) SP(Army,AirF) Captured by [3]",
    "NO: NO(Army,Navy,AirF) SW(Army,AirF) Captured by [4]",
    "PR: PR(Army,Navy,AirF) SP(Army,AirF) Captured by [3]",
    "UK: UK(Army=12-12,Navy=6,AirF=8-2) TU(Army=20-1,AirF=20-2) Captured by [5]",
    "YU: YU(Army,Navy,AirF) AL(Army,AirF) Captured by [1]",
    "Order-count: 18",
    "@ U1 2A 3E 2K S1GB S2IT C1TU TS5 RF20 P10CY P10GR",
    "@TU BA15 BF15 AC20UK FA20UK NT5BLA NT6EAS AT5EAS",
]


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 6A")
def test_sample_printout_is_reproduced_in_order() -> None:
    from umpire.core.events import visible_to

    state = game()
    state = but(state, due="July 4 at 6:00pm MST")
    state, events = play(state, {**ORDERS, "TU": TURKEY.replace("@ (Start", "@ U1 (Start")})
    lines = RULESET.printout(state, visible_to(events, "TU"), "TU").splitlines()
    at = [lines.index(g) for g in GOLDEN]  # every line present ...
    assert at == sorted(at)  # ... and in the order of section 14
    # what Turkey may not see: no one else's spies or counterspies, no numbers in combats
    # it took no part in
    text = "\n".join(lines)
    assert "GE(Army=" not in text and "C1TU" in text


@pytest.mark.rule("BP 8")
def test_user_options_1_and_2_change_the_listing() -> None:
    from umpire.core.events import visible_to

    state, events = play(game(), {"TU": "@ U2"})
    lines = RULESET.printout(state, visible_to(events, "TU"), "TU").splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("AL "))
    listed = [ln.split()[0] for ln in lines[start : start + len(state.countries)]]
    assert listed == sorted(state.countries)  # U2: one alphabetical list, seen or not
    assert "AL [1]AL" in lines and any(ln.startswith("TU [5]TU TaxBase=100") for ln in lines)
    state2, events2 = play(state, {"TU": "@ U2 U1"})  # U2 again: back to two parts; U1 on
    lines2 = RULESET.printout(state2, visible_to(events2, "TU"), "TU").splitlines()
    assert "AL [1]   AU *   BA *   BE *" in lines2
    assert any(ln.startswith("TU [5] TaxBase=100") for ln in lines2)
