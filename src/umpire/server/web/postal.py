"""Postal packets on the site (issue 32): a player downloads his own packet of a turn, the
game master any seat's, or every player's of a turn in one PDF to print and post.

Who may read what: the seated player his own power's packet; the game master (or a
superuser) any seat's; anyone else nothing (404, as for a page he may not know of). A player
who asks for another power's packet is refused (403).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse

from umpire.core import session
from umpire.core.powers import power_named
from umpire.server import errors as E
from umpire.server.models import Game
from umpire.server.outputs import PLAYER, scenario_names, viewer_of
from umpire.server.packets import packet, turn_packets
from umpire.server.web.common import game_or_404, need_login, signed_in

FORBIDDEN = "a packet is read by its own player and the game master only"


def _pdf(content: bytes, name: str) -> HttpResponse:
    answer = HttpResponse(content, content_type="application/pdf")
    answer["Content-Disposition"] = f'attachment; filename="{name}"'
    answer["Cache-Control"] = "private, no-store"
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
    return _pdf(packet(game, power, turn), f"G-{game.pk}-turn-{turn}-{power}.pdf")


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
    printed = turn_packets(game, turn)
    if printed is None:
        raise Http404("no player holds a seat")
    return _pdf(printed, f"G-{game.pk}-turn-{turn}-packets.pdf")
