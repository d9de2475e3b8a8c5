"""Origins orders given by clicking the map, in a real browser: a click on an area offers the
power's legal orders naming it (the game's own ``order_options``) with the number to use; an
order replaces the one it repeats (one attack an area, OWW 4.3); the receipt accepts the box.
The power's list of orders is fetched when first used (a click on the map).
Screenshot: docs/screenshots/origins-map-orders.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser import Live, chrome, context, live, load_lists, shot, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

LISTED = """() => Array.from(document.querySelectorAll('select.order-select option'))
  .filter(o => o.value).map(o => [o.value, o.dataset.places || ''])"""


def _box(page: Any) -> list[str]:
    return [line for line in page.input_value("textarea#orders").splitlines() if line]


def _offered(page: Any) -> list[str]:
    page.wait_for_selector("#map-menu")  # (a list fetched first, when not yet used)
    return list(
        page.locator("#map-menu button[data-order]").evaluate_all(
            "els => els.map(e => e.dataset.order)"
        )
    )


def _click(page: Any, area: str) -> None:
    page.locator(f'figure.map text.label[data-space="{area}"]').first.click(force=True)


def test_origins_orders_by_clicking_the_map(chrome: Any, live: Live) -> None:
    setup = live.setup("single", "origins", "historical")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    assert "click an area" in page.inner_text(".map-hint")
    load_lists(page)
    listed = page.evaluate(LISTED)
    attacks = [t for t, p in listed if t.startswith("ATTACK ") and p]
    assert len(attacks) >= 2, listed
    area = attacks[0].split()[1]
    naming = [t for t, p in listed if p == f"- {area.lower()}"]
    place = next(t for t in naming if t.startswith("PLACE "))
    most = int(re.findall(r"\d+", place)[0])
    page.goto(f"/games/{gid}/")  # the page afresh: a click on the map fetches the list it needs
    assert page.locator("select.order-select option[data-places]").count() == 0
    _click(page, area)
    assert _offered(page) == naming
    page.fill("#map-menu input[name=amount]", "1")
    shot(page, "origins-map-orders")
    page.click(f'#map-menu button[data-order="{place}"]')
    assert _box(page) == [f"PLACE 1 {area}"]
    first, second = [t for t in naming if t.startswith("ATTACK ")][:2]
    _click(page, area)
    page.click(f'#map-menu button[data-order="{first}"]')  # blank: the most offered
    assert _box(page) == [f"PLACE 1 {area}", first]
    _click(page, area)
    page.fill("#map-menu input[name=amount]", "1")
    page.click(f'#map-menu button[data-order="{second}"]')
    weaker = re.sub(r"WITH \d+", "WITH 1", second)
    assert _box(page) == [f"PLACE 1 {area}", weaker]  # OWW 4.3: one attack an area
    assert most >= 1
    page.check("input[name=ready]")
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    receipt = page.inner_text("#receipt")
    assert "2 orders accepted" in receipt and "No problems" in receipt, receipt
    assert weaker in receipt and f"PLACE 1 {area}" in receipt
