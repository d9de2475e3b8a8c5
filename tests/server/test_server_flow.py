"""The moderation flow through the JSON API: join, submit, receipts, processing, GM actions."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from umpire.server.models import AuditEntry, Game, GameStatus, Seat, Submission, Turn
from umpire.server.usecases import lifecycle, turns

from .conftest import make_user, run_worker

pytestmark = pytest.mark.django_db


def test_an_account_without_a_verified_address_creates_no_game(players: dict[str, Any]) -> None:
    status, body = players["ann"][1].post("/games", {"game": "fakebid"})
    assert (status, body["code"]) == (403, "gm/cannot_create")


def test_join_start_submit_receipt_and_process(running_game: dict[str, Any]) -> None:
    gid, ann, bob = running_game["id"], running_game["ann"], running_game["bob"]
    status, body = ann.get(f"/games/{gid}")
    assert body["game"]["you"] == {
        "role": "player",
        "power": "North",
        "secret_code": Seat.objects.get(game_id=gid, power="North").secret_code,
    }
    assert body["status"]["turn"] == 1 and body["status"]["label"] == "Round 1"

    # Every problem is reported, the accepted orders come back canonical.
    status, body = ann.post(f"/games/{gid}/orders", {"turn": 1, "text": "BID  7\nbid 12\nfly"})
    assert status == 200, body
    receipt = body["receipt"]
    assert receipt["accepted"] == [{"line": 1, "order": "bid 7"}]
    assert [p["code"] for p in receipt["problems"]] == ["illegal/bid", "syntax/bad_order"]
    assert receipt["ok"] is False and receipt["problems"][0]["text"] == "bid 12"
    assert receipt["warnings"] == []  # orders kept that the rules will refuse: none here

    # Resubmitting replaces; the latest counts.
    status, body = ann.post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 9", "ready": True})
    assert body["receipt"]["ok"] is True
    status, body = bob.post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 2"})
    assert status == 200
    assert run_worker() == 0  # not everyone is ready and the deadline is an hour away

    status, body = bob.post(f"/games/{gid}/ready", {"turn": 1, "ready": True})
    assert status == 200, body
    assert Turn.objects.filter(game_id=gid).count() == 0  # never inside the request
    assert run_worker() == 1
    assert Turn.objects.filter(game_id=gid).count() == 1

    status, body = ann.get(f"/games/{gid}/printout")
    assert body["printout"]["turn"] == 1
    assert "North won round 1" in body["printout"]["text"]
    assert "North bid 9" in body["printout"]["text"]
    status, body = ann.get(f"/games/{gid}/orders", turn=1)
    assert [s["orders"] for s in body["orders"]["submissions"]] == [["bid 7"], ["bid 9"]]

    # Orders written for the processed turn are refused with a clear error.
    status, body = bob.post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 3"})
    assert status == 409 and body["code"] == "turn/stale"
    assert "current turn is 2" in body["message"]
    assert not Submission.objects.filter(game_id=gid, turn=2).exists()


def test_deadline_processing_fills_missing_orders(running_game: dict[str, Any]) -> None:
    gid = running_game["id"]
    running_game["ann"].post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 1"})
    game = Game.objects.get(pk=gid)
    assert game.deadline is not None and game.process_after == game.deadline
    assert turns.enqueue_due() == 0
    later = game.deadline + timedelta(seconds=1)
    assert turns.enqueue_due(later) == 1
    assert turns.enqueue_due(later) == 0  # queued recently: not again
    Game.objects.filter(pk=gid).update(process_after=timezone.now())
    assert run_worker() == 1
    game.refresh_from_db()
    assert game.turn == 2 and game.deadline > timezone.now() + timedelta(minutes=59)
    # South sent nothing; the game's own rule (hold) applied and nothing was invented.
    assert not Submission.objects.filter(game_id=gid, power="South").exists()


def test_bots_and_nmr_bot_policy(db: Any, gm: Any, players: dict[str, Any]) -> None:
    user, gm_api = gm
    game = lifecycle.create_game(user, "Bots", "fakebid", settings={"fill_with_bots": True,
                                                                  "nmr": "bot"})  # fmt: skip
    lifecycle.join(game.pk, players["ann"][0], ["South"])
    lifecycle.start(game.pk, user)
    seats = {s.power: s for s in Seat.objects.filter(game=game)}
    assert seats["South"].user == players["ann"][0] and seats["North"].is_bot
    gm_api.post(f"/games/{game.pk}/gm/process")
    assert run_worker() == 1
    sources = dict(Submission.objects.filter(game=game, turn=1).values_list("power", "source"))
    assert sources == {"North": "bot", "South": "default"}


def test_game_runs_to_its_end(running_game: dict[str, Any]) -> None:
    gid, ann, bob = running_game["id"], running_game["ann"], running_game["bob"]
    for turn in (1, 2, 3):
        ann.post(f"/games/{gid}/orders", {"turn": turn, "text": "bid 5", "ready": True})
        bob.post(f"/games/{gid}/orders", {"turn": turn, "text": "bid 4", "ready": True})
        assert run_worker() == 1
    status, body = ann.get(f"/games/{gid}")
    assert body["game"]["status"] == "finished"
    assert body["game"]["outcome"]["winners"] == ["North"]
    status, body = ann.post(f"/games/{gid}/orders", {"turn": 4, "text": "bid 1"})
    assert (status, body["code"]) == (409, "game/over")


def test_gm_actions_are_audited(running_game: dict[str, Any]) -> None:
    gid, gm_api, ann = running_game["id"], running_game["gm"], running_game["ann"]
    status, body = ann.post(f"/games/{gid}/gm/pause")
    assert (status, body["code"]) == (403, "gm/forbidden")

    status, body = gm_api.post(f"/games/{gid}/gm/pause")
    assert body["game"]["status"] == "paused"
    assert Game.objects.get(pk=gid).process_after is None
    status, body = gm_api.post(f"/games/{gid}/gm/resume")
    assert body["game"]["status"] == "running"
    before = Game.objects.get(pk=gid).deadline
    gm_api.post(f"/games/{gid}/gm/extend", {"minutes": 30})
    assert Game.objects.get(pk=gid).deadline >= before + timedelta(minutes=29)

    ann.post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 3"})
    gm_api.post(f"/games/{gid}/gm/process")
    assert run_worker() == 1
    status, body = gm_api.post(f"/games/{gid}/gm/rollback")
    assert status == 200 and body["game"]["turn"] == 1
    assert not Turn.objects.filter(game_id=gid).exists()
    # The undone turn's orders count again.
    status, body = ann.get(f"/games/{gid}/orders")
    assert [s["orders"] for s in body["orders"]["submissions"]] == [["bid 3"]]

    cat, cat_api = make_user("dan")
    status, body = gm_api.post(f"/games/{gid}/gm/replace", {"power": "South", "username": "dan"})
    assert status == 200, body
    assert Seat.objects.get(game_id=gid, power="South", active=True).user == cat
    assert Seat.objects.filter(game_id=gid, power="South", active=False).count() == 1
    status, body = cat_api.get(f"/games/{gid}")
    assert body["game"]["you"]["power"] == "South"
    status, body = running_game["bob"].post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 1"})
    assert (status, body["code"]) == (403, "seat/none")

    status, body = gm_api.post(f"/games/{gid}/gm/end", {"summary": "Called off."})
    assert body["game"]["status"] == GameStatus.FINISHED
    assert body["game"]["outcome"]["summary"] == "Called off."
    actions = list(AuditEntry.objects.filter(game_id=gid).values_list("action", flat=True))
    assert actions == ["create", "start", "pause", "resume", "extend", "process", "rollback",
                       "replace", "end"]  # fmt: skip
    status, body = gm_api.get(f"/games/{gid}/gm/audit")
    assert [a["action"] for a in body["audit"]] == actions


def test_join_running_game_standby_and_bot_takeover(db: Any, gm: Any, players: Any) -> None:
    user, gm_api = gm
    game = lifecycle.create_game(user, "Open", "fakebid", settings={"fill_with_bots": True,
                                                                  "open_bot_seats": True})  # fmt: skip
    lifecycle.join(game.pk, players["ann"][0])
    lifecycle.start(game.pk, user)
    status, body = players["bob"][1].post(f"/games/{game.pk}/join", {})
    assert status == 200 and body["message"].startswith("you now play")
    status, body = players["cat"][1].post(f"/games/{game.pk}/join", {})
    assert "standby" in body["message"]
    status, body = gm_api.post(
        f"/games/{game.pk}/gm/replace", {"power": body["game"]["powers"][0]["power"],
                                         "standby": True})  # fmt: skip
    assert status == 200, body
    assert Seat.objects.filter(game=game, user=players["cat"][0], active=True).exists()


def test_press_rules_and_delivery(running_game: dict[str, Any]) -> None:
    gid, ann, bob, gm_api = (running_game[k] for k in ("id", "ann", "bob", "gm"))
    status, body = ann.post(f"/games/{gid}/messages", {"to": ["South"], "text": "psst"})
    assert status == 201 and body["messages"][0]["to"] == ["South"]
    status, body = ann.post(
        f"/games/{gid}/messages", {"to": ["all"], "text": "hi", "signed": False}
    )
    assert (status, body["code"]) == (400, "press/signed_only")
    status, body = bob.get(f"/games/{gid}/messages")
    assert [(m["from"], m["text"]) for m in body["messages"]] == [("North", "psst")]
    status, body = gm_api.get(f"/games/{gid}/messages")
    assert len(body["messages"]) == 1
    status, body = running_game["cat"].get(f"/games/{gid}/messages")
    assert (status, body["code"]) == (403, "view/forbidden")


def test_start_assignment_methods(db: Any, gm: Any, players: Any) -> None:
    user, _ = gm
    game = lifecycle.create_game(user, "Assign", "fakebid")
    for name in ("ann", "bob", "cat"):
        lifecycle.join(game.pk, players[name][0], ["North"])
    lifecycle.start(game.pk, user, assignments={"North": "cat"})
    held = {s.power: s.user.username for s in Seat.objects.filter(game=game) if s.user}
    assert held["North"] == "cat" and held["South"] == "ann"  # first to join gets a seat
    _, body = players["bob"][1].get(f"/games/{game.pk}")
    assert body["game"]["you"]["role"] == "spectator"


def test_the_api_refuses_to_start_a_game_nobody_or_too_few_would_play(
    db: Any, gm: Any, players: Any
) -> None:
    """Ruling (docs/server.md, Starting a game): a start needs a player; and as many players
    (joined, or bots in the empty seats) as the scenario is played with."""
    _, gm_api = gm
    status, body = gm_api.post("/games", {"game": "fakebid", "settings": {"fill_with_bots": True}})
    bots = body["game"]["id"]
    status, body = gm_api.post(f"/games/{bots}/start", {})
    assert (status, body["code"]) == (409, "game/no_players"), body  # bots alone: no game
    assert "nobody has joined the game yet" in body["message"]
    status, body = gm_api.post("/games", {"game": "fakebid"})
    short = body["game"]["id"]
    assert players["ann"][1].post(f"/games/{short}/join", {})[0] == 200
    status, body = gm_api.post(f"/games/{short}/start", {})
    assert (status, body["code"]) == (409, "game/too_few_players"), body
    assert body["message"] == (
        "Fake Bid (standard) is played by at least 2 players; 1 would play (1 joined, 0 bots): "
        "wait for more players, or let bots play the unassigned powers"
    )
    assert not Seat.objects.filter(game_id=short).exists()
    status, body = gm_api.post(f"/games/{short}/start", {"assignments": {"South": "bob"}})
    assert status == 200, body  # ann joined, bob assigned: two players
    assert players["ann"][1].post(f"/games/{bots}/join", {})[0] == 200
    assert gm_api.post(f"/games/{bots}/start", {})[0] == 200  # ann and a bot
