"""Golden printouts of a scripted 1939 III game, from the Winter 1938 builds to the Winter
1939 adjustments (tank movements, a bomber support, a transfer and alternate winter orders).

The expected reports are ``golden/1939-turn<n>-<power>.txt``. After a deliberate change of
the printout, regenerate them with ``UMPIRE_UPDATE_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

from umpire.core import session
from umpire.core.record import GameRecord

GOLDEN = Path(__file__).parent / "golden"
REPORTS = ("GER", "FRA", None)  # the game is open: every report shows the same board

SCRIPT: list[dict[str, str]] = [
    {  # Winter 1938: the initial builds (D39 15, 18)
        "GER": "Build A ber\nBuild A kie\nBuild T mun\nBuild B aus",
        "FRA": "Build A par\nBuild A mar\nBuild F bre",
        "ITA": "Build A ven\nBuild F nap",
        "RUS": "Build A mos\nBuild A len",
    },
    {  # Spring 1939
        "GER": "T(Mun) - Bel via Ruh\nA(Ber) - Sil\nA(Kie) - Den\nB(Aus) Stands",
        "FRA": "A(Par) - Bur\nA(Mar) - Spa\nF(Bre) - MAO",
        "ITA": "A(Ven) - Pie\nF(Nap) - ION",
        "RUS": "A(Mos) - Ukr\nA(Len) - Fin",
    },
    {  # Autumn 1939
        "GER": "T(Ruh) - Bel\nA(Sil) - Cze\nB(Aus) - Cze [S A(Sil) - Cze] - Aus\nA(Kie) - Hol",
        "FRA": "A(Bur) - Bel\nA(Mar) H\nF(MAO) H",
        "ITA": "A(Pie) H\nF(ION) H",
        "RUS": "A(Ukr) - Roa\nA(Len) H",
    },
    {  # Winter 1939: Germany gives Italy 3 SP; France hoped for SP that never come (D39 12)
        "GER": "Transfer 3 SP to Italy\nBuild A ber\nBuild A mun",
        "FRA": "Build T par\nBuild A bre\nAlternate (if Germany's SP do not arrive):\nBuild T par",
        "ITA": "Build A rom\nBuild A ven\nBuild F nap\nAlternate:\nBuild A rom\nBuild A ven",
    },
]


@cache
def scripted_game() -> GameRecord:
    record = session.create("diplomacy", scenario="1939-iii", seed=1939)
    for orders in SCRIPT:
        for power, text in orders.items():
            receipt = session.submit(record, power, text)
            assert receipt.ok, receipt.text()
        session.process(record)
    return record


@pytest.mark.rule("D39 1")
def test_golden_printouts() -> None:
    record = scripted_game()
    update = os.environ.get("UMPIRE_UPDATE_GOLDEN") == "1"
    for turn in range(1, len(record.turns) + 1):
        for power in REPORTS:
            name = f"1939-turn{turn}-{power or 'umpire'}.txt"
            text = session.report(record, power, turn=turn)
            path = GOLDEN / name
            if update:
                GOLDEN.mkdir(exist_ok=True)
                path.write_text(text)
            assert path.exists(), f"{name} missing: run with UMPIRE_UPDATE_GOLDEN=1"
            assert text == path.read_text(), name


@pytest.mark.rule("D39 12")
@pytest.mark.rule("D39 24")
@pytest.mark.rule("D39 38")
def test_scripted_game_facts() -> None:
    record = scripted_game()
    labels = [t.label for t in record.turns]
    assert labels == [
        "Winter 1938 adjustments",
        "Spring 1939 movement",
        "Autumn 1939 movement",
        "Winter 1939 adjustments",
    ]
    spring, autumn, winter = (session.report(record, None, turn=n) for n in (2, 3, 4))
    assert "GER T mun - bel via ruh: stopped in ruh" in spring  # stood out of Bel (D39 24)
    assert "GER A sil - cze: moved" in autumn  # with the bomber's support (D39 38)
    assert "FRA: alternate 1 used" in winter and "ITA: alternate" not in winter
    assert winter.startswith(
        "Results of Winter 1939 adjustments · orders due for Spring 1940 movement\n"
    )
