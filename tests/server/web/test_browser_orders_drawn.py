"""Orders drawn on the map as they are given, in a real browser (issue 29): a Diplomacy move and
a Battle Plan move chosen by clicking the map are drawn as arrows in the player's colour
before anything is submitted; a refused line is listed under the box, not drawn; after the
orders are sent and the page reloaded, the arrows are drawn again, the box holds the accepted
orders and the unit's list shows its order. Screenshots: docs/screenshots/
diplomacy-orders-drawn.png, battleplan-orders-drawn.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason
from .test_browser_battleplan import _box, _choose, _click, _lists, _plan

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

MARKS = "figure.map svg > g.order-marks"


def _send(page: Any) -> str:
    """Send the box (not ready: the turn waits, and the page still takes orders)."""
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    return str(page.inner_text("#receipt"))


def _marks(page: Any) -> list[tuple[str, str]]:
    """The marks over the whole map: (line, kind) of each."""
    return [
        (str(a), str(b))
        for a, b in page.locator(f"{MARKS} g.order-mark").evaluate_all(
            "els => els.map(e => [e.dataset.line, e.dataset.kind])"
        )
    ]


def test_a_diplomacy_move_clicked_on_the_map_is_drawn_before_it_is_sent(
    chrome: Any, live: Live
) -> None:
    setup = live.setup("seated", "diplomacy", "standard", "GER", "moves", "1")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    assert page.locator(MARKS).count() == 0  # nothing ordered yet, nothing drawn
    # A unit of his with a move: its list's first "X abc - xyz".
    moves = page.locator("select.order-select option").evaluate_all(
        "els => els.map(e => e.value).filter(v => / - /.test(v) && !/ via /.test(v))"
    )
    move = next(m for m in moves if "/" not in m)
    kind, here, _, there = move.split()
    page.locator(f'figure.map [data-unit="{power} {kind} {here}"]').first.click(force=True)
    page.locator(f'figure.map text.label[data-space="{there}"]').first.click(force=True)
    if page.locator("#map-menu").count():  # a support naming the same province: a menu
        page.click(f'#map-menu button[data-order="{move}"]')
    assert page.inner_text(".map-hint") == f"Added: {move}"
    page.wait_for_selector(f'{MARKS} g.order-mark[data-kind="move"]')
    arrow = page.locator(f"{MARKS} line.arrow").first
    colour = arrow.get_attribute("stroke")
    own = page.locator(f'figure.map [data-unit="{power} {kind} {here}"]').first
    assert colour == own.get_attribute("fill")  # in the power's own colour
    assert _marks(page) == [("1", "move")]
    # A line the engine refuses is listed under the box, not drawn.
    page.fill("textarea#orders", f"{move}\n{kind} {here} - atlantis\n")
    page.wait_for_selector("ul.preview-problems li[data-line='2']")
    assert "atlantis" in page.inner_text("ul.preview-problems")
    assert _marks(page) == [("1", "move")]
    # For the picture: an order for every unit of his (its list's last move, else its first).
    every = page.locator("select.order-select").evaluate_all(
        """els => els.map(s => Array.from(s.options).map(o => o.value)
          .filter(v => / - /.test(v) && !/ via | S | C /.test(v)).pop()
          || Array.from(s.options).map(o => o.value).filter(v => v)[0])"""
    )
    page.fill("textarea#orders", "\n".join([*every, f"{kind} {here} - atlantis"]))
    page.wait_for_function(
        f"() => document.querySelectorAll('{MARKS} g.order-mark').length === {len(every)}"
    )
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "diplomacy-orders-drawn")
    page.fill("textarea#orders", move)
    page.wait_for_function(f"() => document.querySelectorAll('{MARKS} g.order-mark').length === 1")
    receipt = _send(page)
    assert "1 order accepted" in receipt or move in receipt, receipt
    # Reloaded: the arrow again, the box holds the accepted order only, the list shows it.
    page.goto(f"/games/{gid}/")
    page.wait_for_selector(f'{MARKS} g.order-mark[data-kind="move"]')
    assert _marks(page) == [("1", "move")]
    assert page.input_value("textarea#orders").splitlines() == [move]
    assert page.input_value(f'select.order-select[data-unit="{kind} {here}"]') == move


def test_a_battle_plan_move_clicked_on_the_map_is_drawn_before_it_is_sent(
    chrome: Any, live: Live
) -> None:
    setup = live.setup("single", "battleplan")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    lists = _lists(page)
    own, target, move, build, most = _plan(lists)
    page.goto(f"/games/{gid}/")  # the lists not loaded, as a player finds them
    board = "figure.map svg"
    _click(page, board, own)
    _click(page, board, target)
    part = max(most // 2, 1)
    _choose(page, move, part)
    moved = re.sub(r"AT\d+", f"AT{part}", move)
    assert _box(page) == [moved]
    page.wait_for_selector(f'{MARKS} g.order-mark[data-kind="move"]')
    assert _marks(page) == [("1", "move")]
    # its amount written on the arrow
    written = page.locator(f"{MARKS} g.order-mark text").evaluate_all(
        "els => els.map(e => e.textContent)"
    )
    assert str(part) in written
    _click(page, board, own)
    _click(page, board, own)
    _choose(page, build, None)
    page.wait_for_function(f"() => document.querySelectorAll('{MARKS} g.order-mark').length === 2")
    assert sorted(_marks(page)) == [("1", "move"), ("2", "at")]
    shot(page, "battleplan-orders-drawn")
    receipt = _send(page)
    assert "2 orders accepted" in receipt and "No problems" in receipt, receipt
    page.goto(f"/games/{gid}/")
    page.wait_for_function(f"() => document.querySelectorAll('{MARKS} g.order-mark').length === 2")
    assert page.input_value("textarea#orders").splitlines() == [moved, build]
    # the place's list (its orders not fetched yet) shows an order the box holds for it
    shown = page.input_value(f'select.order-select[data-unit="@{own}"]')
    assert shown in (moved, build)
