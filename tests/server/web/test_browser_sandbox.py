"""The public Diplomacy sandbox in a browser (issue 32): orders for two powers that bounce in
Burgundy, adjudicated and drawn; the share link opens the same position and orders.
Screenshots at 1280x900 and 390x844: docs/screenshots/sandbox-desktop.png, sandbox-phone.png."""

from __future__ import annotations

from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason

pytestmark = pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")
__all__ = ["chrome", "live"]  # the fixtures, used by name

PHONE = {"width": 390, "height": 844}


def test_a_bounce_in_the_sandbox_and_its_share_link(chrome: Any, live: Live) -> None:
    ctx = context(chrome, live, None)
    page = ctx.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/sandbox/diplomacy/")
    assert page.locator("figure.map svg").count() >= 1  # the opening position, drawn
    page.fill("textarea[name=o-FRA]", "A par - bur\nA mar S A par - bur")
    page.fill("textarea[name=o-GER]", "A mun - bur")
    page.click("button:has-text('Adjudicate')")
    page.wait_for_selector("#result-title")
    printout = page.inner_text("pre.printout")
    assert "bur" in printout.lower()
    share = page.locator("a.share").get_attribute("href")
    assert share
    shot(page, "sandbox-desktop")
    page.set_viewport_size(PHONE)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, width  # nothing wider than the phone's screen
    shot(page, "sandbox-phone")
    again = ctx.new_page()
    again.goto(share)
    again.wait_for_selector("#result-title")
    assert again.inner_text("pre.printout") == printout
    assert again.input_value("textarea[name=o-GER]").strip() == "A mun - bur"
    ctx.close()
