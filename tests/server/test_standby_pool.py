"""Standbys who may not choose their game (Battle Plan: "you may NOT specify in WHICH game
you want to be a standby"; "whether or not a standby will be inserted is solely at our
discretion"): the ``standby_pool`` setting, ``POST /standby`` and the GM's ``replace``."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.server.models import Enrollment, Seat

from .conftest import Api, make_user

pytestmark = pytest.mark.django_db


def _game(gm_api: Api, ann: Api, *, pool: bool, game: str = "fakebid", **extra: Any) -> int:
    # one player, bots for the other powers (a game is played by as many as it takes)
    settings: dict[str, Any] = {"standby_pool": pool, "fill_with_bots": True, **extra}
    status, body = gm_api.post("/games", {"game": game, "settings": settings})
    assert status == 201, body
    gid = int(body["game"]["id"])
    assert ann.post(f"/games/{gid}/join", {})[0] == 200
    status, body = gm_api.post(f"/games/{gid}/start", {})
    assert status == 200, body
    return gid


def test_a_standby_may_not_choose_the_game(gm: Any, players: Any) -> None:
    _, gm_api = gm
    gid = _game(gm_api, players["ann"][1], pool=True)
    status, body = players["cat"][1].post(f"/games/{gid}/join", {})
    assert (status, body["code"]) == (400, "seat/standby_pool_only")
    assert not Enrollment.objects.filter(game_id=gid).exists()  # refused: nothing changed
    # without the setting a running game still takes standbys directly
    other = _game(gm_api, players["bob"][1], pool=False)
    status, body = players["cat"][1].post(f"/games/{other}/join", {})
    assert status == 200 and "standby" in body["message"]


def test_the_service_picks_the_game_and_the_gm_inserts_the_standby(gm: Any, players: Any) -> None:
    _, gm_api = gm
    first = _game(gm_api, players["ann"][1], pool=True)
    second = _game(gm_api, players["bob"][1], pool=True)
    not_pooled = _game(gm_api, make_user("dan")[1], pool=False)
    volunteers = [make_user(n) for n in ("eve", "fay", "gus")]
    for _, api in volunteers:
        status, body = api.post("/standby", {"game": "fakebid", "scenario": "standard"})
        assert status == 200, body
        assert str(first) not in body["message"] and str(second) not in body["message"]
    # spread over the pooled games, fewest standbys first, then the oldest game
    placed = {
        u.username: Enrollment.objects.get(user=u, standby=True).game_id for u, _ in volunteers
    }
    assert placed == {"eve": first, "fay": second, "gus": first}
    assert not Enrollment.objects.filter(game_id=not_pooled).exists()
    # the game master decides: the longest-waiting standby of that game takes the power
    power = Seat.objects.get(game_id=first, active=True, user__username="ann").power
    status, body = gm_api.post(f"/games/{first}/gm/replace", {"power": power, "standby": True})
    assert status == 200, body
    seat = Seat.objects.get(game_id=first, power=power, active=True)
    assert seat.user is not None and seat.user.username == "eve"
    assert not Enrollment.objects.filter(game_id=first, user=seat.user).exists()


def test_no_game_to_stand_by_for(gm: Any, players: Any) -> None:
    _, gm_api = gm
    gid = _game(gm_api, players["ann"][1], pool=True)
    status, body = players["ann"][1].post("/standby", {"game": "fakebid", "scenario": "standard"})
    assert (status, body["code"]) == (409, "seat/no_game_for_standby")  # he plays the only one
    status, body = players["cat"][1].post("/standby", {"game": "fakebid", "scenario": "other"})
    assert (status, body["code"]) == (409, "seat/no_game_for_standby")
    status, body = players["cat"][1].post("/standby", {"game": "x" * 41, "scenario": "standard"})
    assert (status, body["code"]) == (422, "request/invalid")  # checked at the edge
    assert not Enrollment.objects.filter(game_id=gid, standby=True).exists()


def test_a_standby_takes_over_a_battle_plan_position_whole(gm: Any, players: Any) -> None:
    """The position goes on as it was: same power, same country, money and orders on file
    (BP 11: "Your standing orders stay in effect, even if you drop out of the game")."""
    _, gm_api = gm
    settings = {"standby_pool": True, "fill_with_bots": True}
    status, body = gm_api.post(
        "/games", {"game": "battleplan", "scenario": "1939", "settings": settings}
    )
    assert status == 201, body
    gid = int(body["game"]["id"])
    assert players["ann"][1].post(f"/games/{gid}/join", {"preferences": ["GER"]})[0] == 200
    assert gm_api.post(f"/games/{gid}/start", {})[0] == 200
    status, before = players["ann"][1].get(f"/games/{gid}/printout")
    assert status == 200, before
    status, body = players["cat"][1].post("/standby", {"game": "battleplan", "scenario": "1939"})
    assert status == 200, body
    status, body = gm_api.post(f"/games/{gid}/gm/replace", {"power": "GER", "standby": True})
    assert status == 200, body
    status, after = players["cat"][1].get(f"/games/{gid}/printout")
    assert status == 200, after
    assert after["printout"] == before["printout"]
    status, body = players["ann"][1].get(f"/games/{gid}/printout")
    assert status == 403  # the one who left no longer sees the position
