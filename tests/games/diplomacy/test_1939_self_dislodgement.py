"""No power dislodges its own unit, nor does its support count towards dislodging it: the
standard rule (DATC 6.D.10-14), which 1939 III keeps (D39 1), met by tank movements — into
a destination or through a route held by the tank's own power, and against a tank halted in
its route (D39 21, 24, 26). See ruling 18 in docs/rulings/diplomacy-1939-iii.md."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import dislodged, play, position, where

pytestmark = [pytest.mark.rule("D39 1"), pytest.mark.rule("D39 23")]


# -- (a) the destination holds a unit of the tank's own power that stays ----------------------


@pytest.mark.rule("D39 24")
def test_own_unit_in_the_destination_stands_the_tank_out() -> None:
    """T(Mun) - Par via Bur with German A(Par) holding: the attack on Par has no strength
    against its own unit, so the tank is stood out of Par and stops in Bur (D39 24)."""
    after, _ = play(position("GER: T mun, A par"), {"GER": "T(Mun) - Par via Bur"})
    assert where(after) == {"bur": "GER T", "par": "GER A"}
    assert not dislodged(after)


@pytest.mark.rule("D39 24")
@pytest.mark.rule("D39 25")
def test_own_unit_in_the_destination_is_not_dislodged_by_a_supported_movement() -> None:
    """As before, with A(Pic) S T(Mun) - Par and A(Ruh) S T(Mun) - Bur: Bur is empty,
    so the tank passes it (D39 26), but no support adds to an attack on its own unit."""
    s = position("GER: T mun, A par, A pic, A ruh")
    orders = {"GER": "T(Mun) - Par via Bur\nA(Pic) S T(Mun) - Par\nA(Ruh) S T(Mun) - Bur"}
    after, _ = play(s, orders)
    assert where(after)["par"] == "GER A"
    assert where(after)["bur"] == "GER T"
    assert not dislodged(after)


@pytest.mark.rule("D39 24")
@pytest.mark.rule("D39 25")
def test_own_unit_that_fails_to_leave_the_destination_is_not_dislodged() -> None:
    """German A(Par) - Bre bounces off the French army in Bre and stays: the supported tank
    movement into Par still may not dislodge it (DATC 6.D.11)."""
    s = position("GER: T mun, A par, A pic; FRA: A bre")
    orders = {"GER": "T(Mun) - Par via Bur\nA(Pic) S T(Mun) - Par\nA(Par) - Bre"}
    after, _ = play(s, orders)
    assert where(after) == {"bre": "FRA A", "bur": "GER T", "par": "GER A", "pic": "GER A"}
    assert not dislodged(after)


# -- (b) the route holds a unit of the tank's own power ---------------------------------------


@pytest.mark.rule("D39 20")
@pytest.mark.rule("D39 25")
def test_own_unit_in_the_route_blocks_the_movement_even_supported() -> None:
    """T(Mun) - Par via Bur with German A(Bur) holding and A(Ruh) S T(Mun) - Bur: the tank
    cannot enter its route (ruling 9) and stays in Mun."""
    s = position("GER: T mun, A bur, A ruh")
    after, _ = play(s, {"GER": "T(Mun) - Par via Bur\nA(Ruh) S T(Mun) - Bur"})
    assert where(after) == {"bur": "GER A", "mun": "GER T", "ruh": "GER A"}
    assert not dislodged(after)


def test_own_unit_leaving_the_route_lets_the_tank_through() -> None:
    s = position("GER: T mun, A bur")
    after, _ = play(s, {"GER": "T(Mun) - Par via Bur\nA(Bur) - Bel"})
    assert where(after) == {"bel": "GER A", "par": "GER T"}


HALTED_IN_POL = "T(Ber) - Pru via Pol\nA(Sil) S T(Ber) - Pol\nA(Cze) S T(Ber) - Pol"


@pytest.mark.rule("D39 21")
@pytest.mark.rule("D39 26")
@pytest.mark.parametrize("other", ["GER", "RUS"])
def test_a_second_movement_through_the_route_meets_the_first_at_full_strength(
    other: str,
) -> None:
    """Two tank movements through Pol: German T(Ber) - Pru via Pol with 1 + 2 (Pru held, so
    it stops in Pol) and T(Ukr) - Lat via Pol with 1 + 1, German or Russian. The two route
    fights are one fight for Pol: 3 beats 2, the Ber tank halts in Pol, the Ukr tank stands.
    (The halted tank's defence of 1, D39 21, is against moves *into* Pol, not another
    tank's fight for the same route; before the fix both tanks "stopped in pol" and one
    vanished.)"""
    blocker = "RUS: A pru" if other == "GER" else "GER: A pru"
    s = position(f"GER: T ber, A sil, A cze; {other}: T ukr, A mos; {blocker}")
    second = "T(Ukr) - Lat via Pol\nA(Mos) S T(Ukr) - Pol"
    if other == "GER":
        orders = {"GER": HALTED_IN_POL + "\n" + second}
    else:
        orders = {"GER": HALTED_IN_POL, "RUS": second}
    after, _ = play(s, orders)
    assert where(after)["pol"] == "GER T"
    assert where(after)["ukr"] == f"{other} T"
    assert len(after.units) == len(s.units)
    assert not dislodged(after)


# -- (c) a tank halted in its route, then attacked there by its own power ---------------------


@pytest.mark.rule("D39 21")
@pytest.mark.rule("D39 26")
def test_own_single_move_does_not_beat_a_tank_halted_in_its_route() -> None:
    """T(Ber) - Pru via Pol with 1 + 2 against German T(Ukr) - Pol (2): the movement wins
    Pol by 1 and halts there (D39 26), where it defends with 1 (D39 21). The single move of
    2 would beat a foreign tank, but not its own power's: it fails."""
    s = position("GER: T ber, A sil, A cze, T ukr")
    after, _ = play(s, {"GER": HALTED_IN_POL + "\nT(Ukr) - Pol"})
    assert where(after)["pol"] == "GER T"
    assert where(after)["ukr"] == "GER T"
    assert not dislodged(after)


