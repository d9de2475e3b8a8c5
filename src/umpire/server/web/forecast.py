"""The game page's "Try orders" (issue 32): a player's orders, and guesses for the others',
adjudicated from his own view of the current turn, shown as a printout and a map; nothing
submitted or stored.

``GET /games/<id>/forecast/`` shows the form; ``POST`` (CSRF-protected like every form of the
site) tries the orders through :func:`umpire.server.usecases.forecasts.forecast_for`, the
same use case as the API's. Fields: ``orders`` (his own), ``guess-<POWER>`` (each optional),
``seed`` (the forecast's dice; blank: 1). Refused: not logged in (to the login page), no seat
in the game, a spectator or a game master without one (403), a game not running (409), a game
whose record has no forecast (404, whoever asks), a bad seed or position (400), a body over the
limit (413).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from umpire.core import registry
from umpire.core.forecast import MAX_SEED
from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.models import Game, GameStatus
from umpire.server.outputs import Viewer, in_game_order, viewer_of
from umpire.server.schemas import ORDERS_MAX_BYTES
from umpire.server.usecases import forecasts
from umpire.server.web.common import game_or_404, need_login, read, signed_in
from umpire.server.web.maps import with_note

BODY_LIMIT = (forecasts.MAX_POWERS // 4) * ORDERS_MAX_BYTES  # a dozen full order boxes
STATUS = {E.SEAT_NONE.code: 403, E.GAME_NOT_RUNNING.code: 409, E.ORDERS_TOO_LARGE.code: 413}


def forecast_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The form, and on POST the forecast of what it holds; see the module."""
    if int(request.META.get("CONTENT_LENGTH") or 0) > BODY_LIMIT:
        return _plain(413, E.ORDERS_TOO_LARGE.message(kib=ORDERS_MAX_BYTES // 1024))
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    if registry.game(game.game).capabilities(game.scenario).forecast is None:
        raise Http404("this game has no forecast")
    viewer = viewer_of(game, user, seat_first=True)
    if viewer.power is None:
        return _plain(403, E.SEAT_NONE.message())
    if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
        return _plain(409, E.GAME_NOT_RUNNING.message(status=game.status))
    ctx = _context(game, viewer, request)
    if request.method != "POST":
        return render(request, "web/forecast.html", ctx)
    seed = _seed(request.POST.get("seed", ""))
    if seed is None:
        ctx["error"] = f"The seed is a whole number from 0 to {MAX_SEED}."
        return render(request, "web/forecast.html", ctx, status=400)
    orders = {p: text for p, text in ctx["boxes"] if text.strip() or p == viewer.power}
    try:
        found = forecasts.forecast_for(game, viewer, orders, seed)
    except SessionError as err:
        ctx["error"] = f"{err.message} [{err.code}]"
        return render(request, "web/forecast.html", ctx, status=STATUS.get(err.code, 400))
    ctx["result"] = found
    ctx["problems"] = [(p, x) for p, xs in found.problems.items() for x in xs]
    ctx["map"] = with_note(found.svg)
    return render(request, "web/forecast.html", ctx)


def _context(game: Game, viewer: Viewer, request: HttpRequest) -> dict[str, Any]:
    """The page: the game's facts, and a box per power (his own first), as posted."""
    assert viewer.power is not None
    posted = request.POST if request.method == "POST" else {}
    others = [p for p in in_game_order(game, game.powers or []) if p != viewer.power]
    boxes = [(viewer.power, str(posted.get("orders", "")))]
    boxes += [(p, str(posted.get(f"guess-{p}", ""))) for p in others]
    return {
        **read(game, viewer, ["game"]),
        "viewer": viewer,
        "boxes": boxes,
        "seed": str(posted.get("seed", "1"))[:20],
        "map_text": "printout",
    }


def _seed(raw: str) -> int | None:
    raw = raw.strip() or "1"
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 19):
        return None
    value = int(raw)
    return value if value <= MAX_SEED else None


def _plain(status: int, message: str) -> HttpResponse:
    return HttpResponse(message + "\n", status=status, content_type="text/plain; charset=utf-8")
