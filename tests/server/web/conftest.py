"""The page tests log in with ``force_login``: no password is ever checked, so accounts are
hashed with a fast hasher here (the default one is slow on purpose)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
