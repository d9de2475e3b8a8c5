"""Accessibility (issue 29), in a real browser: every kind of page passes axe-core with no
violation of impact "serious" or "critical", at a laptop's 1280x900 and a phone's 390x844.

axe-core is vendored from the npm registry by ``scripts/vendor_js`` into
``tests/server/web/vendor/`` (a test tool: never served to visitors). It is injected into the
page as a script tag; the site's Content-Security-Policy allows no inline script, so the
contexts that run axe bypass the CSP (Playwright's ``bypass_csp``): only the check runs so,
the pages themselves are tested under the CSP elsewhere (``test_browser_csp.py``), and the
keyboard tests below run under it.

Besides: a whole turn played with the keyboard alone (Diplomacy by typing, Battle Plan Europe
from the list of legal orders), every stop showing a focus ring; and each map named and
described by the note that points to the text-first way to play. Screenshots:
docs/screenshots/a11y-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .browser import VIEWPORT, Live, chrome, context, live, shot, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": VIEWPORT, "phone": PHONE}
GAMES = [
    ("diplomacy", "standard"),
    ("diplomacy", "1939-iii"),
    ("battleplan", "europe"),
    ("battleplan", "equal"),
    ("conquest", "standard"),
    ("origins", "historical"),
    ("spi-ww2", "6-player"),
]
BAD = ("serious", "critical")


def axe_context(browser: Any, live: Live, session_key: str | None, size: str) -> Any:
    """A browser context at ``size`` for the axe check: logged in with ``session_key`` (None:
    an anonymous visitor); the CSP bypassed so that the vendored axe can be injected."""
    ctx = browser.new_context(
        viewport=SIZES[size], base_url=live.base, timezone_id="Europe/Paris", bypass_csp=True
    )
    ctx.set_default_timeout(30_000)
    if session_key:
        ctx.add_cookies([{"name": "sessionid", "value": session_key, "url": live.base}])
    return ctx


def violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands, one line each:
    the rule, its impact, what it says and where (up to five elements)."""
    page.add_script_tag(path=str(AXE))
    assert page.evaluate("() => typeof window.axe") == "object", "axe-core was not injected"
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const result = await axe.run(document, {resultTypes: ['violations']});
          return result.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), impact: n.impact,
                                      summary: n.failureSummary}))
          }));
        }"""
    )
    lines = []
    for v in found:
        nodes = [n for n in v["nodes"] if n["impact"] in BAD]
        if not nodes:
            continue
        where = "; ".join(f"{n['target']} ({n['summary']})" for n in nodes[:5])
        more = f" and {len(nodes) - 5} more" if len(nodes) > 5 else ""
        lines.append(f"{v['id']} [{v['impact']}] {v['help']}: {where}{more}")
    return lines


def check(page: Any, path: str, status: int = 200) -> list[str]:
    """Open ``path`` (it answers ``status``) and list its violations, each headed by it."""
    # goto returns at the page's load event: its scripts have run and its images are in. A
    # page asks nothing more by itself (the enlarged map parts and the order lists are fetched
    # when used) but its live poll, which changes nothing on the page while the game does not
    # change: no waiting for the network to fall idle (half a second a page at least).
    answer = page.goto(path)
    assert answer is not None and answer.status == status, (path, answer and answer.status)
    return [f"{path}: {line}" for line in violations(page)]


@pytest.fixture(scope="module")
def games(live: Live) -> dict[str, Any]:
    """The games and accounts the pages are seen with: a seven-player Diplomacy game (with a
    game master), one game of each ruleset with its player, a game played on a few turns
    (printouts to read)."""
    out: dict[str, Any] = {"diplomacy": live.setup("diplomacy")}
    for game, scenario in GAMES:
        out[f"{game}/{scenario}"] = live.setup("single", game, scenario)
    out["played"] = live.setup("played", "diplomacy", "3")
    return out


@pytest.mark.parametrize("size", sorted(SIZES))
def test_pages_of_a_visitor_have_no_serious_violation(
    chrome: Any, live: Live, games: dict[str, Any], size: str
) -> None:
    """The pages anyone may open: home, lobby, sign-up, log-in, How to play (the index, each
    game's and scenario's), a spectator's game page and printouts, a page not found."""
    played = games["played"]
    gid = played["game"]
    page = axe_context(chrome, live, None, size).new_page()
    found: list[str] = []
    paths = ["/", "/lobby/", "/accounts/signup/", "/accounts/login/", "/rules/"]
    paths += sorted({f"/rules/{g}/" for g, _ in GAMES} | {f"/rules/{g}/{s}/" for g, s in GAMES})
    paths += [f"/games/{gid}/", f"/games/{gid}/watch/", f"/games/{gid}/turn/1/"]
    for path in paths:
        found += check(page, path)
    found += check(page, "/games/999999/", 404)
    found += check(page, "/no/such/page/", 404)
    found += forbidden(page, f"/games/{gid}/join/")
    assert not found, "\n".join(found)


