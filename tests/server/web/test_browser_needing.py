"""The games needing a player in a browser (issue 31, replacements): Germany's player missed
two turns in a row, so Germany is listed with the position's summary; a newcomer takes it
over and lands on the game page as Germany's player. Screenshots at 1280x900 and 390x844:
docs/screenshots/needing-laptop.png, needing-phone.png."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason

pytestmark = pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")
__all__ = ["chrome", "live"]  # the fixtures, used by name

SETUP = Path(__file__).with_name("needing_setup.py")
PHONE = {"width": 390, "height": 844}


def _set_up(live: Live) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(SETUP)], env=live.env, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_a_newcomer_takes_over_a_power_from_the_games_needing_a_player(
    chrome: Any, live: Live
) -> None:
    made = _set_up(live)
    ctx = context(chrome, live, made["newcomer"])
    page = ctx.new_page()
    page.goto("/lobby/")
    page.click("text=games needing a player")
    page.wait_for_url("**/games/needing/")
    rows = page.locator("table.needing tbody tr")
    assert rows.count() == 1
    row = rows.nth(0).inner_text()
    assert "Channel Replacement" in row and "Germany" in row
    assert "England" not in row  # England's player ordered each turn
    assert "centres: 3" in row or "supply centres: 3" in row, row  # the public position
    shot(page, "needing-laptop")
    page.set_viewport_size(PHONE)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, width  # nothing wider than the phone's screen
    button = page.locator("table.needing button").bounding_box()
    assert button is not None and button["x"] + button["width"] <= PHONE["width"], button
    shot(page, "needing-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("table.needing button:has-text('Take over')")
    page.wait_for_url(f"**/games/{made['game']}/")
    assert "you play Germany" in page.inner_text("main")
    page.goto("/games/needing/")
    assert "No game needs a player now" in page.inner_text("main")
    ctx.close()
