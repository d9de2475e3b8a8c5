"""A Conquest of the World game watched in a real browser: the spectator, signed in or not,
sees the world map drawn from the public view (ruling C17) with the public events; the player
sees his own map. Screenshots: docs/screenshots/conquest-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from .browser import Live, chrome, context, live, load_lists, shot, skip_reason

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
    assert player.locator("textarea#orders").count() == 1
    assert f" - {power}" in _map(player)
    shot(player, "conquest-player")


LISTED = """() => Array.from(document.querySelectorAll('select.order-select option'))
  .filter(o => o.value).map(o => [o.value, o.dataset.places || '', o.dataset.key || ''])"""


def _box(page: Any) -> list[str]:
    return [line for line in page.input_value("textarea#orders").splitlines() if line]


def _offered(page: Any) -> list[str]:
    return list(
        page.locator("#map-menu button[data-order]").evaluate_all(
            "els => els.map(e => e.dataset.order)"
        )
    )


def test_a_conquest_homeland_chosen_by_clicking_the_map(chrome: Any, live: Live) -> None:
    """The game's legal orders (``order_options``) that name a country are offered when the
    country is clicked on the map; a second one of the kind a turn has once (one HOMELAND)
    replaces the first in the box; the receipt accepts it."""
    setup = live.setup("played", "conquest", "2")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    assert "click a country" in page.inner_text(".map-hint")
    load_lists(page)
    listed = page.evaluate(LISTED)
    naming = [(t, p.split()[1].upper()) for t, p, _ in listed if p.startswith("- ")]
    assert len(naming) >= 2 and all(t.startswith("HOMELAND ") for t, _ in naming), listed
    (first, a), (second, b) = naming[0], naming[-1]
    page.locator(f'{WORLD} text.label[data-space="{a}"]').click(force=True)
    assert _offered(page) == [t for t, c in naming if c == a] == [first]
    assert page.locator("#map-menu input[name=amount]").count() == 0  # no number to give
    page.click(f'#map-menu button[data-order="{first}"]')
    assert _box(page) == [first]
    page.locator(f'{WORLD} text.label[data-space="{b}"]').click(force=True)
    shot(page, "conquest-map-orders")
    page.click(f'#map-menu button[data-order="{second}"]')
    assert _box(page) == [second]  # one HOMELAND a turn: the later choice stands
    page.check("input[name=ready]")
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    receipt = page.inner_text("#receipt")
    assert "1 order accepted" in receipt and "No problems" in receipt and second in receipt
