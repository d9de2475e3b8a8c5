"""No page lets another player, a spectator or an anonymous visitor read North's secrets.

Every route of the pages is fetched (GET over every turn, and POST with a plausible body) as
South, as a signed-in spectator and anonymously, following redirects; the HTML is searched for
North's orders, printout, private press, secret state and the seed. A file made by the worker
(a postal packet: "being prepared") is made, then read and searched as well.
"""

from __future__ import annotations

import shutil
import subprocess
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern

from umpire.server.web.urls import urlpatterns

from ..conftest import run_worker
from ..test_server_leaks import _played
from .helpers import client_for

pytestmark = pytest.mark.django_db

# A body for every POST route (a new route must be added here, or the test fails).
POSTS: dict[str, dict[str, Any]] = {
    "orders": {"orders": "bid 1", "turn": "2"},
    "forecast": {"orders": "bid 1", "guess-North": "bid 9", "seed": "1"},
    "forecast_preview": {"orders": "bid 1", "guess-North": "bid 9"},
    "ready": {"turn": "2", "ready": "on"},
    "vote": {"kind": "draw"},
    "press": {"to": ["North"], "text": "hello"},
    "join": {"preferences": ["North"]},
    "leave": {"confirm": "yes"},
    "gm_action": {
        "minutes": "5",
        "power": "North",
        "with": "bot",
        "summary": "x",
        "orders": "bid 1",
    },
    "gm": {"name": "x", "game": "fakebid/standard"},
    "gm_settings": {
        "press": "full",
        "deadline_minutes": "60",
        "deadline_at": "",
        "grace_minutes": "0",
        "reminder_minutes": "1440",
        "nmr": "rules",
        "away_policy": "standing",
        "away_limit_days": "7",
        "offer_after_missed": "2",
    },
}
GM_ACTIONS = (
    "pause",
    "resume",
    "extend",
    "process",
    "rollback",
    "replace",
    "end",
    "start",
    "orders",
)


def _urls(gid: int) -> list[tuple[str, str, dict[str, Any]]]:
    calls: list[tuple[str, str, dict[str, Any]]] = []
    for pattern in urlpatterns:
        assert isinstance(pattern, URLPattern)
        route = str(pattern.pattern).replace("<int:game_id>", str(gid))
        if "<str:action>" in route:
            calls += [("post", "/" + route.replace("<str:action>", a), POSTS["gm_action"])
                      for a in GM_ACTIONS]  # fmt: skip
            continue
        if "<slug:region>" in route:  # the enlarged parts of the world maps, and no such part
            for region in ("europe", "americas", "nowhere"):
                calls += [("get", "/" + route.replace("<slug:region>", region) + q, {})
                          for q in ("", "?turn=1", "?public=1")]  # fmt: skip
            continue
        if "<int:turn>" in route:
            calls += [("get", "/" + route.replace("<int:turn>", str(t)), {}) for t in (0, 1, 2)]
            continue
        calls.append(("get", "/" + route, {}))
        if pattern.name in POSTS:
            calls.append(("post", "/" + route, POSTS[pattern.name]))
    return calls


def _text(response: Any) -> str:
    """What a reader reads in an answer: a page's HTML, a PDF's text (a postal packet: read
    with pdftotext, its streams being compressed; without pdftotext, its bytes as they are)."""
    if response.get("Content-Type") != "application/pdf":
        return str(response.content.decode())
    if shutil.which("pdftotext") is None:
        return str(response.content.decode("latin-1"))
    done = subprocess.run(
        ["pdftotext", "-", "-"], input=response.content, capture_output=True, check=True,
        timeout=60,
    )  # fmt: skip
    return done.stdout.decode()


def _sweep(client: Client, gid: int, forbidden: list[str]) -> int:
    seen = 0
    for method, url, data in _urls(gid):
        call = client.get if method == "get" else client.post
        response = call(url, data, follow=True)
        if response.status_code == 202:  # a packet being prepared: made, then read as well
            for secret in forbidden:
                assert secret not in _text(response), f"{method.upper()} {url} leaked {secret!r}"
            assert run_worker(queue="history") == 1, url
            response = call(url, data, follow=True)
        # 403: refused to one who may not ask (the forecast page of a spectator); 401: a page's
        # JSON answer to one not logged in (the forecast form's drawing); searched too
        assert response.status_code in (200, 401, 403, 404, 405), (
            method, url, response.status_code
        )  # fmt: skip
        html = _text(response)
        for secret in forbidden:
            assert secret not in html, f"{method.upper()} {url} leaked {secret!r}"
        seen += 1
    return seen


def test_every_page_keeps_north_secret(running_game: dict[str, Any]) -> None:
    gid = running_game["id"]
    facts = _played(running_game)
    forbidden = [*facts["secrets"], facts["seed"]]
    ann = client_for(User.objects.get(username="ann"))
    # Sanity: North reads its own secrets on its pages, so the search is meaningful.
    assert facts["secrets"][0] in ann.get(f"/games/{gid}/turn/1/").content.decode()
    assert "ANN-TURN-TWO" in ann.get(f"/games/{gid}/").content.decode()
    assert "UMPIRE-TO-NORTH-ONLY" in ann.get(f"/games/{gid}/press/").content.decode()
    for name in ("cat", "bob"):  # a signed-in spectator, then South (whose posts change things)
        assert _sweep(client_for(User.objects.get(username=name)), gid, forbidden) > 25
    assert _sweep(Client(), gid, forbidden) > 25


def test_no_page_shows_the_seed_even_to_the_game_master(running_game: dict[str, Any]) -> None:
    gid = running_game["id"]
    facts = _played(running_game)
    gm = client_for(User.objects.get(username="gamemaster"))
    assert _sweep(gm, gid, [facts["seed"]]) > 25
