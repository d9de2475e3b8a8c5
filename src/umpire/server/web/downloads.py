"""A game's whole record, and the game in other tools' formats, as downloads.

``/games/<id>/record.json`` is the game's engine record (the file ``umpire replay``, ``report``
and ``status`` read: every submission, draw, event and state); ``/games/<id>/export/<format>.json``
the game in a format its record declares (``interchanges``: standard Diplomacy in the
``diplomacy`` package's saved-game JSON). Both hold every power's secrets and the game's seed,
so they are given once the game is over, to its players (anyone who held one of its seats) and
its game master; before that, and to anyone else, the answer is 404 with the reason's code
(``download/not_over``, ``download/not_player``), as for every page a reader may not see.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from umpire.core import registry
from umpire.core.errors import Code
from umpire.core.interchange import InterchangeError
from umpire.server import errors as E
from umpire.server.models import Game, GameStatus, Seat
from umpire.server.outputs import viewer_of
from umpire.server.store import load_record
from umpire.server.web.common import game_or_404, signed_in


def _refused(code: Code, **fields: Any) -> JsonResponse:
    err = E.refuse(code, **fields)
    return JsonResponse({"code": err.code, "message": err.message}, status=code.status)


def may_download(game: Game, user: Any) -> Code | None:
    """None when ``user`` may have the whole record of ``game``, else the refusal's code."""
    if user is None:
        return E.DOWNLOAD_NOT_PLAYER
    if (
        not viewer_of(game, user).is_umpire
        and not Seat.objects.filter(game=game, user=user).exists()
    ):
        return E.DOWNLOAD_NOT_PLAYER
    if game.status != GameStatus.FINISHED:
        return E.DOWNLOAD_NOT_OVER
    return None


def _file(data: dict[str, Any], name: str) -> HttpResponse:
    body = json.dumps(data, separators=(",", ":"))
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
def record(request: HttpRequest, game_id: int) -> HttpResponse:
    user = signed_in(request)
    game = game_or_404(game_id, user)
    refused = may_download(game, user)
    if refused is not None:
        return _refused(refused)
    if game.initial_state is None:
        return _refused(E.DOWNLOAD_NOT_STARTED, game_id=game.pk)
    return _file(load_record(game).to_json(), f"G-{game.pk}-record.json")


@require_GET
def export(request: HttpRequest, game_id: int, fmt: str) -> HttpResponse:
    user = signed_in(request)
    game = game_or_404(game_id, user)
    interchange = registry.game(game.game).interchanges.get(fmt)
    if interchange is None or game.scenario not in interchange.scenarios:
        raise Http404("this game has no such format")
    refused = may_download(game, user)
    if refused is not None:
        return _refused(refused)
    if game.initial_state is None:
        return _refused(E.DOWNLOAD_NOT_STARTED, game_id=game.pk)
    try:
        data = interchange.export(load_record(game))
    except InterchangeError as err:  # a game the format cannot hold (fewer powers seated)
        return _refused(E.DOWNLOAD_FORMAT, format=fmt, reason=str(err))
    return _file(data, f"G-{game.pk}-{fmt}.json")


def downloads(game: Game, user: Any) -> list[tuple[str, str]]:
    """(title, url) of what ``user`` may download of ``game`` now, for its pages."""
    if game.initial_state is None or may_download(game, user) is not None:
        return []
    found = [("the whole record (JSON)", reverse("web:record", args=[game.pk]))]
    for name, fmt in sorted(registry.game(game.game).interchanges.items()):
        if game.scenario in fmt.scenarios:
            found.append((fmt.title, reverse("web:export", args=[game.pk, name])))
    return found
