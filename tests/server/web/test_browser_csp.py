"""The pages work under their Content-Security-Policy in a real browser (issue 30): no
violation is reported while a player gives orders (htmx, the page's script) and a game master
rolls back a turn (the confirmation, once an inline handler, now in the page's script)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .browser import Live, chrome, context, live, skip_reason

pytestmark = [pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or "")]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

# Every violation the page sees, as the browser reports it to the page.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def watched(chrome: Any, live: Live, session: str | None) -> tuple[Any, list[str]]:
    ctx = context(chrome, live, session)
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    console: list[str] = []
    page.on(
        "console",
        lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    return page, console


def violations(page: Any, console: list[str]) -> list[str]:
    return [*page.evaluate("window.__violations"), *console]


def test_pages_load_and_work_with_no_policy_violation(chrome: Any, live: Live) -> None:
    setup = live.setup("single", "origins")
    gid, power = setup["game"], setup["power"]
    page, console = watched(chrome, live, setup["sessions"][power])
    response = page.goto(f"/games/{gid}/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.fill("textarea#orders", setup["orders"])
    page.check("input[name=ready]")
    page.click("text=Submit orders")  # htmx, under the policy
    page.wait_for_selector("#receipt h3:has-text('Receipt')")
    assert not violations(page, console)
    deadline = time.monotonic() + 60
    while "Turn 2" not in page.inner_text("main") and time.monotonic() < deadline:
        page.goto(f"/games/{gid}/")
    gm, gm_console = watched(chrome, live, setup["gm"])
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    gm.on("dialog", answer)
    gm.goto(f"/gm/{gid}/")
    gm.click("button:has-text('Pause')")
    gm.click("button:has-text('Roll back the last turn')")  # asked, refused: nothing done
    assert asked == ["Undo the last processed turn?"]
    assert "rollback: done" not in gm.inner_text("main")
    gm.click("button:has-text('Roll back the last turn')")  # asked, accepted
    assert "rollback: done" in gm.inner_text(".flash")
    for url in ("/", "/lobby/", "/accounts/login/", f"/games/{gid}/watch/"):
        gm.goto(url)
    assert not violations(gm, gm_console)
