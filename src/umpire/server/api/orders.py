"""Orders in the JSON API: reading and submitting them, marking them ready, and a forecast
of them (``/games/{game_id}/orders``, ``/ready``, ``/forecast``)."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import BeforeValidator

from umpire.core.forecast import MAX_SEED
from umpire.server.api.common import In, auth, caller, game_of, out, visible
from umpire.server.outputs import present, viewer_of
from umpire.server.schemas import Id, OrdersText, Power, TurnNumber
from umpire.server.usecases import forecasts, submissions

router = Router()


class OrdersIn(In):
    turn: TurnNumber
    text: OrdersText
    ready: bool = False


class ReadyIn(In):
    turn: TurnNumber
    ready: bool = True


@router.get("/games/{game_id}/orders", auth=auth, tags=["orders"])
def orders(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    return out(request, game_id, "orders", turn=turn)


@router.post("/games/{game_id}/orders", auth=auth, tags=["orders"])
def submit(request: HttpRequest, game_id: Id, data: OrdersIn) -> Any:
    """Submit orders for ``turn`` (the latest submission counts); returns the receipt."""
    user = caller(request)
    done = submissions.submit(
        game_id, user, data.text, turn=data.turn, ready=data.ready, source="api"
    )
    viewer = viewer_of(done.game, user, done.seats)
    return present(done.game, viewer, ["receipt", "status"], receipt=done.receipt, seats=done.seats)


@router.post("/games/{game_id}/ready", auth=auth, tags=["orders"])
def ready(request: HttpRequest, game_id: Id, data: ReadyIn) -> Any:
    submissions.set_ready(game_id, caller(request), turn=data.turn, ready=data.ready)
    return out(request, game_id, "status")


def _whole(value: Any) -> Any:
    """A number JSON writes with a fraction of zero (``7.0``) is the whole number JSON Schema
    says it is; anything else goes to the strict check unchanged."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Seed = Annotated[
    int,
    Field(ge=0, le=MAX_SEED, description="the seed of the forecast's dice"),
    BeforeValidator(_whole),
]


class ForecastIn(In):
    orders: dict[Power, OrdersText] = Field(
        default_factory=dict,
        max_length=forecasts.MAX_POWERS,
        description="power -> order text: your own orders, and guesses for other powers",
    )
    seed: Seed = 1


class ProblemOut(Schema):
    line: int
    code: str
    message: str
    text: str


class ForecastOut(Schema):
    game: str
    scenario: str
    power: str | None
    label: str
    seed: int
    problems: dict[str, list[ProblemOut]]
    orders: dict[str, list[str]]
    printout: str
    view: dict[str, Any]
    events: list[dict[str, Any]]
    svg: str | None


@router.post("/games/{game_id}/forecast", auth=auth, response=ForecastOut, tags=["orders"])
def forecast(request: HttpRequest, game_id: Id, data: ForecastIn) -> Any:
    """Try orders from your own view of the current turn, without submitting anything: your
    orders and, where you like, guesses for other powers' (a power without any gives none),
    read as a submission is read and adjudicated with dice from ``seed`` (never the game's).
    The answer: every problem per power, the orders kept, your printout of the forecast turn,
    your view after it, the events you would read and the map (SVG). Nothing is stored. Only a
    seated player of a running game (``seat/none``, 403; ``game/not_running``, 409)."""
    user = caller(request)
    game = visible(game_of(game_id), user)
    viewer = viewer_of(game, user, seat_first=True)
    return forecasts.forecast_for(game, viewer, data.orders, data.seed).to_json()
