"""A Conquest of the World game watched in a real browser: the spectator, signed in or not,
sees the world map drawn from the public view (ruling C17) with the public events; the player
sees his own map. Screenshots: docs/screenshots/conquest-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures


WORLD = "figure.map svg:not([data-region])"  # the whole map (the enlarged parts are hidden)


def _map(page: Any) -> str:
    return str(page.locator(WORLD).evaluate("svg => svg.outerHTML"))


def test_a_conquest_game_watched_by_a_spectator(chrome: Any, live: Live) -> None:
    setup = live.setup("played", "conquest", "24")
    gid, power = setup["game"], setup["power"]
    maps = []
    for who in (None, "onlooker"):  # anonymous, then signed in: the same public page
        page = context(chrome, live, setup["sessions"].get(who or "")).new_page()
        page.goto(f"/games/{gid}/")
        main = page.inner_text("main")
        assert "You are watching" in main and "map not available" not in main
        assert page.locator(WORLD).count() == 1
        assert page.locator(f"{WORLD} path.space.land").count() == 43
        assert page.locator(f"{WORLD} path.homeland").count() >= 2  # COTW 3: Homelands
        legend = page.locator(f"{WORLD} g.legend").evaluate_all(
            "els => els.map(e => e.textContent)"
        )
        assert any(" - public" in text and "WARCHEST" in text for text in legend), legend
        assert "PLAYER ALLIANCES PROPOSED" not in page.content()
        if page.locator("ul.events li").count():
            assert page.inner_text("ul.events")  # the public events of the last turn
        # A world map: the full width of the page (the powers and events below it), so
        # that its labels read at 1280x900 as the drawing sets them.
        width = page.locator(WORLD).evaluate("svg => svg.getBoundingClientRect().width")
        assert width > 1100
        maps.append(_map(page))
        if who is None:
            shot(page, "conquest-spectator")
    assert maps[0] == maps[1]
    player = context(chrome, live, setup["sessions"][power]).new_page()
    player.goto(f"/games/{gid}/")
    assert player.locator("textarea[name=orders]").count() == 1
    assert f" - {power}" in _map(player)
    shot(player, "conquest-player")
