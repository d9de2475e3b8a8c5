"""The stored view and printout are read in one statement (``statements.reader_facts``) with
the answers the general path (``api.common.out``: ``visible``, ``viewer_of``, ``present``) gives:
the same output for the game master, a superuser and each player, and the same refusal, in
the same order of checks, for a spectator, a stranger to a private game, a player whose seat
was taken over, a game that has not started, a turn not processed and a game that does not
exist."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth.models import User

from umpire.core.session import SessionError
from umpire.server import errors
from umpire.server.api import common as api_common
from umpire.server.models import Game, TurnOutput
from umpire.server.usecases import gm_actions, lifecycle

from .conftest import Api, make_user, run_worker

pytestmark = pytest.mark.django_db


def _general(user: User, game_id: int, part: str, turn: int | None) -> tuple[int, Any]:
    """The answer of the general path, as the API would give it."""
    request: Any = SimpleNamespace(auth=user)
    try:
        return 200, api_common.out(request, game_id, part, turn=turn)
    except SessionError as err:
        return errors.status_of(err.code), err.code


def _fast(client: Api, game_id: int, part: str, turn: int | None) -> tuple[int, Any]:
    status, body = client.get(
        f"/games/{game_id}/{part}", **({} if turn is None else {"turn": turn})
    )
    return status, (body if status == 200 else body["code"])


def _game(gm: Api, public: bool) -> int:
    status, body = gm.post("/games", {"name": "R", "game": "fakebid", "public": public,
                                      "settings": {"rules": {"rounds": 4}}})  # fmt: skip
    assert status == 201, body
    return int(body["game"]["id"])


def test_every_reader_gets_what_the_general_path_gives() -> None:
    gm_user, gm = make_user("gamemaster", gm=True)
    people = {name: make_user(name) for name in ("ann", "bob", "cat", "dan")}
    root = User.objects.create_superuser("root", "root@example.org", "root-password")
    from umpire.server import accounts

    people["root"] = (root, Api(accounts.issue_token(root)))
    people["gamemaster"] = (gm_user, gm)
    games = {"public": _game(gm, True), "private": _game(gm, False), "forming": _game(gm, True)}
    for key in ("public", "private"):
        gid = games[key]
        for name, power in (("ann", "North"), ("bob", "South")):
            lifecycle.join(gid, people[name][0], [power])  # a private game: invited players
        assert gm.post(f"/games/{gid}/start", {})[0] == 200
        for turn in (1, 2):
            for name, bid in (("ann", 3), ("bob", 5)):
                body = {"turn": turn, "text": f"bid {bid}", "ready": True}
                assert people[name][1].post(f"/games/{gid}/orders", body)[0] == 200
            assert run_worker() == 1
    # dan joins the forming game only; bob's seat in the private game goes to cat, so bob
    # is a member of it without a seat, and cat holds South.
    assert people["dan"][1].post(f"/games/{games['forming']}/join", {})[0] == 200
    gm_actions.gm_action(games["private"], gm_user, "replace", power="South", username="cat")
    # A turn processed before the outputs were stored: read from the record.
    TurnOutput.objects.filter(game_id=games["public"], turn=1).delete()

    compared = 0
    for gid in [*games.values(), 999_999]:
        for user, client in people.values():
            for part in ("printout", "view"):
                for at in (None, 0, 1, 2, 3, 7):
                    fast = _fast(client, gid, part, at)
                    assert fast == _general(user, gid, part, at), (user.username, gid, part, at)
                    compared += fast[0] == 200
    assert compared > 40  # many were answered, not only refused
    # The readers are the ones the rules say.
    public, private = games["public"], games["private"]
    assert _fast(people["cat"][1], public, "printout", None)[1] == "view/forbidden"
    assert _fast(people["dan"][1], private, "printout", None)[1] == "game/not_found"
    assert _fast(people["bob"][1], private, "printout", None)[1] == "view/forbidden"
    assert _fast(people["cat"][1], private, "printout", None)[0] == 200
    assert _fast(people["ann"][1], games["forming"], "view", None)[1] == "game/not_started"
    assert _fast(people["ann"][1], public, "view", 3)[1] == "turn/unknown"
    assert Game.objects.get(pk=public).turn == 3
