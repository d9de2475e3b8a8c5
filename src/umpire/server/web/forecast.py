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

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from umpire.core import registry
from umpire.core.forecast import MAX_SEED
from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.models import Game, GameStatus
from umpire.server.outputs import Viewer, in_game_order, viewer_of
from umpire.server.schemas import ORDERS_MAX_BYTES
from umpire.server.usecases import forecasts
from umpire.server.web import preview
from umpire.server.web.common import game_or_404, need_login, read, signed_in
from umpire.server.web.maps import page_maps, with_note

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
    ctx["result_map"] = with_note(found.svg)
    return render(request, "web/forecast.html", ctx)


@require_POST
def forecast_preview(request: HttpRequest, game_id: int) -> HttpResponse:
    """The forecast form's boxes read and drawn as they are typed, as JSON; nothing resolved
    or stored. The same fields as the form (``orders``, ``guess-<POWER>``), each box read
    against the position the forecast starts from (the player's own view: a guess is judged
    by what he can see) and drawn over the current map in its power's colour::

        {"orders": {"<POWER>": [{"line", "text"}]},
         "problems": [{"power", "line", "code", "message", "text"}],
         "overlays": {"map": "<g class=order-marks>...</g>", "<region>": "..."}}

    Refused as the form is, in JSON: not logged in (401), no seat (403), a game not running
    (409), no forecast in this game (404), a body over the limit (413)."""
    if int(request.META.get("CONTENT_LENGTH") or 0) > BODY_LIMIT:
        return preview.refused(E.ORDERS_TOO_LARGE, kib=ORDERS_MAX_BYTES // 1024)
    user = signed_in(request)
    if user is None:
        return preview.refused(E.AUTH_LOGGED_OUT)
    game = game_or_404(game_id, user)
    if registry.game(game.game).capabilities(game.scenario).forecast is None:
        raise Http404("this game has no forecast")
    viewer = viewer_of(game, user, seat_first=True)
    if viewer.power is None:
        return preview.refused(E.SEAT_NONE)
    boxes = _boxes(game, viewer.power, request.POST)
    orders = {p: text for p, text in boxes if text.strip() or p == viewer.power}
    try:
        seen, found = forecasts.preview_for(game, viewer, orders)
    except SessionError as err:
        body = {"error": {"code": err.code, "message": err.message}}
        return JsonResponse(body, status=STATUS.get(err.code, 400))
    order_of = [p for p, _ in boxes]  # his own first, then the page's order
    shown = sorted(
        found.items(), key=lambda i: order_of.index(i[0]) if i[0] in order_of else len(order_of)
    )
    marks = [(power, p.marks) for power, p in shown if p.marks or power == viewer.power]
    return JsonResponse(
        {
            "orders": {
                power: [{"line": n, "text": t} for n, t, _ in p.orders] for power, p in shown
            },
            "problems": [
                {
                    "power": power,
                    "line": x.line,
                    "code": x.code,
                    "message": x.message,
                    "text": x.text,
                }
                for power, p in shown
                for x in p.problems
            ],
            "overlays": preview.drawn(game, seen, marks, by_power=True),
        }
    )


def _context(game: Game, viewer: Viewer, request: HttpRequest) -> dict[str, Any]:
    """The page: the game's facts, a box per power (his own first) as posted, and the map of
    his current view, on which the boxes' orders are drawn as they are typed."""
    assert viewer.power is not None
    posted = request.POST if request.method == "POST" else {}
    data = read(game, viewer, ["game", "view", "events"])
    at = (data.get("view") or {}).get("turn", 0)
    return {
        "game": data["game"],
        "viewer": viewer,
        "boxes": _boxes(game, viewer.power, posted),
        "seed": str(posted.get("seed", "1"))[:20],
        "map_text": "printout",
        **page_maps(
            game,
            at,
            viewer.power,
            (data.get("view") or {}).get("view"),
            (data.get("events") or {}).get("events"),
        ),
    }


def _boxes(game: Game, power: str, posted: Any) -> list[tuple[str, str]]:
    """``(power, text)`` of each order box of the form: his own first (``orders``), then a
    guess for each other power of the game (``guess-<POWER>``), as posted."""
    others = [p for p in in_game_order(game, game.powers or []) if p != power]
    boxes = [(power, str(posted.get("orders", "")))]
    boxes += [(p, str(posted.get(f"guess-{p}", ""))) for p in others]
    return boxes


def _seed(raw: str) -> int | None:
    raw = raw.strip() or "1"
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 19):
        return None
    value = int(raw)
    return value if value <= MAX_SEED else None


def _plain(status: int, message: str) -> HttpResponse:
    return HttpResponse(message + "\n", status=status, content_type="text/plain; charset=utf-8")
