"""A game is one typed record, and the server reads nothing else of it (issue 28).

A toy game registered here only, by its record (:class:`umpire.core.ruleset.Game`), gets its
map drawn on the game page, its settings checked by the API and the console from its own
model, its draw votes and its order lists with places, with no change to the server. And the
server's source holds no side door: no ``implements()`` probing, no game module imported by
name, no test of a game's name.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import pytest
from django.contrib.auth.models import User
from pydantic import Field

from umpire.core import registry
from umpire.core.ruleset import Drawer, Game, GameInfo, ScenarioInfo
from umpire.core.settings import Settings
from umpire.server.models import Game as GameRow

from .conftest import Api
from .fakegame import FakeBid, State
from .web.helpers import client_for

SERVER = Path(__file__).parents[2] / "src" / "umpire" / "server"


class MapBidRules(Settings):
    rounds: Annotated[int, Field(ge=1, le=9)] = 3


class MapBid(FakeBid):
    """Fake Bid with a map, lists of orders that name places, and draw votes."""

    info = GameInfo(
        name="mapbid",
        title="Map Bid",
        aliases=(),
        scenarios=(ScenarioInfo("standard", "Standard", ("North", "South"), 2, 2),),
        hidden_information=True,
        uses_chance=True,
    )
    map_help = "Click a TOYSPACE to bid there."

    def survivors(self, state: State) -> list[str]:
        return list(state["powers"])

    def order_options(self, state: State, power: str) -> dict[str, list[str]]:
        return {"purse": [f"bid {n}" for n in range(3)]}

    def order_places(self, order: str) -> tuple[str, ...]:
        return ("PURSE",)

    def order_gloss(self, order: str) -> str:
        return "offer coins"

    def order_key(self, order: str) -> str:
        return "bid"


def _draw(view: Any, events: Any = None, region: str | None = None) -> str:
    where = region or "whole"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg"><text>TOYMAP {where} {view["round"]}</text></svg>'
    )


class _Region:
    name, title = "corner", "The corner"


RECORD = Game.single(
    MapBid(),
    drawer=Drawer(_draw, regions=lambda view: (_Region(),)),
    settings=MapBidRules,
)


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy is known by its record alone, for these tests only."""
    monkeypatch.setitem(registry._GAMES, "mapbid", RECORD)
    monkeypatch.setitem(registry._ALIASES, "mapbid", "mapbid")


def _create(api: Api, rules: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    status, body = api.post(
        "/games",
        {
            "name": "Map",
            "game": "mapbid",
            "settings": {"deadline": {"minutes": 60}, "rules": rules},
        },
    )
    return int(status), body


@pytest.mark.django_db
def test_its_settings_are_checked_by_its_own_model_at_the_api_and_the_console(
    gm: tuple[User, Api],
) -> None:
    user, api = gm
    for rules, key in (({"rounds": 0}, "rounds"), ({"rounds": 2, "colour": "red"}, "colour")):
        status, body = _create(api, rules)
        assert status == 400 and body["code"] == "game/bad_settings", body
        assert key in body["message"]
    form = {"name": "Console", "game": "mapbid/standard", "public": "on", "press": "full",
            "deadline_minutes": "60", "grace_minutes": "0", "nmr": "rules"}  # fmt: skip
    page = client_for(user).post("/gm/", {**form, "rules": '{"colour": 1}'}).content.decode()
    assert "unknown setting(s) for mapbid: colour (known: rounds)" in page
    page = client_for(user).post("/gm/", {**form, "rules": '{"rounds": 10}'}).content.decode()
    assert "the game refuses these settings" in page and "rounds" in page
    assert not GameRow.objects.exists()
    assert _create(api, {"rounds": 2})[0] == 201


@pytest.mark.django_db
def test_its_pages_draw_its_map_and_offer_its_votes_and_lists(
    gm: tuple[User, Api], players: dict[str, tuple[User, Api]]
) -> None:
    _, gm_api = gm
    body = _create(gm_api, {"rounds": 2})[1]
    game_id = body["game"]["id"]
    for name, pref in (("ann", "North"), ("bob", "South")):
        assert players[name][1].post(f"/games/{game_id}/join", {"preferences": [pref]})[0] == 200
    assert gm_api.post(f"/games/{game_id}/start", {})[0] == 200
    ann = client_for(players["ann"][0])
    page = ann.get(f"/games/{game_id}/").content.decode()
    assert "TOYMAP whole 0" in page  # the record's drawer drew the reader's view
    assert f"/games/{game_id}/map/corner/" in page  # and offers its enlarged part
    part = ann.get(f"/games/{game_id}/map/corner/?turn=0")
    assert "TOYMAP corner 0" in part.content.decode()
    assert "Vote draw" in page  # its record has draw votes
    assert "Click a TOYSPACE to bid there." in page  # its record places orders on the map
    lists = ann.get(f"/games/{game_id}/options/", {"unit": "purse"}).content.decode()
    assert 'data-places="purse"' in lists and "offer coins" in lists


# Side doors the server may not have: each pattern, and why.
SIDE_DOORS = {
    r"\bimplements\(": "optional parts are fields of the game's record",
    r"umpire\.games\b": "a game is reached through the registry's record, never by module",
    r"\bimport_module\(|find_spec\(": "no game module is looked up by name",
    r"\bgame\.game\s*(==|!=|in\b)|\bgame\s*==\s*[\"']": "no game is told apart by its name",
}


def test_the_server_reads_only_the_record() -> None:
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            for pattern, why in SIDE_DOORS.items():
                if re.search(pattern, code) and not _docstring_mention(line):
                    found.append(f"{path.relative_to(SERVER)}:{number}: {line.strip()} ({why})")
    assert not found, "\n".join(found)


def _docstring_mention(line: str) -> bool:
    """Prose that names the games package (``umpire.games``) in a docstring, not code."""
    return "``" in line or ":mod:`" in line
