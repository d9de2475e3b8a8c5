"""Issue 29, the newcomer's way in: any player with a verified address creates a game from the
web and is its game master (the operator may keep creation to game masters); a game master
seated in his own game plays it from the game page; bots fill every empty seat and the
console says how many; Real Forces' join shows the price list and refuses a list that could
never be seated; live pages learn of a processed turn, new press or a moved deadline from a
cheap conditional poll."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from umpire.server import accounts
from umpire.server.models import Enrollment, Game, GameStatus, Seat
from umpire.server.usecases import gm_actions, lifecycle, messaging, turns

from .helpers import account, client_for

pytestmark = pytest.mark.django_db

FORM = {
    "name": "My first game",
    "game": "diplomacy/standard",
    "public": "on",
    "press": "full",
    "deadline_minutes": "0",
    "grace_minutes": "0",
    "nmr": "rules",
    "rules": "",
}


def newcomer(name: str = "newcomer", *, verified: bool = True) -> User:
    """A player who signed up on the pages (no game-master flag)."""
    user = accounts.register(name, f"{name}-password-1", email=f"{name}@example.org")
    if verified:
        accounts.set_email(user, f"{name}@example.org", verified=True)
    return user


# --- creating a game ------------------------------------------------------------------------


def test_a_verified_newcomer_creates_a_game_from_the_web_and_is_its_game_master() -> None:
    user = newcomer()
    c = client_for(user)
    page = c.get("/games/new/").content.decode()
    assert "Start a new game" in page and 'name="fill_with_bots"' in page
    response = c.post("/games/new/", {**FORM, "fill_with_bots": "on"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/gm/{game.pk}/"
    assert game.gm == user and game.settings["fill_with_bots"]
    assert c.get(f"/gm/{game.pk}/").status_code == 200  # his console for it
    console = c.get("/gm/").content.decode()  # and the list of the games he runs
    assert "My first game" in console and "may not create" not in console


def test_an_unverified_account_is_told_what_to_do_and_creates_nothing() -> None:
    user = newcomer("unsure", verified=False)
    c = client_for(user)
    page = c.get("/games/new/").content.decode()
    assert "confirm your email address first" in page and "<form" not in page.split("<main>")[1]
    page = c.post("/gm/", FORM, follow=True).content.decode()
    assert "[gm/cannot_create]" in page and "confirm your email address" in page
    assert not Game.objects.exists()
    # the API says the same, with its code
    from ..conftest import Api

    status, body = Api(accounts.issue_token(user)).post("/games", {"game": "fakebid"})
    assert (status, body["code"]) == (403, "gm/cannot_create")


def test_the_operator_may_keep_creation_to_game_masters(settings: Any) -> None:
    settings.UMPIRE_GAME_CREATION = "game-masters"
    user = newcomer()
    page = client_for(user).post("/games/new/", FORM, follow=True).content.decode()
    assert "keeps creating games to its game masters" in page and not Game.objects.exists()
    gm = accounts.register("master", "master-password", game_master=True)
    client_for(gm).post("/games/new/", FORM)
    assert Game.objects.get().gm == gm


def test_the_lobby_invites_a_newcomer_to_create_a_game() -> None:
    page = client_for(newcomer()).get("/lobby/").content.decode()
    assert 'href="/games/new/"' in page and "start a game of your own" in page
    anonymous = Client().get("/lobby/").content.decode()
    assert "Sign up</a> to join a game below or to start one of your own" in anonymous
    header = client_for(newcomer("other")).get("/games/").content.decode()
    assert '<a href="/games/new/">New game</a>' in header


# --- a game master in a seat of his own game ---------------------------------------------------


def test_a_game_master_seated_in_his_own_game_plays_it_from_the_game_page() -> None:
    gm = newcomer("host")
    c = client_for(gm)
    c.post("/games/new/", {**FORM, "fill_with_bots": "on"})
    game = Game.objects.get()
    c.post(f"/games/{game.pk}/join/", {"preferences": ["ENG"]})
    c.post(f"/gm/{game.pk}/start/", {"method": "preferences"})
    game.refresh_from_db()
    assert game.seats.get(user=gm, active=True).power == "ENG"
    page = c.get(f"/games/{game.pk}/").content.decode()
    assert 'id="orderform"' in page and "you play <b>England (ENG)</b>" in page
    assert f'href="/gm/{game.pk}/">GM console</a>' in page  # his console is one click away
    mine = c.get("/games/").content.decode()
    assert "<b>England (ENG)</b>" in mine and "game master</td>" not in mine
    c.post(f"/games/{game.pk}/orders/", {"orders": "F lon - nth", "turn": "1", "ready": "on"})
    seat = Seat.objects.get(game=game, user=gm, active=True)
    assert game.submissions.get(power="ENG").orders and seat.ready_turn == 1
    # the console still reads as the umpire: every seat, and who holds it
    console = c.get(f"/gm/{game.pk}/").content.decode()
    assert "<td>England (ENG)</td><td>host</td>" in console
    assert "<td>France (FRA)</td><td>bot</td>" in console


def test_a_seated_game_master_writes_press_as_his_power() -> None:
    """His Press page is his seat's, as for every player: his own power is not offered as a
    recipient, and in a broadcast-only game he is offered what players are (all powers)."""
    gm = newcomer("host")
    c = client_for(gm)
    c.post("/games/new/", {**FORM, "fill_with_bots": "on", "press": "broadcast"})
    game = Game.objects.get()
    c.post(f"/games/{game.pk}/join/", {"preferences": ["ENG"]})
    c.post(f"/gm/{game.pk}/start/", {"method": "preferences"})
    page = c.get(f"/games/{game.pk}/press/").content.decode()
    assert 'name="to" value="FRA"' not in page and 'name="to" value="ENG"' not in page
    c.post(f"/games/{game.pk}/press/", {"to": ["all"], "text": "Greetings from London"})
    sent = game.messages.get()
    assert sent.sender_power == "ENG" and sent.to_all
    assert "Greetings from London" in c.get(f"/games/{game.pk}/press/").content.decode()


# --- bots in every empty seat ----------------------------------------------------------------


@pytest.mark.rule("WW equal")
def test_bots_play_every_seat_the_lobby_offered_and_the_console_says_how_many() -> None:
    gm = newcomer("host")
    c = client_for(gm)
    form = {**FORM, "game": "battleplan/equal", "fill_with_bots": "on"}
    c.post("/games/new/", form)
    game = Game.objects.get()
    lobby = c.get("/lobby/").content.decode()
    offered = int(re.search(r"<td>0 / (\d+)</td>", lobby).group(1))  # type: ignore[union-attr]
    ann = account("ann")
    client_for(ann).post(f"/games/{game.pk}/join/", {"preference_list": "NTX"})
    page = c.post(f"/gm/{game.pk}/start/", {"method": "preferences"}, follow=True)
    seats = Seat.objects.filter(game=game, active=True)
    assert seats.count() == offered == 25
    assert seats.filter(is_bot=True).count() == offered - 1
    assert seats.get(user=ann).power == "NTX"
    said = page.content.decode()
    assert "Game started: 25 powers; 1 player, 24 bots." in said


# --- Real Forces ------------------------------------------------------------------------------


@pytest.mark.rule("WW real")
def test_real_forces_join_shows_the_price_list_and_says_why_a_list_cannot_be_seated() -> None:
    gm = newcomer("host")
    c = client_for(gm)
    c.post("/games/new/", {**FORM, "game": "battleplan/real"})
    game = Game.objects.get()
    ann = client_for(account("ann"))
    lobby = ann.get("/lobby/").content.decode()
    assert "The price list" in lobby and "<td>USA</td><td>USA: $9.00 a turn</td>" in lobby
    assert "<td>YUG</td><td>Yugoslavia: $4.50 a turn</td>" in lobby
    page = ann.post(
        f"/games/{game.pk}/join/", {"preference_list": "USA, GER, FRA, $4.50"}, follow=True
    ).content.decode()
    assert "[setup/nothing_within_fee]" in page
    assert "USA costs $9.00, GER costs $7.50, FRA costs $6.00" in page
    assert not Enrollment.objects.filter(game=game).exists()
    ann.post(f"/games/{game.pk}/join/", {"preference_list": "USA, YUG, $4.50"})
    bob = account("bob")
    client_for(bob).post(f"/games/{game.pk}/join/", {"preference_list": "$4.50"})  # the deal
    c.post(f"/gm/{game.pk}/start/", {"method": "preferences"})
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    assert game.seats.get(user__username="ann").power == "YUG"
    assert game.seats.get(user=bob).power  # the special deal seats him


@pytest.mark.rule("WW real")
def test_start_names_the_players_no_seat_could_be_found_for() -> None:
    gm = newcomer("host")
    game = lifecycle.create_game(gm, "Real", "battleplan", scenario="real")
    ann = account("ann")
    # a list kept from before joins were checked: nothing in it within its fee
    Enrollment.objects.create(game=game, user=ann, preferences=["USA", "$4.50"])
    page = client_for(gm).post(f"/gm/{game.pk}/start/", follow=True).content.decode()
    assert "[game/nobody_seated]" in page and "ann joined, but the game found none" in page
    game.refresh_from_db()
    assert game.status == GameStatus.FORMING and not Enrollment.objects.get(user=ann).standby


# --- live pages -------------------------------------------------------------------------------


def _live_src(page: str) -> str:
    found = re.search(r'<div id="live" data-poll="([^"]+)"', page)
    assert found, "the page does not poll"
    return found.group(1).replace("&amp;", "&")


def test_a_game_page_learns_of_a_processed_turn_new_press_and_a_moved_deadline(
    django_assert_max_num_queries: Any,
) -> None:
    from .helpers import diplomacy_game

    gm = newcomer("host")
    game, users = diplomacy_game(gm)
    eng, fra = client_for(users["ENG"]), client_for(users["FRA"])
    src = _live_src(eng.get(f"/games/{game.pk}/").content.decode())
    first = eng.get(src)
    assert first.status_code == 200 and first.json()["turn"] == 1
    etag = first["ETag"]
    # idle: 304, no body, at most two queries (the game row, the press count)
    poller = Client()  # the key names the reader: no session is needed
    with django_assert_max_num_queries(2):
        again = poller.get(src, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    # press between two other powers changes nothing for ENG; press to ENG does
    messaging.send_message(game.pk, users["FRA"], "psst", to=["GER"])
    assert poller.get(src, HTTP_IF_NONE_MATCH=etag).status_code == 304
    messaging.send_message(game.pk, users["FRA"], "hello", to=["ENG"])
    changed = poller.get(src, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed.json()["press"] == 1
    etag = changed["ETag"]
    # a moved deadline
    gm_actions.gm_action(game.pk, gm, "extend", minutes=30)
    moved = poller.get(src, HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200
    etag = moved["ETag"]
    # a processed turn
    assert turns.process_due(game.pk, 1, force=True)
    turned = poller.get(src, HTTP_IF_NONE_MATCH=etag)
    assert turned.status_code == 200 and turned.json()["turn"] == 2
    # a spectator's page polls too, and a forged or foreign key is refused
    watch = _live_src(Client().get(f"/games/{game.pk}/watch/").content.decode())
    assert Client().get(watch).json()["press"] == 0  # spectators read no press
    assert Client().get(src.replace("?k=", "?k=x")).status_code == 404  # forged
    assert Client().get(src.split("?")[0]).status_code == 404  # none
    other = fra.get(f"/games/{game.pk}/").content.decode()
    assert _live_src(other) != src


def test_my_games_learns_of_a_change_in_any_of_the_players_games(
    django_assert_max_num_queries: Any,
) -> None:
    from .helpers import diplomacy_game

    gm = newcomer("host")
    game, users = diplomacy_game(gm)
    eng = client_for(users["ENG"])
    src = _live_src(eng.get("/games/").content.decode())
    etag = eng.get(src)["ETag"]
    with django_assert_max_num_queries(2):
        assert Client().get(src, HTTP_IF_NONE_MATCH=etag).status_code == 304
    messaging.send_message(game.pk, users["FRA"], "psst", to=["GER"])
    assert Client().get(src, HTTP_IF_NONE_MATCH=etag).status_code == 304
    messaging.send_message(game.pk, users["GER"], "hi", to=["ENG"])
    assert Client().get(src, HTTP_IF_NONE_MATCH=etag).status_code == 200
    # the game master, unseated, reads all press: private press changes his version
    host = _live_src(client_for(gm).get("/games/").content.decode())
    etag = Client().get(host)["ETag"]
    messaging.send_message(game.pk, users["ITA"], "secret", to=["AUS"])
    assert Client().get(host, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_pages_load_the_poll_script() -> None:
    page = Client().get("/lobby/").content.decode()
    assert re.search(r"web/live(\.[0-9a-f]+)?\.js", page)  # its hashed name on a site
    from umpire.server.web import live

    script = Path(live.__file__).with_name("static") / "web" / "live.js"
    text = script.read_text()
    assert "If-None-Match" in text and "location.reload" in text


def _live_every(page: str) -> int:
    found = re.search(r'<div id="live" data-poll="[^"]+" data-every="(\d+)"', page)
    assert found, "the page does not say how often it polls"
    return int(found.group(1))


def test_a_live_page_polls_as_often_as_the_site_says_within_bounds() -> None:
    from django.test import override_settings

    from .helpers import diplomacy_game

    gm = newcomer("host")
    game, users = diplomacy_game(gm)
    eng = client_for(users["ENG"])
    pages = (f"/games/{game.pk}/", "/games/")
    assert [_live_every(eng.get(p).content.decode()) for p in pages] == [4000, 4000]
    watch = f"/games/{game.pk}/watch/"
    assert _live_every(Client().get(watch).content.decode()) == 4000  # the default: 4 s
    for said, every in ((1, 1000), (2.5, 2500), (0.01, 500), (3600, 60_000)):
        with override_settings(UMPIRE_LIVE_POLL_SECONDS=said):
            assert _live_every(eng.get(pages[0]).content.decode()) == every, said
    from umpire.server.web import live

    script = (Path(live.__file__).with_name("static") / "web" / "live.js").read_text()
    assert "el.dataset.every" in script  # the script takes the page's figure


def test_a_replaced_players_page_reloads_for_who_he_is_now() -> None:
    from .helpers import diplomacy_game

    gm = newcomer("host")
    game, users = diplomacy_game(gm)
    eng = client_for(users["ENG"])
    page = eng.get(f"/games/{game.pk}/").content.decode()
    src = _live_src(page)
    assert _live_src(eng.get(f"/games/{game.pk}/").content.decode()) == src  # same page
    assert Client().get(src).status_code == 200
    gm_actions.gm_action(game.pk, gm, "replace", power="ENG", bot=True)
    assert Client().get(src).status_code == 409  # live.js reloads: now a spectator's page
    assert (
        "409"
        in (Path(__file__).parents[3] / "src/umpire/server/web/static/web/live.js").read_text()
    )