@pytest.mark.rule("D39 21")
@pytest.mark.rule("D39 24")
@pytest.mark.rule("D39 25")
def test_own_movement_into_the_province_does_not_beat_a_tank_halted_there() -> None:
    """As before, with German T(Est) - Pol via Lat and A(Lit) S T(Est) - Pol (2 into Pol):
    it may not dislodge its own halted tank, so it is stood out of Pol and stops in Lat."""
    s = position("GER: T ber, A sil, A cze, T est, A lit")
    orders = {"GER": HALTED_IN_POL + "\nT(Est) - Pol via Lat\nA(Lit) S T(Est) - Pol"}
    after, _ = play(s, orders)
    assert where(after)["pol"] == "GER T"
    assert where(after)["lat"] == "GER T"
    assert not dislodged(after)


# -- (d) foreign support for an attack on the tank's own power's unit --------------------------


@pytest.mark.rule("D39 24")
@pytest.mark.rule("D39 25")
def test_foreign_support_does_not_let_a_movement_dislodge_its_own_unit() -> None:
    s = position("GER: T mun, A par; FRA: A pic, A gas")
    orders = {"GER": "T(Mun) - Par via Bur", "FRA": "A(Pic) S T(Mun) - Par\nA(Gas) S T(Mun) - Par"}
    after, _ = play(s, orders)
    assert where(after)["par"] == "GER A"
    assert where(after)["bur"] == "GER T"
    assert not dislodged(after)


@pytest.mark.rule("D39 19")
def test_foreign_support_does_not_let_a_single_move_dislodge_its_own_unit() -> None:
    s = position("GER: T bur, A par; FRA: A pic, A gas")
    orders = {"GER": "T(Bur) - Par", "FRA": "A(Pic) S T(Bur) - Par\nA(Gas) S T(Bur) - Par"}
    after, _ = play(s, orders)
    assert where(after)["par"] == "GER A"
    assert where(after)["bur"] == "GER T"


@pytest.mark.rule("D39 25")
def test_foreign_support_into_the_route_does_not_unblock_it() -> None:
    s = position("GER: T mun, A bur; FRA: A pic, A ruh")
    orders = {"GER": "T(Mun) - Par via Bur", "FRA": "A(Pic) S T(Mun) - Bur\nA(Ruh) S T(Mun) - Bur"}
    after, _ = play(s, orders)
    assert where(after)["bur"] == "GER A"
    assert where(after)["mun"] == "GER T"


@pytest.mark.rule("D39 21")
def test_own_support_does_not_count_against_a_tank_halted_in_its_route() -> None:
    """German A(Ukr) S A(Mos) - Pol, Russian A(Mos) - Pol: the support counts in the fight for
    entry (2 against the tank's 3, so the tank halts in Pol) but not towards dislodging the
    German tank (DATC 6.D.12): 1 against 1, the Russian army stays in Mos."""
    s = position("GER: T ber, A sil, A cze, A ukr; RUS: A mos")
    orders = {"GER": HALTED_IN_POL + "\nA(Ukr) S A(Mos) - Pol", "RUS": "A(Mos) - Pol"}
    after, _ = play(s, orders)
    assert where(after)["pol"] == "GER T"
    assert where(after)["mos"] == "RUS A"
    assert not dislodged(after)


@pytest.mark.rule("D39 21")
def test_own_support_is_not_enough_to_save_a_tank_halted_in_its_route() -> None:
    """As before with a Russian support too (DATC 6.D.14): the tank wins Pol 4 against 3 and
    halts; the Russian attack on it is 1 + the Russian support = 2 against 1: dislodged."""
    s = position("GER: T ber, A sil, A cze, A roa, A ukr; RUS: A mos, A lat")
    orders = {
        "GER": HALTED_IN_POL + "\nA(Roa) S T(Ber) - Pol\nA(Ukr) S A(Mos) - Pol",
        "RUS": "A(Mos) - Pol\nA(Lat) S A(Mos) - Pol",
    }
    after, _ = play(s, orders)
    assert where(after)["pol"] == "RUS A"
    assert "ber" in dislodged(after)["pol"]
