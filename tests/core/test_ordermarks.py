"""Orders drawn as they are given: the marks of accepted orders, and their SVG (issue 29)."""

from __future__ import annotations

import doctest

import pytest

from umpire.core import mapsvg, ordermarks, session
from umpire.core.ordermarks import AT, MOVE, SUPPORT, Mark, preview
from umpire.games.diplomacy import marks as diplomacy_marks
from umpire.games.diplomacy.v1939 import marks as marks_1939

BOARD = mapsvg.load("umpire.games.diplomacy", "standard")


@pytest.mark.parametrize("module", [ordermarks, diplomacy_marks, marks_1939])
def test_the_doctests_run(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted >= 1 and result.failed == 0


def test_what_is_drawn_is_what_the_engine_accepted() -> None:
    table = session.Table(session.create("diplomacy", scenario="standard", seed=1))
    text = "A ber - sil\n# a comment\nF kie - nowhere\nF stp/sc - bot\nA mun S A ber - sil"
    found = preview(table.ruleset, table.state, "GER", text)
    assert [(n, t) for n, t, _ in found.orders] == [(1, "A ber - sil"), (5, "A mun S A ber - sil")]
    assert [p.line for p in found.problems] == [3, 4]  # unknown province; Russia's fleet
    assert [(n, m.kind) for n, m in found.marks] == [(1, MOVE), (5, SUPPORT)]


def test_a_support_points_at_the_middle_of_the_move_it_supports() -> None:
    marks = [(1, Mark(SUPPORT, ("mun", "ber", "sil")))]
    drawn = ordermarks.svg(BOARD, marks, "#5c4a3a")
    (bx, by), (sx, sy) = BOARD["spaces"]["ber"]["unit"], BOARD["spaces"]["sil"]["unit"]
    middle = ((bx + sx) / 2, (by + sy) / 2)
    assert 'stroke-dasharray="6 4"' in drawn  # dashed, as last turn's supports are drawn
    # the arrow stops short of its end (mapsvg.arrow): it heads toward the middle of the move
    x1, y1 = BOARD["spaces"]["mun"]["unit"]
    x2 = float(drawn.split('x2="')[1].split('"')[0])
    y2 = float(drawn.split('y2="')[1].split('"')[0])
    cross = (x2 - x1) * (middle[1] - y1) - (y2 - y1) * (middle[0] - x1)
    assert abs(cross) < 40  # on the line from Munich to the middle


def test_a_flight_is_drawn_leg_by_leg_to_its_landing_and_its_raid_marked() -> None:
    board = mapsvg.load("umpire.games.diplomacy", "1939-iii")
    marks = [(2, Mark(MOVE, ("ven", "aus", "mun"))), (2, Mark(AT, ("mun",), "raid"))]
    drawn = ordermarks.svg(board, marks, "#3aa04a")
    assert drawn.count("<line") == 4 and drawn.count('class="arrow"') == 1  # each cased
    assert ">raid</text>" in drawn and drawn.count('data-line="2"') == 2


def test_places_off_the_map_are_left_out() -> None:
    drawn = ordermarks.svg(BOARD, [(1, Mark(MOVE, ("ber", "atlantis")))], "#5c4a3a")
    assert drawn == '<g class="order-marks"></g>'


@pytest.mark.rule("D39 37")
def test_a_1939_bomber_flight_is_drawn_through_its_path_with_its_mission() -> None:
    table = session.Table(session.create("diplomacy", scenario="1939-iii", seed=1))
    table.submit("ENG", "Build B edi")  # D39 15: Winter 1938 builds; then Spring 1939
    for power in table.pending().powers:
        if power != "ENG":
            table.bot_submit(power)
    table.process()
    table = session.Table(table.record)
    found = preview(table.ruleset, table.state, "ENG", "B edi - nth - bel (N)\nB edi - xyz")
    assert [(n, m.kind, m.places, m.label) for n, m in found.marks] == [
        (1, MOVE, ("edi", "nth", "bel"), ""),
        (1, AT, ("bel",), "cut"),
    ]
    assert [p.line for p in found.problems] == [2]
