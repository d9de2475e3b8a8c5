"""A new user in a real browser: signs up, confirms the address from the mail written under
var/mail/, logs in and lands on My games (issue 13's account pages, issue 14 item 4); a
stranger's earlier sign-up with the same address does not stop him (issue 30)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from .browser import Live, chrome, context, live, shot, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]

__all__ = ["chrome", "live"]  # the module-scoped fixtures

CONFIRM = re.compile(r"https?://\S+/accounts/confirm-email/[-:\w]+/")


def confirmation_link(var: Path, address: str) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for path in sorted((var / "mail").glob("*")):
            text = path.read_text(errors="replace")
            found = CONFIRM.search(text)
            if found and address in text:
                return found.group(0)
        time.sleep(0.3)
    raise AssertionError(f"no confirmation mail for {address} under {var / 'mail'}")


def test_sign_up_confirm_log_in_and_land_on_my_games(chrome: Any, live: Live) -> None:
    ctx = context(chrome, live, None)
    page = ctx.new_page()
    page.goto("/")
    page.click("header >> text=Sign up")
    page.fill("input[name=username]", "newcomer")
    page.fill("input[name=email]", "newcomer@example.org")
    page.fill("input[name=password1]", "a-long-pass-9")
    page.fill("input[name=password2]", "a-long-pass-9")
    shot(page, "account-sign-up")
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/accounts/confirm-email/"))
    link = confirmation_link(Path(live.env["UMPIRE_VAR_DIR"]), "newcomer@example.org")
    page.goto(link)
    page.click("main button[type=submit]")
    if "/accounts/login/" in page.url or "/games/" not in page.url:
        page.goto("/accounts/login/")
        page.fill("input[name=login]", "newcomer")
        page.fill("input[name=password]", "a-long-pass-9")
        page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    assert page.locator("h1").inner_text() == "My games"
    assert page.locator("header").get_by_text("Log out").count() == 1
    shot(page, "account-my-games-after-sign-up")
    page.goto("/account/")
    assert "newcomer@example.org" in page.content()
    ctx.close()


def link_for(var: Path, account: str) -> str:
    """The confirmation link of the mail that names ``account`` (each claim has its own)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for path in sorted((var / "mail").glob("*")):
            text = " ".join(path.read_text(errors="replace").split())
            found = CONFIRM.search(text)
            if found and f'the account "{account}"' in text:
                return found.group(0)
        time.sleep(0.3)
    raise AssertionError(f"no confirmation mail for {account} under {var / 'mail'}")


def test_a_strangers_sign_up_with_my_address_does_not_stop_mine(chrome: Any, live: Live) -> None:
    """Issue 30: a stranger signs up first with the owner's address; the owner signs up with
    it too, follows the link of the mail that names his own account, and gets in."""
    var = Path(live.env["UMPIRE_VAR_DIR"])
    for name in ("squatter", "owner"):
        ctx = context(chrome, live, None)
        page = ctx.new_page()
        page.goto("/accounts/signup/")
        page.fill("input[name=username]", name)
        page.fill("input[name=email]", "owner@example.org")
        page.fill("input[name=password1]", "Ocelot-Quartz-77")
        page.fill("input[name=password2]", "Ocelot-Quartz-77")
        page.click("main button[type=submit]")
        page.wait_for_url(re.compile(r"/accounts/confirm-email/"))
        ctx.close()
    ctx = context(chrome, live, None)
    page = ctx.new_page()
    page.goto(link_for(var, "owner"))
    page.click("main button[type=submit]")
    page.goto("/accounts/login/")
    page.fill("input[name=login]", "owner")
    page.fill("input[name=password]", "Ocelot-Quartz-77")
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    page.goto("/account/")
    assert "owner@example.org" in page.content()
    assert "Recent logins" in page.content()
    ctx.close()
    # The stranger's link confirms nothing any more.
    ctx = context(chrome, live, None)
    page = ctx.new_page()
    page.goto(link_for(var, "squatter"))
    assert "expired or is invalid" in page.locator("main").inner_text()
    assert page.locator("main button[type=submit]").count() == 0
    ctx.close()
