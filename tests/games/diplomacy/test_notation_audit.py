"""What players actually type on the judges and sites, and a receipt that says at once what
a winter will not carry out (issue 12, standard notation 1-3)."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.test_adjustments import winter

from umpire.core import submission
from umpire.core.chance import ScriptedChance
from umpire.games.diplomacy import RULESET
from umpire.games.diplomacy.game import POWERS
from umpire.games.diplomacy.model import State, Unit
from umpire.games.diplomacy.orders import Move

OPENING = RULESET.new_game("standard", POWERS, ScriptedChance([]), {})


def orders(state: State, power: str, text: str) -> list[str]:
    parsed = submission.parse(RULESET, state, power, text)
    assert not parsed.problems, parsed.problems
    return [RULESET.format(o) for _, o in parsed.orders]


def codes(state: State, power: str, text: str) -> list[str]:
    return [p.code for p in submission.parse(RULESET, state, power, text).problems]


def with_units(*units: str) -> State:
    return OPENING.with_units([Unit.parse(u) for u in units])


@pytest.mark.rule("DATC 6.G.8")
@pytest.mark.parametrize(
    "text", ["A Lvp - Edi (via convoy)", "A Lvp - Edi VIA", "A lvp-edi (by convoy)"]
)
def test_via_convoy_in_brackets_and_a_trailing_via(text: str) -> None:
    s = with_units("ENG A lvp", "ENG F iri", "ENG F nao", "ENG F nwg")
    assert orders(s, "ENG", text) == ["A lvp - edi via convoy"]


@pytest.mark.rule("DATC 6.G.8")
def test_a_path_through_seas_is_a_convoyed_move() -> None:
    s = with_units("ENG A lvp", "ENG F iri", "ENG F nao", "ENG F nwg")
    assert orders(s, "ENG", "A Lvp - Iri - Edi") == ["A lvp - edi via convoy"]
    parsed = submission.parse(RULESET, s, "ENG", "A Lvp - Nao - Nwg - Edi")
    assert [o for _, o in parsed.orders] == [Move("A", "lvp", "edi", True)]


@pytest.mark.rule("DATC 6.B.1")
@pytest.mark.parametrize(
    ("power", "text"),
    [("RUS", "F Stp(xc) - Bot"), ("ENG", "F Lon - Nth (north-ish)"), ("FRA", "F Spa/zz - Por")],
)
def test_an_unknown_coast_is_a_problem(power: str, text: str) -> None:
    s = with_units("RUS F stp/sc", "ENG F lon", "FRA F spa/nc")
    assert codes(s, power, text) == ["order/unknown_coast"]


@pytest.mark.rule("DATC 6.A.11")
def test_the_forms_of_the_judges_and_other_engines() -> None:
    # A simple bounce (DATC 6.A.11) written as players write it.
    s = with_units("FRA F bre", "FRA A par", "GER A mun", "ENG F nwy", "ITA F tys", "RUS F stp/sc")
    assert orders(s, "FRA", "France: A Par moves to Bur  # into Burgundy") == ["A par - bur"]
    assert orders(s, "FRA", "F Bre -> Mid // the Atlantic") == ["F bre - mao"]
    assert orders(s, "GER", "GER: A Mun -> Bur") == ["A mun - bur"]
    assert orders(s, "ENG", "F nor - nrg") == ["F nwy - nwg"]
    assert orders(s, "ENG", "F nwy - nth") == ["F nwy - nth"]
    assert orders(s, "ITA", "F tys - gol") == ["F tys - lyo"]
    assert orders(s, "RUS", "F stp/sc - gob") == ["F stp/sc - bot"]
    assert codes(s, "FRA", "Germany: A Mun - Bur") == ["order/other_power"]
    after = RULESET.resolve(
        s,
        {
            "FRA": [
                o
                for _, o in submission.parse(RULESET, s, "FRA", "France: A Par moves to Bur").orders
            ],
            "GER": [o for _, o in submission.parse(RULESET, s, "GER", "A Mun -> Bur").orders],
        },
        ScriptedChance([]),
    ).state
    assert {u.loc for u in after.units} >= {"par", "mun"}  # the bounce


@pytest.mark.rule("DATC 6.I.1")
def test_builds_beyond_the_allowance_are_refused_on_the_receipt() -> None:
    # France has two units, one of them abroad: one build. The second is refused at once.
    s = winter(["FRA F bre", "FRA A bur"], {})
    assert codes(s, "FRA", "Build A par\nBuild A mar") == ["illegal/too_many_builds"]
    assert codes(s, "FRA", "Waive\nBuild A par") == ["illegal/too_many_builds"]


@pytest.mark.rule("DATC 6.I.7")
def test_a_second_build_in_one_centre_is_refused_on_the_receipt() -> None:
    s = winter(["FRA F bre"], {})
    assert codes(s, "FRA", "Build A par\nBuild F bre") == ["illegal/occupied"]
    s = winter([], {})
    assert codes(s, "FRA", "Build A par\nBuild A par") == ["illegal/second_build"]


@pytest.mark.rule("DATC 6.J.1")
@pytest.mark.rule("DATC 6.J.2")
def test_removals_beyond_the_count_and_twice_the_same_unit_are_refused() -> None:
    s = winter(["FRA F bre", "FRA A par", "FRA A mar", "FRA A bur"], {})
    assert codes(s, "FRA", "Remove A bur\nRemove A par") == ["illegal/too_many_removals"]
    assert codes(s, "FRA", "Remove A bur\nRemove A bur") == ["illegal/second_removal"]
    assert codes(s, "FRA", "Waive") == ["illegal/wrong_adjustment"]
    s = winter(["FRA F bre"], {})
    assert codes(s, "FRA", "Remove F bre") == ["illegal/wrong_adjustment"]
