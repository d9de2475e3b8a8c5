"""Popularity, HPI, builds, income, suppression: 1B, 2A, 2B, 3A, 3B, 4B, 5A-5F, 10, 9.1, 9.2."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import Down, Up, at_sea, edit, edit_player, game, play
from umpire.games.battleplan.builds import apportion
from umpire.games.battleplan.economy import cross_allies_of, enemies_of


@pytest.mark.rule("BP 3A")
@pytest.mark.rule("BP 5D")
def test_propaganda_examples_of_3A() -> None:
    s = game(["AL", "NE", "SP", "GR", "TU"])  # GR is [4]
    s2, _ = play(s, {"TU": "@ P20TU P20GR @TU BA30", "GR": "@GR BA30"})
    assert s2.countries["TU"].hpi == 100 + 60  # sqrt(20 x 180) = 60
    assert s2.countries["GR"].hpi == 100 - 20  # sqrt(20 x 20) = 20


@pytest.mark.rule("BP 3A")
def test_conquest_example_of_3A() -> None:
    # 20 armies conquer, 2 are lost: -2 +18 = +16
    s = game()
    s = edit(s, "BU", army=7)  # 20 > 7: losses 49/20 = 2.45 -> 2 (rounded down here)
    s = edit(s, "BU", air=0, industry=0)
    s2, _ = play(s, {"TU": "@TU AC20BU BA30"}, Down())
    assert s2.countries["BU"].army == 18
    assert s2.countries["TU"].hpi == 100 + 16


@pytest.mark.rule("BP 3B")
@pytest.mark.rule("BP 9.1")
@pytest.mark.rule("BP 2A")
@pytest.mark.rule("BP 2B")
def test_gifts_to_a_minor_raise_popularity_and_give_control() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@ P5GR @TU AT3GR FT2GR"})
    gr = s2.countries["GR"]
    assert gr.popularity == {5: 5 + 2 * 3 + 2 * 2}  # $1 each, +2 per Army/AirForce
    assert gr.controller() == 5 and gr.army == 10 + 3 + 2  # the gift became the minor's
    s = edit(s, "TU", missiles=1)
    s3, _ = play(s, {"TU": "@TU MT1GR", "AL": "@ P7GR"})
    assert s3.countries["GR"].popularity == {5: 3, 1: 7}
    assert s3.countries["GR"].controller() == 1  # the highest popularity controls
    s3 = edit(s3, "GR", popularity={**s3.countries["GR"].popularity, 5: 7})
    assert s3.countries["GR"].controller() == 0  # a tie: uncontrolled


@pytest.mark.rule("BP 3B")
def test_popularity_fades_and_attacking_sends_it_to_zero() -> None:
    s = game()
    s = edit(s, "GR", popularity={5: 100, 1: -10})
    s2, _ = play(s, {}, Down())
    assert s2.countries["GR"].popularity == {5: 95, 1: -10}  # about 5%; negative stays
    s3, _ = play(s, {"TU": "@TU AB5GR"}, Down())
    assert s3.countries["GR"].popularity[5] <= 0


@pytest.mark.rule("BP 4C.4")
@pytest.mark.rule("BP 4E.4")
@pytest.mark.rule("BP 4D.2")
def test_forces_moved_to_another_players_country_are_a_gift() -> None:
    s = game(["AL", "NE", "SP", "BU", "TU"])
    s2, events = play(s, {"TU": "@TU AT5BU FT3BU"})
    assert (s2.countries["BU"].army, s2.countries["BU"].air) == (55, 33)
    assert any(e.kind == "gift" for e in events)


@pytest.mark.rule("BP 4B")
@pytest.mark.rule("BP 5C")
@pytest.mark.rule("BP 9.2")
@pytest.mark.rule("BP 4A")
def test_builds_use_multipliers_and_save_fractions() -> None:
    s = game()
    s = edit_player(s, 5, multipliers={**s.player(5).multipliers, "A": 125})
    s2, _ = play(s, {"TU": "@TU BA3 BI10 BM1 BX1"})
    tu = s2.countries["TU"]
    # 3 x 125 = 375 hundredths: 3 Army and 0.75 saved; 10 x 20 = 2 Industry; M, X 0.5 each
    assert (tu.army, tu.fractions["A"], tu.industry) == (53, 75, 32)
    assert (tu.missiles, tu.anti, tu.fractions["M"], tu.fractions["X"]) == (0, 0, 50, 50)
    s3, _ = play(s2, {"TU": "@TU BA1 BM1"})
    assert (s3.countries["TU"].army, s3.countries["TU"].missiles) == (55, 1)


@pytest.mark.rule("BP 10")
def test_default_proportions_of_section_10() -> None:
    assert apportion(6, {"A": 50, "N": 25, "F": 25}) == {"A": 3, "N": 2, "F": 1}
    assert apportion(6, {"A": 50, "F": 25}) == {"A": 4, "F": 2}  # no coast: 2 to 1
    s = game()
    s2, _ = play(s, {"TU": "@ BA50 BN25 BF25"})
    tu = s2.countries["TU"]
    assert (tu.army, tu.navy, tu.air) == (50 + 15, 20 + 8, 30 + 7)
    s3, _ = play(s2, {"TU": "@TU BA6"})  # the remaining 24 by the defaults, Navy and Air
    assert (s3.countries["TU"].navy, s3.countries["TU"].air) == (28 + 12, 37 + 12)


@pytest.mark.rule("BP 4B")
@pytest.mark.rule("BP 12E")
def test_standard_default_builds() -> None:
    s = game()
    s = edit(s, "GR", popularity={5: 10})
    s = edit(s, "TU", industry=60)  # past the limit of 50: only 50 usable
    s2, _ = play(s, {})
    # TU: Dollars one for one, +1 HPI each; GR (controlled minor): Army; CZ (no coast): A, F
    # ($100 + $50 built) with 1% interest, + income 100 and 10% of GR's 10
    assert s2.player(5).cents == (100_00 + 50_00) * 101 // 100 + 100_00 + 1_00
    assert s2.countries["TU"].hpi == 150
    assert s2.countries["GR"].army == 16
    cz = s2.countries["CZ"]
    assert (cz.army, cz.navy, cz.air) == (13, 0, 13)


@pytest.mark.rule("BP 5E")
@pytest.mark.rule("BP 1B")
@pytest.mark.rule("BP 5A")
def test_income_counts_cross_allied_neighbours() -> None:
    s = game(["AL", "NE", "SP", "BU", "TU"])
    s = edit_player(s, 5, declared={**s.player(5).declared, 4: "A"})
    s2, _ = play(s, {"TU": "@TU BA30", "BU": "@BU BA30"})
    assert s2.player(5).cents == 101_00 + 100_00  # one-sided: no bonus
    s = edit_player(s, 4, declared={**s.player(4).declared, 5: "A"})
    s3, _ = play(s, {"TU": "@TU BA30", "BU": "@BU BA30"})
    assert s3.player(5).cents == 101_00 + 100_00 + 10_00  # cross allies: +10% of BU


@pytest.mark.rule("BP 1B")
@pytest.mark.parametrize("shift", [0, 1, 2])
def test_allies_and_enemies_of_everyone_agree_with_each_pair(shift: int) -> None:
    s = game(["AL", "NE", "SP", "BU", "TU"])
    for p in range(1, 6):  # every stance between every two players, in three patterns
        stances = {q: "AEN"[(p + 2 * q + shift) % 3] for q in range(1, 6) if q != p}
        s = edit_player(s, p, declared={q: v for q, v in stances.items() if v != "N"})
    allies, foes = cross_allies_of(s), enemies_of(s)
    for p in range(1, 6):
        for q in range(1, 6):
            assert s.cross_allies(p, q) == (p == q or q in allies.get(p, set()))
            assert s.enemies(p, q) == (q in foes.get(p, set()))


@pytest.mark.rule("BP 5F.1")
@pytest.mark.rule("BP 5F.2")
def test_denmark_and_hungary_blockade_fractions() -> None:
    s = game(["DE", "HU", "GE", "RO", "TU"])  # DE [1], HU [2], GE [3], RO [4]
    s = edit_player(s, 1, declared={**s.player(1).declared, 3: "E"})
    s2, _ = play(s, {p: f"@{p} BA30" for p in ("DE", "HU", "GE", "RO", "TU")})
    # GE is one of DE's two neighbours: 25% of DE's TaxBase suppressed
    assert s2.countries["DE"].taxbase_suppressed == 25
    assert s2.countries["DE"].industry_suppressed == 30 * 25 // 100 + 0  # 7.5 -> 7 (Down)
    s = at_sea(s, "NTH", 3, navy=5)  # the North Sea enemy-controlled too: 50%
    s3, _ = play(s, {p: f"@{p} BA30" for p in ("DE", "HU", "GE", "RO", "TU")})
    assert s3.countries["DE"].taxbase_suppressed == 50
    s = at_sea(s, "NTH", 1, navy=5)  # as many own Navy: no longer enemy-controlled
    s4, _ = play(s, {p: f"@{p} BA30" for p in ("DE", "HU", "GE", "RO", "TU")})
    assert s4.countries["DE"].taxbase_suppressed == 25
    # HUngary: five neighbours, 10% for each enemy one
    s = edit_player(s, 2, declared={**s.player(2).declared, 4: "E"})
    s5, _ = play(s, {p: f"@{p} BA30" for p in ("DE", "HU", "GE", "RO", "TU")})
    assert s5.countries["HU"].taxbase_suppressed == 10
    s6, _ = play(s5, {}, Up())
    # next turn: 25% (rounded up) of the 10 recovers (3 -> 7 left), then 10% of the 93
    assert s6.countries["HU"].taxbase_suppressed == 7 + 10


@pytest.mark.rule("BP 5F.3")
@pytest.mark.rule("BP 5F.4")
def test_air_attacks_suppress_industry_and_airbase() -> None:
    s = game()
    s = edit(s, "BU", popularity={1: 50})  # AL's minor: it builds only Army
    s = edit(s, "BU", air=0)
    s = edit(s, "BU", industry=20)
    s2, _ = play(s, {"TU": "@TU FI20BU"}, Down())
    assert s2.countries["BU"].industry_suppressed == 10  # about half an Industry per AirForce
    s = edit(s, "BU", air=20)
    s3, _ = play(s, {"TU": "@TU FF30BU"}, Down())
    # 30 against 20: 10 lost, 5 each; the excess 10 suppress about 5 AirForce
    assert (s3.countries["BU"].air, s3.countries["BU"].air_suppressed) == (10, 5)


@pytest.mark.rule("BP 5B")
def test_research_is_effective_next_turn_with_diminishing_returns() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@ RA20 RN80"})
    assert s2.player(5).multipliers["A"] == 105
    assert s2.player(5).multipliers["N"] == 110  # 4x the Dollars, only 2x the gain
    assert s2.player(5).research == {}


@pytest.mark.rule("BP 5A")
@pytest.mark.rule("BP 5D")
def test_dollar_gifts_and_spread_propaganda() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@ 1D30 0P24 @TU BA30", "AL": "@AL BA30"})
    assert s2.player(1).cents == (100_00 + 30_00) * 101 // 100 + 100_00
    assert all(c.popularity.get(5) == 1 for c in s2.countries.values() if c.owner == 0)


@pytest.mark.rule("BP 3A")
def test_revolution_when_hpi_reaches_zero() -> None:
    s = game(["AL", "NE", "SP", "BU", "TU"])
    s = edit(s, "BU", hpi=20)
    s2, events = play(s, {"TU": "@ P20BU", "BU": "@BU BA30"})
    assert s2.countries["BU"].owner == 0 and s2.countries["BU"].army == 50 + 30
    assert any(e.kind == "revolution" for e in events)
