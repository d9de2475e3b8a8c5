"""A player leaves a game himself: the inverse of :func:`.lifecycle.join`, from the web (the
game page's "Leave this game", a confirmation page), the API (``POST /api/games/{id}/leave``)
and mail (``LEAVE G-12``).

- **Before the start** (a forming game) his sign-up goes: his choices are forgotten, the game's
  count of players joined drops, and he may join again while it forms. The same for a player
  standing by in a running game: he stops standing by.
- **In a running or paused game** he resigns his seat. The seat changes hands to nobody
  through :func:`~.seats.replace_seat` (as a game master's ``replace`` with nobody does), so his
  reliability counts a game left; it is offered on the list of games needing a player with the
  reason ``left`` (:func:`~.offers.offer`), and a takeover asked for while it was offered for
  missed turns still stands. Orders already stored for the current turn stay the power's orders
  until a new player sends his own: orders belong to the power, and no action taken on a seat
  ever withdraws them (ruling in docs/server.md, Replacements). His standing draw or concession
  votes go with him (as at every change of hands, :func:`~.seats.replace_seat`): they are a
player's word on how the game ends, not the power's defence.
  The game master is told who left; every player still in the game only that the power needs a
  new player (never who or why, as for a takeover). From then on he reads the game as a
  spectator does: the read paths find the reader's power from his *active* seat only
  (:func:`~.common.seat_of`, :func:`umpire.server.outputs.viewer_of`), so nothing the power
  reads after his departure reaches him.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from umpire.core.errors import GAME_OVER
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.models import Enrollment, Game, GameStatus, Seat
from umpire.server.outputs import power_labels
from umpire.server.store import notice_at
from umpire.server.usecases import offers
from umpire.server.usecases.common import audit, locked, may_know, running, seat_of
from umpire.server.usecases.seats import replace_seat

NOTE = "its player left"


def leave(game_id: int, user: User, *, source: str = "web") -> str:
    """``user`` leaves game ``game_id``: withdraws his sign-up from a game not yet started (or
    stops standing by), or resigns his seat in a running or paused one. What happened, as a
    sentence for him. Refused: ``game/not_found`` (no such game, or a private game he is not
    in), ``game/over``, ``seat/not_joined`` (a forming game he has not joined),
    ``seat/none`` (a running game where he neither holds a power nor stands by)."""
    with transaction.atomic():
        game = locked(game_id)
        if not may_know(game, user):
            raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
        if game.status == GameStatus.FINISHED:
            raise refuse(GAME_OVER, detail="")
        seat = seat_of(game, user)
        if seat is None:
            return _withdraw(game, user, source)
        return _resign(game, seat, user, source)


def _withdraw(game: Game, user: User, source: str) -> str:
    """The inverse of a join that seated nobody: the sign-up (or standby) is deleted."""
    entry = Enrollment.objects.filter(game=game, user=user).first()
    if entry is None:
        if game.status == GameStatus.FORMING:
            raise refuse(E.SEAT_NOT_JOINED)
        raise refuse(E.SEAT_NONE)
    entry.delete()
    audit(game, user, "withdraw", standby=entry.standby, source=source)
    if entry.standby:
        return f"you no longer stand by in G-{game.pk} {game.name}"
    return f"you have withdrawn from G-{game.pk} {game.name}; you may join again until it starts"


def _resign(game: Game, seat: Seat, user: User, source: str) -> str:
    """The seat goes to nobody and is offered to newcomers, as the game master's freeing of a
    seat does (``gm_actions._replace``): the same steps, with the player as the actor."""
    running(game, *offers.OPEN)
    asked = seat.requested_by  # a takeover asked for while the seat was offered (missed turns)
    vacant = replace_seat(seat, user=None, note=NOTE)  # his reliability counts the lost seat
    offers.offer(vacant, offers.LEFT, timezone.now())
    if asked is not None:
        vacant.requested_by = asked
        vacant.save(update_fields=["requested_by"])
    game.notice_at = notice_at(game)  # a vacant seat is never reminded
    game.save(update_fields=["notice_at"])
    entry = audit(game, user, "leave", power=seat.power, to="vacant", source=source,
                  **{"from": user.username})  # fmt: skip
    outbound.gm_acted(entry)  # the game master: who left; the players: a new player is needed
    (named,) = power_labels(game, [seat.power])
    return f"you no longer play {named} in G-{game.pk} {game.name}: it is offered to a new player"
