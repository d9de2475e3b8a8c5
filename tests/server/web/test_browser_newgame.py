"""A newcomer in a real browser (issue 29), on each of the seven rulesets, at a laptop's size
(1280x900) and at a phone's (390x844): he signs up, confirms his address by the mailed link,
creates a game from the web (``/games/new/``) with bots in the seats nobody takes, joins it
himself, starts it, gives his orders by clicking on the map (and from the order lists on a
turn whose orders name no place: Conquest's digits, SPI's diplomacy), sees each order drawn on
the map before he sends it, submits with ready ticked, and sees the processed turn appear on
the game page without reloading it (the page's own poll learns of it).

Screenshots at the moment the processed turn has appeared:
docs/screenshots/newcomer-<game>-<scenario>-<desktop|phone>.png; of the create page and the
lobby: newgame-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .browser import Live, chrome, context, live, load_lists, shot, skip_reason
from .test_browser import box_lines, steps_of
from .test_browser_accounts import confirmation_link
from .test_browser_battleplan import REGIONS, _choose, _lists, _plan
from .test_browser_spi import _at

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]

__all__ = ["chrome", "live"]  # the module-scoped fixtures

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}
SIZES = {"desktop": LAPTOP, "phone": PHONE}
MARKS = "figure.map svg > g.order-marks g.order-mark"
# A turn whose orders name no place is given from the order lists (these orders are offered).
LIST_ORDERS = ("DIGIT ", "PERMIT ")
# Every test signs up one newcomer, all from this machine's address: more than a site's
# sign-ups an hour from one address (UMPIRE_SIGNUPS_PER_HOUR).
LIVE_ENV = {
    "UMPIRE_SIGNUPS_PER_HOUR": "100",
    # Each test waits for the page's own poll to bring the processed turn (every 4 s on a
    # site; every second here, the wait a newcomer sees is not what is tested). Not in the
    # other modules: those reload the page themselves, and a page that polls each second
    # reloads itself under the test's own navigation more often.
    "UMPIRE_LIVE_POLL_SECONDS": "1",
}
WAIT = 60_000  # ms: a turn run by the worker, then the page's next poll


def sign_up(page: Any, live: Live, name: str) -> None:
    page.goto("/")
    page.click("header >> text=Sign up")
    page.fill("input[name=username]", name)
    page.fill("input[name=email]", f"{name}@example.org")
    page.fill("input[name=password1]", "a-long-pass-9")
    page.fill("input[name=password2]", "a-long-pass-9")
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/accounts/confirm-email/"))
    page.goto(confirmation_link(Path(live.env["UMPIRE_VAR_DIR"]), f"{name}@example.org"))
    page.click("main button[type=submit]")
    if "/games/" not in page.url:
        page.goto("/accounts/login/")
        page.fill("input[name=login]", name)
        page.fill("input[name=password]", "a-long-pass-9")
        page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))


def both_sizes(page: Any, name: str) -> None:
    size = page.viewport_size
    page.set_viewport_size(LAPTOP)
    shot(page, f"{name}-1280")
    page.set_viewport_size(PHONE)
    shot(page, f"{name}-390")
    page.set_viewport_size(size)


def phase(page: Any) -> str:
    """The turn the game page shows ("Spring 1901 movement")."""
    return str(page.locator(".gamehead p b").first.inner_text())


def options(page: Any) -> list[str]:
    """Every order the page's lists offer (each list's orders fetched as a player's use does)."""
    load_lists(page)
    return list(
        page.locator("select.order-select option").evaluate_all(
            "els => els.map(e => e.value).filter(v => v)"
        )
    )


def submit_ready(page: Any) -> str:
    page.check("input[name=ready]")
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    return str(page.inner_text("#receipt"))


def wait_processed(page: Any, was: str) -> None:
    """The page shows another turn than ``was``, by itself: the test never reloads it."""
    page.wait_for_function(
        """was => { const b = document.querySelector('.gamehead p b');
                    return b && b.innerText !== was; }""",
        arg=was,
        timeout=WAIT,
    )


