"""The page tests log in with ``force_login``: no password is ever checked, so accounts are
hashed with a fast hasher here (the default one is slow on purpose)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def shared_chromium() -> Iterator[Any]:
    """One chromium per test process, shared by the browser modules it runs (browser.py's
    ``chrome``): each test opens contexts of its own (cookies, storage and cache are a
    context's), so nothing one module does is seen by another; a launch costs about half a
    second of CPU and a second of wall. Defined here, once, so that every module gets the same
    one (a fixture imported into each module would be each module's own)."""
    from playwright.sync_api import sync_playwright

    from .browser import chromium_path

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()
