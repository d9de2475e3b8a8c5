"""Postal packets in the JSON API: a player's packet of a processed turn (the game master:
any seat's), and the game master's print of a whole turn, as PDF.

The same rules as the pages (:func:`umpire.server.packet_access.packet_power`,
:func:`~umpire.server.packet_access.print_seats`), and the same rule that nothing is made in a
request: a PDF kept already is the answer (``200``, ``application/pdf``); one not made yet is
queued for the worker once (:func:`~umpire.server.packets.queue_packet`) and the answer is
``202`` with a JSON body saying it is being prepared and where to ask again, and a
``Retry-After`` header.
"""

from __future__ import annotations

from typing import Any, Literal

from django.http import HttpRequest, HttpResponse, JsonResponse
from ninja import Router, Schema

from umpire.server.api.common import auth, caller, game_of, visible
from umpire.server.packet_access import (
    RETRY_SECONDS,
    packet_name,
    packet_power,
    pdf_answer,
    print_name,
    print_seats,
)
from umpire.server.packets import kept_packet, kept_print, queue_packet, queue_print
from umpire.server.schemas import Id, Power, TurnNumber

router = Router()


class PacketPending(Schema):
    """A PDF not made yet: its making is queued; ask ``url`` again after ``retry_after``
    seconds (also the ``Retry-After`` header)."""

    status: Literal["preparing"]
    message: str
    retry_after: int
    url: str


def _documented(what: str) -> dict[str, Any]:
    """The operation's answers beside its errors: the PDF (200) and the JSON of one being
    prepared (202, with its ``Retry-After`` header)."""
    return {
        "responses": {
            200: {
                "description": f"{what}, made already",
                "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
            },
            202: {
                "description": f"{what} is being prepared: ask again after Retry-After seconds",
                "headers": {
                    "Retry-After": {
                        "description": "seconds before asking again",
                        "schema": {"type": "integer"},
                    }
                },
            },
        }
    }


def _pending(request: HttpRequest, what: str) -> HttpResponse:
    body = {
        "status": "preparing",
        "message": f"{what} is being prepared; ask again in {RETRY_SECONDS} seconds",
        "retry_after": RETRY_SECONDS,
        "url": request.get_full_path(),
    }
    answer = JsonResponse(body, status=202)
    answer["Retry-After"] = str(RETRY_SECONDS)
    answer["Cache-Control"] = "no-store"
    return answer


@router.get(
    "/games/{game_id}/turns/{turn}/packet",
    auth=auth,
    tags=["turns"],
    response={202: PacketPending},
    openapi_extra=_documented("The postal packet"),
)
def packet(
    request: HttpRequest, game_id: Id, turn: TurnNumber, power: Power | None = None
) -> HttpResponse:
    """Your postal packet of processed turn ``turn`` (0: the opening) as PDF: your printout,
    map, receipt and order form. The game master names any seat with ``power``; a player
    naming another's power is refused (``view/forbidden``), a reader with no seat
    (``packet/none``)."""
    user = caller(request)
    game = visible(game_of(game_id), user)
    power = packet_power(game, user, turn, power or "")
    made = kept_packet(game, power, turn)
    if made is None:
        queue_packet(game, power, turn)
        return _pending(request, f"The postal packet of {power} of turn {turn}")
    return pdf_answer(made, packet_name(game, power, turn))


@router.get(
    "/games/{game_id}/gm/print/{turn}",
    auth=auth,
    tags=["game master"],
    response={202: PacketPending},
    openapi_extra=_documented("Every player's packet of the turn in one PDF"),
)
def turn_print(request: HttpRequest, game_id: Id, turn: TurnNumber) -> HttpResponse:
    """The game master's print of processed turn ``turn``: the packet of every seat a player
    holds, in one PDF, each from a new page (``packet/none`` for anyone else)."""
    user = caller(request)
    game = visible(game_of(game_id), user)
    print_seats(game, user, turn)
    printed = kept_print(game, turn)
    if printed is None:
        queue_print(game, turn)
        return _pending(request, f"Every player's packet of turn {turn}")
    return pdf_answer(printed, print_name(game, turn))
