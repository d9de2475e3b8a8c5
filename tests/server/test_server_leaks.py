"""No endpoint lets a player read another power's orders, printout, private press, or the seed.

Every path of the OpenAPI schema is called as the other player, as a signed-in spectator and
anonymously, over every turn; the responses are searched for North's secrets.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from umpire.server.api.app import api
from umpire.server.models import Game

from .conftest import Api, run_worker

pytestmark = pytest.mark.django_db

# A body for every POST endpoint (a new endpoint must be added here, or the test fails).
_TOMORROW = datetime.now(UTC).date() + timedelta(days=1)
BODIES: dict[str, dict[str, Any]] = {
    "/api/auth/register": {"username": "eve", "password": "eve-password", "email": "e@x.org"},
    "/api/auth/confirm": {"key": "not-a-key"},
    "/api/auth/tokens/{token_id}/revoke": {},
    "/api/auth/token": {"username": "bob", "password": "bob-password"},
    "/api/games": {"game": "fakebid"},
    "/api/standby": {"game": "fakebid", "scenario": "standard"},
    "/api/games/{game_id}/join": {"preferences": ["North"]},
    "/api/games/{game_id}/start": {},
    "/api/games/{game_id}/orders": {"turn": 2, "text": "bid 1"},
    "/api/games/{game_id}/ready": {"turn": 2, "ready": False},
    "/api/games/{game_id}/forecast": {"orders": {"South": "bid 1", "North": "bid 9"}, "seed": 2},
    "/api/games/{game_id}/messages": {"to": ["North"], "text": "hello"},
    "/api/games/{game_id}/gm/pause": {},
    "/api/games/{game_id}/gm/resume": {},
    "/api/games/{game_id}/gm/extend": {"minutes": 5},
    "/api/games/{game_id}/gm/process": {},
    "/api/games/{game_id}/gm/rollback": {},
    "/api/games/{game_id}/gm/replace": {"power": "North", "username": "bob"},
    "/api/games/{game_id}/gm/end": {"summary": "x"},
    "/api/games/{game_id}/gm/settings": {"settings": {"away": {"policy": "standing"}}},
    "/api/games/{game_id}/gm/takeover": {"power": "South", "approve": True},
    "/api/games/{game_id}/leave": {},  # called as South, he leaves: nothing may leak either
    # An absence tomorrow (its notice names the player, power and days; nothing else).
    "/api/games/{game_id}/takeover": {"power": "South"},
    "/api/away": {"start": str(_TOMORROW), "end": str(_TOMORROW)},
    "/api/away/cancel": {},
    "/api/account/news": {"choices": {"turn": {"webhook": True}}},
    "/api/account/hooks": {"url": "https://93.184.215.14/hook", "format": "json"},
    "/api/account/hooks/{hook_id}": {},
    "/api/account/hooks/{hook_id}/test": {},
}


def _played(game: dict[str, Any]) -> dict[str, Any]:
    gid, ann, bob, gm = game["id"], game["ann"], game["bob"], game["gm"]
    ann.post(
        f"/games/{gid}/orders", {"turn": 1, "text": "# ANN-PRIVATE-NOTE\nbid 7", "ready": True}
    )
    bob.post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 2", "ready": True})
    assert run_worker() == 1
    ann.post(f"/games/{gid}/orders", {"turn": 2, "text": "# ANN-TURN-TWO\nbid 8"})
    gm.post(f"/games/{gid}/messages", {"to": ["North"], "text": "UMPIRE-TO-NORTH-ONLY"})
    ann.post(f"/games/{gid}/messages", {"to": ["North"], "text": "ANN-NOTE-TO-SELF"})
    row = Game.objects.get(pk=gid)
    state = row.turns.get(number=1).state
    secrets = [
        state["secrets"]["North"],
        "North bid 7",  # North's private event (printout)
        "bid 7",  # North's canonical orders
        "bid 8",
        "ANN-PRIVATE-NOTE",
        "ANN-TURN-TWO",
        "UMPIRE-TO-NORTH-ONLY",
        "ANN-NOTE-TO-SELF",
        "tie draw",  # an event for the umpire only
    ]
    return {"secrets": secrets, "seed": str(row.seed)}


def _calls(gid: int) -> list[tuple[str, str, dict[str, Any]]]:
    calls = []
    for path, methods in api.get_openapi_schema()["paths"].items():
        for method in methods:
            url = path.replace("{game_id}", str(gid)).removeprefix("/api")
            if "{turn}" in url:  # a turn in the path (the postal packets): every turn
                calls += [(method, url.replace("{turn}", str(t)), {}) for t in (0, 1, 2)]
            elif method == "get":
                calls += [("get", url, {})] + [("get", url, {"turn": t}) for t in (0, 1, 2)]
            else:
                assert path in BODIES, f"add a body for {path} to BODIES"
                calls.append(("post", url, BODIES[path]))
    return calls


def _sweep(client: Api, gid: int, forbidden: list[str]) -> int:
    seen = 0
    for method, url, args in _calls(gid):
        _, body = client.get(url, **args) if method == "get" else client.post(url, args)
        text = json.dumps(body)
        for secret in forbidden:
            assert secret not in text, f"{method.upper()} {url} {args} leaked {secret!r}"
        seen += 1
    return seen


def test_every_endpoint_keeps_north_secret(running_game: dict[str, Any]) -> None:
    gid = running_game["id"]
    facts = _played(running_game)
    forbidden = [*facts["secrets"], facts["seed"]]
    # Sanity: North itself does read its own secrets, so the search is meaningful.
    _, printout = running_game["ann"].get(f"/games/{gid}/printout", turn=1)
    assert facts["secrets"][0] in printout["printout"]["text"]
    _, orders = running_game["ann"].get(f"/games/{gid}/orders")
    assert "ANN-TURN-TWO" in json.dumps(orders)
    for who in ("cat", "bob"):  # a signed-in spectator, then South (whose calls change things)
        assert _sweep(running_game[who], gid, forbidden) > 40
    assert _sweep(Api(None), gid, forbidden) > 40


def test_no_endpoint_shows_the_seed_even_to_the_game_master(running_game: dict[str, Any]) -> None:
    gid = running_game["id"]
    facts = _played(running_game)
    assert _sweep(running_game["gm"], gid, [facts["seed"]]) > 40


def test_anonymous_press_hides_the_sender(db: Any, running_game: dict[str, Any]) -> None:
    gid = running_game["id"]
    Game.objects.filter(pk=gid).update(settings={"anonymous_press": True})
    status, _ = running_game["ann"].post(
        f"/games/{gid}/messages", {"to": ["South"], "text": "guess who", "signed": False}
    )
    assert status == 201
    _, body = running_game["bob"].get(f"/games/{gid}/messages")
    assert body["messages"][0]["from"] is None and "North" not in json.dumps(body["messages"])
    _, body = running_game["gm"].get(f"/games/{gid}/messages")
    assert body["messages"][0]["from"] == "North"
