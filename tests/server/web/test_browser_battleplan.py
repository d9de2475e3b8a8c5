"""Battle Plan orders given by clicking the map, in a real browser (Europe, and a World Wide
game on its enlarged Europe): a space of the player's, then another space, offers the legal
orders from the one that name the other (the game's own ``order_options``, fetched when the
space's list is first used), with the number to use, which the menu's entries then show; a
space gives several orders (BP 8, 12C), and a new order replaces only the one it repeats with
another number. The receipt accepts what the box holds. Screenshots:
docs/screenshots/battleplan-map-orders.png, battleplan-world-map-orders.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser import Live, chrome, context, live, load_lists, shot, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

LISTS = """() => Object.fromEntries(Array.from(document.querySelectorAll('select.order-select'))
  .map(s => [s.dataset.unit, Array.from(s.options).filter(o => o.value)
    .map(o => [o.value, (o.dataset.places || '').split(' ')])]))"""


REGIONS = {"Europe": "europe", "Central America": "americas"}


def _lists(page: Any) -> dict[str, list[tuple[str, list[str]]]]:
    """Each list of legal orders on the page: its place and its orders with their places
    (fetched as a player's pointer over each list fetches them)."""
    load_lists(page)
    return {k: [(t, p) for t, p in v] for k, v in page.evaluate(LISTS).items()}


def _menu_shown(page: Any) -> dict[str, tuple[str, str]]:
    """Each order of the map's menu: the order and the words its entry shows."""
    page.wait_for_selector("#map-menu")  # (a list fetched first, when not yet used)
    return {
        order: (shown, words)
        for order, shown, words in page.locator("#map-menu button[data-order]").evaluate_all(
            """els => els.map(e => [e.dataset.order, e.firstChild.textContent,
                (e.querySelector('.gloss') || {}).textContent || ''])"""
        )
    }


def _with(order: str, number: int) -> str:
    """``order`` using ``number`` of its units, at most all it offers (its last number)."""
    most = re.findall(r"\d+", order)[-1]
    head, _, tail = order.rpartition(most)
    return f"{head}{min(number, int(most))}{tail}"


def _box(page: Any) -> list[str]:
    return [line for line in page.input_value("textarea#orders").splitlines() if line]


def _click(page: Any, board: str, space: str) -> None:
    """Click a space's label on the map shown (the whole map, or an enlarged part)."""
    page.locator(f'{board} text.label[data-space="{space}"]').first.click(force=True)


def _menu(page: Any) -> list[str]:
    """The orders the map's menu offers (each button also says what it does, in words)."""
    page.wait_for_selector("#map-menu")  # (a list fetched first, when not yet used)
    return list(
        page.locator("#map-menu button[data-order]").evaluate_all(
            "els => els.map(e => e.dataset.order)"
        )
    )


def _choose(page: Any, order: str, number: int | None) -> None:
    if number is not None:
        page.fill("#map-menu input[name=amount]", str(number))
    page.click(f'#map-menu button[data-order="{order}"]')


def _plan(lists: dict[str, list[tuple[str, list[str]]]]) -> tuple[str, str, str, str, int]:
    """A place of the player's with an Army move to another space and a build: (place,
    target, move, build, the most the move may use)."""
    for _, options in sorted(lists.items()):
        moves = [(t, p) for t, p in options if re.match(r"@\w+ AT\d+\w+$", t) and len(p) == 2]
        builds = [t for t, p in options if re.match(r"@\w+ BA\d+$", t)]
        if moves and builds:
            move, (own, target) = moves[0]
            most = int(re.findall(r"\d+", move)[-1])
            if most >= 2:
                return own.upper(), target.upper(), move, builds[0], most
    raise AssertionError(f"no place with an Army move and a build: {lists}")


def _play_by_clicks(page: Any, board: str) -> tuple[str, str]:
    lists = _lists(page)
    assert lists and all(k.startswith("@") for k in lists), lists
    own, target, move, build, most = _plan(lists)
    assert all(p[0] == k[1:].lower() for k, options in lists.items() for _, p in options)
    # a place of his, then the target: every legal order from there naming the target
    _click(page, board, own)
    assert own in page.inner_text(".map-hint")
    _click(page, board, target)
    offered = _menu(page)
    naming = [t for t, p in lists[f"@{own}"] if p[1:] == [target.lower()]]
    assert sorted(offered) == sorted(naming) and move in offered, (offered, naming)
    assert page.locator("#map-menu input[name=amount]").count() == 1
    words = page.locator(f'#map-menu button[data-order="{move}"] .gloss').inner_text()
    assert words == f"move {most} Army to {target}"
    part = most // 2
    _choose(page, move, part)
    moved = move.replace(f"AT{most}", f"AT{part}")
    assert _box(page) == [moved]
    # the place itself: its builds; the move stays (a place gives several orders, 12C)
    _click(page, board, own)
    _click(page, board, own)
    assert build in _menu(page)
    _choose(page, build, None)  # blank: all the Industry the option offers
    assert _box(page) == [moved, build]
    # the same move with another number replaces the first (12C: one order per key)
    _click(page, board, own)
    _click(page, board, target)
    _choose(page, move, 1)
    again = move.replace(f"AT{most}", "AT1")
    assert _box(page) == [build, again]
    # the orders chosen with lower numbers are the same orders: they name the same places
    _click(page, board, own)
    _click(page, board, own)
    assert _menu(page) == [t for t, p in lists[f"@{own}"] if p == [own.lower()]]
    page.keyboard.press("Escape")
    # more than the option's number is capped at it
    _click(page, board, own)
    _click(page, board, target)
    _choose(page, move, most + 50)
    assert _box(page) == [build, move]
    return build, move


def _submit(page: Any) -> str:
    page.check("input[name=ready]")
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    return str(page.inner_text("#receipt"))


def test_battle_plan_orders_by_clicking_the_map(chrome: Any, live: Live) -> None:
    setup = live.setup("single", "battleplan")
    gid, power = setup["game"], setup["power"]
    browser = context(chrome, live, setup["sessions"][power])
    page = browser.new_page()
    page.goto(f"/games/{gid}/")
    assert "click a space of yours" in page.inner_text(".map-hint")
    board = "figure.map svg"
    # A space clicked on the map before its list was ever used: its orders are fetched then.
    assert page.locator("select.order-select option[data-places]").count() == 0
    lists = _lists(page)
    own, target, move, _, most = _plan(lists)
    page.goto(f"/games/{gid}/")
    _click(page, board, own)
    _click(page, board, target)
    naming = [t for t, p in lists[f"@{own}"] if p[1:] == [target.lower()]]
    assert sorted(_menu(page)) == sorted(naming)
    # Each entry shows the order as it will be written: all it may use, until a lower number
    # is typed; then that number (at most the entry's own), in the order and in its words.
    words = {o: w for o, (_, w) in _menu_shown(page).items()}
    assert {o: s for o, (s, _) in _menu_shown(page).items()} == {o: o for o in naming}
    assert words[move] == f"move {most} Army to {target}"
    part = most // 2
    page.fill("#map-menu input[name=amount]", str(part))
    shown = _menu_shown(page)
    assert {o: s for o, (s, _) in shown.items()} == {o: _with(o, part) for o in naming}
    assert shown[move] == (_with(move, part), f"move {part} Army to {target}")
    for order, (_, said) in shown.items():  # the words say the number the order uses
        number = re.findall(r"\d+", _with(order, part))[-1]
        assert re.findall(r"\d+", said) == [number], (order, said)
    shot(page, "battleplan-map-orders")
    page.fill("#map-menu input[name=amount]", "")
    assert {o: s for o, (s, _) in _menu_shown(page).items()} == {o: o for o in naming}
    page.keyboard.press("Escape")
    build, move = _play_by_clicks(page, board)
    receipt = _submit(page)
    assert "2 orders accepted" in receipt and "No problems" in receipt, receipt
    assert build in receipt and move in receipt


def test_world_wide_orders_by_clicking_the_enlarged_europe(chrome: Any, live: Live) -> None:
    setup = live.setup("single", "battleplan", "equal")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    lists = _lists(page)
    own, _, _, _, _ = _plan(lists)
    region = None
    for title, name in REGIONS.items():  # the enlarged part of the map where his place is
        page.click(f".map-views button:text-is('{title}')")  # (fetched when first shown)
        page.wait_for_selector(f'svg[data-region="{name}"]')
        if page.locator(f'svg[data-region="{name}"] text.label[data-space="{own}"]').count():
            region = title
            break
    page.click(f".map-views button:text-is('{region or 'World'}')")
    board = ".map-view:visible svg"
    _click(page, board, own)  # the space is marked on the map shown
    assert page.locator(f"{board} path.space.picked").count() == 1
    page.keyboard.press("Escape")
    build, move = _play_by_clicks(page, board)
    _click(page, board, own)
    _click(page, board, own)
    shot(page, "battleplan-world-map-orders")
    page.keyboard.press("Escape")
    receipt = _submit(page)
    assert "2 orders accepted" in receipt and "No problems" in receipt, receipt
    assert build in receipt and move in receipt
