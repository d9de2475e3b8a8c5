"""The games in the JSON API: one's games, creating, joining and leaving one, taking over a
seat, standing by, and a game's details and turns (its views, printouts and events)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Status

from umpire.server.api.common import In, auth, caller, game_of, out, stored_out, visible
from umpire.server.models import Game
from umpire.server.outputs import mine, present, viewer_of, with_facts
from umpire.server.schemas import (
    LIST_MAX,
    GameSettings,
    Id,
    Key,
    Name,
    PageSize,
    Power,
    ScenarioName,
    TurnNumber,
)
from umpire.server.usecases import leaving, lifecycle, takeover

router = Router()


class CreateIn(In):
    name: Name = ""
    game: Key
    scenario: ScenarioName | None = None
    settings: GameSettings = Field(default_factory=GameSettings)
    public: bool = True


class JoinIn(In):
    preferences: list[Power] = Field(default=[], max_length=LIST_MAX)


class TakeoverIn(In):
    power: Power


class StandbyIn(In):
    game: Key
    scenario: ScenarioName


@router.get("/games", auth=auth, tags=["games"])
def my_games(
    request: HttpRequest, limit: PageSize = 100, before: Id | None = None
) -> list[dict[str, Any]]:
    """The games you play, joined or run, newest first, ``limit`` at a time; the next page:
    ``before`` the id of the last game of this one."""
    user = caller(request)
    games = Game.objects.filter(id__in=mine(user))
    if before is not None:
        games = games.filter(id__lt=before)
    games = with_facts(games.order_by("-id")[:limit])
    return [
        present(g, viewer_of(g, user, getattr(g, "active_seats", None)), ["game"])["game"]
        for g in games
    ]


@router.post("/games", auth=auth, response={201: dict}, tags=["games"])
def create_game(request: HttpRequest, data: CreateIn) -> Status[Any]:
    user = caller(request)
    settings = data.settings.model_dump(exclude_unset=True)
    game = lifecycle.create_game(
        user, data.name, data.game, scenario=data.scenario, settings=settings,
        public=data.public,
    )  # fmt: skip
    return Status(201, present(game, viewer_of(game, user), ["game"]))


@router.post("/games/{game_id}/join", auth=auth, tags=["games"])
def join(request: HttpRequest, game_id: Id, data: JoinIn) -> Any:
    visible(game_of(game_id), caller(request))
    message = lifecycle.join(game_id, caller(request), data.preferences)
    return {"message": message, **out(request, game_id, "game")}


@router.post("/games/{game_id}/takeover", auth=auth, tags=["games"])
def take_over(request: HttpRequest, game_id: Id, data: TakeoverIn) -> Any:
    """Take over a power offered to a new player (its player missed turns in a row or left;
    ``/games/needing/`` lists them), or ask the game master for it where he approves
    takeovers."""
    message = takeover.take_over(game_id, caller(request), data.power, source="api")
    return {"message": message, **out(request, game_id, "game")}


@router.post("/games/{game_id}/leave", auth=auth, tags=["games"])
def leave(request: HttpRequest, game_id: Id) -> Any:
    """Leave the game: before it starts, withdraw your sign-up (you may join again); once it
    runs, give up your power, which is offered to a new player (your orders for this turn stand
    until he sends his own). Refused: ``game/not_found`` (404, also a private game you are not
    in), ``game/over`` (409), ``seat/not_joined`` and ``seat/none`` (403: nothing to leave)."""
    return {"message": leaving.leave(game_id, caller(request), source="api")}


@router.post("/standby", auth=auth, tags=["games"])
def standby(request: HttpRequest, data: StandbyIn) -> Any:
    """Stand by for any running game of a kind that takes standbys from the pool; the game
    is not yours to choose (Battle Plan's standby rule)."""
    return {"message": lifecycle.volunteer_standby(caller(request), data.game, data.scenario)}


@router.get("/games/{game_id}", auth=auth, tags=["games"])
def game_detail(request: HttpRequest, game_id: Id) -> Any:
    game = visible(game_of(game_id), caller(request))
    viewer = viewer_of(game, caller(request))
    parts = ["game"] if game.initial_state is None else ["game", "status"]
    return present(game, viewer, parts)


@router.get("/games/{game_id}/view", auth=auth, tags=["turns"])
def view(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    return stored_out(request, game_id, "view", turn)


@router.get("/games/{game_id}/printout", auth=auth, tags=["turns"])
def printout(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    return stored_out(request, game_id, "printout", turn)


@router.get("/games/{game_id}/events", auth=auth, tags=["turns"])
def events(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    return out(request, game_id, "events", turn=turn)
