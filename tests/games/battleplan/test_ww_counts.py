"""The counts the 1939 victory conditions (set B) imply, computed from the map data.

Each number in brackets in a victory line ("(18 spaces, 360)") is checked against what the
data gives; none is typed into the data. Where the book's own lines disagree with each other
(the total of land spaces: 224 in five lines, 223 in two; the real map has 223), ruling
W-COUNT in docs/rulings/battleplan-world.md says so and the test pins the difference.
"""

from __future__ import annotations

from collections import Counter

import pytest

from umpire.games.battleplan.world.geography import world_map
from umpire.games.battleplan.world.powers1939 import (
    CENTRAL_AMERICA_EXTRA,
    CONTINENTAL_EUROPE,
    LOW_COUNTRIES_CORE,
    MEDITERRANEAN,
    MEXICO_AND_CENTRAL_AMERICA,
    RUSSIA_TARGETS,
    WARM_WATER,
    africa,
    bordering,
    power,
    powers_1939,
    region,
)

GM = world_map(icepack=False)
LAND = len(GM.countries)


def _original(n: int) -> set[str]:
    return set(power(n).spaces)


def test_print_the_map_counts(capsys: pytest.CaptureFixture[str]) -> None:
    regions = Counter(c[0] for c in GM.countries)
    lines = [f"land spaces {LAND}, seas {len(GM.seas)}"]
    lines += [f"  region {r}: {regions[r]}" for r in "EANSPCRMI"]
    lines += [f"  {p.number:2} {p.name}: {len(p.spaces)} original" for p in powers_1939()]
    neutral = LAND - sum(len(p.spaces) for p in powers_1939())
    lines.append(f"  neutral minors: {neutral}")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert LAND == 223 and len(GM.seas) == 32 and neutral == 38


@pytest.mark.rule("WW 1939.powers")
def test_thirteen_powers_nine_major_four_minor_and_no_space_twice() -> None:
    ps = powers_1939()
    assert [p.number for p in ps] == list(range(1, 14))
    assert [p.major for p in ps] == [False] * 4 + [True] * 9  # "the first four ... minor"
    spaces = [s for p in ps for s in p.spaces]
    assert len(spaces) == len(set(spaces)) and set(spaces) <= set(GM.countries)


@pytest.mark.rule("WW 1939.vp1")
def test_argentina_chile_spain_counts() -> None:
    assert len(_original(1)) == 9  # "each original space owned (9 spaces, 450)"
    assert {"ENA", "EAR"} <= _original(1)
    other_sa = set(region(GM, "S")) - _original(1)
    assert len(other_sa) == 18 and "SFA" in other_sa  # "(including SFA) (18 spaces, 360)"


@pytest.mark.rule("WW 1939.vp2")
def test_brazil_portugal_counts() -> None:
    assert "EPR" in _original(2) and len(_original(2) - {"EPR"}) == 9  # "other original (9)"
    assert len(set(region(GM, "S")) - _original(2)) == 16  # "(16 spaces, 320)"
    assert _original(2) & set(africa(GM))  # "still owns at least one African colony"


@pytest.mark.rule("WW 1939.vp3")
def test_colombia_cuba_mexico_counts() -> None:
    assert len(_original(3)) == 12  # "(12 spaces 300)"
    assert len(CENTRAL_AMERICA_EXTRA) == 9 and not set(CENTRAL_AMERICA_EXTRA) & _original(3)
    assert set(CENTRAL_AMERICA_EXTRA) <= set(GM.countries)
    assert len(MEXICO_AND_CENTRAL_AMERICA) == 16 and set(MEXICO_AND_CENTRAL_AMERICA) <= set(
        GM.countries
    )
    assert "NPA" in MEXICO_AND_CENTRAL_AMERICA  # "but including Panama"
    assert len(set(region(GM, "S")) - _original(3)) == 20  # "(20, 200)"
    assert {GM.spaces["NTX"].name, GM.spaces["NCA"].name} == {"Texas", "California"}


@pytest.mark.rule("WW 1939.vp4")
def test_low_countries_counts() -> None:
    assert len(_original(4)) == 13  # "(13, 975 points)"
    assert set(LOW_COUNTRIES_CORE) <= _original(4)
    assert power(4).minors == ("ESZ",) and "ESZ" not in _original(4)


@pytest.mark.rule("WW 1939.vp5")
def test_balkans_counts() -> None:
    assert _original(5) == {"ETU", "RBA", "ERO", "EBU", "EYU", "EGR", "ECR"}  # "more than 7"


