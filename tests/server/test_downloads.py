"""A game's whole record and its export in the ``diplomacy`` package's format, downloaded
from its pages: its players and its game master once it is over, nobody else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from umpire.core import registry
from umpire.core.interchange import import_game
from umpire.core.record import GameRecord
from umpire.server.models import Game
from umpire.server.store import load_record
from umpire.server.usecases import lifecycle, results, turns

from .conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _client(name: str) -> Client:
    client = Client()
    password = f"{name}-password" + ("-Ocelot-Quartz" if len(name) > 8 else "")
    assert client.login(username=name, password=password)
    return client


@pytest.fixture
def dip() -> dict[str, Any]:
    """A standard game: ann plays England beside six bots, three turns processed."""
    gm, _ = make_user("gamemaster", gm=True)
    ann, _ = make_user("ann")
    make_user("cat")
    game = lifecycle.create_game(
        gm, "Dip", "diplomacy", settings={"fill_with_bots": True, "deadline": {"minutes": 60}}
    )
    lifecycle.join(game.pk, ann, ["ENG"])
    game = lifecycle.start(game.pk, gm)
    for _ in range(3):
        game.refresh_from_db()
        assert turns.process_due(game.pk, game.turn, force=True)
    return {"game": Game.objects.get(pk=game.pk), "gm": gm}


def test_a_player_has_the_record_once_the_game_is_over(dip: dict[str, Any]) -> None:
    game = dip["game"]
    ann, cat = _client("ann"), _client("cat")
    url, export = f"/games/{game.pk}/record.json", f"/games/{game.pk}/export/diplomacy.json"
    refused = ann.get(url)
    assert refused.status_code == 404 and refused.json()["code"] == "download/not_over"
    assert ann.get(export).status_code == 404
    assert cat.get(url).json()["code"] == "download/not_player"
    assert cat.get(url).status_code == 404 and Client().get(url).status_code == 404
    # nor the game master while the game runs: the record holds the seed
    assert _client("gamemaster").get(url).json()["code"] == "download/not_over"
    results.declare(game.pk, dip["gm"], ["ENG"])
    assert _client("gamemaster").get(url).status_code == 200
    got = ann.get(url)
    assert got.status_code == 200 and "attachment" in got["Content-Disposition"]
    record = GameRecord.from_json(json.loads(got.content))
    assert record.to_json() == load_record(Game.objects.get(pk=game.pk)).to_json()
    assert cat.get(url).status_code == 404
    page = ann.get(f"/games/{game.pk}/").content.decode()
    assert url in page and export in page


def test_the_export_loads_back_into_the_same_game(dip: dict[str, Any]) -> None:
    game = dip["game"]
    results.declare(game.pk, dip["gm"], ["ENG"])
    got = _client("ann").get(f"/games/{game.pk}/export/diplomacy.json")
    assert got.status_code == 200
    data = json.loads(got.content)
    assert data["phases"][0]["name"] == "S1901M" and data["map"] == "standard"
    fmt = registry.game("diplomacy").interchanges["diplomacy"]
    again = import_game("diplomacy", fmt, data)
    assert again.latest_state == load_record(Game.objects.get(pk=game.pk)).latest_state


def test_a_format_the_game_has_not_is_404(dip: dict[str, Any]) -> None:
    game = dip["game"]
    gm = _client("gamemaster")
    assert gm.get(f"/games/{game.pk}/export/nothing.json").status_code == 404
    assert gm.get("/games/99999/record.json").status_code == 404
