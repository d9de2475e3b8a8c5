"""1939 III tanks (D39 17-29) and the ground rules around them: the rulebook's examples as
scenario tests, with the tank in Pol for 22(a) (see docs/rulings/diplomacy-1939-iii.md)."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import dislodged, parse, play, position, where

from umpire.core import submission
from umpire.games.diplomacy import RULESET_1939 as RULESET
from umpire.games.diplomacy.v1939.orders import TankMove

pytestmark = pytest.mark.rule("D39 1")


@pytest.mark.rule("D39 2")
def test_the_four_unit_letters() -> None:
    s = position("GER: A ber, F kie, T mun, B aus")
    orders = parse(s, "GER", "A(Ber) H\nF(Kie) H\nT(Mun) H\nB(Aus) H")
    assert [getattr(o, "kind", "") for o in orders] == ["A", "F", "T", "B"]


@pytest.mark.rule("D39 17")
@pytest.mark.rule("D39 19")
def test_a_single_move_strikes_with_two() -> None:
    s = position("GER: T mun; FRA: A bur")
    after, _ = play(s, {"GER": "T(Mun) - Bur"})
    assert where(after)["bur"] == "GER T"
    assert "bur" in dislodged(after)


@pytest.mark.rule("D39 19")
def test_a_movement_moves_with_one() -> None:
    s = position("GER: T mun; FRA: A par")
    after, _ = play(s, {"GER": "T(Mun) - Par via Bur"})
    assert where(after)["par"] == "FRA A"
    assert where(after)["bur"] == "GER T"


@pytest.mark.rule("D39 22")
def test_22a_weakened_tank_loses_to_the_second_attack() -> None:
    s = position("GER: T pol; RUS: A mos; TUR: A roa, A cze")
    after, _ = play(s, {"RUS": "A(Mos) - Pol", "TUR": "A(Roa) - Pol\nA(Cze) S A(Roa) - Pol"})
    assert where(after)["pol"] == "TUR A"
    assert "pol" in dislodged(after)
    assert where(after)["mos"] == "RUS A"


@pytest.mark.rule("D39 22")
def test_22a_without_the_russian_attack_the_tank_holds() -> None:
    s = position("GER: T pol; TUR: A roa, A cze")
    after, _ = play(s, {"TUR": "A(Roa) - Pol\nA(Cze) S A(Roa) - Pol"})
    assert where(after)["pol"] == "GER T"


@pytest.mark.rule("D39 22")
def test_22b_a_single_attack_halves_the_support() -> None:
    # RUS T(Lit) - Pru with a support (3) against A(Pru) + the tank's support.
    s = position("GER: T pol, A pru; RUS: A mos, T lit; ENG: F bal")
    orders = {
        "GER": "T(Pol) S A(Pru)",
        "RUS": "A(Mos) - Pol\nT(Lit) - Pru",
        "ENG": "F(BAL) S T(Lit) - Pru",
    }
    after, _ = play(s, orders)
    assert where(after)["pru"] == "RUS T"  # 3 beats 1 + 1: the T supported with 1 A strength
    assert where(after)["pol"] == "GER T"  # and it still holds Pol against A(Mos)


@pytest.mark.rule("D39 22")
def test_unattacked_tank_supports_with_two() -> None:
    s = position("GER: T pol, A pru; RUS: T lit; ENG: F bal")
    orders = {
        "GER": "T(Pol) S A(Pru)",
        "RUS": "T(Lit) - Pru",
        "ENG": "F(BAL) S T(Lit) - Pru",
    }
    after, _ = play(s, orders)
    assert where(after)["pru"] == "GER A"  # 3 against 1 + 2


@pytest.mark.rule("D39 22")
def test_22c_two_attacks_cut_the_support() -> None:
    s = position("GER: T pol, A pru; RUS: A mos, T lit; TUR: A roa")
    orders = {
        "GER": "T(Pol) S A(Pru)",
        "RUS": "A(Mos) - Pol\nT(Lit) - Pru",
        "TUR": "A(Roa) - Pol",
    }
    after, events = play(s, orders)
    assert where(after)["pru"] == "RUS T"  # 2 against 1: the support is cut
    assert any("T pol S A pru: cut" in e.text for e in events)


@pytest.mark.rule("D39 22")
def test_22_note_the_single_attacker_may_be_a_tank() -> None:
    s = position("GER: T pol, A pru; RUS: T mos, T lit; ENG: F bal")
    orders = {
        "GER": "T(Pol) S A(Pru)",
        "RUS": "T(Mos) - Pol\nT(Lit) - Pru",
        "ENG": "F(BAL) S T(Lit) - Pru",
    }
    after, _ = play(s, orders)
    assert where(after)["pru"] == "RUS T"
    assert where(after)["pol"] == "GER T"  # 2 against 2


@pytest.mark.rule("D39 23")
def test_the_route_must_be_named_and_real() -> None:
    s = position("GER: T mun")
    assert parse(s, "GER", "T(Mun) - Cro via Aus") == [TankMove("T", "mun", "aus", "cro")]
    assert parse(s, "GER", "T(Mun) - Aus - Cro") == [TankMove("T", "mun", "aus", "cro")]
    for bad in ("T(Mun) - Cro", "T(Mun) - Cro via Bur", "T(Mun) - Aus - Mun"):
        problems = submission.parse(RULESET, s, "GER", bad).problems
        assert problems and problems[0].code.startswith("illegal/"), bad


@pytest.mark.rule("D39 24")
def test_24a_stood_out_of_the_destination_it_stops_in_the_route() -> None:
    s = position("GER: T mun; FRA: A bre")
    after, _ = play(s, {"GER": "T(Mun) - Par via Bur", "FRA": "A(Bre) - Par"})
    assert where(after)["bur"] == "GER T"
    assert where(after)["bre"] == "FRA A"
    assert "par" not in where(after)


@pytest.mark.rule("D39 24")
def test_24b_the_french_army_moves_to_par() -> None:
    s = position("GER: T mun; FRA: A bre, A gas")
    orders = {"GER": "T(Mun) - Par via Bur", "FRA": "A(Bre) - Par\nA(Gas) S A(Bre) - Par"}
    after, _ = play(s, orders)
    assert where(after)["bur"] == "GER T"
    assert where(after)["par"] == "FRA A"


@pytest.mark.rule("D39 24")
@pytest.mark.rule("D39 26")
def test_24c_a_contested_route_stops_both() -> None:
    s = position("GER: T mun; FRA: A mar")
    after, _ = play(s, {"GER": "T(Mun) - Par via Bur", "FRA": "A(Mar) - Bur"})
    assert where(after)["mun"] == "GER T"
    assert where(after)["mar"] == "FRA A"
    assert "bur" not in where(after) and "par" not in where(after)


@pytest.mark.rule("D39 25")
def test_support_into_the_destination() -> None:
    s = position("GER: T mun, A pic; FRA: A bre")
    orders = {"GER": "T(Mun) - Par via Bur\nA(Pic) S T(Mun) - Par", "FRA": "A(Bre) - Par"}
    after, _ = play(s, orders)
    assert where(after)["par"] == "GER T"
    assert "bur" not in where(after)


@pytest.mark.rule("D39 25")
@pytest.mark.rule("D39 26")
def test_26a_fighting_into_the_route_spends_the_tank() -> None:
    s = position("GER: T ber, A cze; RUS: A mos, A lit")
    orders = {
        "GER": "T(Ber) - Pru via Pol\nA(Cze) S T(Ber) - Pol",
        "RUS": "A(Mos) - Pol\nA(Lit) - Pru",
    }
    after, _ = play(s, orders)
    assert where(after)["pol"] == "GER T"
    # Note ii: the Russian move to Pru succeeds since the movement ceased in Pol.
    assert where(after)["pru"] == "RUS A"
    assert where(after)["mos"] == "RUS A"


@pytest.mark.rule("D39 26")
def test_26a_supporting_the_second_half_does_not_help() -> None:
    s = position("GER: T ber, A cze; RUS: A mos; ENG: F bal")
    orders = {
        "GER": "T(Ber) - Pru via Pol\nA(Cze) S T(Ber) - Pol",
        "RUS": "A(Mos) - Pol",
        "ENG": "F(BAL) S T(Ber) - Pru",
    }
    after, _ = play(s, orders)
    assert where(after)["pol"] == "GER T"
    assert "pru" not in where(after)


@pytest.mark.rule("D39 26")
def test_26b_three_to_one_leaves_strength_for_pru() -> None:
    s = position("GER: T ber, T cze; RUS: A mos")
    orders = {"GER": "T(Ber) - Pru via Pol\nT(Cze) S T(Ber) - Pol", "RUS": "A(Mos) - Pol"}
    after, _ = play(s, orders)
    assert where(after)["pru"] == "GER T"
    assert "pol" not in where(after)


@pytest.mark.rule("D39 26")
def test_26c_the_destination_is_fought_with_one_plus_support() -> None:
    # The tank gets to Pru with 1; A(Pru) holds with 1; ENG's support makes it 2.
    s = position("GER: T ber, T cze; RUS: A mos, A pru; ENG: F bal")
    orders = {
        "GER": "T(Ber) - Pru via Pol\nT(Cze) S T(Ber) - Pol",
        "RUS": "A(Mos) - Pol",
    }
    after, _ = play(s, orders)
    assert where(after)["pru"] == "RUS A"
    assert where(after)["pol"] == "GER T"  # stood out of Pru: stops in Pol (D39 24)
    after, _ = play(s, {**orders, "ENG": "F(BAL) S T(Ber) - Pru"})
    assert where(after)["pru"] == "GER T"
    assert "pru" in dislodged(after)


@pytest.mark.rule("D39 20")
def test_held_back_by_the_route_it_defends_with_two() -> None:
    s = position("GER: T mun; FRA: A mar, A ruh, A kie")
    orders = {
        "GER": "T(Mun) - Par via Bur",
        "FRA": "A(Mar) - Bur\nA(Ruh) - Mun\nA(Kie) S A(Ruh) - Mun",
    }
    after, _ = play(s, orders)
    assert where(after)["mun"] == "GER T"  # 2 against 2


@pytest.mark.rule("D39 21")
@pytest.mark.rule("D39 29")
def test_halted_in_the_route_it_defends_with_one_and_may_go_back() -> None:
    s = position("GER: T ber, A cze, A sil; RUS: A mos, A ukr; ENG: A kie; FRA: A mun")
    orders = {
        "GER": "T(Ber) - Pru via Pol\nA(Cze) S T(Ber) - Pol\nA(Sil) S T(Ber) - Pol",
        "RUS": "A(Mos) - Pol\nA(Ukr) S A(Mos) - Pol",
        "ENG": "A(Kie) - Ber",
        "FRA": "A(Mun) - Ber",
    }
    after, _ = play(s, orders)
    # 3 against 2 wins Pol by 1 only: halted there, then beaten by the attack of 2 (D39 21).
    assert where(after)["pol"] == "RUS A"
    options = dislodged(after)["pol"]
    # Ber was left empty by a standoff, yet the tank may go back there (D39 29).
    assert "ber" in options
    assert "mos" not in options


@pytest.mark.rule("D39 27")
def test_a_tank_is_convoyed_and_strikes_with_two() -> None:
    s = position("ENG: T lon, F nth; NEUTRAL: A bel")
    after, _ = play(s, {"ENG": "T(Lon) - Bel\nF(NTH) C T(Lon) - Bel"})
    assert where(after)["bel"] == "ENG T"
    assert "bel" not in dislodged(after)  # a dislodged neutral army is removed (ruling)


@pytest.mark.rule("D39 28")
def test_a_dislodged_tank_retreats_to_an_adjacent_space() -> None:
    s = position("GER: T bur; FRA: T par, A gas")
    after, _ = play(s, {"FRA": "T(Par) - Bur\nA(Gas) S T(Par) - Bur"})
    assert where(after)["bur"] == "FRA T"
    assert set(dislodged(after)["bur"]) == {"bel", "mar", "mun", "pic", "ruh"}
    retreat = play(after, {"GER": "T(Bur) - Ruh"})[0]
    assert where(retreat)["ruh"] == "GER T"


@pytest.mark.rule("D39 14")
def test_neutral_armies_may_be_supported_and_attacked() -> None:
    s = position("RUS: A mos, A ukr; GER: A sil; NEUTRAL: A pol")
    orders = {"RUS": "A(Mos) - Pol\nA(Ukr) S A(Mos) - Pol", "GER": "A(Sil) S A(Pol)"}
    after, _ = play(s, orders)
    assert where(after)["pol"] == "NEUTRAL A"
    after, _ = play(s, {"RUS": "A(Mos) - Pol\nA(Ukr) S A(Mos) - Pol"})
    assert where(after)["pol"] == "RUS A"
    assert not after.dislodged  # the neutral army is gone, never retreats
    problems = submission.parse(RULESET, s, "GER", "A(Pol) - Cze").problems
    assert problems and problems[0].code.startswith("illegal/")
