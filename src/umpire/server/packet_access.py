"""Who reads which postal packet (:mod:`umpire.server.packets`), decided once for both
entrances, the pages (``web/postal.py``) and the JSON API (``api/postal.py``), and how either
answers with one: the seated player reads his own power's packet; the game master (or a
superuser) any seat's, and the print of a whole turn; a player naming another's power is
refused (403); anyone else finds nothing (404, as for a page he may not know of)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse

from umpire.core import session
from umpire.core.powers import power_named
from umpire.server import errors as E
from umpire.server.models import Game, Seat
from umpire.server.outputs import PLAYER, scenario_names, viewer_of
from umpire.server.packets import postal_seats

FORBIDDEN = "a packet is read by its own player and the game master only"
RETRY_SECONDS = 2  # how soon to ask again for a packet being prepared


def runs(game: Game, user: Any) -> bool:
    """The game's game master, or a superuser: he may read every seat's packet."""
    return bool(user.is_superuser or game.gm_id == user.pk)


def processed(game: Game, turn: int) -> None:
    """Refuse unless ``turn`` is a processed turn of a started game (0: the opening):
    ``game/not_started``, ``turn/unknown``."""
    if game.initial_state is None:
        raise E.refuse(E.GAME_NOT_STARTED)
    last = max(game.turn - 1, 0)
    if not 0 <= turn <= last:
        raise E.refuse(E.TURN_UNKNOWN, at=turn, last=last)


def packet_power(game: Game, user: Any, turn: int, asked: str = "") -> str:
    """The power whose packet of ``turn`` ``user`` gets: his own seat's (a seated game master's
    too; a sitter's, the seat he sits while the absence lasts), or with ``asked`` (a power's
    code or name, any case) that power's, if it is his or he runs the game. The caller has
    checked that ``user`` may know of ``game``. Refusals (SessionError): those of
    :func:`processed`; ``view/forbidden`` (403) for another player's power; ``packet/none``
    (404) for a power that is none of the game's, and for a reader with no seat who names
    none (a spectator, the game master)."""
    processed(game, turn)
    viewer = viewer_of(game, user, seat_first=True)
    power = viewer.power if viewer.role == PLAYER else None
    if asked:
        try:
            named = power_named(asked, game.powers, scenario_names(game))
        except session.SessionError as err:
            raise E.refuse(E.PACKET_NONE, reason=f"no power {asked!r} in this game") from err
        if named != power and not runs(game, user):
            raise E.refuse(E.VIEW_FORBIDDEN, reason=FORBIDDEN)
        power = named
    if power is None:
        reason = "you hold no seat in this game: a packet is a seat's"
        raise E.refuse(E.PACKET_NONE, reason=reason)
    return power


def print_seats(game: Game, user: Any, turn: int) -> list[Seat]:
    """The seats of the game master's print of ``turn`` (:func:`postal_seats`), for him (or a
    superuser) only. Refusals (SessionError): ``packet/none`` (404) for anyone else and where
    no player holds a seat; those of :func:`processed`."""
    if not runs(game, user):
        raise E.refuse(E.PACKET_NONE, reason="the print of a turn is the game master's")
    processed(game, turn)
    seats = postal_seats(game)
    if not seats:
        raise E.refuse(E.PACKET_NONE, reason="no player holds a seat in this game")
    return seats


def pdf_answer(content: bytes, name: str) -> HttpResponse:
    """A packet or print as the pages and the API answer it: a PDF to save as ``name``,
    stored by no cache on the way (it holds a power's secrets)."""
    answer = HttpResponse(content, content_type="application/pdf")
    answer["Content-Disposition"] = f'attachment; filename="{name}"'
    answer["Cache-Control"] = "private, no-store"
    return answer


def packet_name(game: Game, power: str, turn: int) -> str:
    """The file name a packet is downloaded as."""
    return f"G-{game.pk}-turn-{turn}-{power}.pdf"


def print_name(game: Game, turn: int) -> str:
    """The file name the game master's print of a turn is downloaded as."""
    return f"G-{game.pk}-turn-{turn}-packets.pdf"
