"""The player's seat (issue 29), in a real browser: the map and the order box together on a
laptop's screen, and on a phone a map as wide as the screen that zooms (pinch, buttons) and
pans without a drag being taken for a click or a click for a drag. Screenshots of every
game's map at both sizes: docs/screenshots/layout-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason
from .test_browser import box_lines

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return dict(box)


def _inside(box: dict[str, float], frame: dict[str, float]) -> bool:
    return (
        box["x"] >= frame["x"] - 0.5
        and box["y"] >= frame["y"] - 0.5
        and box["x"] + box["width"] <= frame["x"] + frame["width"] + 0.5
        and box["y"] + box["height"] <= frame["y"] + frame["height"] + 0.5
    )


def _settled_scale(page: Any, want: float) -> float:
    """The map's zoom once it has reached ``want`` (Chromium 156 applies Panzoom's reset a frame
    later, even unanimated), or what it is after five seconds of waiting."""
    for _ in range(50):
        scale = _scale(page)
        if scale == pytest.approx(want):
            return scale
        page.wait_for_timeout(100)
    return _scale(page)


def _scale(page: Any) -> float:
    """The zoom of the map shown: the scale of its CSS transform (1: the whole map)."""
    return float(
        page.evaluate(
            """() => {
              const svg = Array.from(document.querySelectorAll('figure.map svg'))
                .find(s => s.getClientRects().length);
              const m = new DOMMatrix(getComputedStyle(svg.closest('.map-canvas')).transform);
              return m.a;
            }"""
        )
    )


def _zoom_in(page: Any, times: int) -> None:
    for _ in range(times):
        page.click("figure.map .map-zoom button[data-zoom=in]")


def _drag(page: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


GAMES = [
    ("diplomacy", "standard"),
    ("diplomacy", "1939-iii"),
    ("battleplan", "europe"),
    ("battleplan", "equal"),  # the world map
    ("conquest", "standard"),
    ("origins", "historical"),
    ("spi-ww2", "6-player"),
]


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_the_order_box_beside_the_map_on_a_laptop_and_under_it_on_a_phone(
    chrome: Any, live: Live, game: str, scenario: str
) -> None:
    """At 1280x900 the whole map and the order box are on the first screen, side by side,
    and the order box stays in view while the page scrolls down to the printout. At 390x844
    the map takes the screen's whole width, the order box under it, nothing wider than the
    screen."""
    setup = live.setup("single", game, scenario)
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.set_viewport_size(DESKTOP)
    page.goto(f"/games/{gid}/")
    screen = {"x": 0, "y": 0, **DESKTOP}
    board, orders = _box(page, "figure.map svg"), _box(page, "textarea#orders")
    submit = _box(page, "#orderform button:has-text('Submit orders')")
    assert _inside(board, screen), board
    assert _inside(orders, screen) and _inside(submit, screen), (orders, submit)
    assert orders["x"] >= board["x"] + board["width"]  # beside the map, not under it
    assert orders["y"] < board["y"] + board["height"]
    assert board["width"] >= 800, board  # the map keeps most of the width
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    name = f"layout-{game}-{scenario}"
    shot(page, f"{name}-desktop")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down to the printout
    assert _inside(_box(page, "textarea#orders"), screen)
    page.set_viewport_size(PHONE)
    page.goto(f"/games/{gid}/")
    board, orders = _box(page, "figure.map svg"), _box(page, "textarea#orders")
    assert board["x"] <= 0.5 and board["width"] >= PHONE["width"] - 1, board  # edge to edge
    assert orders["y"] >= board["y"] + board["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("figure.map").scroll_into_view_if_needed()
    shot(page, f"{name}-phone")
    _zoom_in(page, 4)
    assert _scale(page) > 3
    shot(page, f"{name}-phone-zoomed")
    if page.locator(".map-views button").count():  # an enlarged part zooms the same way
        page.click(".map-views button[data-view=europe]")
        page.wait_for_selector(".map-view[data-view=europe] .map-pan svg")
        assert _scale(page) == pytest.approx(1)
        _zoom_in(page, 2)
        assert _scale(page) > 1.5
        assert page.locator(".map-view[data-view=world]").is_hidden()


def test_on_a_phone_the_map_zooms_and_pans_and_its_units_take_clicks(
    chrome: Any, live: Live
) -> None:
    """At 390x844 the map is as wide as the screen; zooming in (the + button) scales it, a
    unit is then a tap target of at least 24x24 CSS px (WCAG 2.2 target size); a drag pans
    the map and picks nothing; a click on a unit and then on a space still gives its order."""
    setup = live.setup("diplomacy")  # seven players, Spring 1901
    gid = setup["game"]
    page = context(chrome, live, setup["sessions"]["FRA"]).new_page()
    page.set_viewport_size(PHONE)
    page.goto(f"/games/{gid}/")
    hint = page.inner_text(".map-hint")
    frame = _box(page, "figure.map .map-pan")
    board = _box(page, "figure.map svg")
    assert board["x"] <= 0.5 and board["width"] >= PHONE["width"] - 1, board  # edge to edge
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    army = 'figure.map [data-unit="FRA A par"]'
    small = _box(page, army)
    assert small["width"] < 24 and small["height"] < 24  # the whole map: a thumbnail
    _zoom_in(page, 6)
    assert _scale(page) > 5, _scale(page)
    assert _box(page, "figure.map svg")["width"] > 5 * board["width"]
    frame = _box(page, "figure.map .map-pan")
    assert frame == _box(page, "figure.map .map-pan")  # the frame keeps its place on the page
    assert page.inner_text(".map-hint") == hint  # the buttons over the map are no map click
    # Pan until Paris stands in the middle of the frame: a drag.
    before = _box(page, army)
    mid = _centre(frame)
    here = _centre(before)
    start = (mid[0] + (here[0] - mid[0]) / 3, mid[1] + (here[1] - mid[1]) / 3)
    _drag(page, start, (start[0] - (here[0] - mid[0]), start[1] - (here[1] - mid[1])))
    unit = _box(page, army)
    assert abs(_centre(unit)[0] - mid[0]) < 30 and abs(_centre(unit)[1] - mid[1]) < 30, unit
    assert unit["width"] >= 24 and unit["height"] >= 24, unit  # WCAG 2.2 target size
    assert page.locator("figure.map .picked").count() == 0  # the drag picked nothing
    assert page.inner_text(".map-hint") == hint and box_lines(page) == []
    shot(page, "layout-diplomacy-phone-panned")
    # A click (no drag) on the army, then on Burgundy: the menu of its orders there.
    page.mouse.click(*_centre(unit))
    assert "A par" in page.inner_text(".map-hint")
    burgundy = _box(page, 'figure.map text.label[data-space="bur"]')
    assert _inside(burgundy, frame), burgundy
    page.mouse.click(*_centre(burgundy))
    page.click("#map-menu button:has-text('A par - bur')")
    assert box_lines(page) == ["A par - bur"]
    # Back to the whole map; the full-screen view fills the screen and leaves it with Esc.
    page.click("figure.map .map-zoom button[data-zoom=reset]")
    assert _settled_scale(page, 1) == pytest.approx(1)
    page.click("figure.map .map-zoom button[data-zoom=full]")
    full = _box(page, "figure.map")
    assert full["width"] == PHONE["width"] and full["height"] == PHONE["height"]
    # The map's height fills the screen's (the rest a drag away), not a strip in the middle.
    assert _scale(page) > 2.5 and _box(page, army)["height"] > 2.5 * small["height"]
    shot(page, "layout-diplomacy-phone-full-screen")
    page.keyboard.press("Escape")
    assert _box(page, "figure.map")["height"] < PHONE["height"] / 2


@pytest.mark.rule("SPI 10.0")
def test_spi_hex_numbers_show_once_zoomed_and_clicks_find_the_hex(chrome: Any, live: Live) -> None:
    """The SPI map's hex numbers are hidden on the whole map (unreadable there) and shown once
    zoomed in; the hex found under a click counts the zoom and the pan (the counter clicked
    is the stack picked)."""
    setup = live.setup("seated", "spi-ww2", "6-player", "GER", "movement", "3")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.set_viewport_size(DESKTOP)
    page.goto(f"/games/{gid}/")
    numbers = "figure.map svg g.labels"
    assert not page.locator(numbers).is_visible()
    # Ctrl + wheel (a trackpad's pinch) zooms; a plain wheel scrolls the page, not the map.
    page.mouse.move(*_centre(_box(page, "figure.map .map-pan")))
    page.mouse.wheel(0, 300)
    assert _scale(page) == pytest.approx(1)
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.move(*_centre(_box(page, "figure.map .map-pan")))
    page.keyboard.down("Control")
    page.mouse.wheel(0, -300)
    page.keyboard.up("Control")
    assert _scale(page) > 1.05
    page.click("figure.map .map-zoom button[data-zoom=reset]")
    _zoom_in(page, 3)
    assert page.locator(numbers).is_visible()
    text = page.locator(f"{numbers} text").first.bounding_box()
    assert text is not None and text["height"] >= 6, text  # readable once shown
    frame = _box(page, "figure.map .map-pan")
    mid = _centre(frame)
    # The German stack nearest the frame's middle, panned there by a drag: the map moves, the
    # counter is then in the frame, at another place on the screen.
    hexes = page.locator("figure.map g.unit[data-space]").evaluate_all(
        "els => els.map(e => [e.dataset.space, e.querySelector('title').textContent])"
    )
    mine = [h for h, title in hexes if "GER" in title]

    def counter_of(hid: str) -> dict[str, float]:
        return _box(page, f'figure.map g.unit[data-space="{hid}"] rect')

    def far(hid: str) -> float:
        x, y = _centre(counter_of(hid))
        return (x - mid[0]) ** 2 + (y - mid[1]) ** 2

    hid = min(mine, key=far)
    was = _centre(counter_of(hid))
    _drag(page, mid, (mid[0] - (was[0] - mid[0]), mid[1] - (was[1] - mid[1])))
    counter = counter_of(hid)
    assert _inside(counter, frame) and _centre(counter) != was, (counter, was)
    assert page.locator("g.hex-picked polygon").count() == 0  # the drag picked nothing
    mapped = page.evaluate(
        """h => {
          const svg = document.querySelector('figure.map svg');
          const r = svg.querySelector(`g.unit[data-space="${h}"] rect`);
          const x = r.x.baseVal.value + r.width.baseVal.value / 2;
          const y = r.y.baseVal.value + r.height.baseVal.value / 2;
          const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
          return [p.x, p.y];
        }""",
        hid,
    )
    cx, cy = _centre(counter)
    assert abs(mapped[0] - cx) < 1.5 and abs(mapped[1] - cy) < 1.5, (mapped, counter)
    page.mouse.click(cx, cy)
    page.wait_for_function(
        "h => document.querySelector('g.hex-picked polygon') && "
        "document.querySelector('g.hex-picked polygon').dataset.hex === h",
        arg=hid,
    )
    shot(page, "layout-spi-ww2-desktop-zoomed")
