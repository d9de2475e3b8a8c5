"""The spectator's map of Multi-Player World War II in the four- and five-Player versions.

Their one secret is a synthesized Objectives column (19.2, docs/rulings/spi-ww2.md R20). The
spectator page draws the game's public view (the open board of Europe); no page of the game,
fetched as another player, a signed-in spectator or anonymously, shows the German Player's
synthesis, neither as the order he typed nor as his printout lists it, before or after the
set-up phase is processed. The anonymous visitor's map is the signed-in spectator's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from umpire.server.models import Game, TurnOutput
from umpire.server.usecases import gm_actions, lifecycle

from ..conftest import run_worker
from .helpers import account, client_for
from .test_spectator_maps import _pages

pytestmark = pytest.mark.django_db

SYNTHESIS = "OBJECTIVES POL C3, FRA C3, EGY C3, YUG C3, GRE C3, ALG C3, TUN C2, MOR C2, LIB C2"
# How the secret shows: as typed (canonical), and as the German printout lists it (sorted).
TYPED = "OBJECTIVES POL C3, FRA C3"
LISTED = "ALG C3, EGY C3, FRA C3"
FORBIDDEN = (TYPED, LISTED, "synthesized Objectives column")
FIGURE = re.compile(r'<figure class="map">.*?</figure>', re.S)


def _spi_game(gm: User, scenario: str) -> tuple[Game, User, User]:
    """A started game of ``scenario``: the German Player and the French Player are people,
    the rest bots; the set-up phase (19.2) waits for the German Player's synthesis."""
    game = lifecycle.create_game(
        gm,
        f"Spectated SPI {scenario}",
        "spi-ww2",
        scenario=scenario,
        settings={"deadline": {"minutes": 60}, "fill_with_bots": True},
    )
    ger, fra = account(f"ger-{scenario}"), account(f"fra-{scenario}")
    lifecycle.join(game.pk, ger, ["GER"])
    lifecycle.join(game.pk, fra, ["FRA"])
    lifecycle.start(game.pk, gm)
    game.refresh_from_db()
    return game, ger, fra


def _watch(client: Client, gid: int) -> str:
    return str(client.get(f"/games/{gid}/watch/").content.decode())


def _assert_public_map(html: str) -> str:
    figure = FIGURE.search(html)
    assert figure is not None, html[:2000]
    svg = figure.group(0)
    assert "<svg" in svg and "map not available" not in svg
    assert " - public" in svg  # the legend of the public view's map
    assert 'class="area land"' in svg and 'class="unit"' in svg  # the board of Europe
    return svg


def _sweep(clients: list[Client], gid: int) -> None:
    for client in clients:
        pages = _pages(client, gid)
        assert len(pages) >= 6
        for url, html in pages:
            for secret in FORBIDDEN:
                assert secret not in html, (url, secret)


@pytest.mark.rule("SPI 19.2")
@pytest.mark.parametrize("scenario", ["4-player", "5-player"])
def test_spi_spectators_see_the_map_of_europe_and_no_synthesis(gm: Any, scenario: str) -> None:
    game, ger, fra = _spi_game(gm[0], scenario)
    german = client_for(ger)
    response = german.post(f"/games/{game.pk}/orders/", {"orders": SYNTHESIS, "turn": game.turn})
    assert response.status_code == 302
    assert TYPED in german.get(f"/games/{game.pk}/").content.decode()  # sanity: his box
    onlooker = client_for(account(f"onlooker-{scenario}"))
    others = [client_for(fra), onlooker, Client()]
    # Before the set-up phase is processed: the opening map, and the typed order nowhere.
    anonymous = _watch(Client(), game.pk)
    assert "You are watching" in anonymous
    assert _assert_public_map(anonymous) == _assert_public_map(_watch(onlooker, game.pk))
    _sweep(others, game.pk)
    # The set-up phase processed: the synthesis is recorded and the German printout lists it.
    gm_actions.gm_action(game.pk, gm[0], "process")
    assert run_worker() == 1
    game.refresh_from_db()
    assert game.turn == 2
    assert LISTED in german.get(f"/games/{game.pk}/turn/1/").content.decode()  # sanity
    # What the spectator's page draws: the public view stored with the turn, no column in it.
    stored = TurnOutput.objects.get(game=game, turn=1, power=TurnOutput.PUBLIC).view
    assert stored["public"] is True and stored["units"]
    assert not {"objectives", "own_column"} & set(stored)
    anonymous = _watch(Client(), game.pk)
    svg = _assert_public_map(anonymous)
    assert svg == _assert_public_map(_watch(onlooker, game.pk))  # the same for everyone
    assert "Game-Turn 1" in svg
    _sweep(others, game.pk)


@pytest.mark.rule("SPI 19.2")
def test_the_six_player_spectator_map_is_the_public_view_not_the_umpires(gm: Any) -> None:
    """The six-Player version hides nothing (no player has two identities, 19.2), yet its
    spectator is not the umpire: his map's legend says "public", before and after a turn, and
    the game master's own map still says "umpire"."""
    game = lifecycle.create_game(
        gm[0], "Six watched", "spi-ww2", scenario="6-player",
        settings={"deadline": {"minutes": 60}, "fill_with_bots": True},
    )  # fmt: skip
    lifecycle.join(game.pk, account("ita-six"), ["ITA"])
    lifecycle.start(game.pk, gm[0])
    for _ in range(2):
        for client in (Client(), client_for(account(f"onlooker-six-{game.turn}"))):
            svg = _assert_public_map(_watch(client, game.pk))
            assert " - umpire" not in svg
        gm_actions.gm_action(game.pk, gm[0], "process")
        assert run_worker() == 1
        game.refresh_from_db()
    umpire = FIGURE.search(client_for(gm[0]).get(f"/gm/{game.pk}/").content.decode())
    assert umpire is not None and " - umpire" in umpire.group(0)
