"""Games played through the pages in a real browser, against a live ``umpire serve``.

A standard Diplomacy game to 1902 by seven browser contexts (one per power) with a retreat, a
build and a draw vote, orders given by clicking the map; a Battle Plan turn and an Origins turn; a game master pausing and
rolling back through the console; a spectator watching (Battle Plan, Origins, and SPI WW2 in
its four- and five-Player versions). Screenshots: docs/screenshots/.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from .browser import Live, chrome, context, live, shot, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures


def open_game(page: Any, gid: int) -> None:
    """Open the game page. A page already open reloads itself whenever the game's version
    changes (live.js: a processed turn, another player's submission), and a navigation that
    meets that reload is aborted by the browser. So the page first leaves for a blank one,
    where nothing reloads (made again if a reload met it: the page, not the test, chose the
    moment), and the game page is opened from there."""
    for attempt in range(6):
        try:
            page.goto("about:blank")
            break
        except PlaywrightError as err:
            met = "ERR_ABORTED" in str(err) or "interrupted by another navigation" in str(err)
            if not met or attempt == 5:
                raise
            page.wait_for_load_state()
    page.goto(f"/games/{gid}/")


def submit(page: Any, gid: int, text: str | None = None, picks: tuple[str, ...] = ()) -> str:
    """Give orders on the game page (typed, or picked from the legal-order lists), ready."""
    open_game(page, gid)
    if text is not None:
        page.fill("textarea#orders", text)
    for pick in picks:
        unit = pick.split(" R ")[0].split(" - ")[0]
        unit = "builds" if pick.startswith("Build") or pick == "Waive" else unit
        unit = " ".join(unit.split()[:2])
        page.select_option(f'select[data-unit="{unit}"]', label=pick)
    page.check("input[name=ready]")
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    return str(page.inner_text("#receipt"))


def click_map(page: Any, space: str) -> None:
    """Click a space on the map: its unit where one stands there, else its label."""
    unit = page.locator(f'figure.map [data-unit$=" {space}"]')
    target = unit if unit.count() else page.locator(f'figure.map text.label[data-space="{space}"]')
    target.first.click(force=True)


def box_lines(page: Any) -> list[str]:
    return [line for line in page.input_value("textarea#orders").splitlines() if line]


def wait_for(page: Any, gid: int, text: str, url: str | None = None) -> None:
    """Reload until ``text`` shows (the worker processes the turn in the background)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page.goto(url or f"/games/{gid}/")
        if text in page.inner_text("main"):
            return
        time.sleep(0.4)
    raise AssertionError(f"{text!r} never showed on {page.url}:\n{page.inner_text('main')}")


def expects_orders(page: Any, gid: int) -> bool:
    open_game(page, gid)
    return page.locator("textarea#orders").count() > 0


SPRING_1901 = {
    "FRA": "A par - pic\nA mar - gas\nF bre - mao",
    "GER": "A mun - bur\nA ber - kie\nF kie - den",
    "ITA": "A ven - mos\nA rom H",  # line 1 is illegal: the receipt names it
}
FALL_1901 = {
    "FRA": "A gas - bur\nA pic S A gas - bur\nF mao - por",  # dislodges the German army
    "GER": "A bur H\nA kie - hol\nF den H",
    "ENG": "F nth - nwy\nF nwg H\nA yor H",
}


def test_diplomacy_to_1902_by_seven_players(chrome: Any, live: Live) -> None:
    setup = live.setup("diplomacy")
    gid = setup["game"]
    pages = {p: context(chrome, live, key).new_page() for p, key in setup["sessions"].items()}
    eng, fra, ger, ita = pages["ENG"], pages["FRA"], pages["GER"], pages["ITA"]

    eng.goto("/games/")
    assert "Spring 1901 movement" in eng.inner_text("main") and "not in" in eng.inner_text("main")
    # The deadline in the viewer's own time beside UTC; a viewer whose clock is UTC sees it
    # once.
    local = eng.inner_text(".deadline .local")
    assert local.startswith("(") and re.search(r"GMT\+1|CET", local), local
    utc = context(chrome, live, setup["sessions"]["ENG"], zone="UTC").new_page()
    utc.goto("/games/")
    assert utc.inner_text(".deadline .countdown").startswith("in ")
    assert utc.inner_text(".deadline .local") == ""
    assert "UTC" in utc.inner_text(".deadline")
    utc.close()
    shot(eng, "diplomacy-my-games")
    eng.goto("/lobby/")
    shot(eng, "lobby")
    # Spring 1901: England picks from the legal-order lists; the others type.
    receipt = submit(eng, gid, picks=("F lon - nth", "F edi - nwg", "A lvp - yor"))
    assert "3 orders accepted" in receipt and "No problems" in receipt
    box = eng.input_value("textarea#orders").splitlines()
    assert box == ["F lon - nth", "F edi - nwg", "A lvp - yor"]
    shot(eng, "diplomacy-orders-receipt")
    receipt = submit(ita, gid, SPRING_1901["ITA"])
    assert "line 1" in receipt and "[illegal/unreachable]" in receipt and "A rom H" in receipt
    shot(ita, "diplomacy-receipt-problem")
    eng.goto(f"/games/{gid}/press/")
    eng.check("input[value=FRA]")
    eng.fill("textarea[name=text]", "The Channel stays empty this year.")
    eng.click("button:has-text('Send')")
    # France orders by clicking the map: a unit, then a place; where the unit has several
    # legal orders naming that place (a move or a support into it) a menu offers them.
    open_game(fra, gid)
    click_map(fra, "par")
    click_map(fra, "bur")
    menu = fra.inner_text("#map-menu")
    assert "A par - bur" in menu and "A par S A mar - bur" in menu
    shot(fra, "diplomacy-map-orders")
    fra.click("#map-menu button:has-text('A par S A mar - bur')")
    assert box_lines(fra) == ["A par S A mar - bur"]
    click_map(fra, "par")
    click_map(fra, "pic")  # a move or the support of the fleet in Brest: the menu again
    assert fra.inner_text("#map-menu").splitlines()[:2] == ["A par - pic", "A par S F bre - pic"]
    fra.click("#map-menu button:has-text('A par - pic')")  # replaces the unit's line
    click_map(fra, "mar")
    click_map(fra, "gas")
    fra.click("#map-menu button:has-text('A mar - gas')")
    click_map(fra, "bre")
    click_map(fra, "mao")  # the fleet's one legal order naming the Mid-Atlantic: taken at once
    assert fra.locator("#map-menu").count() == 0
    assert box_lines(fra) == SPRING_1901["FRA"].splitlines()
    click_map(fra, "bre")
    click_map(fra, "mun")  # no order of the fleet names Munich: it picks nothing there
    assert fra.locator("#map-menu").count() == 0
    assert box_lines(fra) == SPRING_1901["FRA"].splitlines()
    assert "F bre has no legal order naming MUN" in fra.inner_text(".map-hint")
    fra.check("input[name=ready]")
    fra.click("text=Submit orders")
    fra.wait_for_selector("#receipt h3:has-text('Receipt')")
    assert "3 orders accepted" in fra.inner_text("#receipt")
    for power, page in pages.items():
        if power not in ("ENG", "ITA", "FRA"):
            assert "orders accepted" in submit(page, gid, SPRING_1901.get(power, ""))
    wait_for(fra, gid, "Fall 1901 movement")
    fra.goto("/games/")
    assert "1 new" in fra.inner_text("main")
    fra.goto(f"/games/{gid}/press/")
    assert "The Channel stays empty this year." in fra.inner_text("main")
    shot(fra, "diplomacy-press")

    # Fall 1901: France dislodges the German army in Burgundy.
    for power, page in pages.items():
        submit(page, gid, FALL_1901.get(power, ""))
    wait_for(ger, gid, "Fall 1901 retreats")
    assert not expects_orders(fra, gid)  # only Germany retreats
    receipt = submit(ger, gid, picks=("A bur R mun",))
    assert "A bur R mun" in receipt
    shot(ger, "diplomacy-retreat")

    # Winter 1901: builds (Germany from the list, the others typed).
    wait_for(ger, gid, "Winter 1901 adjustments")
    receipt = submit(ger, gid, picks=("Build A kie",))
    assert "Build A kie" in receipt
    shot(ger, "diplomacy-build")
    assert not expects_orders(ita, gid)  # Italy neither gained nor lost a centre
    submit(fra, gid, "Build A par")
    submit(eng, gid, "Build F lon")

    # Spring 1902: everyone holds; the new units are on the board.
    wait_for(eng, gid, "Spring 1902 movement")
    for page in pages.values():
        submit(page, gid, "")
    wait_for(eng, gid, "Fall 1902 movement")
    printout = eng.inner_text("pre.printout")
    assert "F lon" in printout and "F nwy" in printout
    eng.goto(f"/games/{gid}/turn/3/")
    # Each processed turn by its own name, the record's count beside it.
    assert "after Fall 1901 retreats (turn 3 of 5)" in eng.inner_text("main")
    shot(eng, "diplomacy-printout")
    eng.click("text=previous turn")  # the slider's script swaps the turn in place
    eng.wait_for_function(
        "t => document.querySelector('main').innerText.includes(t)",
        arg="after Fall 1901 movement (turn 2 of 5)",
    )

    # A spectator watches.
    spectator = context(chrome, live, None).new_page()
    spectator.goto(f"/games/{gid}/")
    watching = spectator.inner_text("main")
    assert "You are watching" in watching and "The Channel" not in watching
    shot(spectator, "diplomacy-spectator")

    # Everyone votes for a draw: the game ends drawn when the last survivor agrees.
    for power, page in pages.items():
        open_game(page, gid)
        page.click("text=Vote draw")
        if power != "TUR":
            assert "secret until it carries" in page.inner_text(".flash")
    assert "every surviving power voted for a draw" in pages["TUR"].inner_text(".flash")
    assert re.search(r"Game over:.*draw agreed", pages["TUR"].inner_text("main"))
    shot(pages["TUR"], "diplomacy-game-over")


def _one_turn(chrome: Any, live: Live, game: str, label: str) -> tuple[Any, dict[str, Any]]:
    setup = live.setup("single", game)
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    receipt = submit(page, gid, setup["orders"])
    assert "No problems" in receipt, receipt
    shot(page, f"{game}-orders-receipt")
    wait_for(page, gid, label)
    shot(page, f"{game}-after-turn-1")
    # A spectator watches the public map: owners and public marks, no hidden forces or amounts.
    spectator = context(chrome, live, None).new_page()
    spectator.goto(f"/games/{gid}/")
    assert "You are watching" in spectator.inner_text("main")
    assert spectator.locator("figure.map svg").count() == 1
    assert spectator.locator("figure.map g.forces").count() == 0  # Battle Plan's fog of war
    chips = spectator.locator("figure.map g.chip text").evaluate_all(
        "els => els.map(e => e.textContent)"
    )
    assert all(not any(ch.isdigit() for ch in chip) for chip in chips)
    shot(spectator, f"{game}-spectator")
    return page, setup


def test_a_battle_plan_turn(chrome: Any, live: Live) -> None:
    page, setup = _one_turn(chrome, live, "battleplan", "Turn 2")
    page.goto(f"/games/{setup['game']}/turn/1/")
    assert "after Turn 1 (turn 1 of 1)" in page.inner_text("main")


def test_the_players_map_takes_the_width_of_the_window(chrome: Any, live: Live) -> None:
    """The map of the player's game page spans the page, above the printout and the order
    box, in a narrow window, and fits the window's height (seen whole); in a wide one the
    order box stands beside it (issue 29), the map keeping most of the width."""
    setup = live.setup("single", "diplomacy", "standard")  # accounts of their own
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    for width, height in ((800, 900), (1280, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        open_game(page, gid)
        box = page.locator("figure.map svg").bounding_box()
        assert box["width"] > (0.9 if width < 960 else 0.6) * width, (width, box)
        assert box["height"] <= height, (height, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        orders = page.locator("textarea#orders").bounding_box()
        if width < 960:  # one column: the orders below the map, before the (long) printout
            assert orders["y"] > box["y"] + box["height"]
            assert orders["y"] < page.locator("pre.printout").bounding_box()["y"]
        else:  # beside the map
            assert orders["x"] >= box["x"] + box["width"] and orders["y"] < box["y"] + 200
    shot(page, "diplomacy-player-wide")
    # The game master's console fits the window too (its list of games once ran off its side).
    console = context(chrome, live, setup["gm"]).new_page()
    for width, url in ((1280, "/gm/"), (390, "/gm/"), (390, "/games/")):  # and on a phone
        console.set_viewport_size({"width": width, "height": 844})
        console.goto(url)
        assert console.evaluate("document.documentElement.scrollWidth") <= width, (width, url)


def test_orders_the_server_fails_to_take_are_reported_not_lost(chrome: Any, live: Live) -> None:
    """An error answer (a 500, a refused CSRF token: 403) to the order form: htmx swaps
    nothing, so the page says the orders were not received, and they stay in the box."""
    setup = live.setup("single", "origins", "historical")  # accounts of their own
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    open_game(page, gid)
    page.route(f"**/games/{gid}/orders/", lambda route: route.fulfill(status=500, body="oops"))
    page.fill("textarea#orders", setup["orders"])
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt .problem")
    assert "Not received: the server answered 500" in page.inner_text("#receipt")
    assert page.input_value("textarea#orders") == setup["orders"]


def test_an_origins_turn_then_the_gm_pauses_and_rolls_back(chrome: Any, live: Live) -> None:
    page, setup = _one_turn(chrome, live, "origins", "Turn 2")
    gid = setup["game"]
    gm = context(chrome, live, setup["gm"]).new_page()
    gm.on("dialog", lambda dialog: dialog.accept())
    gm.goto(f"/gm/{gid}/")
    gm.click("button:has-text('Pause')")
    assert "paused by the game master" in gm.inner_text("main")
    open_game(page, gid)
    assert "paused by the game master" in page.inner_text("main")
    gm.click("button:has-text('Roll back the last turn')")
    assert "rollback: done" in gm.inner_text(".flash")
    assert "Turn 1" in gm.inner_text(".gamehead")
    shot(gm, "gm-console")
    gm.click("button:has-text('Resume')")
    assert "resume: done" in gm.inner_text(".flash")
    gm.goto("/gm/")
    shot(gm, "gm-create-game")


def test_a_1939_iii_build_by_clicking_the_map(chrome: Any, live: Live) -> None:
    """1939 III opens with the Winter 1938 builds (D39 7-13): a click on a home centre offers
    the builds the legal-order list has there; the chosen one goes into the box."""
    setup = live.setup("single", "diplomacy", "1939-iii")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    open_game(page, gid)
    builds = page.locator('select.order-select[data-unit="builds"] option')
    offered = builds.evaluate_all("els => els.map(e => e.value)")
    armies = [o for o in offered if re.fullmatch(r"Build A [a-z]{3}", o)]
    assert armies, (offered, page.inner_text("main")[:1500])

    def naming(order: str) -> set[str]:
        return {o for o in offered if order.split()[-1] in o}

    # A coastal centre (an army or a fleet) opens the menu; where only one order names the
    # place (an inland centre), the click takes it at once.
    build = max(armies, key=lambda o: len(naming(o)))
    where = build.split()[-1]
    click_map(page, where)
    if len(naming(build)) > 1:
        menu = page.inner_text("#map-menu").splitlines()
        assert build in menu and all(where in line for line in menu if line != "cancel")
        assert set(menu) - {"cancel"} == naming(build)
        shot(page, "diplomacy-1939-map-orders")
        page.click(f"#map-menu button:text-is('{build}')")
    assert box_lines(page) == [build]
    page.check("input[name=ready]")
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    assert "1 order accepted" in page.inner_text("#receipt"), page.inner_text("#receipt")


def _map_text(page: Any) -> str:
    return str(page.locator("figure.map svg").text_content() or "")


@pytest.mark.parametrize("scenario", ["4-player", "5-player"])
def test_a_spi_ww2_spectator_watches_the_public_map(chrome: Any, live: Live, scenario: str) -> None:
    """SPI WW2's four- and five-Player versions hide the synthesized Objectives columns (19.2):
    the spectator watches the public view's map of Europe, with the turn's public events."""
    setup = live.setup("single", "spi-ww2", scenario)
    gid = setup["game"]
    gm = context(chrome, live, setup["gm"]).new_page()
    spectator = context(chrome, live, None).new_page()
    # The bots' phases run by themselves; the game master processes the person's (the set-up
    # of 19.2, the Diplomacy Interphase, his Player-Turn) until a turn with events is shown.
    # How many that takes depends on the power the person is seated at (drawn by the game's
    # seed): up to a whole Game-Turn of Player-Turns.
    for _ in range(20):
        open_game(spectator, gid)
        if "Last turn" in _map_text(spectator):
            break
        before = spectator.inner_text(".gamehead")
        gm.goto(f"/gm/{gid}/")
        gm.click("button:has-text('Process now')")
        deadline = time.monotonic() + 60
        while spectator.inner_text(".gamehead") == before and time.monotonic() < deadline:
            time.sleep(0.4)
            open_game(spectator, gid)
    assert "You are watching" in spectator.inner_text("main")
    assert spectator.locator("figure.map svg").count() == 1
    assert "map not available" not in spectator.inner_text("main")
    legend = _map_text(spectator)
    assert " - public" in legend and "Last turn" in legend
    assert spectator.locator("figure.map g.unit").count() > 20
    assert "synthesized" not in spectator.content()
    shot(spectator, f"spi-ww2-{scenario}-spectator")


def assert_accepted(page: Any, order: str) -> None:
    """Submit the box (not ready) and find ``order`` alone accepted on the receipt."""
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    receipt = page.inner_text("#receipt")
    assert "1 order accepted" in receipt and "No problems" in receipt, receipt
    assert order in receipt, receipt


def steps_of(page: Any, gid: int, so_far: str) -> list[dict[str, Any]]:
    """The choices the page's step-by-step endpoint offers after ``so_far`` (as the page asks)."""
    url = f"/games/{gid}/steps/?order=" + so_far.replace(" ", "%20")
    found: list[dict[str, Any]] = page.evaluate(
        "url => fetch(url).then(r => r.json()).then(d => d.steps)", url
    )
    return found


@pytest.mark.rule("D39 38")
@pytest.mark.rule("D39 39")
@pytest.mark.rule("D39 40")
def test_a_1939_iii_bomber_mission_by_clicking_the_map(chrome: Any, live: Live) -> None:
    """A bomber's flight built by clicks (D39 34-40): the bomber, the space of its mission (a
    menu of the missions there, each a choice the engine accepts), "… fly on", the landing; the
    box holds the canonical text, the same as typing it, and the receipt accepts it. Then the
    same kind of order from the bomber's own list, step by step."""
    setup = live.setup("bomber", "diplomacy", "1939-iii")
    gid, power, bomber = setup["game"], setup["power"], setup["bomber"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    wait_for(page, gid, "Your orders for Spring 1939")
    start = bomber.split()[1]
    first = steps_of(page, gid, bomber)
    assert first and all(c["text"].startswith(bomber + " - ") for c in first), first
    # A mission flown on the first step that can fly on to a landing.
    mission = next(c for c in first if c["on"] and ("(" in c["text"] or "[S" in c["text"]))
    where = mission["space"]
    page.locator(f'figure.map [data-unit="{power} {bomber}"]').click(force=True)
    page.wait_for_function(
        "() => document.querySelector('.map-hint').textContent.includes('step by step')"
    )
    click_map(page, where)
    menu = page.inner_text("#map-menu").splitlines()
    here = [c for c in first if c["space"] == where]
    wanted = [t for c in here for t in [c["text"]] * c["land"] + [c["text"] + " …"] * c["on"]]
    assert [line for line in menu if line != "cancel"] == wanted, (menu, here)
    shot(page, "diplomacy-1939-bomber-mission")
    page.click(f"#map-menu button:text-is('{mission['text']} …')")
    page.wait_for_function(
        "() => document.querySelector('.map-hint').textContent.includes('next space')"
    )
    landing = next(c for c in steps_of(page, gid, mission["text"]) if c["land"])
    click_map(page, landing["space"])
    if page.locator("#map-menu").count():
        page.click(f"#map-menu button:text-is('{landing['text']}')")
    assert box_lines(page) == [landing["text"]]
    # The same text typed: the engine reads it back to itself (canonical text round trip).
    assert landing["text"].startswith(mission["text"] + " - " + landing["space"])
    assert_accepted(page, landing["text"])  # not marked ready: the turn waits

    # The bomber's list: its first steps appear when it is first used; a "…" choice leads on.
    open_game(page, gid)
    page.fill("textarea#orders", "")
    sel = f'select.order-select[data-unit="{bomber}"]'
    page.focus(sel)
    page.wait_for_function(f"() => document.querySelector('{sel}').dataset.stepwise === 'yes'")
    page.select_option(sel, label=mission["text"] + " …")
    page.wait_for_function(
        f"() => document.querySelector('{sel}').dataset.soFar === {mission['text']!r}"
    )
    labels = page.locator(f"{sel} option").evaluate_all("els => els.map(e => e.textContent)")
    assert landing["text"] in labels, labels
    page.select_option(sel, label=landing["text"])
    assert box_lines(page) == [landing["text"]]
    assert_accepted(page, landing["text"])
    assert start in landing["text"]


@pytest.mark.parametrize(
    ("game", "scenario", "regions"),
    [
        ("battleplan", "equal", ["Europe", "Central America"]),
        ("conquest", None, ["Europe and the Middle East"]),
    ],
)
def test_world_maps_show_their_crowded_parts_enlarged(
    chrome: Any, live: Live, game: str, scenario: str | None, regions: list[str]
) -> None:
    """A world map at 1280x900 leaves Europe and Central America unreadable (issue 13): the
    page offers them enlarged, with every space there labelled, chosen by buttons (keyboard
    too; each is fetched when first shown); one map shows at a time."""
    setup = live.setup("single", game, *([scenario] if scenario else []))
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    open_game(page, gid)
    buttons = page.locator(".map-views button").all_inner_texts()
    assert buttons == ["World", *regions]
    assert page.locator(".map-view:visible").count() == 1
    for i, title in enumerate(regions, start=1):
        if i == 1:
            page.click(f".map-views button:text-is('{title}')")
        else:  # by keyboard
            page.focus(f".map-views button:text-is('{title}')")
            page.keyboard.press("Enter")
        page.wait_for_selector(".map-view:visible svg")  # fetched when first shown
        shown = page.locator(".map-view:visible svg")
        assert shown.count() == 1 and shown.get_attribute("data-region"), title
        labels = shown.locator("text.label").count()
        assert labels >= 10, (title, labels)
        pressed = page.locator(".map-views button[aria-pressed=true]").all_inner_texts()
        assert pressed == [title]
        name = "-".join(title.lower().split()[:2]).replace("-and", "")
        shot(page, f"{game}-world-{name}")
    page.click(".map-views button:text-is('World')")
    assert page.locator(".map-view:visible svg").get_attribute("data-region") is None
