"""Reliability and ratings (issue 31): computed from the records when turns are processed and
games end, recomputed from scratch to the same figures, shown on the profile, the leaderboard,
the lobby and the API, and used by a game master's limits to join."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from umpire.core.submission import bot_text
from umpire.server import commands, community
from umpire.server.models import Duty, Game, GameStatus, Rating, RatingChange, Reliability
from umpire.server.usecases import gm_actions, lifecycle, results, submissions, turns

from .conftest import Api, make_user

pytestmark = pytest.mark.django_db


def _game(gm: Api, *, players: dict[str, Api], **settings: Any) -> int:
    status, body = gm.post(
        "/games",
        {
            "name": "Rated",
            "game": "fakebid",
            "settings": {"deadline": {"minutes": 60}, "rules": {"rounds": 3}, **settings},
        },
    )
    assert status == 201, body
    game_id = int(body["game"]["id"])
    for pref, api in zip(("North", "South"), players.values(), strict=True):
        status, body = api.post(f"/games/{game_id}/join", {"preferences": [pref]})
        assert status == 200, body
    status, body = gm.post(f"/games/{game_id}/start", {})
    assert status == 200, body
    return game_id


def _play(game_id: int, orders: dict[int, dict[Api, str]]) -> None:
    """Each turn: the given players' orders, then the turn processed."""
    for turn in sorted(orders):
        for api, text in orders[turn].items():
            status, body = api.post(f"/games/{game_id}/orders", {"turn": turn, "text": text})
            assert status == 200, body
        assert turns.process_due(game_id, turn, force=True)


def _figures(user: User) -> dict[str, Any]:
    return community.reliability_of(user)


@pytest.fixture
def finished() -> dict[str, Any]:
    """A fakebid game played to its end: ann (North) bids 9 every round and wins; bob (South)
    orders only in round 1, the game's default (hold) plays his two other rounds."""
    _, gm = make_user("gamemaster", gm=True)
    ann, ann_api = make_user("ann")
    bob, bob_api = make_user("bob")
    game_id = _game(gm, players={"ann": ann_api, "bob": bob_api})
    _play(
        game_id,
        {1: {ann_api: "bid 9", bob_api: "bid 1"}, 2: {ann_api: "bid 9"}, 3: {ann_api: "bid 9"}},
    )
    return {"id": game_id, "ann": ann, "bob": bob, "gm": gm, "ann_api": ann_api}


def test_reliability_counts_each_turn_from_the_record(finished: dict[str, Any]) -> None:
    assert Game.objects.get(pk=finished["id"]).status == GameStatus.FINISHED
    ann, bob = _figures(finished["ann"]), _figures(finished["bob"])
    assert (ann["turns_due"], ann["turns_in_time"], ann["turns_missed"]) == (3, 3, 0)
    assert (bob["turns_due"], bob["turns_in_time"], bob["turns_missed"]) == (3, 1, 2)
    assert ann["percent"] == 100 and bob["percent"] == 33
    assert ann["games_finished"] == bob["games_finished"] == 1
    assert ann["games_left"] == bob["games_left"] == 0
    missed = Duty.objects.filter(user=finished["bob"], in_time=False)
    assert sorted(missed.values_list("number", flat=True)) == [2, 3]


def test_recomputed_figures_equal_the_stored_ones(finished: dict[str, Any], capsys: Any) -> None:
    assert community.differences() == []
    assert commands.community(False) == 0
    # A stored figure changed behind the records' back is found, and recomputing mends it.
    Duty.objects.filter(user=finished["bob"], in_time=False).update(in_time=True)
    Reliability.objects.filter(user=finished["bob"]).update(games_finished=0)
    Rating.objects.filter(user=finished["ann"]).update(mu=40.0)
    found = community.differences()
    assert any("games_finished stored 0, records 1" in line for line in found), found
    assert sum("duty game" in line for line in found) == 2, found
    assert any("rating of account" in line for line in found), found
    assert commands.community(True) == 1
    assert "4 difference(s)" in capsys.readouterr().out
    assert community.differences() == []
    assert _figures(finished["bob"])["turns_missed"] == 2


