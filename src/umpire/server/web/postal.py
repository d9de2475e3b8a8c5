"""Postal packets on the site (issue 32): a player downloads his own packet of a turn, the
game master any seat's, or every player's of a turn in one PDF to print and post.

Who may read what (decided in :mod:`umpire.server.packet_access`, :func:`packet_power` and
:func:`print_seats`, as for the API): the seated player his own power's packet; the game
master (or a superuser) any seat's; anyone else nothing (404, as for a page he may not know
of). A player who asks for another power's packet is refused (403).

Nothing is made in the request (a packet takes a second or more, a whole turn's several):
once the reader may have it, a packet already kept is the answer (a PDF, an attachment);
else its making is queued for the worker (:mod:`umpire.server.packets`) and the answer is a
page saying it is being prepared (202), which looks again every few seconds with htmx (an
``HX-Request``: 204 while it is not ready, then the link to it) and has a link to look again
by hand without JavaScript.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.packet_access import (
    RETRY_SECONDS,
    packet_name,
    packet_power,
    pdf_answer,
    print_name,
    print_seats,
)
from umpire.server.packets import kept_packet, kept_print, queue_packet, queue_print
from umpire.server.web.common import game_or_404, need_login, signed_in

POLL_SECONDS = RETRY_SECONDS  # how often the page being prepared looks again


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


def _refused(err: SessionError) -> HttpResponse:
    """A refusal of :mod:`umpire.server.packets` as a page answers it: 403 in plain text for
    another's power, 404 for the rest (an unknown turn or power, no seat, not the GM)."""
    if E.status_of(err.code) != 403:
        raise Http404(err.message) from err
    return HttpResponse(f"{err.message} [{err.code}]\n", status=403,
                        content_type="text/plain; charset=utf-8")  # fmt: skip


def packet_download(request: HttpRequest, game_id: int, turn: int) -> HttpResponse:
    """``/games/<id>/turn/<n>/packet.pdf``: the reader's packet (``?power=``: the game
    master's choice of seat)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    asked = request.GET.get("power", "").strip()[:40]
    try:
        power = packet_power(game, user, turn, asked)
    except SessionError as err:
        return _refused(err)
    made = kept_packet(game, power, turn)
    if made is None:
        queue_packet(game, power, turn)
    if made is None or request.htmx:  # type: ignore[attr-defined]
        what = f"The postal packet of {power}" if asked else "Your postal packet"
        back = reverse("web:turn", args=[game.pk, turn])
        return _waiting(request, f"{what} of turn {turn}", back, made is not None)
    return pdf_answer(made, packet_name(game, power, turn))


def turn_print(request: HttpRequest, game_id: int, turn: int) -> HttpResponse:
    """``/gm/<id>/print/<n>/``: the game master's "print the turn", every player's packet of
    turn ``n`` in one PDF (404 for anyone else)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    try:
        print_seats(game, user, turn)
    except SessionError as err:
        return _refused(err)
    printed = kept_print(game, turn)
    if printed is None:
        queue_print(game, turn)
    if printed is None or request.htmx:  # type: ignore[attr-defined]
        what = f"Every player's packet of turn {turn}"
        return _waiting(request, what, reverse("web:gm_game", args=[game.pk]), printed is not None)
    return pdf_answer(printed, print_name(game, turn))
