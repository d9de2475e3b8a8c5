"""The game's history on the pages: the turn slider's permanent links, and the whole game as an
animated SVG or GIF for each reader (a player his own maps, the game master the umpire's, a
spectator the public maps), made once and the GIF in the worker."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from PIL import Image

from umpire.core import history
from umpire.server.models import Game
from umpire.server.store import load_record
from umpire.server.usecases import gm_actions, lifecycle

from ..conftest import run_worker
from .helpers import account, client_for

pytestmark = pytest.mark.django_db


def _game(
    master: User, name: str, turns: int = 2, public: bool = True
) -> tuple[Game, dict[str, User]]:
    """A game of ``name`` with two human seats (the rest bots), ``turns`` turns processed."""
    game = lifecycle.create_game(
        master,
        f"History {name}",
        name,
        settings={"deadline": {"minutes": 60}, "fill_with_bots": True},
    )
    if not public:
        Game.objects.filter(pk=game.pk).update(public=False)
    users = [account(f"{name}-one"), account(f"{name}-two")]
    for user in users:
        lifecycle.join(game.pk, user)
    lifecycle.start(game.pk, master)
    for _ in range(turns):
        gm_actions.gm_action(game.pk, master, "process")
        assert run_worker() == 1
    game.refresh_from_db()
    assert game.turn == turns + 1
    return game, {str(game.seats.get(user=u).power): u for u in users}


@pytest.fixture
def master(gm: tuple[User, Any]) -> User:
    return gm[0]


def _svg(client: Client, gid: int, query: str = "") -> str:
    response = client.get(f"/games/{gid}/history.svg{query}")
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "image/svg+xml"
    assert response["Content-Disposition"].startswith("attachment;")
    return response.content.decode()


def _expected(game: Game, reader: str) -> str:
    whose = {history.PUBLIC: "the public view", history.UMPIRE: "the umpire's view"}
    title = f"{game.name}: the whole game, {whose.get(reader, f'as {reader} saw it')}"
    return history.animated_svg(history.record_frames(load_record(game), reader), title)


@pytest.mark.parametrize("name", ["origins", "battleplan"])
def test_each_reader_downloads_his_own_maps_only(master: User, name: str) -> None:
    game, users = _game(master, name)
    (power, user), (other, _) = sorted(users.items())
    mine = _svg(client_for(user), game.pk)
    assert mine == _expected(game, power)  # every frame drawn from his own views
    assert mine.count('<g class="frame"') == 3
    assert mine != _expected(game, other)
    assert mine != _expected(game, history.UMPIRE)
    public = _expected(game, history.PUBLIC)
    assert _svg(client_for(user), game.pk, "?public=1") == public
    assert _svg(Client(), game.pk) == public  # anyone: the spectators' maps
    assert _svg(client_for(account("watcher")), game.pk, "?public=0") == public
    assert _svg(client_for(master), game.pk) == _expected(game, history.UMPIRE)


def test_the_gif_is_made_by_the_worker_then_served(master: User) -> None:
    game, users = _game(master, "origins")
    client = client_for(next(iter(users.values())))
    first = client.get(f"/games/{game.pk}/history.gif")
    assert first.status_code == 202
    assert b"being prepared" in first.content and b'http-equiv="refresh"' in first.content
    assert client.get(f"/games/{game.pk}/history.gif").status_code == 202  # queued once
    assert run_worker() == 0  # not on the turns' queue
    assert run_worker(queue="history") == 1
    done = client.get(f"/games/{game.pk}/history.gif")
    assert done.status_code == 200 and done["Content-Type"] == "image/gif"
    image = Image.open(io.BytesIO(done.content))
    assert image.n_frames == 3 and image.width <= history.GIF_WIDTH
    # The spectators' GIF is another one, queued on its own.
    assert Client().get(f"/games/{game.pk}/history.gif").status_code == 202
    assert run_worker(queue="history") == 1
    public = Client().get(f"/games/{game.pk}/history.gif")
    assert public.status_code == 200 and public.content != done.content


def test_no_history_without_a_map_a_start_or_leave_to_see(
    master: User, running_game: dict[str, Any]
) -> None:
    fake = running_game["id"]  # the service's stand-in game draws no map
    ann = client_for(User.objects.get(username="ann"))
    assert ann.get(f"/games/{fake}/history.svg").status_code == 404
    assert ann.get(f"/games/{fake}/history.gif").status_code == 404
    forming = lifecycle.create_game(
        master, "Forming", "origins", settings={"deadline": {"minutes": 60}}
    )
    assert Client().get(f"/games/{forming.pk}/history.svg").status_code == 404
    hidden, _ = _game(master, "origins", turns=1, public=False)
    assert Client().get(f"/games/{hidden.pk}/history.svg").status_code == 404
    assert Client().get(f"/games/{hidden.pk}/history.gif").status_code == 404
    assert Client().get("/games/999999/history.svg").status_code == 404


def test_the_slider_links_each_turn_and_works_without_javascript(master: User) -> None:
    game, users = _game(master, "origins")
    user = next(iter(users.values()))
    client = client_for(user)
    page = client.get(f"/games/{game.pk}/turn/1/").content.decode()
    assert 'type="range" min="0" max="2" step="1" value="1"' in page
    assert f'href="/games/{game.pk}/turn/0/"' in page and f'href="/games/{game.pk}/turn/2/"' in page
    assert f'action="/games/{game.pk}/turns/"' in page and "data-swap" in page
    assert f'href="/games/{game.pk}/history.svg"' in page  # his own history
    watch = Client().get(f"/games/{game.pk}/watch/1/").content.decode()
    assert 'name="public" value="1"' in watch
    assert f'href="/games/{game.pk}/history.svg?public=1"' in watch
    own = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="history-turn"' in own and "data-swap" not in own  # the game page: links
    go = client.get(f"/games/{game.pk}/turns/", {"turn": "1"})
    assert go.status_code == 302 and go["Location"] == f"/games/{game.pk}/turn/1/"
    far = client.get(f"/games/{game.pk}/turns/", {"turn": "99", "public": "1"})
    assert far["Location"] == f"/games/{game.pk}/watch/2/"
    assert client.get(f"/games/{game.pk}/turns/", {"turn": "x"}).status_code == 400
    assert client.get(f"/games/{game.pk}/turns/", {"turn": "-1"}).status_code == 400
    assert client.get(f"/games/{game.pk}/turns/")["Location"] == f"/games/{game.pk}/turn/2/"
