"""What anyone may read in the JSON API, without an account: the games one may play
(``/rulesets``) and the public games as a spectator sees them (``/public/games``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from umpire.core import registry
from umpire.server import errors as E
from umpire.server.api.common import game_of
from umpire.server.errors import refuse
from umpire.server.models import Game
from umpire.server.outputs import SPECTATOR_VIEWER, present, with_facts
from umpire.server.schemas import Id, PageSize, TurnNumber

router = Router()


@router.get("/rulesets", tags=["public"])
def rulesets(request: HttpRequest) -> list[dict[str, Any]]:
    return [
        {
            "name": r.info.name,
            "title": r.info.title,
            "scenarios": [
                {"name": s.name, "title": s.title, "powers": list(s.powers)}
                for s in r.info.scenarios
            ],
        }
        for r in registry.all_games()
    ]


@router.get("/public/games", tags=["public"])
def public_games(
    request: HttpRequest, limit: PageSize = 50, before: Id | None = None
) -> list[dict[str, Any]]:
    """The public games, newest first, ``limit`` at a time; the next page: ``before`` the id
    of the last game of this one."""
    games = Game.objects.filter(public=True)
    if before is not None:
        games = games.filter(id__lt=before)
    return [
        present(g, SPECTATOR_VIEWER, ["game"])["game"]
        for g in with_facts(games.order_by("-id")[:limit])
    ]


@router.get("/public/games/{game_id}", tags=["public"])
def public_game(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    game = game_of(game_id)
    if not game.public:
        raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
    parts = ["game"] if game.initial_state is None else ["game", "events"]
    return present(game, SPECTATOR_VIEWER, parts, turn=turn)