@pytest.mark.rule("WW 1939.vp6")
def test_china_counts() -> None:
    assert len(region(GM, "C")) == 23  # "(23 spaces, 1380)"
    # "(201 spaces, 603)": one more than the map (ruling W-COUNT: five lines imply 224)
    assert LAND - len(region(GM, "C")) == 201 - 1
    assert len(_original(11)) == 9  # Japan "(fewer than 9 spaces)"


@pytest.mark.rule("WW 1939.vp7")
def test_france_poland_counts() -> None:
    assert {"EFR", "ELY", "EPD"} <= _original(7)
    assert len(_original(7) - {"EFR", "ELY", "EPD"}) == 20  # "(20 spaces, 2000)"
    assert set(region(GM, "C")) & _original(7) == {"CLA", "CCA", "CVN"}  # Indochina
    assert LAND - len(_original(7)) == 201 - 1  # "(201 spaces, 402 points)" (W-COUNT)
    assert len(_original(8)) == 5  # Germany "(fewer than 5 spaces)"


@pytest.mark.rule("WW 1939.vp8")
def test_germany_counts() -> None:
    assert len(_original(8)) == 5  # "(more than 5 spaces)"
    assert len(CONTINENTAL_EUROPE) == 23
    # "everything that starts with an 'E' except Scandinavia, Turkey, and the islands"
    rest = set(region(GM, "E")) - set(CONTINENTAL_EUROPE)
    assert {"ESW", "ENO", "EFI", "ETU"} <= rest
    two_space_islands = ("EGB", "ESC", "EIR", "ENI")  # Britain, Ireland
    assert all(
        GM.spaces[c].island or c in ("ESW", "ENO", "EFI", "ETU", *two_space_islands) for c in rest
    )
    # "10 points for each space on the map owned (223 spaces)": the real map's land spaces
    assert LAND == 223
    assert len([p for p in powers_1939() if p.number != 8]) == 12  # "(12 players, 300)"


@pytest.mark.rule("WW 1939.vp9")
def test_great_britain_counts() -> None:
    empire = _original(9)
    assert {"EGI", "AEG", "EGB", "ESC"} <= empire
    assert len(empire - {"EGI", "AEG", "EGB", "ESC"}) == 55  # "other 55 parts of the Empire"
    assert LAND - len(empire) == 165 - 1  # "(165 spaces, 330 points)" (W-COUNT)
    assert set(WARM_WATER) <= set(GM.countries)


@pytest.mark.rule("WW 1939.vp10")
def test_italy_counts() -> None:
    assert len(_original(10)) == 7  # "(7 spaces, 700)"
    med = set(bordering(GM, MEDITERRANEAN)) - _original(10) - {"AEG"}
    assert len(med) == 13  # "(other than Egypt) (13 spaces, 975)"
    assert "AEG" in bordering(GM, MEDITERRANEAN)
    assert LAND - len(_original(10)) - len(med) - 1 == 203 - 1  # "(203 spaces, 1015)" (W-COUNT)


@pytest.mark.rule("WW 1939.vp11")
def test_japan_counts() -> None:
    home = set(power(11).home_islands)
    assert len(home) == 3 and home <= _original(11)  # "(3 spaces, 450)"
    c_spaces = set(region(GM, "C"))
    assert len(c_spaces - home) == 20  # "other space beginning with 'C' (20 spaces)"
    assert len(region(GM, "P")) == 22  # "(22 spaces, 1320)"
    assert {"RKM", "NAK"} <= set(GM.countries)
    other = set(GM.countries) - home - c_spaces - set(region(GM, "P"))
    # "(178 spaces, 356)": 223 - 3 - 20 - 22 with RKM and NAK, exactly
    assert len(other) == 178


@pytest.mark.rule("WW 1939.vp12")
def test_russia_counts() -> None:
    assert len(_original(12)) == 15  # "(15 spaces, 1500)"
    assert len(RUSSIA_TARGETS) == 12 and not set(RUSSIA_TARGETS) & _original(12)
    other = set(GM.countries) - _original(12) - set(RUSSIA_TARGETS) - set(WARM_WATER)
    assert len(other) == 194 - 1  # "(194 spaces, 970)" (W-COUNT)


@pytest.mark.rule("WW 1939.vp13")
def test_usa_counts() -> None:
    assert len(_original(13)) == 13  # "(13 spaces, 1300 points)"
    assert {"PLU", "PMI"} <= set(GM.countries) and GM.spaces["PMD"].name == "Midway"
    # "each space still owned by its original player ... with the exception of USA spaces,
    # Germany, Italy, and Japan (151 spaces)"
    others = [p for p in powers_1939() if p.number not in (8, 10, 11, 13)]
    assert sum(len(p.spaces) for p in others) == 151
    assert len(powers_1939()) == 13  # "(13 players, 325)"
