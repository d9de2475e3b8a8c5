"""A game's whole history as a download: every processed turn's map, animated (SVG or GIF).

A seated player gets his own power's maps, the game master the umpire's, a spectator (and
anyone with ``?public=1``) the spectators' maps, for a game whose public position exists.
Every frame is read through ``present`` like the turn pages (:func:`frames`), drawn by the
game record's drawer, and put together by :mod:`umpire.core.history`. The result depends
only on the turns processed so far and on the reader, so it is made once per (game, reader,
last processed turn) and kept in the pages' cache: a reader asking again, or the next
reader of the same view, is answered from the cache.

The SVG is made in the request (drawing a map takes milliseconds: 60 turns of Diplomacy in
well under a second). The GIF is not: rasterising a frame takes 0.1-0.3 s, so even a short
game's GIF takes over a second (seven Diplomacy turns, 1.5 s). A GIF not yet made is queued
as a task (:data:`make_gif`, on the worker's own ``history`` queue and thread, never in
the way of a due turn) and the page answers "being prepared" (202)
and reloads itself until it is there.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.html import escape
from django_tasks import task

from umpire.core import history
from umpire.server.models import Game
from umpire.server.outputs import SPECTATOR, SPECTATOR_VIEWER, Viewer, viewer_of
from umpire.server.web.common import game_or_404, read, signed_in
from umpire.server.web.maps import map_svg
from umpire.server.web.pagecache import page_cache, remember, turn_key
from umpire.server.web.views import processed_label

FORMATS = {"svg": "image/svg+xml", "gif": "image/gif"}
QUEUED_SECONDS = 600  # a GIF queued this long ago and still not made is queued again
REFRESH_SECONDS = 5
NO_HISTORY = "no history to show: the game has no map or no public position yet"


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


def frames_exist(game: Game, viewer: Viewer) -> bool:
    """Whether :func:`frames` finds any (read on the last turn only: cheap)."""
    if game.initial_state is None:
        return False
    view, events = _seen(game, viewer, max(game.turn - 1, 0))
    return view is not None and map_svg(game.game, view, events) is not None


def _seen(game: Game, viewer: Viewer, turn: int) -> tuple[Any, Any]:
    if viewer.role == SPECTATOR:
        data = read(game, SPECTATOR_VIEWER, ["events", "public_view"], turn=turn)
        return (data.get("public_view") or {}).get("view"), (data.get("events") or {}).get("events")
    data = read(game, viewer, ["view", "events"], turn=turn)
    return (data.get("view") or {}).get("view"), (data.get("events") or {}).get("events")


def _key(game: Game, reader: str, fmt: str) -> str:
    return f"umpire-history:{turn_key(game, max(game.turn - 1, 0))}:{reader}:{fmt}"


def _make(game: Game, viewer: Viewer, reader: str, fmt: str) -> bytes | None:
    found = frames(game, viewer)
    if not found:
        return None
    if fmt == "gif":
        return history.gif(found)
    title = f"{game.name}: the whole game, {_whose(reader)}"
    return history.animated_svg(found, title).encode("utf-8")


def export(game: Game, viewer: Viewer, reader: str, fmt: str) -> bytes | None:
    """The animated history of ``game`` for ``viewer`` in ``fmt``, made now if not kept."""
    return remember(_key(game, reader, fmt), lambda: _make(game, viewer, reader, fmt), keep=_made)


def _made(data: bytes | None) -> bool:
    return data is not None


@task(queue_name="history")
def make_gif(game_id: int, role: str, power: str | None, user_id: int | None) -> bool:
    """Make and keep the GIF of game ``game_id`` as that viewer sees it (the worker's)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return False
    viewer = Viewer(role, power, user_id)
    viewer, reader = reader_of(viewer, public=False)
    return export(game, viewer, reader, "gif") is not None


def _queue_gif(game: Game, viewer: Viewer, reader: str) -> None:
    """Queue the GIF's making, once while it waits (a reload does not queue it again)."""
    if page_cache().add(_key(game, reader, "queued"), 1, QUEUED_SECONDS):
        make_gif.enqueue(game.pk, viewer.role, viewer.power, viewer.user_id)


def _preparing(request: HttpRequest) -> HttpResponse:
    """202: the GIF is being made; the page looks again every few seconds."""
    here = escape(request.get_full_path())
    html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="{REFRESH_SECONDS}">'
        "<title>History being prepared</title></head><body>"
        "<p>The GIF of this game's history is being prepared: this page reloads every "
        f'{REFRESH_SECONDS} seconds until it is ready (<a href="{here}">look again</a>).</p>'
        "</body></html>"
    )
    response = HttpResponse(html, status=202, content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


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
    if fmt == "gif":
        data = page_cache().get(_key(game, reader, "gif"))
        if data is None:
            if not frames_exist(game, viewer):
                raise Http404(NO_HISTORY)
            _queue_gif(game, viewer, reader)
            return _preparing(request)
    else:
        data = export(game, viewer, reader, fmt)
    if data is None:
        raise Http404(NO_HISTORY)
    response = HttpResponse(data, content_type=FORMATS[fmt])
    name = f"game-{game.pk}-{'public' if reader == history.PUBLIC else 'mine'}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response
