"""The public Diplomacy sandbox (issue 32): a position and orders in the address, adjudicated
and drawn for anyone; a share link reproduces both; bad addresses are 400s that say why."""

from __future__ import annotations

import base64
import zlib
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from umpire.core import registry
from umpire.server.models import Game, Submission, Turn
from umpire.server.usecases import turns
from umpire.server.web.sandbox import pack, unpack

from .web.helpers import client_for, diplomacy_game

pytestmark = pytest.mark.django_db
URL = "/sandbox/diplomacy/"


def _query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


@pytest.mark.rule("DATC 6.A.11")
def test_the_opening_position_adjudicates_and_its_share_link_reproduces_it() -> None:
    client = Client()
    page = client.get(URL)
    assert page.status_code == 200 and "<svg" in page.content.decode()
    p = page.context["p"]
    response = client.get(URL, {"p": p, "o-AUS": "A vie - tyr", "o-ITA": "A ven - tyr"})
    html = response.content.decode()
    assert "AUS A vie - tyr: failed" in html and "ITA A ven - tyr: failed" in html
    share = response.context["share"]
    again = client.get(share)
    assert again.context["result"].printout == response.context["result"].printout
    assert again.context["result"].view == response.context["result"].view
    assert _query(share)["p"] == p
    assert unpack(_query(share)["o"], 10_000) == {"AUS": "A vie - tyr", "ITA": "A ven - tyr"}


def test_a_public_games_position_at_a_turn_is_the_sandboxs_position(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    client_for(users["FRA"]).post(
        f"/games/{game.pk}/orders/", {"orders": "A par - bur", "turn": game.turn}
    )
    assert turns.process_due(game.pk, game.turn, force=True)
    game.refresh_from_db()
    assert game.turn == 2
    response = Client().get(URL, {"from": game.pk, "turn": 1})
    assert response.status_code == 302
    p = _query(response["Location"])["p"]
    assert "FRA A bur" in unpack(p, 10_000)["units"]
    page = Client().get(response["Location"])
    assert page.status_code == 200 and page.context["p"] == p  # the link keeps the position
    opening = _query(Client().get(URL, {"from": game.pk, "turn": 0})["Location"])["p"]
    assert "FRA A par" in unpack(opening, 10_000)["units"]
    before = (Submission.objects.count(), Turn.objects.count())
    Client().get(URL, {"p": p, "o-FRA": "A bur - mun"})
    assert (Submission.objects.count(), Turn.objects.count()) == before
    Game.objects.filter(pk=game.pk).update(public=False)
    assert Client().get(URL, {"from": game.pk}).status_code == 404
    assert Client().get(URL, {"from": 999_999}).status_code == 404


def test_1939_iii_has_its_own_sandbox() -> None:
    page = Client().get("/sandbox/diplomacy/1939-iii/")
    assert page.status_code == 200 and "Winter 1938" in page.content.decode()
    assert "bombers" in unpack(page.context["p"], 10_000)


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"p": "!!!not base64"}, "damaged"),
        ({"p": base64.urlsafe_b64encode(b"plain").decode()}, "damaged"),
        ({"p": "A" * 9000}, "at most 8000"),
        ({"p": pack({"units": ["FRA A atl"], "centres": {"FRA": []}})}, "bad_position"),
        ({"p": pack([1, 2])}, "bad_position"),
        ({"o": pack({"FRA": 3})}, "power -> text"),
        ({"o-FRA": "A par H\n" * 3000}, "lines"),
        ({"from": "x"}, "a game number"),
    ],
)
def test_bad_addresses_are_400s_that_say_why(query: dict[str, str], says: str) -> None:
    response = Client().get(URL, query)
    assert response.status_code == 400
    assert says in response.content.decode()


def test_a_bomb_of_a_link_is_refused_unpacked_no_further_than_the_limit() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 5_000_000 + b"]", 9)).decode()
    assert len(bomb) < 8_000
    response = Client().get(URL, {"p": bomb})
    assert response.status_code == 400
    assert "more than 64 KiB" in response.content.decode()


def test_no_sandbox_for_an_unknown_game_or_one_that_hides_information() -> None:
    assert Client().get("/sandbox/nosuchgame/").status_code == 404
    assert Client().get("/sandbox/diplomacy/nosuch/").status_code == 404
    hidden = next(
        name
        for name, scenario, _ in registry.all_scenarios()
        if registry.game(name).info.hides_information(scenario)
    )
    assert Client().get(f"/sandbox/{hidden}/").status_code == 404
