"""Issue 32 in a real browser: a player downloads his postal packet from his game page (the
link under his printout), and the file is his packet (read back with pdftotext).
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


def test_a_player_downloads_his_packet_from_the_game_page(chrome: Any, live: Live) -> None:
    setup = live.setup("played", "diplomacy", "2")
    gid, power = setup["game"], setup["power"]
    page = context(chrome, live, setup["sessions"][power]).new_page()
    page.goto(f"/games/{gid}/")
    link = page.get_by_role("link", name="Postal packet (PDF)")
    href = str(link.get_attribute("href"))
    turn = int(href.split("/turn/")[1].split("/")[0])
    assert turn >= 1 and href == f"/games/{gid}/turn/{turn}/packet.pdf"
    with page.expect_download() as caught:
        link.click()
    download = caught.value
    assert download.suggested_filename == f"G-{gid}-turn-{turn}-{power}.pdf"
    pdf = Path(download.path()).read_bytes()
    assert pdf.startswith(b"%PDF-")
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True,
                          check=True, timeout=60).stdout.decode()  # fmt: skip
    assert f"- {power} - turn {turn}" in text  # every page's footer names his packet
    assert "Your printout" in text and f"Order form: {power}" in text
    page.context.close()
