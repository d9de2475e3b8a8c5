"""The turn slider in a real browser: moving it shows that turn's map and printout without a
reload, at the turn's permanent address (Back returns to the turn before); the pieces that
moved slide between the two maps, unless the reader asked for reduced motion; Play steps
through the turns; the spectators' page does the same with the public map, on a phone too.
Screenshots: docs/screenshots/history-slider-desktop.png, history-watch-phone.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

PHONE = {"width": 390, "height": 844}
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


@pytest.fixture(scope="module")
def played(live: Live) -> dict[str, Any]:
    return live.setup("played", "diplomacy", "4")  # three turns processed at least


def test_the_slider_shows_each_turn_in_place(
    chrome: Any, live: Live, played: dict[str, Any]
) -> None:
    gid, power = played["game"], played["power"]
    ctx = context(chrome, live, played["sessions"][power])
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    page.goto(f"/games/{gid}/turn/1/")
    slider = page.get_by_role("slider", name="Turn")
    assert slider.input_value() == "1"
    assert "Results of Spring 1901" in page.inner_text("pre.printout")
    page.evaluate("() => { window.sameDocument = true; }")  # gone if the page reloads
    slider.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(rf"/games/{gid}/turn/2/$"))
    page.wait_for_function(
        "() => document.querySelector('figure.map svg').dataset.moved !== undefined"
    )
    assert page.evaluate("() => window.sameDocument") is True
    assert "Results of Fall 1901" in page.inner_text("pre.printout")
    assert "turn 2 of" in page.inner_text(".history-label")
    assert "Fall 1901" in (slider.get_attribute("aria-valuetext") or "")
    assert int(page.get_attribute("figure.map svg", "data-moved") or "0") >= 1  # units moved
    shot(page, "history-slider-desktop")
    page.go_back()
    page.wait_for_function("() => document.getElementById('history-turn').value === '1'")
    page.wait_for_function(
        "() => document.querySelector('pre.printout').textContent.includes('Spring 1901')"
    )
    assert page.url.endswith(f"/games/{gid}/turn/1/")
    page.locator("a.history-next").click()  # the next link, in place too
    page.wait_for_url(re.compile(rf"/games/{gid}/turn/2/$"))
    assert page.evaluate("() => window.sameDocument") is True
    assert page.locator(".history-downloads a", has_text="SVG").get_attribute("href") == (
        f"/games/{gid}/history.svg"
    )
    assert page.evaluate("() => window.__violations") == []  # under the pages' CSP


def test_the_downloaded_svg_plays_the_turns(
    chrome: Any, live: Live, played: dict[str, Any]
) -> None:
    gid, power = played["game"], played["power"]
    ctx = context(chrome, live, played["sessions"][power])
    svg = ctx.request.get(f"/games/{gid}/history.svg").text()
    page = ctx.new_page()
    page.set_content(svg)
    shown = "() => Array.from(document.querySelectorAll('g.frame'))" + (
        ".filter(g => getComputedStyle(g).visibility === 'visible').map(g => g.dataset.turn)"
    )
    assert page.evaluate(shown) == ["0"]  # the opening first, alone
    page.wait_for_function(f"() => ({shown})().join() === '1'", timeout=10_000)
    page.wait_for_function(f"() => ({shown})().join() === '2'", timeout=10_000)


def test_reduced_motion_moves_nothing(chrome: Any, live: Live, played: dict[str, Any]) -> None:
    gid, power = played["game"], played["power"]
    ctx = context(chrome, live, played["sessions"][power])
    page = ctx.new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/games/{gid}/turn/1/")
    page.get_by_role("slider", name="Turn").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('pre.printout').textContent.includes('Fall 1901')"
    )
    assert page.get_attribute("figure.map svg", "data-moved") is None
    assert page.evaluate("() => document.getAnimations().length") == 0


def test_spectators_play_the_public_maps_on_a_phone(
    chrome: Any, live: Live, played: dict[str, Any]
) -> None:
    gid = played["game"]
    ctx = chrome.new_context(viewport=PHONE, base_url=live.base, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.goto(f"/games/{gid}/watch/0/")
    last = int(page.get_attribute("nav.history", "data-last") or "0")
    assert last >= 3
    play = page.get_by_role("button", name="Play")
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    page.wait_for_url(re.compile(rf"/games/{gid}/watch/1/$"))
    shot(page, "history-watch-phone")
    page.wait_for_function(
        f"() => document.getElementById('history-turn').value === '{last}'", timeout=40_000
    )
    page.wait_for_function(
        "() => document.querySelector('.history-play').getAttribute('aria-pressed') === 'false'"
    )
    assert page.url.endswith(f"/games/{gid}/watch/{last}/")
    assert f"of turn {last}" in page.inner_text(".columns section.left h2")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # the slider fits the phone's screen