def forbidden(page: Any, action: str) -> list[str]:
    """The page a form sent without its CSRF token gets (403: an old page's form, cookies
    blocked), and its violations."""
    with page.expect_navigation():
        page.evaluate(
            """action => {
              const form = document.createElement('form');
              form.method = 'post';
              form.action = action;
              document.body.appendChild(form);
              form.submit();
            }""",
            action,
        )
    assert "403" in page.title() or "Forbidden" in page.inner_text("body"), page.content()
    return [f"403 {action}: {line}" for line in violations(page)]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_pages_of_a_player_have_no_serious_violation(
    chrome: Any, live: Live, games: dict[str, Any], size: str
) -> None:
    """A signed-in player's pages: My games, account, new game, the game page, printouts,
    press, trying orders (with his orders drawn on his map) and the question before leaving
    the game."""
    dip = games["diplomacy"]
    gid = dip["game"]
    page = axe_context(chrome, live, dip["sessions"]["FRA"], size).new_page()
    found: list[str] = []
    for path in ["/games/", "/account/", "/games/new/", f"/games/{gid}/"]:
        found += check(page, path)
    found += check(page, f"/games/{gid}/press/")
    found += check(page, f"/games/{gid}/leave/")  # the question before leaving (nothing left)
    found += check(page, f"/games/{gid}/forecast/")
    page.get_by_role("textbox", name="Your orders (FRA)").fill("A par - bur\nF bre - mao")
    page.wait_for_selector("div.board figure.map svg > g.order-marks g.order-mark")
    found += [f"forecast, drawn: {line}" for line in violations(page)]
    played = games["played"]
    page = axe_context(chrome, live, played["sessions"][played["power"]], size).new_page()
    found += check(page, f"/games/{played['game']}/")
    found += check(page, f"/games/{played['game']}/turn/1/")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_the_game_page_of_each_ruleset_has_no_serious_violation(
    chrome: Any, live: Live, games: dict[str, Any], game: str, scenario: str, size: str
) -> None:
    """The game page of a player, with its map, order box and lists, for every ruleset."""
    setup = games[f"{game}/{scenario}"]
    page = axe_context(chrome, live, setup["sessions"][setup["power"]], size).new_page()
    found = check(page, f"/games/{setup['game']}/")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_pages_of_a_game_master_have_no_serious_violation(
    chrome: Any, live: Live, games: dict[str, Any], size: str
) -> None:
    """The game master's console and his page of a game."""
    dip = games["diplomacy"]
    page = axe_context(chrome, live, dip["gm"], size).new_page()
    found = check(page, "/gm/") + check(page, f"/gm/{dip['game']}/")
    assert not found, "\n".join(found)


# Keyboard alone: Tab, Shift+Tab, Enter, Space, arrows and typing; never a click.


def focused(page: Any) -> dict[str, Any]:
    """What has the focus: its tag, id, class, text, and whether a focus ring shows."""
    found: dict[str, Any] = page.evaluate(
        """() => {
          const el = document.activeElement;
          const style = getComputedStyle(el);
          const box = el.getBoundingClientRect();
          return {tag: el.tagName.toLowerCase(), id: el.id, cls: el.className,
                  text: (el.innerText || '').trim().slice(0, 80), name: el.name || '',
                  ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
                  seen: box.width > 0 && box.top >= 0 && box.bottom <= innerHeight};
        }"""
    )
    return found


def tab_to(page: Any, test: str, back: bool = False, most: int = 40) -> dict[str, Any]:
    """Press Tab (Shift+Tab: ``back``) until what has the focus passes ``test`` (a JavaScript
    predicate of the element); each stop shows a focus ring."""
    trail = []
    for _ in range(most):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        now = focused(page)
        trail.append(now)
        assert now["ring"], f"no focus ring on {now}; the Tab stops before it: {trail}"
        if page.evaluate(f"() => ({test})(document.activeElement)"):
            return now
    raise AssertionError(f"{test} never had the focus ({most} presses): {trail}")


