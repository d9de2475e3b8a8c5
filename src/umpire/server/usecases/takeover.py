"""A newcomer takes over an offered seat (issue 31, replacements): from the list of games
needing a player on the web, or by mail (``TAKEOVER G-12 FRA``). Where the game asks for its
game master's approval (``takeover_approval``) the takeover is a request the game master
approves or refuses on his console.

On a takeover the seat changes hands through :func:`~.seats.replace_seat` (the old holder's
reliability counts the lost seat; the newcomer is sent his welcome: code, heading, the seat's
latest printout and where its earlier ones are), and every player of the game is told that
the power has a new player (never why). The newcomer reads what the seat read: its stored
views and printouts, turn by turn, and nothing more."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from umpire.server import community
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.models import Game, Seat
from umpire.server.outputs import power_labels
from umpire.server.store import notice_at
from umpire.server.usecases import offers
from umpire.server.usecases.common import (
    audit,
    locked,
    may_know,
    power_named,
    require_gm,
    running,
    seat_of,
)
from umpire.server.usecases.seats import replace_seat

NOTE = "took over an offered seat"


def _offered(game: Game, power: str) -> Seat:
    """The active seat of ``power`` (a name as players write it) if it is offered."""
    running(game, *offers.OPEN)
    named = power_named(game, power)
    seat = Seat.objects.filter(game=game, power=named, active=True).first()
    if seat is None or seat.offered_at is None:
        raise refuse(E.SEAT_NOT_OFFERED, power=named)
    return seat


def take_over(game_id: int, user: User, power: str, *, source: str = "web") -> str:
    """``user`` takes over the offered seat of ``power`` in game ``game_id`` (or asks the game
    master for it, where the game says so); what happened, as a sentence for him."""
    with transaction.atomic():
        game = locked(game_id)
        if not may_know(game, user):
            raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
        seat = _offered(game, power)
        if seat_of(game, user) is not None:
            raise refuse(E.SEAT_ALREADY, who="you", holds="hold")
        community.check_join(game, user)  # the game's join limits apply to newcomers too
        (named,) = power_labels(game, [seat.power])
        if game.setting("takeover_approval", False):
            if seat.requested_by_id == user.pk:
                return f"you asked already to take over {named}; the game master decides"
            if seat.requested_by_id is not None:
                raise refuse(E.SEAT_TAKEOVER_PENDING, power=seat.power)
            seat.requested_by = user
            seat.save(update_fields=["requested_by"])
            entry = audit(game, user, "takeover_request", power=seat.power, player=user.username,
                          source=source)  # fmt: skip
            outbound.takeover_requested(entry)
            return f"you asked to take over {named}; the game master will approve or refuse"
        _hand_over(game, seat, user, actor=user, source=source)
        return f"you now play {named}"


def decide(game_id: int, actor: User, power: str, *, approve: bool) -> str:
    """The game master approves or refuses the request to take over ``power``."""
    with transaction.atomic():
        game = locked(game_id)
        require_gm(game, actor)
        seat = _offered(game, power)
        asked = seat.requested_by
        if asked is None:
            raise refuse(E.SEAT_NO_REQUEST, power=seat.power)
        (named,) = power_labels(game, [seat.power])
        if not approve:
            seat.requested_by = None  # the seat stays offered to others
            seat.save(update_fields=["requested_by"])
            entry = audit(game, actor, "takeover_refused", power=seat.power, player=asked.username)
            outbound.gm_acted(entry)
            return f"refused: {named} stays offered"
        if seat_of(game, asked) is not None:  # he took another seat meanwhile
            raise refuse(E.SEAT_ALREADY, who=asked.username, holds="holds")
        community.check_join(game, asked)
        _hand_over(game, seat, asked, actor=actor, source="approved")
        return f"{asked.username} now plays {named}"


def _hand_over(game: Game, seat: Seat, user: User, *, actor: User, source: str) -> Seat:
    # None where the seat was vacant (its player left): no account to tell of the change
    old = seat.user.username if seat.user is not None else None
    new = replace_seat(seat, user=user, note=NOTE)  # the welcome; the old holder's figures
    game.notice_at = notice_at(game)  # the newcomer may be one to remind
    game.save(update_fields=["notice_at"])
    entry = audit(game, actor, "takeover", power=new.power, to=user.username, source=source,
                  **{"from": old})  # fmt: skip
    outbound.gm_acted(entry)  # every player is told the power has a new player
    return new
