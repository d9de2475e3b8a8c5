"""A player tries orders from his own view (issue 32): the game page's "Try orders" and the
API's ``POST /api/games/{id}/forecast``, over :func:`umpire.core.forecast.forecast`.

Only a seated player of a running (or paused) game may ask, from his own power's view of the
current turn: the view stored for his seat when the last turn was processed, read through the
one choke point (:func:`umpire.server.outputs.present`), never the umpire's state. Nothing is
stored and nothing is locked: a forecast reads, and its dice come from the seed the player
chose, never from the game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.core import registry
from umpire.core.forecast import MAX_SEED, Forecast, ForecastError, forecast, forecast_preview
from umpire.core.ordermarks import Preview
from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.models import Game, GameStatus
from umpire.server.outputs import Viewer, present
from umpire.server.schemas import ORDERS_MAX_BYTES

MAX_POWERS = 50  # order texts in one forecast: more than any scenario seats


def forecast_for(game: Game, viewer: Viewer, orders: Mapping[str, str], seed: int) -> Forecast:
    """The forecast of ``orders`` (power -> text: the viewer's own and guesses for others)
    from the viewer's view of the current turn; SessionError with a declared code when he may
    not ask or the request is bad (see the module)."""
    power, seen = _asking(game, viewer, orders)
    if not 0 <= seed <= MAX_SEED:
        raise refuse(E.REQUEST_INVALID, problem=f"seed: a whole number 0 to {MAX_SEED}")
    try:
        return forecast(registry.game(game.game), game.scenario, seen, power, orders, seed)
    except ForecastError as err:
        raise SessionError(err.code, err.message) from err


def preview_for(
    game: Game, viewer: Viewer, orders: Mapping[str, str]
) -> tuple[dict[str, Any], dict[str, Preview]]:
    """``(view, previews)``: the viewer's view of the current turn, and each box of
    ``orders`` read and marked against the position a forecast would start from, as the
    forecast page draws them while they are typed (nothing resolved, nothing stored); refused
    as :func:`forecast_for` is."""
    power, seen = _asking(game, viewer, orders)
    try:
        found = forecast_preview(registry.game(game.game), game.scenario, seen, power, orders)
    except ForecastError as err:
        raise SessionError(err.code, err.message) from err
    return seen, found


def _asking(game: Game, viewer: Viewer, orders: Mapping[str, str]) -> tuple[str, dict[str, Any]]:
    """The viewer's power and his seat's view as stored, once he may ask for a forecast of
    ``orders``; SessionError with a declared code when he may not or they are too many or too
    large."""
    if viewer.power is None:
        raise refuse(E.SEAT_NONE)
    if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
        raise refuse(E.GAME_NOT_RUNNING, status=game.status)
    if len(orders) > MAX_POWERS:
        raise refuse(E.REQUEST_INVALID, problem=f"orders: at most {MAX_POWERS} powers")
    if any(len(t.encode("utf-8", errors="replace")) > ORDERS_MAX_BYTES for t in orders.values()):
        raise refuse(E.ORDERS_TOO_LARGE, kib=ORDERS_MAX_BYTES // 1024)
    seen: dict[str, Any] = present(game, viewer, ["view"])["view"]["view"]  # as stored
    return viewer.power, seen
