"""A live ``umpire serve`` and a real browser (Debian's chromium, its headless shell where
installed, driven by Playwright).

The server runs in a child process on a free port with its own SQLite database; accounts and
games are set up by ``browser_setup.py`` in another child process against that database, and
each browser context carries the session cookie of one account. Screenshots go to
``docs/screenshots/``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
SHOTS = ROOT / "docs" / "screenshots"
SETUP = Path(__file__).with_name("browser_setup.py")
VIEWPORT = {"width": 1280, "height": 900}


# Debian's headless build of chromium (package chromium-headless-shell), as Playwright's own
# headless runs use: the same Blink, without the whole browser around it. Measured on
# test_browser.py alone (BSD process accounting, every process counted): 151 s of CPU with the
# full chromium, 73 s with it; the screenshots come out the same.
HEADLESS_SHELL = ("/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell")


def chromium_path() -> str | None:
    """The system chromium (the Playwright browser download is not reachable here): its
    headless shell where installed, else the whole browser; ``UMPIRE_CHROMIUM`` first."""
    for candidate in (os.environ.get("UMPIRE_CHROMIUM"), *HEADLESS_SHELL, "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return found


def skip_reason() -> str | None:
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        return "the browser suite runs once, in the SQLite pass (its server has its own database)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install pytest-playwright)"
    if chromium_path() is None:
        return (
            "no chromium: install it with `apt-get install chromium` (root), or set UMPIRE_CHROMIUM"
        )
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Live:
    """The running server: its address, and set-ups run against its database (by
    ``browser_setup.py --serve``, one child process for all the set-ups of a module: its
    imports and Django's set-up are made once)."""

    def __init__(self, base: str, env: dict[str, str]) -> None:
        self.base = base
        self.env = env
        self._setups: subprocess.Popen[str] | None = None
        self._setup_log = Path(env["UMPIRE_VAR_DIR"]) / "setup.log"

    def setup(self, *args: str) -> dict[str, Any]:
        if self._setups is None:
            with self._setup_log.open("a") as log:
                self._setups = subprocess.Popen(
                    [sys.executable, str(SETUP), "--serve"],
                    env=self.env,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=log,
                    text=True,
                )
        child = self._setups
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(json.dumps(list(args)) + "\n")
        child.stdin.flush()
        watchdog = threading.Timer(120, child.kill)  # a set-up that hangs fails the test
        watchdog.start()
        lines: list[str] = []
        try:
            while True:
                line = child.stdout.readline()
                if not line or line.strip() in ("\x00done", "\x00failed"):
                    break
                lines.append(line)
        finally:
            watchdog.cancel()
        ended = line.strip() == "\x00done"
        assert ended, "".join(lines) + self._setup_log.read_text()
        result: dict[str, Any] = json.loads(lines[-1])
        return result

    def close(self) -> None:
        """The set-ups' child process ended."""
        if self._setups is not None:
            assert self._setups.stdin is not None
            self._setups.stdin.close()
            try:
                self._setups.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self._setups.kill()
                self._setups.wait()


def _server_env(var_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(
        UMPIRE_VAR_DIR=str(var_dir),
        PYTHONUNBUFFERED="1",
        UMPIRE_TICK_SECONDS="0.5",
        DJANGO_SETTINGS_MODULE="umpire.server.settings",
    )
    return env


_MIGRATED: list[Path] = []  # the database ``umpire migrate`` made, once per test process
DATABASE = "umpire.sqlite3"  # in UMPIRE_VAR_DIR (settings.py)


def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new site's database as ``umpire migrate`` leaves it (every migration applied), made
    once per test process: each live server starts from a copy of it, and its own migrate
    (``umpire serve`` runs one at every start) finds nothing left to do. Applying the
    migrations to an empty database cost about 4 s of CPU per server, one per browser
    module (issue 33); a server's first start on an empty database is tested by
    test_server_httpd.py and test_server_commands.py."""
    if not _MIGRATED:
        var_dir = tmp_path_factory.mktemp("migrated")
        umpire = Path(sys.executable).with_name("umpire")
        done = subprocess.run(
            [str(umpire), "migrate"],
            env=_server_env(var_dir),
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert not (var_dir / f"{DATABASE}-wal").exists()  # all of it in the one file
        _MIGRATED.append(var_dir / DATABASE)
    return _MIGRATED[0]


@pytest.fixture(scope="module")
def live(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Live]:
    """The server for a module's tests, on a new site's database of its own (a copy of
    ``migrated_database``); a module's ``LIVE_ENV`` (a dict) adds to its environment (e.g. a
    sign-up limit above the tests' own sign-ups from one address)."""
    port = _free_port()
    var_dir = tmp_path_factory.mktemp("live")
    shutil.copyfile(migrated_database(tmp_path_factory), var_dir / DATABASE)
    env = _server_env(var_dir)
    env.update(getattr(request.module, "LIVE_ENV", {}))
    umpire = Path(sys.executable).with_name("umpire")
    child = subprocess.Popen(
        [str(umpire), "serve", "--port", str(port), "--no-demo"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert child.stdout is not None
    lines: list[str] = []
    try:
        while not any("Worker running" in line for line in lines):
            line = child.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        server = Live(f"http://127.0.0.1:{port}", env)
        try:
            yield server
        finally:
            server.close()
    finally:
        child.terminate()
        try:
            rest, _ = child.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
            rest = ""
        # what the server said, for a failing test's reader (its folder is the tests' tmp)
        (Path(env["UMPIRE_VAR_DIR"]) / "serve.log").write_text("".join(lines) + (rest or ""))


@pytest.fixture(scope="module")
def chrome() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


def context(browser: Any, live: Live, session_key: str | None, zone: str = "Europe/Paris") -> Any:
    """A browser context logged in with ``session_key`` (None: an anonymous visitor), its
    clock in time zone ``zone``."""
    ctx = browser.new_context(viewport=VIEWPORT, base_url=live.base, timezone_id=zone)
    ctx.set_default_timeout(20_000)
    if session_key:
        ctx.add_cookies([{"name": "sessionid", "value": session_key, "url": live.base}])
    return ctx


def shot(page: Any, name: str) -> None:
    """Save a screenshot of what the viewer sees (the first screen, 1280×900)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def load_lists(page: Any) -> None:
    """Every list of legal orders on the page with its orders: a game whose orders name their
    places sends each list's orders when the list is first used (pointed at, as a player
    reading it would); a list in the page already is loaded as it stands."""
    at = page.evaluate("() => [window.scrollX, window.scrollY]")
    for select in page.locator("select.order-select[data-src]").all():
        select.hover()
    page.evaluate("([x, y]) => window.scrollTo(x, y)", at)  # the page as it was scrolled
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('select.order-select[data-src]'))
          .every(s => s.dataset.loaded === 'yes')"""
    )
