"""A newcomer in a real browser (issue 29): signs up, confirms his address, creates a game from
the web with bots in the seats nobody takes, joins it himself, starts it, gives orders with
ready ticked, and sees the processed turn appear on the game page without reloading it (the
page's poll learns of it). Screenshots of the create page and the lobby at a laptop's and a
phone's size go to docs/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason
from .test_browser_accounts import confirmation_link

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]

__all__ = ["chrome", "live"]  # the module-scoped fixtures

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}


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
    page.set_viewport_size(LAPTOP)
    shot(page, f"{name}-1280")
    page.set_viewport_size(PHONE)
    shot(page, f"{name}-390")
    page.set_viewport_size(LAPTOP)


def test_a_newcomer_creates_a_game_fills_it_with_bots_and_sees_the_turn_processed(
    chrome: Any, live: Live
) -> None:
    ctx = context(chrome, live, None)
    page = ctx.new_page()
    sign_up(page, live, "starter")
    # the lobby invites him to start a game
    page.goto("/lobby/")
    both_sizes(page, "newgame-lobby")
    page.click("main >> text=start a game of your own")
    page.wait_for_url(re.compile(r"/games/new/$"))
    assert page.locator("h1").inner_text() == "Start a new game"
    page.fill("input[name=name]", "Starter's table")
    page.select_option("select[name=game]", "diplomacy/standard")
    page.fill("input[name=deadline_minutes]", "0")
    page.check("input[name=fill_with_bots]")
    both_sizes(page, "newgame-create")
    page.click("main >> text=Create the game")
    page.wait_for_url(re.compile(r"/gm/\d+/$"))
    gid = int(re.findall(r"/gm/(\d+)/", page.url)[0])
    assert "you are its game master" in page.inner_text(".flash")
    # he joins his own game as England, and starts it: bots take the other six seats
    page.goto("/lobby/")
    row = page.locator("tr", has_text="Starter's table")
    row.locator("select[name=preferences]").first.select_option("ENG")
    row.locator("button", has_text="Join").click()
    page.goto(f"/gm/{gid}/")
    page.click("text=Start the game")
    assert "Game started: 7 powers; 1 player, 6 bots." in page.inner_text(".flash")
    # he plays from the game page, like anyone seated
    page.goto(f"/games/{gid}/")
    assert "Spring 1901 movement" in page.inner_text(".gamehead")
    page.fill("textarea[name=orders]", "F lon - nth\nF edi - nwg\nA lvp - yor")
    page.check("input[name=ready]")
    page.click("text=Submit orders")
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    # no reload by the test: the page's own poll brings the processed turn
    page.wait_for_function(
        "() => document.querySelector('.gamehead').innerText.includes('Fall 1901 movement')",
        timeout=30_000,
    )
    assert "F nth" in page.inner_text("pre.printout") or "NTH" in page.inner_text("main")
    shot(page, "newgame-turn-processed")
    ctx.close()
