"""The game page's "Try orders" in a real browser: a player opens it under his order box, tries
an order, reads the forecast's printout, map and problems on the forecast page, adds a guess for
another power there and sees it change the outcome; nothing is submitted (his game page still
has no orders this turn), all under the pages' CSP. On the forecast page his orders and his
guesses are drawn on his map as he types them, each power in its colour, and a guess the
position refuses is listed under its box. Screenshots: docs/screenshots/forecast-drawn.png,
forecast-drawn-phone.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

MARKS = "div.board figure.map svg > g.order-marks"

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_a_player_tries_orders_and_nothing_is_sent(chrome: Any, live: Live) -> None:
    setup = live.setup("seated", "diplomacy", "standard", "AUS", "moves", "1")
    gid = setup["game"]
    ctx = context(chrome, live, setup["sessions"]["AUS"])
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    page.goto(f"/games/{gid}/")
    assert "No orders yet this turn." in page.inner_text("#receipt")
    page.locator("details#try-orders > summary").click()
    page.get_by_label("Orders to try").fill("A vie - tyr")
    page.locator("details#try-orders").get_by_role("button", name="Try these orders").click()
    page.wait_for_url(re.compile(rf"/games/{gid}/forecast/$"))
    assert page.evaluate("() => window.__violations") == []
    result = page.locator("section.forecast-result")
    assert result.get_by_role("heading", level=2).inner_text().startswith("Forecast: ")
    printout = result.get_by_role("region", name="Forecast printout").inner_text()
    assert "A vie - tyr" in printout and "failed" not in printout  # alone, Vienna moves
    assert "No problems." in result.inner_text()
    assert result.locator("figure.map svg").count() == 1  # the forecast's map
    own = page.get_by_role("textbox", name="Your orders (AUS)")
    assert own.input_value() == "A vie - tyr"  # the box keeps what he tried
    # A guess that Italy moves to Tyrolia too: the two bounce.
    page.get_by_role("textbox", name="ITA").fill("A ven - tyr")
    page.locator("form.forecast").get_by_role("button", name="Try these orders").click()
    page.wait_for_url(re.compile(rf"/games/{gid}/forecast/$"))
    printout = page.get_by_role("region", name="Forecast printout").inner_text()
    assert re.search(r"A vie - tyr: failed", printout), printout
    assert page.get_by_role("textbox", name="ITA").input_value() == "A ven - tyr"
    # An order that is not understood is listed with its line, and nothing else breaks.
    page.get_by_role("textbox", name="Your orders (AUS)").fill("A vie - xyz")
    page.locator("form.forecast").get_by_role("button", name="Try these orders").click()
    page.wait_for_url(re.compile(rf"/games/{gid}/forecast/$"))
    problems = page.locator("section.forecast-result ul.problems").inner_text()
    assert "AUS: line 1" in problems and "A vie - xyz" in problems
    assert page.evaluate("() => window.__violations") == []  # under the pages' CSP
    # Nothing was submitted: his game page still waits for his orders.
    page.get_by_role("link", name="Game", exact=True).click()
    page.wait_for_url(re.compile(rf"/games/{gid}/$"))
    assert "No orders yet this turn." in page.inner_text("#receipt")
    ctx.close()


def _drawn(page: Any) -> list[tuple[str, str, str]]:
    """(power, line, kind) of every mark drawn over the current map."""
    return [
        (str(p), str(n), str(k))
        for p, n, k in page.locator(f"{MARKS} g[data-power] g.order-mark").evaluate_all(
            "els => els.map(e => [e.closest('g[data-power]').dataset.power,"
            " e.dataset.line, e.dataset.kind])"
        )
    ]


def test_the_forecast_page_draws_orders_and_guesses_as_they_are_typed(
    chrome: Any, live: Live
) -> None:
    setup = live.setup("seated", "diplomacy", "standard", "AUS", "moves", "2")
    gid = setup["game"]
    ctx = context(chrome, live, setup["sessions"]["AUS"])
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    page.goto(f"/games/{gid}/forecast/")
    assert page.locator("div.board figure.map svg").count() == 1  # his map, before any result
    assert page.locator(MARKS).count() == 0
    page.get_by_role("textbox", name="Your orders (AUS)").fill("A vie - tyr\nF tri - adr")
    page.wait_for_function(f"() => document.querySelectorAll('{MARKS} g.order-mark').length === 2")
    assert _drawn(page) == [("AUS", "1", "move"), ("AUS", "2", "move")]
    # A guess for Italy is drawn too, in Italy's colour and fainter; a refused guess is listed
    # under Italy's box, not drawn.
    page.get_by_role("textbox", name="ITA").fill("A ven - tyr\nA rom - atlantis")
    page.wait_for_function(f"() => document.querySelectorAll('{MARKS} g.order-mark').length === 3")
    assert ("ITA", "1", "move") in _drawn(page)
    italy = page.locator(f'{MARKS} g[data-power="ITA"]')
    assert italy.get_attribute("opacity") == "0.7"
    ours = page.locator(f'{MARKS} g[data-power="AUS"] line.arrow').first.get_attribute("stroke")
    theirs = italy.locator("line.arrow").first.get_attribute("stroke")
    assert ours and theirs and ours != theirs  # each power in its own colour
    problems = page.locator("label.order-box:has(textarea[name=guess-ITA]) + ul.preview-problems")
    problems.wait_for()
    assert "atlantis" in problems.inner_text() and "line 2" in problems.inner_text()
    assert page.locator("label.order-box:has(textarea[name=orders]) + ul").is_hidden()
    page.get_by_role("textbox", name="ITA").fill("A ven - tyr")  # Italy's guess, mended
    page.wait_for_function(
        "() => document.querySelector('label.order-box:has(textarea[name=guess-ITA])"
        " + ul.preview-problems').hidden"
    )
    shot(page, "forecast-drawn")
    # Tried: the forecast's own map shows the result; the boxes' marks stay on his map only.
    page.locator("form.forecast").get_by_role("button", name="Try these orders").click()
    page.wait_for_url(re.compile(rf"/games/{gid}/forecast/$"))
    page.wait_for_function(f"() => document.querySelectorAll('{MARKS} g.order-mark').length === 3")
    assert page.locator("section.forecast-result figure.map svg > g.order-marks").count() == 0
    assert re.search(r"A vie - tyr: failed", page.inner_text("section.forecast-result"))
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, width  # nothing wider than the phone
    # one column: his map, the forecast's result, then the boxes
    tops = page.evaluate(
        """() => ['div.board', 'section.forecast-result', 'form.forecast']
          .map(s => document.querySelector(s).getBoundingClientRect().top)"""
    )
    assert tops == sorted(tops), tops
    page.locator("div.board figure.map").scroll_into_view_if_needed()
    shot(page, "forecast-drawn-phone")
    assert page.evaluate("() => window.__violations") == []
    ctx.close()