def drawn(page: Any, count: int) -> list[tuple[str, str]]:
    """Wait for ``count`` orders' marks over the map; (line, kind) of each."""
    page.wait_for_function(
        """([sel, n]) => new Set(Array.from(document.querySelectorAll(sel))
             .map(e => e.dataset.line)).size >= n""",
        arg=[MARKS, count],
    )
    return [
        (str(a), str(b))
        for a, b in page.locator(MARKS).evaluate_all(
            "els => els.map(e => [e.dataset.line, e.dataset.kind])"
        )
    ]


def _frame(page: Any) -> dict[str, float]:
    """Where the map shown is framed on the screen (its view's pan frame)."""
    box = page.locator("figure.map .map-pan:visible").first.bounding_box()
    assert box is not None
    return dict(box)


def _settled(page: Any, target: Any) -> dict[str, float]:
    """``target``'s box once the map stands still: Panzoom animates a zoom (about 200 ms),
    so a box read during it is where the target is passing, not where it will be."""
    last: dict[str, float] | None = None
    for _ in range(60):
        box = target.first.bounding_box()
        assert box is not None
        if box == last:
            return dict(box)
        last = box
        page.wait_for_timeout(80)
    raise AssertionError(f"the map never stood still: {last}")


def tap(page: Any, target: Any) -> None:
    """Click ``target`` on the map as the player would. On a laptop: where it is. On a
    phone: the map zoomed in (the + button) and dragged until the target is in the middle of
    its frame, then a tap there, big enough to hit (WCAG 2.2 target size, 24 px)."""
    if page.viewport_size["width"] > 600:
        target.first.click(force=True)
        return
    page.locator("figure.map").evaluate("f => f.scrollIntoView({block: 'start'})")
    zoom = page.locator("figure.map .map-zoom button[data-zoom=in]:visible").first
    for _ in range(8):
        box = _settled(page, target)
        if min(box["width"], box["height"]) >= 24:
            break
        zoom.click()
    for _ in range(10):  # drags of at most 120 px each, from the frame's middle
        box, frame = _settled(page, target), _frame(page)
        mid = (frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
        here = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        dx, dy = mid[0] - here[0], mid[1] - here[1]
        if abs(dx) < 30 and abs(dy) < 30:
            break
        dx, dy = max(-120, min(120, dx)), max(-120, min(120, dy))
        page.mouse.move(*mid)
        page.mouse.down()
        page.mouse.move(mid[0] + dx, mid[1] + dy, steps=6)
        page.mouse.up()
    box, frame = _settled(page, target), _frame(page)
    here = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert frame["x"] <= here[0] <= frame["x"] + frame["width"], (box, frame)
    assert frame["y"] <= here[1] <= frame["y"] + frame["height"], (box, frame)
    page.mouse.click(*here)


# How each game's orders are given by clicking (the page open on a turn awaiting them): each
# returns the orders the box then holds.


def _diplomacy_move(page: Any, power: str, gid: int) -> list[str]:
    """A unit, then the province it moves to."""
    moves = [
        m for m in options(page) if re.fullmatch(r"[AF] [a-z]{3} - [a-z]{3}", m)
    ]  # a move of a unit (no coast, no convoy)
    move = moves[0]
    kind, here, _, there = move.split()
    tap(page, page.locator(f'figure.map [data-unit="{power} {kind} {here}"]'))
    tap(page, page.locator(f'figure.map text.label[data-space="{there}"]'))
    if page.locator("#map-menu").count():  # a support naming the same province: a menu
        page.click(f'#map-menu button[data-order="{move}"]')
    return [move]


def _diplomacy_build(page: Any, power: str, gid: int) -> list[str]:
    """1939 III opens with the Winter 1938 builds: a home centre, then the build there."""
    armies = [o for o in options(page) if re.fullmatch(r"Build A [a-z]{3}", o)]
    build = armies[0]
    tap(page, page.locator(f'figure.map text.label[data-space="{build.split()[-1]}"]'))
    if page.locator("#map-menu").count():  # a coastal centre: an army or a fleet
        page.click(f'#map-menu button[data-order="{build}"]')
    return [build]


def _battleplan(page: Any, power: str, gid: int) -> list[str]:
    """A space of his and another: an Army move with part of what may move; the space twice:
    a build. On the World Wide map, on the enlarged part that shows his space."""
    own, target, move, build, most = _plan(_lists(page))
    board = "figure.map svg"
    if page.locator(".map-views button").count():  # the world map: its enlarged parts
        board = ".map-view:visible svg"
        for title, name in REGIONS.items():
            page.click(f".map-views button:text-is('{title}')")
            page.wait_for_selector(f'svg[data-region="{name}"]')
            if page.locator(f'svg[data-region="{name}"] text.label[data-space="{own}"]').count():
                break
        else:
            page.click(".map-views button:text-is('World')")
    space = f'{board} text.label[data-space="{{}}"]'
    tap(page, page.locator(space.format(own)))
    tap(page, page.locator(space.format(target)))
    part = max(most // 2, 1)
    _choose(page, move, part)
    tap(page, page.locator(space.format(own)))
    tap(page, page.locator(space.format(own)))
    _choose(page, build, None)
    return [re.sub(r"AT\d+", f"AT{part}", move), build]


def _conquest(page: Any, power: str, gid: int) -> list[str]:
    """A country: the Homeland there."""
    homeland = next(o for o in options(page) if o.startswith("HOMELAND "))
    country = homeland.split()[-1]
    tap(page, page.locator(f'figure.map svg:not([data-region]) text.label[data-space="{country}"]'))
    page.click(f'#map-menu button[data-order="{homeland}"]')
    return [homeland]


def _origins(page: Any, power: str, gid: int) -> list[str]:
    """An area: one factor placed there."""
    place = next(o for o in options(page) if o.startswith("PLACE "))
    area = place.split()[-1]
    tap(page, page.locator(f'figure.map text.label[data-space="{area}"]'))
    page.fill("#map-menu input[name=amount]", "1")
    page.click(f'#map-menu button[data-order="{place}"]')
    return [f"PLACE 1 {area}"]


def _spi(page: Any, power: str, gid: int) -> list[str]:
    """A stack of his, then a hex it may reach: the move there (hexes found under the click
    from the grid's own numbers)."""
    load_lists(page)
    stacks = page.locator("select.order-select").evaluate_all("els => els.map(e => e.dataset.unit)")
    for unit in (u for u in stacks if u.startswith(f"{power} ")):
        moves = [
            c for c in steps_of(page, gid, unit) if c["text"].startswith("MOVE ") and c["land"]
        ]
        if moves:
            break
    move = moves[-1]
    # clicks at the hexes' places on the screen: the map in view (a reload keeps the scroll)
    page.locator("figure.map").evaluate("f => f.scrollIntoView({block: 'start'})")
    page.mouse.click(*_at(page, unit.split()[2]))
    page.wait_for_function(
        "() => document.querySelector('.map-hint').textContent.includes('highlighted hex')"
    )
    page.mouse.click(*_at(page, move["space"]))
    page.click(f'#map-menu button[data-order="{move["text"]}"]')
    return [str(move["text"])]


@dataclass(frozen=True)
class Ruleset:
    game: str
    scenario: str
    seat: str  # the power the newcomer asks for
    powers: int
    play: Callable[[Any, str, int], list[str]]

    @property
    def name(self) -> str:
        return f"{self.game}-{self.scenario}"


RULESETS = [
    Ruleset("diplomacy", "standard", "GER", 7, _diplomacy_move),
    Ruleset("diplomacy", "1939-iii", "FRA", 6, _diplomacy_build),
    Ruleset("battleplan", "europe", "GE", 9, _battleplan),
    Ruleset("battleplan", "equal", "EFR", 25, _battleplan),
    Ruleset("conquest", "standard", "RED", 4, _conquest),
    Ruleset("origins", "historical", "GER", 5, _origins),
    Ruleset("spi-ww2", "6-player", "ITA", 6, _spi),  # Italy moves first (its Player-Turn)
]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.name for r in RULESETS])
def test_a_newcomer_starts_a_game_and_plays_a_turn_by_clicking_the_map(
    chrome: Any, live: Live, ruleset: Ruleset, size: str
) -> None:
    ctx = context(chrome, live, None)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.set_viewport_size(SIZES[size])
    name = re.sub(r"[^a-z0-9]", "", f"new{ruleset.name}{size}")
    sign_up(page, live, name)
    # the lobby invites him to start a game
    page.goto("/lobby/")
    first = ruleset == RULESETS[0] and size == "desktop"
    if first:
        both_sizes(page, "newgame-lobby")
    page.click("main >> text=start a game of your own")
    page.wait_for_url(re.compile(r"/games/new/$"))
    assert page.locator("h1").inner_text() == "Start a new game"
    table = f"{name}'s table"
    page.fill("input[name=name]", table)
    page.select_option("select[name=game]", f"{ruleset.game}/{ruleset.scenario}")
    page.fill("input[name=deadline_minutes]", "0")
    page.check("input[name=fill_with_bots]")
    if first:
        both_sizes(page, "newgame-create")
    page.click("main >> text=Create the game")
    page.wait_for_url(re.compile(r"/gm/\d+/$"))
    gid = int(re.findall(r"/gm/(\d+)/", page.url)[0])
    assert "you are its game master" in page.inner_text(".flash")
    # he joins his own game, asking for a power, and starts it: bots take every other seat
    page.goto("/lobby/")
    row = page.locator("tr", has_text=table)
    if row.locator("input[name=preference_list]").count():  # a game that seats players itself
        row.locator("input[name=preference_list]").fill(ruleset.seat)  # (its starting space)
    else:
        row.locator("select[name=preferences]").first.select_option(ruleset.seat)
    row.locator("button", has_text="Join").click()
    page.goto(f"/gm/{gid}/")
    page.click("text=Start the game")
    bots = ruleset.powers - 1
    said = f"Game started: {ruleset.powers} powers; 1 player, {bots} bots."
    assert said in page.inner_text(".flash")
    # he plays from the game page, like anyone seated
    page.goto(f"/games/{gid}/")
    assert re.search(
        rf"you play (\w[\w ]* )?\({ruleset.seat}\)|you play {ruleset.seat}\b",
        page.inner_text(".gamehead"),
    )
    while True:  # turns of orders naming no place, from the lists; other powers' turns
        page.wait_for_selector("textarea#orders", timeout=WAIT)
        offered = options(page)
        if not any(o.startswith(LIST_ORDERS) for o in offered):
            break
        was = phase(page)
        first_list = page.locator("select.order-select").first
        first_list.select_option(offered[0])
        assert box_lines(page) == [offered[0]]
        receipt = submit_ready(page)
        assert "No problems" in receipt, receipt
        wait_processed(page, was)
    was = phase(page)
    assert page.locator(MARKS).count() == 0  # nothing ordered yet, nothing drawn
    given = ruleset.play(page, ruleset.seat, gid)
    assert box_lines(page) == given
    # each order drawn over the map before anything is sent
    marks = drawn(page, len(given))
    assert {line for line, _ in marks} == {str(n) for n in range(1, len(given) + 1)}, marks
    receipt = submit_ready(page)
    accepted = f"{len(given)} order{'s' * (len(given) > 1)} accepted"
    assert accepted in receipt and "No problems" in receipt, receipt
    # no reload by the test: the page's own poll brings the processed turn
    wait_processed(page, was)
    page.wait_for_load_state()
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, f"newcomer-{ruleset.name}-{size}")
    ctx.close()