def skip_to_orders(page: Any) -> None:
    """The first Tab on the page: the "Skip to orders" link, shown once focused; Enter: the
    order box has the focus."""
    page.keyboard.press("Tab")
    skip = focused(page)
    assert skip["tag"] == "a" and skip["text"] == "Skip to orders", skip
    assert skip["seen"] and skip["ring"], skip
    page.keyboard.press("Enter")
    box = focused(page)
    assert box["tag"] == "textarea" and box["name"] == "orders", box


def submit_ready(page: Any) -> str:
    """From the order box: Tab to "ready" (Space ticks it), Tab to Submit, Enter; the receipt
    comes in and takes the focus. Its text."""
    tab_to(page, "el => el.name === 'ready'")
    page.keyboard.press("Space")
    assert page.is_checked("input[name=ready]")
    tab_to(page, "el => el.tagName === 'BUTTON' && el.textContent.includes('Submit orders')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    page.wait_for_function("() => document.activeElement.id === 'receipt'")
    return str(page.inner_text("#receipt"))


def test_a_diplomacy_turn_played_with_the_keyboard_alone(
    chrome: Any, live: Live, games: dict[str, Any]
) -> None:
    """Germany, Spring 1901: Tab to "Skip to orders", Enter: the order box; the orders typed,
    ready ticked with Space, Submit with Enter: the receipt, with every order accepted, takes
    the focus."""
    dip = games["diplomacy"]
    page = context(chrome, live, dip["sessions"]["GER"]).new_page()
    page.goto(f"/games/{dip['game']}/")
    skip_to_orders(page)
    page.keyboard.type("A mun - ruh\nA ber - kie\nF kie - den")
    shot(page, "a11y-keyboard-orders-desktop")
    receipt = submit_ready(page)
    assert "3 orders accepted, marked ready" in receipt, receipt
    assert "No problems" in receipt, receipt
    for order in ("A mun - ruh", "A ber - kie", "F kie - den"):
        assert order in receipt, receipt


def test_a_battle_plan_turn_played_from_the_order_lists_with_the_keyboard_alone(
    chrome: Any, live: Live, games: dict[str, Any]
) -> None:
    """Battle Plan Europe: from the order box, Tab on to the list of legal orders of the
    power's place; the arrow key chooses an order there, which goes into the order box;
    Shift+Tab back to "ready" (Space), Tab to Submit, Enter: the receipt of that order takes
    the focus."""
    setup = games["battleplan/europe"]
    page = context(chrome, live, setup["sessions"][setup["power"]]).new_page()
    page.goto(f"/games/{setup['game']}/")
    skip_to_orders(page)
    assert page.input_value("textarea#orders") == ""
    tab_to(page, "el => el.matches('select.order-select')")
    page.wait_for_function(  # a list fetched when first used: its orders are in
        "() => !document.activeElement.dataset.src"
        " || document.activeElement.dataset.loaded === 'yes'"
    )
    page.keyboard.press("ArrowDown")
    chosen = page.evaluate("() => document.activeElement.value")
    assert chosen, "the arrow key chose no order"
    assert page.input_value("textarea#orders").splitlines() == [chosen]
    tab_to(page, "el => el.name === 'ready'", back=True)
    page.keyboard.press("Space")
    tab_to(page, "el => el.tagName === 'BUTTON' && el.textContent.includes('Submit orders')")
    shot(page, "a11y-keyboard-submit-desktop")
    page.keyboard.press("Enter")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    page.wait_for_function("() => document.activeElement.id === 'receipt'")
    receipt = page.inner_text("#receipt")
    assert "1 order accepted, marked ready" in receipt, receipt
    assert chosen in receipt, receipt


# The maps' text alternatives.


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_the_map_is_named_and_described_by_the_text_way_to_play(
    chrome: Any, live: Live, games: dict[str, Any], game: str, scenario: str
) -> None:
    """Each map is named by its title and described by the visible note under it, which
    points to the printout and the order box with its lists as the text-first way to play."""
    from playwright.sync_api import expect

    setup = games[f"{game}/{scenario}"]
    page = context(chrome, live, setup["sessions"][setup["power"]]).new_page()
    page.goto(f"/games/{setup['game']}/")
    board = page.locator("figure.map svg").first
    expect(board).to_have_accessible_name(re.compile(r"\w"))
    note = page.locator("#map-note")
    expect(note).to_be_visible()
    text = note.inner_text()
    for words in ("printout", "order box", "lists of legal orders", "text-first way to play"):
        assert words in text, text
    expect(board).to_have_accessible_description(text)
