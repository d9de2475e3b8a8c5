"""The profile and leaderboard pages in a browser (issue 31): a player's reliability with the
turns that counted and his rating with the game behind it; a family's leaderboard.
Screenshots: docs/screenshots/community-profile.png, community-leaderboard.png."""

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

SETUP = Path(__file__).with_name("community_setup.py")


def _set_up(live: Live) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(SETUP)], env=live.env, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_a_profile_and_a_leaderboard_explain_every_figure(chrome: Any, live: Live) -> None:
    _set_up(live)
    ctx = context(chrome, live, None)
    page = ctx.new_page()
    page.goto("/players/otto/")
    text = page.inner_text("main")
    assert "50%" in text and "1 of 2 turns due" in text and "1 missed" in text
    assert "Channel Draw" in text and "Diplomacy" in text
    page.click("summary")  # the turns that counted
    assert page.locator("td", has_text="missed").count() == 1
    shot(page, "community-profile")
    page.goto("/ratings/diplomacy/")
    rows = page.locator("tbody tr")
    assert rows.count() == 3
    first, second = rows.nth(0).inner_text(), rows.nth(1).inner_text()
    assert {"winston", "marianne"} <= set((first + second).split())
    assert first.startswith("1") and second.startswith("1")  # drawn: the same place
    assert "otto" in rows.nth(2).inner_text()
    shot(page, "community-leaderboard")
    page.click("text=otto")
    page.wait_for_url("**/players/otto/")
    ctx.close()
