"""The public list of games needing a player (issue 31, replacements): every offered seat of a
public running game, with the position's summary as anyone may read it, and its "Take over"
button (``usecases.takeover``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from umpire.core import registry
from umpire.core.session import SessionError
from umpire.server.models import Game, Seat
from umpire.server.outputs import SPECTATOR_VIEWER, power_labels
from umpire.server.usecases import offers, takeover
from umpire.server.web.common import need_login, read, report_error, signed_in
from umpire.server.web.params import str_param

# Offered seats listed at a time, oldest offer first.
NEEDING_PAGE = 100
# Figures of a power the summary names at most.
SUMMARY_ITEMS = 4


def needing(request: HttpRequest) -> HttpResponse:
    """``/games/needing/``: open to everyone; the buttons to those logged in."""
    rows = [_row(seat) for seat in offers.offered_seats(NEEDING_PAGE)]
    return render(request, "web/needing.html", {"rows": rows})


def _row(seat: Seat) -> dict[str, Any]:
    game = seat.game
    (named,) = power_labels(game, [seat.power])
    return {
        "game": game,
        "title": registry.game(game.game).info.title,
        "power": seat.power,
        "power_label": named,
        "label": game.label,
        "summary": position_summary(game, seat.power),
        "deadline": game.deadline,
        "paused": game.status == "paused",
        "approval": bool(game.setting("takeover_approval", False)),
        "asked": seat.requested_by_id is not None,
    }


def position_summary(game: Game, power: str) -> str:
    """What the position says of ``power`` as any spectator reads it: the public view (read
    through ``present`` for a spectator, so nothing secret can reach it), each of its
    per-power figures for that power (a number as it is, a list or table as its size):
    ``scores: 3``, ``centres: 5``. Empty where the game has no public position."""
    view = (read(game, SPECTATOR_VIEWER, ["public_view"]).get("public_view") or {}).get("view")
    if not isinstance(view, dict):
        return ""
    said = []
    for key, value in view.items():
        if not isinstance(value, dict) or power not in value or key.startswith("_"):
            continue
        mine = value[power]
        if isinstance(mine, bool) or mine is None:
            continue
        if isinstance(mine, int | float):
            said.append(f"{key.replace('_', ' ')}: {mine:g}")
        elif isinstance(mine, list | dict):
            said.append(f"{key.replace('_', ' ')}: {len(mine)}")
        if len(said) == SUMMARY_ITEMS:
            break
    return ", ".join(said)


@require_POST
def take_over(request: HttpRequest, game_id: int) -> HttpResponse:
    """The "Take over" button (POST, CSRF): the seat of ``power`` becomes the user's (or his
    request goes to the game master); refused with the reason and its code."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    power = str_param(request.POST, "power") or ""
    try:
        said = takeover.take_over(game_id, user, power, source="web")
    except SessionError as err:
        report_error(request, err)
        return redirect("web:needing")
    messages.success(request, said[0].upper() + said[1:] + ".")
    if said.startswith("you now play"):
        return redirect("web:game", game_id)
    return redirect("web:needing")
