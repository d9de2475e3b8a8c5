"""The four charts as data, checked against the rulebook's printed values."""

from __future__ import annotations

import pytest

from umpire.core.chance import ScriptedChance
from umpire.games.origins.charts import load
from umpire.games.origins.conflict import fight, odds_column, result_code
from umpire.games.origins.economy import pool
from umpire.games.origins.model import Box

from .helpers import make

CHARTS = load()


@pytest.mark.rule("OWW 1.1")
def test_thirteen_areas_with_the_chart_names() -> None:
    names = [a.name for a in CHARTS.areas]
    assert len(names) == 13
    assert names == [
        "Alsace-Lorraine",
        "Austria",
        "Baltic States",
        "Britain",
        "Czechoslovakia",
        "France",
        "Germany",
        "Italy",
        "Poland",
        "Rhineland",
        "Romania",
        "USSR",
        "USA",
    ]


@pytest.mark.rule("OWW 1.2")
def test_five_powers_each_with_a_home_area() -> None:
    assert CHARTS.power_codes == ("USA", "FRA", "GBR", "USSR", "GER")
    homes = {a.home_of: a.name for a in CHARTS.areas if a.home_of}
    assert homes == {
        "USA": "USA",
        "FRA": "France",
        "GBR": "Britain",
        "USSR": "USSR",
        "GER": "Germany",
    }
    # home areas are N/A for their owner in the NOC
    for power in CHARTS.power_codes:
        assert CHARTS.objective(power, power) is None


@pytest.mark.rule("OWW NOC")
def test_noc_rows_as_printed() -> None:
    def row(area: str) -> list[str]:
        return [str(CHARTS.objective(area, p) or "-") for p in CHARTS.power_codes]

    assert row("ALS") == ["-", "C6", "-", "-", "C1"]
    assert row("AUS") == ["NC2", "U1", "-", "-", "C4"]
    assert row("POL") == ["NC5", "U2", "U3", "C4", "C3"]
    assert row("GER") == ["NU2", "U2", "U3", "U6", "-"]
    assert row("USA") == ["-", "-", "U5", "-", "-"]
    total = sum(len(r) for r in CHARTS.noc.values())
    assert total == 44  # entries that are neither "-" nor N/A


@pytest.mark.rule("OWW BASE")
def test_base_chart_as_printed_including_germanys_31() -> None:
    assert [CHARTS.base[t]["GER"] for t in range(1, 7)] == [12, 16, 20, 24, 28, 31]
    assert [CHARTS.base[t]["USA"] for t in range(1, 7)] == [2, 4, 6, 8, 10, 12]
    assert CHARTS.base[3] == {"USA": 6, "FRA": 8, "GBR": 12, "USSR": 10, "GER": 20}
    state = make(turn=6)
    assert pool(state, "GER", CHARTS).total == 31


@pytest.mark.rule("OWW BONUS")
@pytest.mark.rule("OWW 3.1")
def test_bonus_from_others_control_markers_and_the_sole_control_asterisk() -> None:
    # Germany controls Poland alone: USSR gets C/GER* (2); USA, FRA, GBR get C/Any (2)
    alone = make({"POL": {"GER": (0, "C")}}, turn=2)
    assert pool(alone, "USSR", CHARTS).total == 8 + 2
    assert [pool(alone, p, CHARTS).bonus for p in ("USA", "FRA", "GBR", "GER")] == [2, 2, 2, 0]
    # shared with USSR: not sole, so USSR's and Germany's asterisked bonuses lapse
    shared = make({"POL": {"GER": (0, "C"), "USSR": (0, "C")}}, turn=2)
    assert pool(shared, "USSR", CHARTS).bonus == 0
    assert pool(shared, "GER", CHARTS).bonus == 0
    assert pool(shared, "USA", CHARTS).bonus == 2
    # U/Any: an Understanding in Germany pays the USA 1
    assert pool(make({"GER": {"USSR": (0, "U")}}), "USA", CHARTS).bonus == 1
    # an Understanding does not pay a C/ entry
    assert pool(make({"CZE": {"GER": (2, "U")}}), "USA", CHARTS).bonus == 0
    several = make({"CZE": {"GER": (0, "C")}, "AUS": {"GER": (0, "C")}}, turn=1)
    got = pool(several, "FRA", CHARTS)
    assert got.base == 4 and got.bonus == 2
    assert sorted(a for a, _ in got.bonuses) == ["AUS", "CZE"]


@pytest.mark.rule("OWW DCT")
def test_dct_as_printed_and_the_odds_columns() -> None:
    assert CHARTS.dct_columns == ("1-2", "1-1", "2-1", "3-1", "4-1", "5-1")
    table = [[result_code(c, d, CHARTS) for c in CHARTS.dct_columns] for d in range(1, 7)]
    assert table == [
        ["Xa", "D", "D", "D", "D", "D"],
        ["-", "Xd", "Xd", "D", "D", "D"],
        ["-", "-", "Xd", "D", "D", "D"],
        ["A1", "-", "Xd", "Xd", "D", "D"],
        ["A", "A", "-", "Xd", "Xd", "D"],
        ["A", "A", "-", "-", "Xd", "Xd"],
    ]
    # ruling R3: rounded down for the defender, capped at 5-1, below 1-2 automatic A
    assert odds_column(7, 3, CHARTS) == "2-1"
    assert odds_column(5, 8, CHARTS) == "1-2"
    assert odds_column(3, 7, CHARTS) is None
    assert odds_column(60, 2, CHARTS) == "5-1"
    assert result_code(None, 0, CHARTS) == "A"


@pytest.mark.rule("OWW DCT")
def test_dct_results_move_the_right_pfs() -> None:
    row = {"FRA": Box(6, ""), "GER": Box(4, "")}
    # 6 vs 4 is 1-1; die 2: Xd, Germany loses all 4, France as many
    out = fight("FRA", "POL", ["GER"], 6, row, CHARTS, ScriptedChance([2]))
    assert (out.column, out.result, out.attacker_loss, out.defender_losses) == (
        "1-1",
        "Xd",
        4,
        {"GER": 4},
    )
    # 2 vs 4 is 1-2; die 4: A1 (ruling R1): attacker loses 1
    out = fight("FRA", "POL", ["GER"], 2, row, CHARTS, ScriptedChance([4]))
    assert (out.result, out.attacker_loss, out.defender_losses) == ("A1", 1, {"GER": 0})
    # die 1 at 1-2: Xa, the attacker removes all his PFs in the area (6, not the 2
    # committed: the printed key, ruling R4), the defender an equal number (all his 4)
    out = fight("FRA", "POL", ["GER"], 2, row, CHARTS, ScriptedChance([1]))
    assert (out.result, out.attacker_loss, out.defender_losses) == ("Xa", 6, {"GER": 4})
    # 1 vs 4 is worse than 1-2: automatic A, no die rolled; all 6 of France's PFs go
    chance = ScriptedChance([])
    out = fight("FRA", "POL", ["GER"], 1, row, CHARTS, chance)
    assert (out.die, out.result, out.attacker_loss) == (None, "A", 6)
    assert chance.draws == []
