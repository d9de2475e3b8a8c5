"""Hand-built scenarios the rulebook's examples do not reach: tank movements that cross, and
two units dislodged from one space (D39 17-29)."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import dislodged, play, position, where

from umpire.core import submission
from umpire.games.diplomacy import RULESET_1939 as RULESET

pytestmark = [pytest.mark.rule("D39 1"), pytest.mark.rule("D39 23")]

CROSSING = {"GER": "T(Ber) - Pru via Pol", "RUS": "T(Lit) - Pol via Pru"}


@pytest.mark.rule("D39 20")
@pytest.mark.rule("D39 24")
def test_crossing_movements_of_equal_strength_both_stand() -> None:
    """Germany T(Ber) - Pru via Pol, Russia T(Lit) - Pol via Pru: each route is the other's
    destination, Pol and Pru are empty.

    Each tank "moves" with one army's strength (D39 19). Pol, Germany's route, is contested by
    the Russian tank's attack on its destination with 1, as A(Mar) - Bur contests the route
    in D39 24(c); Pru likewise by the German tank. Both route fights are 1 against 1: both
    routes are "successfully contested", so neither tank leaves its province (D39 24, 20)
    and both defend there at full strength. Pol and Pru stay empty."""
    after, events = play(position("GER: T ber; RUS: T lit"), CROSSING)
    assert where(after) == {"ber": "GER T", "lit": "RUS T"}
    assert not dislodged(after)
    assert {e.data["status"] for e in events if e.kind == "order"} == {"failed"}


@pytest.mark.rule("D39 21")
@pytest.mark.rule("D39 24")
@pytest.mark.rule("D39 25")
@pytest.mark.rule("D39 26")
def test_crossing_movement_spent_in_its_route_frees_the_other_route() -> None:
    """As before, with A(Sil) S T(Ber) - Pol.

    Germany fights into Pol with 1 + 1 against the Russian tank's 1 there: it wins, but by
    only 1, so it "has no strength left" and its movement ceases in Pol (D39 26). A tank so
    spent makes no attack on its destination: "If Russia were to order another unit to Pru,
    this would succeed since the tank movement ceased in Pol" (D39 26 note ii). The Russian
    route Pru is therefore uncontested and passed; the Russian tank goes on to Pol with 1
    against the halted German tank, which defends with 1 (D39 21): stood out, it stops in its
    route, Pru (D39 24). Neither tank is dislodged.

    (The rules are read as simultaneous: the route fight in Pol counts the Russian attack on
    Pol, and the German spent movement is not counted against the Russian route. Read the
    other way round, with the spent German tank still contesting Pru, the Russian tank would
    stay in Lit: that reading contradicts note ii. Recorded as a ruling.)"""
    s = position("GER: T ber, A sil; RUS: T lit")
    orders = {**CROSSING, "GER": CROSSING["GER"] + "\nA(Sil) S T(Ber) - Pol"}
    after, _ = play(s, orders)
    assert where(after) == {"pol": "GER T", "pru": "RUS T", "sil": "GER A"}
    assert not dislodged(after)
    # The same with the powers' roles swapped gives the mirrored result (no order effect).
    s = position("GER: T ber; RUS: T lit, F bal")
    orders = {**CROSSING, "RUS": CROSSING["RUS"] + "\nF(BAL) S T(Lit) - Pru"}
    after, _ = play(s, orders)
    assert where(after) == {"pol": "GER T", "pru": "RUS T", "bal": "RUS F"}


@pytest.mark.rule("D39 26")
def test_crossing_movement_with_strength_left_meets_the_stood_tank() -> None:
    """Germany supported twice into Pol: 3 against 1 leaves it strength for Pru (D39 26(b)).
    The Russian route fight in Pru is 1 against the German 1: stood out, the Russian tank
    stays in Lit (D39 20), but its failed move still contests Pru, so the German tank, 1
    against 1 there, stops in Pol (D39 24). Supported into Pru as well, it gets there."""
    s = position("GER: T ber, A sil, A cze; RUS: T lit")
    supports = "\nA(Sil) S T(Ber) - Pol\nA(Cze) S T(Ber) - Pol"
    after, _ = play(s, {**CROSSING, "GER": CROSSING["GER"] + supports})
    assert where(after)["pol"] == "GER T" and where(after)["lit"] == "RUS T"
    s = position("GER: T ber, A sil, A cze, F bal; RUS: T lit")
    supports += "\nF(BAL) S T(Ber) - Pru"  # supported into its destination too (D39 25)
    after, _ = play(s, {**CROSSING, "GER": CROSSING["GER"] + supports})
    assert where(after)["pru"] == "GER T" and where(after)["lit"] == "RUS T"


@pytest.mark.rule("D39 21")
@pytest.mark.rule("D39 28")
@pytest.mark.rule("D39 29")
def test_two_units_dislodged_from_one_space_both_retreat() -> None:
    """Germany T(Ber) - Pru via Pol with two supports beats the Italian A(Pol) 3 to 2 but wins
    only by 1 against the Russian attack of 2, so it halts in Pol (D39 26); the Russian attack
    then beats the halted tank, which defends with 1 (D39 21). Both the Italian army (beaten
    by the tank from Ber) and the German tank (beaten from Mos) are dislodged from Pol. They
    belong to two powers, so each power orders its own unit; the German tank may go back to
    Ber (D39 29)."""
    s = position("GER: T ber, A cze, A sil; RUS: A mos, A ukr; ITA: A pol")
    orders = {
        "GER": "T(Ber) - Pru via Pol\nA(Cze) S T(Ber) - Pol\nA(Sil) S T(Ber) - Pol",
        "RUS": "A(Mos) - Pol\nA(Ukr) S A(Mos) - Pol",
    }
    after, _ = play(s, orders)
    assert where(after)["pol"] == "RUS A"
    lost = {(d.unit.power, d.unit.kind): d for d in after.dislodged}
    assert set(lost) == {("ITA", "A"), ("GER", "T")}
    assert lost["ITA", "A"].attacker_from == "ber" and "ber" not in lost["ITA", "A"].options
    assert "ber" in lost["GER", "T"].options and "mos" not in lost["GER", "T"].options
    assert "Two units dislodged" in RULESET.printout(after, [], "GER")
    # The letter must fit the power's own unit there.
    wrong = submission.parse(RULESET, after, "GER", "A(Pol) - Ber").problems
    assert [p.code for p in wrong] == ["illegal/kind"]
    retreated, events = play(after, {"ITA": "A(Pol) - Lit", "GER": "T(Pol) - Ber"})
    assert where(retreated)["lit"] == "ITA A" and where(retreated)["ber"] == "GER T"
    assert sorted(e.text for e in events if e.kind == "retreat") == [
        "GER T pol: retreated to ber",
        "ITA A pol: retreated to lit",
    ]
    # Both to one space: both are disbanded (standard rule); one unordered: it is disbanded.
    clash, _ = play(after, {"ITA": "A(Pol) - Lit", "GER": "T(Pol) - Lit"})
    assert "lit" not in where(clash)
    alone, _ = play(after, {"GER": "T(Pol) - Lat"})
    assert where(alone)["lat"] == "GER T" and "ITA A" not in where(alone).values()