def test_a_finished_game_changes_ratings_as_its_outcome_says(finished: dict[str, Any]) -> None:
    ann = Rating.objects.get(user=finished["ann"], family="fakebid")
    bob = Rating.objects.get(user=finished["bob"], family="fakebid")
    assert ann.mu > community.MU > bob.mu
    assert ann.sigma < community.SIGMA and ann.games == bob.games == 1
    changes = {c.user_id: c for c in RatingChange.objects.filter(game_id=finished["id"])}
    assert changes[finished["ann"].pk].rank == 1 and changes[finished["bob"].pk].rank == 2
    assert changes[finished["ann"].pk].mu_before == community.MU


def test_a_declared_draw_ties_the_drawers(finished: dict[str, Any]) -> None:
    _, gm = make_user("gm2", gm=True)
    cat, cat_api = make_user("cat")
    dan, dan_api = make_user("dan")
    game_id = _game(gm, players={"cat": cat_api, "dan": dan_api})
    _play(game_id, {1: {cat_api: "bid 9", dan_api: "bid 1"}})
    results.declare(game_id, User.objects.get(username="gm2"), ["North", "South"])
    ranks = dict(RatingChange.objects.filter(game_id=game_id).values_list("power", "rank"))
    assert ranks == {"North": 1, "South": 1}
    cat_r, dan_r = (Rating.objects.get(user=u, family="fakebid") for u in (cat, dan))
    assert cat_r.mu == pytest.approx(dan_r.mu)
    assert community.differences() == []


def test_unrated_and_bot_games_change_no_rating(db: Any) -> None:
    _, gm = make_user("gamemaster", gm=True)
    ann, ann_api = make_user("ann")
    _bob, bob_api = make_user("bob")
    game_id = _game(gm, players={"ann": ann_api, "bob": bob_api}, unrated=True)
    _play(game_id, {1: {ann_api: "bid 9"}, 2: {}, 3: {}})
    assert Game.objects.get(pk=game_id).status == GameStatus.FINISHED
    # a game with one human and a bot: only human seats count, and one is no comparison
    status, body = gm.post(
        "/games",
        {"name": "Bots", "game": "fakebid", "settings": {"fill_with_bots": True,
                                                       "rules": {"rounds": 1}}},
    )  # fmt: skip
    assert status == 201, body
    bot_game = int(body["game"]["id"])
    assert ann_api.post(f"/games/{bot_game}/join", {"preferences": ["North"]})[0] == 200
    assert gm.post(f"/games/{bot_game}/start", {})[0] == 200
    _play(bot_game, {1: {ann_api: "bid 9"}})
    assert Game.objects.get(pk=bot_game).status == GameStatus.FINISHED
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert _figures(ann)["turns_due"] == 4  # reliability still counts
    assert community.differences() == []


def test_a_join_below_the_minimum_is_refused_with_the_reason(finished: dict[str, Any]) -> None:
    _, gm = make_user("gm2", gm=True)
    status, body = gm.post(
        "/games", {"name": "Strict", "game": "fakebid", "settings": {"min_reliability": 50}}
    )
    assert status == 201, body
    strict = body["game"]["id"]
    bob_api = Api(None)
    from umpire.server import accounts

    bob_api.token = accounts.issue_token(finished["bob"])
    status, body = bob_api.post(f"/games/{strict}/join", {})
    assert status == 403, body
    assert body["code"] == "seat/unreliable"
    assert "at least 50%" in body["message"] and "33%" in body["message"]
    assert finished["ann_api"].post(f"/games/{strict}/join", {})[0] == 200
    _, newcomer = make_user("newcomer")  # no turn due yet: meets any minimum
    assert newcomer.post(f"/games/{strict}/join", {})[0] == 200
    status, body = gm.post(
        "/games", {"name": "Few", "game": "fakebid", "settings": {"max_missed": 1}}
    )
    status, body = bob_api.post(f"/games/{body['game']['id']}/join", {})
    assert status == 403 and "2 missed turns" in body["message"], body


