"""A game's whole history as a download: every processed turn's map, animated (SVG or GIF).

A seated player gets his own power's maps, the game master the umpire's, a spectator (and
anyone with ``?public=1``) the spectators' maps, for a game whose public position exists.
Every frame is read through ``present`` like the turn pages (:func:`frames`), drawn by the
game record's drawer, and put together by :mod:`umpire.core.history`. The result depends
only on the turns processed so far and on the reader, so it is made once per (game, reader,
last processed turn) and kept in the pages' cache: a reader asking again, or the next
reader of the same view, is answered from the cache.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse

from umpire.core import history
from umpire.server.models import Game
from umpire.server.outputs import SPECTATOR, SPECTATOR_VIEWER, Viewer, viewer_of
from umpire.server.web.common import game_or_404, read, signed_in
from umpire.server.web.maps import map_svg
from umpire.server.web.pagecache import remember, turn_key
from umpire.server.web.views import processed_label

FORMATS = {"svg": "image/svg+xml", "gif": "image/gif"}


def reader_of(viewer: Viewer, public: bool) -> tuple[Viewer, str]:
    """Whose maps a download shows: ``(the viewer read as, the reader's name)``."""
    if public or viewer.role == SPECTATOR:
        return SPECTATOR_VIEWER, history.PUBLIC
    if viewer.is_umpire:
        return viewer, history.UMPIRE
    assert viewer.power is not None  # a player holds a power
    return viewer, viewer.power


def frames(game: Game, viewer: Viewer) -> list[history.Frame] | None:
    """Each processed turn's map as ``viewer`` may see it (read through ``present``); None
    where there is none to show (a game not started, no map, no public position)."""
    if game.initial_state is None:
        return None
    out = []
    for turn in range(max(game.turn - 1, 0) + 1):
        view, events = _seen(game, viewer, turn)
        if view is None:
            return None
        svg = map_svg(game.game, view, events)
        if svg is None:
            return None
        label = processed_label(game, turn) if turn else ""
        out.append(history.Frame(turn, history.caption(turn, label), svg))
    return out


def _seen(game: Game, viewer: Viewer, turn: int) -> tuple[Any, Any]:
    if viewer.role == SPECTATOR:
        data = read(game, SPECTATOR_VIEWER, ["events", "public_view"], turn=turn)
        return (data.get("public_view") or {}).get("view"), (data.get("events") or {}).get("events")
    data = read(game, viewer, ["view", "events"], turn=turn)
    return (data.get("view") or {}).get("view"), (data.get("events") or {}).get("events")


def export(game: Game, viewer: Viewer, reader: str, fmt: str) -> bytes | None:
    """The animated history of ``game`` for ``viewer`` in ``fmt`` (kept once made)."""
    last = max(game.turn - 1, 0)
    key = f"umpire-history:{turn_key(game, last)}:{reader}:{fmt}"

    def make() -> bytes | None:
        found = frames(game, viewer)
        if not found:
            return None
        if fmt == "gif":
            return history.gif(found)
        title = f"{game.name}: the whole game, {_whose(reader)}"
        return history.animated_svg(found, title).encode("utf-8")

    return remember(key, make, keep=lambda data: data is not None)


def _whose(reader: str) -> str:
    if reader == history.PUBLIC:
        return "the public view"
    if reader == history.UMPIRE:
        return "the umpire's view"
    return f"as {reader} saw it"


def download(request: HttpRequest, game_id: int, fmt: str) -> HttpResponse:
    """``/games/<id>/history.svg`` or ``.gif`` (``?public=1``: the spectators' maps)."""
    if fmt not in FORMATS:
        raise Http404("no such format: svg or gif")
    user = signed_in(request)
    game = game_or_404(game_id, user)
    viewer, reader = reader_of(
        viewer_of(game, user, seat_first=True), request.GET.get("public") == "1"
    )
    data = export(game, viewer, reader, fmt)
    if data is None:
        raise Http404("no history to show: the game has no map or no public position yet")
    response = HttpResponse(data, content_type=FORMATS[fmt])
    name = f"game-{game.pk}-{'public' if reader == history.PUBLIC else 'mine'}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response
