"""Issue 32 in a real browser: a player downloads his postal packet from his game page (the
link under his printout), and the game master every player's packet of the turn from his
console ("Print the turn"); each file is made by the live server's worker while the page says
it is being prepared and looks again, then links it (read back with pdftotext).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .browser import Live, chrome, context, live, skip_reason

pytestmark = [
    pytest.mark.skipif(bool(skip_reason()), reason=skip_reason() or ""),
    pytest.mark.skipif(
        shutil.which("pdftotext") is None, reason="pdftotext is missing (Debian poppler-utils)"
    ),
]
__all__ = ["chrome", "live"]  # the module-scoped fixtures

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_a_player_downloads_his_packet_from_the_game_page(chrome: Any, live: Live) -> None:
    setup = live.setup("played", "diplomacy", "2")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    link = page.get_by_role("link", name="Postal packet (PDF)")
    href = str(link.get_attribute("href"))
    turn = int(href.split("/turn/")[1].split("/")[0])
    assert turn >= 1 and href == f"/games/{gid}/turn/{turn}/packet.pdf"
    link.click()
    page.wait_for_url(f"**{href}")  # the page saying it is being prepared
    status = page.get_by_role("status")
    assert "Your postal packet of turn" in status.inner_text()
    ready = status.get_by_role("link", name="download it (PDF)")
    ready.wait_for(timeout=60_000)  # the page's poll, once the worker has made it
    with page.expect_download() as caught:
        ready.click()
    download = caught.value
    assert download.suggested_filename == f"G-{gid}-turn-{turn}-{power}.pdf"
    pdf = Path(download.path()).read_bytes()
    assert pdf.startswith(b"%PDF-")
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True,
                          check=True, timeout=60).stdout.decode()  # fmt: skip
    assert f"- {power} - turn {turn}" in text  # every page's footer names his packet
    assert "Your printout" in text and f"Order form: {power}" in text
    page.context.close()


def test_the_game_master_prints_the_turn(chrome: Any, live: Live) -> None:
    setup = live.setup("played", "conquest", "2")
    gid, power = setup["game"], setup["power"]
    ctx = context(chrome, live, setup["gm"])
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    page.goto(f"/gm/{gid}/")
    link = page.get_by_role("link", name="Print the turn")
    href = str(link.get_attribute("href"))
    turn = int(href.rstrip("/").rsplit("/", 1)[1])
    assert turn >= 1 and href == f"/gm/{gid}/print/{turn}/"
    link.click()
    page.wait_for_url(f"**{href}")
    status = page.get_by_role("status")
    assert f"Every player's packet of turn {turn} is being prepared" in status.inner_text()
    assert page.get_by_role("link", name="look again").get_attribute("href") == href
    ready = status.get_by_role("link", name="download it (PDF)")
    ready.wait_for(timeout=60_000)
    with page.expect_download() as caught:
        ready.click()
    download = caught.value
    assert download.suggested_filename == f"G-{gid}-turn-{turn}-packets.pdf"
    pdf = Path(download.path()).read_bytes()
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True,
                          check=True, timeout=60).stdout.decode()  # fmt: skip
    assert f"- {power} - turn {turn}" in text  # the one player's packet; bots read none
    assert f"Order form: {power}" in text
    assert page.evaluate("() => window.__violations") == []  # the poll, under the pages' CSP
    page.get_by_role("link", name="Back to the game").click()
    page.wait_for_url(f"**/gm/{gid}/")
    ctx.close()