def test_a_replaced_player_counts_the_game_left(finished: dict[str, Any]) -> None:
    _, gm = make_user("gm2", gm=True)
    _cat, cat_api = make_user("cat")
    dan, dan_api = make_user("dan")
    game_id = _game(gm, players={"cat": cat_api, "dan": dan_api})
    gm.post(f"/games/{game_id}/gm/replace", {"power": "South", "username": "bob"})
    assert _figures(dan)["games_left"] == 1
    assert community.differences() == []


def test_a_rolled_back_turn_no_longer_counts(finished: dict[str, Any]) -> None:
    gm = User.objects.get(username="gamemaster")
    gm_actions.gm_action(finished["id"], gm, "rollback")
    assert _figures(finished["bob"])["turns_due"] == 2
    assert not RatingChange.objects.exists()  # the game is no longer finished
    assert community.differences() == []


def test_profile_leaderboard_lobby_and_api(finished: dict[str, Any]) -> None:
    client = Client()
    page = client.get("/players/bob/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "33%" in text and "missed" in text and "Rated" in text
    board = client.get("/ratings/fakebid/")
    assert board.status_code == 200
    assert board.content.decode().index("ann") < board.content.decode().index("bob")
    assert client.get("/ratings/nosuchgame/").status_code == 404
    assert client.get("/ratings/")["Location"].startswith("/ratings/")
    assert client.get("/players/nobody/").status_code == 404
    status, body = Api(None).get("/players/bob")
    assert status == 200, body
    assert body["reliability"]["turns_missed"] == 2
    change = body["ratings"][0]["history"][0]
    assert change["rank"] == 2 and change["of"] == 2 and change["tied"] == 0
    assert change["against"] == [{"username": "ann", "rank": 1}]
    assert change["change"] == round(change["mu_after"] - change["mu_before"], 3) < 0
    assert 'href="/players/ann/">ann</a> (1)' in text and "2 of 2" in text
    status, body = Api(None).get("/ratings/fakebid")
    assert status == 200 and [p["username"] for p in body["players"]] == ["ann", "bob"]
    status, body = Api(None).get("/ratings/nosuchgame")
    assert status == 404, body
    # the lobby shows each player who joined a forming game, with his reliability
    _, gm2 = make_user("gm2", gm=True)
    status, body = gm2.post("/games", {"name": "Forming", "game": "fakebid"})
    finished["ann_api"].post(f"/games/{body['game']['id']}/join", {})
    lobby = client.get("/lobby/").content.decode()
    assert 'href="/players/ann/"' in lobby and "100%" in lobby


@pytest.mark.parametrize("seed", [7, 1901])
def test_a_diplomacy_game_with_bots_a_replacement_and_a_draw_recomputes_the_same(
    seed: int,
) -> None:
    """Retreat and adjustment turns wait for some powers only; a player replaced mid-game
    counts the game left; the GM's declared draw ranks the drawers first, tied; the bots'
    seats are not rated; and the stored figures equal the recomputed ones."""
    from umpire.core import session as engine
    from umpire.server.store import load_tail

    gm, _ = make_user("gamemaster", gm=True)
    humans = {p: make_user(f"p{p.lower()}")[0] for p in ("ENG", "FRA", "GER")}
    game = lifecycle.create_game(
        gm, "Dip", "diplomacy", settings={"fill_with_bots": True, "deadline": {"minutes": 60}}
    )
    Game.objects.filter(pk=game.pk).update(seed=seed)  # the same game every run
    for power, user in humans.items():
        lifecycle.join(game.pk, user, [power])
    game = lifecycle.start(game.pk, gm)
    sub, _ = make_user("sub")
    for _ in range(7):
        game.refresh_from_db()
        if game.turn == 4:
            gm_actions.gm_action(game.pk, gm, "replace", power="GER", username="sub")
        tail = load_tail(game, pending=False)
        state = engine.open_table(tail).state
        for power in ("ENG", "FRA") if game.turn % 2 else ("ENG",):
            if power in game.expected:
                text = bot_text(
                    engine.ruleset_of(tail), state, power, engine.bot_chance(tail, game.turn, power)
                )
                submissions.submit(game.pk, humans[power], text, turn=game.turn)
        assert turns.process_due(game.pk, game.turn, force=True)
    results.declare(game.pk, gm, ["ENG", "FRA"])
    assert community.differences() == []
    eng, ger, new = (_figures(u) for u in (humans["ENG"], humans["GER"], sub))
    assert eng["turns_due"] >= 4 and eng["turns_missed"] == 0
    assert ger["games_left"] == 1 and ger["games_finished"] == 0 and ger["turns_in_time"] == 0
    assert new["games_finished"] == 1 and new["turns_due"] >= 1
    ranks = {c.power: c.rank for c in RatingChange.objects.filter(game=game).select_related("user")}
    assert ranks["ENG"] == ranks["FRA"] == 1 and set(ranks) == {"ENG", "FRA", "GER"}
    assert ranks["GER"] > 1
    assert not Rating.objects.filter(user=humans["GER"]).exists()  # replaced: not rated
    assert Rating.objects.filter(family="diplomacy").count() == 3


def test_a_private_game_is_never_named_on_a_profile(db: Any) -> None:
    _, gm = make_user("gamemaster", gm=True)
    ann, ann_api = make_user("ann")
    bob, _ = make_user("bob")
    status, body = gm.post(
        "/games",
        {"name": "Secret Cabal", "game": "fakebid", "public": False,
         "settings": {"rules": {"rounds": 1}}},
    )  # fmt: skip
    assert status == 201, body
    game_id = body["game"]["id"]
    lifecycle.join(game_id, ann, ["North"])  # a private game is joined by invitation
    lifecycle.join(game_id, bob, ["South"])
    assert gm.post(f"/games/{game_id}/start", {})[0] == 200
    _play(game_id, {1: {ann_api: "bid 9"}})
    page = Client().get("/players/ann/").content.decode()
    assert "Secret Cabal" not in page and "a private game" in page
    status, body = Api(None).get("/players/ann")
    assert status == 200 and "Secret Cabal" not in str(body)
    assert body["turns"][0]["game"] == {"id": None, "name": None}


def test_the_new_game_form_sets_the_limits_to_join_and_unrated(db: Any) -> None:
    from .web.helpers import client_for

    gm, _ = make_user("gamemaster", gm=True)
    form = {
        "name": "Strict", "game": "fakebid/standard", "public": "on", "press": "full",
        "deadline_minutes": "0", "grace_minutes": "0", "nmr": "rules", "rules": "",
        "unrated": "on", "min_reliability": "80", "max_missed": "3",
    }  # fmt: skip
    response = client_for(gm).post("/games/new/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get()
    assert game.settings["unrated"] is True
    assert (game.settings["min_reliability"], game.settings["max_missed"]) == (80, 3)
    bad = client_for(gm).post("/games/new/", {**form, "min_reliability": "101"})
    assert bad.status_code == 200 and Game.objects.count() == 1


def test_the_ranking_puts_winners_then_scores_then_who_lasted_longer(
    db: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game(
        game="fakebid",
        powers=["A", "B", "C", "D", "E"],
        outcome={"winners": ["A", "E"], "scores": {"A": 0.5, "E": 0.5, "D": 0.2}, "summary": ""},
    )
    # B went out at turn 5, C at turn 3; A and E drew whatever they lasted
    lasted = {"A": 9, "B": 5, "C": 3, "D": 9, "E": 2}
    monkeypatch.setattr(community, "_last_expected", lambda g: lasted)
    assert community.ranking(game) == {"A": 1, "E": 1, "D": 3, "B": 4, "C": 5}
    game.outcome = {"winners": [], "scores": {}, "summary": "ended by the GM"}
    assert community.ranking(game) == {}  # no result: nothing to rate


def test_a_game_its_master_ends_without_a_result_is_finished_but_unrated(db: Any) -> None:
    _, gm = make_user("gamemaster", gm=True)
    ann, ann_api = make_user("ann")
    _, bob_api = make_user("bob")
    game_id = _game(gm, players={"ann": ann_api, "bob": bob_api})
    _play(game_id, {1: {ann_api: "bid 9"}})
    gm_actions.gm_action(game_id, User.objects.get(username="gamemaster"), "end")
    assert _figures(ann)["games_finished"] == 1
    assert not RatingChange.objects.exists()
    assert community.differences() == []
