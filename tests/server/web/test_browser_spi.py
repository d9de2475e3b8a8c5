"""Multi-Player World War II ordered by clicking the map, in a real browser (docs/rulings/
spi-ww2.md S-PAGE-1). The map has no element per hex (the grid is a pattern): the page finds
the hex under a click from the grid's own numbers. The clicks here land on the centre of a hex
as the map file draws its outline, turned into the page's pixels by the SVG itself, so the
page's finding of the hex is checked against the map, not against a copy of its arithmetic.
Screenshots: docs/screenshots/spi-ww2-map-*.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from umpire.core import mapsvg

from .browser import Live, chrome, context, live, load_lists, shot, skip_reason
from .test_browser import box_lines, steps_of

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

# The game's seed: the person (Germany) is given the bot's orders up to the phase tested. With
# it, two German stacks stand beside one enemy hex in Germany's first combat phase.
SEED = "3"
SPACES = mapsvg.load("umpire.games.spi_ww2", "europe")["spaces"]
LISTED = """() => Array.from(document.querySelectorAll('select.order-select'))
  .map(s => [s.dataset.unit, Array.from(s.options).filter(o => o.value).map(o => o.value)])"""


def _centre(hid: str) -> tuple[float, float]:
    """The centre of the hex's outline in the map file (its six corners' mean)."""
    points = [
        (float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", SPACES[hid]["d"])
    ]
    return sum(p[0] for p in points) / 6, sum(p[1] for p in points) / 6


def _at(page: Any, hid: str) -> tuple[float, float]:
    """Where the hex's centre is on the screen (the map's own transform)."""
    x, y = _centre(hid)
    found = page.evaluate(
        """([x, y]) => {
          const svg = document.querySelector('figure.map svg');
          const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
          return [p.x, p.y];
        }""",
        [x, y],
    )
    return float(found[0]), float(found[1])


def _click(page: Any, hid: str) -> None:
    page.mouse.click(*_at(page, hid))


def _hint(page: Any, words: str) -> None:
    page.wait_for_function(
        "w => document.querySelector('.map-hint').textContent.includes(w)", arg=words
    )


def _offered(page: Any) -> list[str]:
    return list(
        page.locator("#map-menu button[data-order]").evaluate_all(
            "els => els.map(e => e.dataset.order)"
        )
    )


def _submit(page: Any, orders: list[str]) -> str:
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    receipt = str(page.inner_text("#receipt"))
    assert f"{len(orders)} order{'s' * (len(orders) > 1)} accepted" in receipt, receipt
    assert "No problems" in receipt, receipt
    for order in orders:
        assert order in receipt, receipt
    return receipt


@pytest.mark.rule("SPI 10.0")
def test_a_spi_move_and_a_placement_chosen_by_clicking_hexes(chrome: Any, live: Live) -> None:
    """A stack clicked: the hexes it may go to light up (the game's steps); pointing at one
    draws the path the umpire takes and says its cost; a click offers the moves there, with
    the Strength Points to move; the box gets SPI's own notation. A hex where SP may enter,
    holding a stack of yours, clicked twice: the placement. The receipt accepts both."""
    setup = live.setup("seated", "spi-ww2", "6-player", "GER", "movement", SEED)
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    assert "click a stack of yours" in page.inner_text(".map-hint")
    assert page.locator("figure.map path.grid[data-hexgrid]").count() == 1
    load_lists(page)  # (each list's orders come when it is first used)
    lists = dict(page.evaluate(LISTED))
    stacks = [u for u in lists if u != "place" and u.startswith("GER ")]
    assert stacks and all(not lists[u] for u in stacks)  # moves come step by step
    # A stack with a move of at least three hexes, the engine's own path and cost.
    for unit in stacks:
        steps = steps_of(page, gid, unit)
        moves = [c for c in steps if c["text"].startswith("MOVE ") and len(c["path"]) >= 4]
        if moves:
            break
    assert moves, "no German stack may move three hexes"
    _, sp, frm = unit.split()
    move = moves[-1]
    _click(page, frm)
    _hint(page, "point at a highlighted hex")
    shown = page.locator("figure.map g.hex-reach polygon").evaluate_all(
        "els => els.map(e => e.dataset.hex)"
    )
    assert sorted(shown) == sorted({c["space"] for c in steps})
    page.mouse.move(*_at(page, move["space"]))
    page.wait_for_function(
        "p => (document.querySelector('figure.map g.hex-path polyline') || {dataset: {}})"
        ".dataset.path === p",
        arg=" ".join(move["path"]),
    )
    assert move["note"] in page.inner_text(".map-hint")  # "4 of 4 movement points, 4 hexes"
    shot(page, "spi-ww2-map-move")
    _click(page, move["space"])
    here = [c["text"] for c in steps if c["space"] == move["space"] and c["land"]]
    assert _offered(page) == here and move["text"] in here
    if int(sp) > 1:
        page.fill("#map-menu input[name=amount]", str(int(sp) - 1))
    page.click(f'#map-menu button[data-order="{move["text"]}"]')
    moved = move["text"].replace(f" {sp} ", f" {max(int(sp) - 1, 1)} ", 1)
    assert box_lines(page) == [moved]
    assert page.locator("figure.map g.hex-path polyline").count() == 0  # cleared
    # A placement in a hex holding a stack of yours: the stack, then the hex again.
    held = {u.split()[2] for u in stacks}
    place = next(o for o in lists["place"] if o.split()[-1] in held and o.split()[-1] != frm)
    where = place.split()[-1]
    _click(page, where)
    _hint(page, "Click its hex again: the next stack there, or what may be placed there.")
    _click(page, where)
    assert _offered(page) == [o for o in lists["place"] if o.split()[-1] == where]
    page.click(f'#map-menu button[data-order="{place}"]')
    assert box_lines(page) == [moved, place]
    _submit(page, [moved, place])


@pytest.mark.rule("SPI 8.15")
def test_a_spi_attack_by_two_stacks_built_by_clicking(chrome: Any, live: Live) -> None:
    """In a combat phase: a stack, the enemy hex beside it (its odds said), "…" to attack with
    more, another stack beside the hex; the box holds one ATTACK with both groups, and a later
    attack on the same hex replaces it (one attack a hex a Player-Turn)."""
    setup = live.setup("seated", "spi-ww2", "6-player", "GER", "combat", SEED)
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    load_lists(page)  # (each list's orders come when it is first used)
    lists = dict(page.evaluate(LISTED))
    joined = None
    for unit in (u for u in lists if u.startswith("GER ")):
        for c in steps_of(page, gid, unit):
            if c["on"]:
                joined = (unit, c)
                break
        if joined:
            break
    assert joined, f"no enemy hex beside two German stacks: {lists}"
    unit, first = joined
    frm, target = unit.split()[2], first["space"]
    _click(page, frm)
    _hint(page, "point at a highlighted hex")
    _click(page, target)
    offered = _offered(page)
    assert first["text"] + " …" in offered and (first["text"] in offered) == first["land"]
    assert "odds" in page.inner_text("#map-menu")
    page.click(f'#map-menu button[data-order="{first["text"]} …"]')
    _hint(page, "click a highlighted hex to go on")
    more = steps_of(page, gid, first["text"])
    second = next(c for c in more if c["land"])
    assert second["text"].startswith(first["text"] + ", GER ")
    _click(page, second["space"])
    assert second["text"] in _offered(page)
    shot(page, "spi-ww2-map-attack")
    page.click(f'#map-menu button[data-order="{second["text"]}"]')
    assert box_lines(page) == [second["text"]]
    if first["land"]:  # the first stack alone: it replaces the attack on the same hex
        _click(page, frm)
        _hint(page, "point at a highlighted hex")
        _click(page, target)
        page.click(f'#map-menu button[data-order="{first["text"]}"]')
        assert box_lines(page) == [first["text"]]
        page.fill("textarea#orders", second["text"] + "\n")
    _submit(page, [second["text"]])
