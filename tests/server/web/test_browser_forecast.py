"""The game page's "Try orders" in a real browser: a player opens it under his order box, tries
an order, reads the forecast's printout, map and problems on the forecast page, adds a guess for
another power there and sees it change the outcome; nothing is submitted (his game page still
has no orders this turn), all under the pages' CSP.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser import Live, chrome, context, live, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

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
