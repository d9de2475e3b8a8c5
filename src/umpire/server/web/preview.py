"""Orders drawn on the map as they are given: the order box read, nothing stored.

The game page posts its order box here as the player types or clicks (and once when the page
opens with orders in the box). The text goes through the game's own submission pipeline
(``umpire.core.ordermarks.preview``: ``read_line`` and ``check`` against the current position,
exactly as a submission is read), nothing is stored, and the answer is JSON::

    {"orders": [{"line", "text"}], "problems": [{"line", "code", "message", "text"}],
     "marks": [{"line", "kind", "places", "label"}],
     "overlays": {"map": "<g class=order-marks>...</g>", "<region>": "..."}}

``overlays`` are SVG groups the page puts over the map it shows (the whole map, and each
enlarged part by its name), drawn by the game's own drawing (``order_overlay``) in the
player's colour. Only a seated player whose orders the turn awaits may ask, for his own
power; the answer holds his orders and what his page already shows, nothing of another
power. Refused: not logged in (401), not a player of the game or no orders due (403), a turn
other than the current one or a game not running (409), a body over the submissions' size
limit (413); CSRF-protected like every form of the site.
"""

from __future__ import annotations

import logging
from html import escape
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_POST

from umpire.core import errors as core_errors
from umpire.core import ordermarks, session
from umpire.core.errors import Code
from umpire.core.submission import clip
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.models import Game, GameStatus
from umpire.server.outputs import Viewer, viewer_of
from umpire.server.schemas import ORDERS_MAX_BYTES
from umpire.server.store import load_tail
from umpire.server.web import maps
from umpire.server.web.common import game_or_404, read, signed_in

log = logging.getLogger("umpire.server")
# The form's other fields (the CSRF token, the turn) beside the orders themselves.
BODY_LIMIT = ORDERS_MAX_BYTES + 4096


def refused(code: Code, **fields: Any) -> JsonResponse:
    """The JSON error answer of a declared code, with the HTTP status declared with it."""
    err = refuse(code, **fields)
    return JsonResponse({"error": {"code": err.code, "message": err.message}}, status=code.status)


@require_POST
def preview(request: HttpRequest, game_id: int) -> HttpResponse:
    """The order box ``orders`` (for turn ``turn``) read and drawn; see the module."""
    if int(request.META.get("CONTENT_LENGTH") or 0) > BODY_LIMIT:
        return refused(E.ORDERS_TOO_LARGE, kib=ORDERS_MAX_BYTES // 1024)
    user = signed_in(request)
    if user is None:
        return refused(E.AUTH_LOGGED_OUT)
    game = game_or_404(game_id, user)
    viewer = viewer_of(game, user, seat_first=True)  # a game master may hold a seat
    if viewer.power is None:
        return refused(E.SEAT_NONE)
    if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
        return refused(E.GAME_NOT_RUNNING, status=game.status)
    if game.label and viewer.power not in game.expected:
        return refused(E.ORDERS_NOT_DUE, power=viewer.power, label=game.label)
    asked = request.POST.get("turn", "")
    if asked and asked != str(game.turn):
        return refused(core_errors.TURN_STALE, turn=asked, current=game.turn, label=game.label)
    text = request.POST.get("orders", "")
    if len(text.encode("utf-8", errors="replace")) > ORDERS_MAX_BYTES:
        return refused(E.ORDERS_TOO_LARGE, kib=ORDERS_MAX_BYTES // 1024)
    table = session.open_table(load_tail(game, pending=False, events=False))
    found = ordermarks.preview(table.ruleset, table.state, viewer.power, text)
    answer = found.to_json()
    answer["overlays"] = overlays(game, viewer, found.marks)
    return JsonResponse(answer)


def overlays(
    game: Game, viewer: Viewer, marks: list[tuple[int, ordermarks.Mark]]
) -> dict[str, str]:
    """The marks drawn over each map of the page (``map``: the whole map; each enlarged
    part by its name), by the game's drawing, over the viewer's own view (its colours)."""
    if viewer.power is None:
        return {}
    view = (read(game, viewer, ["view"]).get("view") or {}).get("view")
    return drawn(game, view, [(viewer.power, marks)])


def drawn(
    game: Game,
    view: dict[str, Any] | None,
    marks: list[tuple[str, list[tuple[int, ordermarks.Mark]]]],
    *,
    by_power: bool = False,
) -> dict[str, str]:
    """Each power's marks of ``marks`` drawn in its own colour over each map of ``view``
    (``map``: the whole map; each enlarged part by its name): one power's as the game draws
    them; with ``by_power`` (the forecast's boxes) all in one group, each power's in a group
    of its own (``data-power``), the first one's (the reader's) in front and the others'
    (guesses) fainter."""
    drawer = maps.drawer_of(game.game)
    if drawer is None or drawer.order_overlay is None or view is None or not marks:
        return {}
    draw = drawer.order_overlay

    def over(region: str | None) -> str:
        if not by_power:
            power, these = marks[0]
            return draw(view, these, power, region=region)
        groups = [
            f'<g data-power="{escape(power)}" opacity="0.7">'
            f"{draw(view, these, power, region=region)}</g>"
            for power, these in marks[1:]
        ]
        own, these = marks[0]
        groups.append(f'<g data-power="{escape(own)}">{draw(view, these, own, region=region)}</g>')
        return '<g class="order-marks" pointer-events="none">' + "".join(groups) + "</g>"

    try:
        out = {"map": over(None)}
        for region in drawer.regions(view) if drawer.regions is not None else ():
            out[region.name] = over(region.name)
    except Exception:  # a broken drawing must never take the order box down
        log.exception("drawing the %s order marks failed", game.game)
        return {}
    return {k: v for k, v in out.items() if isinstance(v, str)}


def box_text(submission: dict[str, Any] | None) -> str:
    """What the order box holds when the page opens: the last submission as it was written
    (its comments and spacing too), without the lines refused whole; a line of which only a
    part was refused stays (its accepted part counts), and the receipt lists every refusal."""
    if not submission:
        return ""
    lines = str(submission.get("raw", "")).splitlines()
    refused = {
        p["line"]
        for p in submission.get("problems") or []
        if 0 < p.get("line", 0) <= len(lines)
        and p.get("text") == clip(lines[p["line"] - 1].strip())
    }
    kept = [line for n, line in enumerate(lines, start=1) if n not in refused]
    return "\n".join(kept).strip("\n") + ("\n" if kept else "")
