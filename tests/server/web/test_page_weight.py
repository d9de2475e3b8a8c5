"""Issue 29 (weight): a seated player's game page, on its first load, brings at most 120 KB over
the wire for every ruleset: the page and every file it names, compressed as a browser that
asks ``gzip, br`` gets them. Bytes, not time (``bench/page_weight.py`` measures the time, and
the same weight in a real browser)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from umpire.server.usecases import lifecycle

from .helpers import account

pytestmark = pytest.mark.django_db

LIMIT = 120_000
HEADERS = 400  # the bytes of a response's status line and headers, about (Chromium's log)
RULESETS = (
    ("diplomacy", "standard"),
    ("diplomacy", "1939-iii"),
    ("battleplan", "europe"),
    ("battleplan", "equal"),
    ("conquest", "standard"),
    ("origins", "historical"),
    ("spi-ww2", "6-player"),
)
# What a browser fetches as it reads the page: stylesheets, scripts, images, icons.
FETCHED = re.compile(
    r'<(?:link[^>]*\brel="(?:stylesheet|icon|preload)"[^>]*\bhref|script[^>]*\bsrc|img[^>]*\bsrc)="([^"]+)"'
)


def first_load(client: Client, path: str) -> dict[str, int]:
    """The bytes of ``path`` and of every file it names, as sent for ``gzip, br``."""
    sizes: dict[str, int] = {}
    page = client.get(path, HTTP_ACCEPT_ENCODING="gzip, br")
    assert page.status_code == 200
    assert page.headers.get("Content-Encoding") in ("gzip", "br")
    sizes[path] = len(page.content) + HEADERS
    html = client.get(path).content.decode()
    for url in sorted(set(FETCHED.findall(html))):
        answer = client.get(url, HTTP_ACCEPT_ENCODING="gzip, br")
        assert answer.status_code == 200, url
        body = b"".join(answer.streaming_content) if answer.streaming else answer.content  # type: ignore[attr-defined]
        sizes[url] = len(body) + HEADERS
    return sizes


@pytest.mark.parametrize(("game", "scenario"), RULESETS)
def test_a_seated_players_first_load_is_at_most_120_kb(gm: Any, game: str, scenario: str) -> None:
    row = lifecycle.create_game(
        gm[0], "Weight", game, scenario=scenario,
        settings={"deadline": {"minutes": 1440}, "fill_with_bots": True},
    )  # fmt: skip
    person = account("weighed")
    lifecycle.join(row.pk, person)
    lifecycle.start(row.pk, gm[0])
    client = Client()
    client.force_login(person)
    sizes = first_load(client, f"/games/{row.pk}/")
    assert 'id="orderform"' in client.get(f"/games/{row.pk}/").content.decode()
    total = sum(sizes.values())
    assert total <= LIMIT, f"{game}/{scenario}: {total} bytes: {sizes}"
