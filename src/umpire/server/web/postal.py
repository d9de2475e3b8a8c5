"""Postal packets on the site (issue 32): a player downloads his own packet of a turn, the
game master any seat's, or every player's of a turn in one PDF to print and post.

Who may read what: the seated player his own power's packet; the game master (or a
superuser) any seat's; anyone else nothing (404, as for a page he may not know of). A player
who asks for another power's packet is refused (403).

Nothing is made in the request (a packet takes a second or more, a whole turn's several):
once the reader may have it, a packet already kept is the answer (a PDF, an attachment);
else its making is queued for the worker (:mod:`umpire.server.packets`) and the answer is a
page saying it is being prepared (202), which looks again every few seconds with htmx (an
``HX-Request``: 204 while it is not ready, then the link to it) and has a link to look again
by hand without JavaScript.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from umpire.core import session
from umpire.core.powers import power_named
from umpire.server import errors as E
from umpire.server.models import Game
from umpire.server.outputs import PLAYER, scenario_names, viewer_of
from umpire.server.packets import (
    kept_packet,
    kept_print,
    postal_seats,
    queue_packet,
    queue_print,
)
from umpire.server.web.common import game_or_404, need_login, signed_in

FORBIDDEN = "a packet is read by its own player and the game master only"
POLL_SECONDS = 2  # how often the page being prepared looks again


def _pdf(content: bytes, name: str) -> HttpResponse:
    answer = HttpResponse(content, content_type="application/pdf")
    answer["Content-Disposition"] = f'attachment; filename="{name}"'
    answer["Cache-Control"] = "private, no-store"
    return answer


def _waiting(request: HttpRequest, what: str, back: str, ready: bool) -> HttpResponse:
    """The answer while the PDF is not made (``ready`` False) or, to the page's htmx poll,
    once it is: the page saying ``what`` is being prepared (202), the poll's "not yet"
    (204), or the poll's link to the PDF."""
    htmx = bool(request.htmx)  # type: ignore[attr-defined]
    if htmx and not ready:
        answer = HttpResponse(status=204)
    else:
        context = {"what": what, "here": request.get_full_path(), "back": back,
                   "ready": ready, "poll": POLL_SECONDS}  # fmt: skip
        template = "web/_packet_status.html" if htmx else "web/packet_wait.html"
        answer = render(request, template, context, status=200 if ready else 202)
    answer["Cache-Control"] = "no-store"
    return answer


def _processed(game: Game, turn: int) -> None:
    """404 unless ``turn`` is a processed turn of a started game (0: the opening)."""
    if game.initial_state is None or not 0 <= turn <= max(game.turn - 1, 0):
        raise Http404("no such turn")


def _runs(game: Game, user: User) -> bool:
    return bool(user.is_superuser or game.gm_id == user.pk)


def packet_download(request: HttpRequest, game_id: int, turn: int) -> HttpResponse:
    """``/games/<id>/turn/<n>/packet.pdf``: the reader's packet (``?power=``: the game
    master's choice of seat)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    _processed(game, turn)
    viewer = viewer_of(game, user, seat_first=True)
    asked = request.GET.get("power", "").strip()[:40]
    power = viewer.power if viewer.role == PLAYER else None
    if asked:
        try:
            named = power_named(asked, game.powers, scenario_names(game))
        except session.SessionError as err:
            raise Http404("no such power") from err
        if named != power and not _runs(game, user):
            code = E.VIEW_FORBIDDEN
            return HttpResponse(f"{code.message(reason=FORBIDDEN)} [{code.code}]\n", status=403,
                                content_type="text/plain; charset=utf-8")  # fmt: skip
        power = named
    if power is None:  # a spectator, or the game master without naming a seat
        raise Http404("no packet of yours in this game")
    made = kept_packet(game, power, turn)
    if made is None:
        queue_packet(game, power, turn)
    if made is None or request.htmx:  # type: ignore[attr-defined]
        what = f"The postal packet of {power}" if asked else "Your postal packet"
        back = reverse("web:turn", args=[game.pk, turn])
        return _waiting(request, f"{what} of turn {turn}", back, made is not None)
    return _pdf(made, f"G-{game.pk}-turn-{turn}-{power}.pdf")


def turn_print(request: HttpRequest, game_id: int, turn: int) -> HttpResponse:
    """``/gm/<id>/print/<n>/``: the game master's "print the turn", every player's packet of
    turn ``n`` in one PDF (404 for anyone else)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    if not _runs(game, user):
        raise Http404("no such page")
    _processed(game, turn)
    if not postal_seats(game):
        raise Http404("no player holds a seat")
    printed = kept_print(game, turn)
    if printed is None:
        queue_print(game, turn)
    if printed is None or request.htmx:  # type: ignore[attr-defined]
        what = f"Every player's packet of turn {turn}"
        return _waiting(request, what, reverse("web:gm_game", args=[game.pk]), printed is not None)
    return _pdf(printed, f"G-{game.pk}-turn-{turn}-packets.pdf")
