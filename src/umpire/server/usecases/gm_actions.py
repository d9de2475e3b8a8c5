"""What the game master does to a running game: pause, resume, extend the deadline,
process now, roll back a turn, replace a player, end the game. Each action is written to the
audit log, and the players are told of it by an explicit notification."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from umpire.core import gamestore
from umpire.core.errors import TURN_NONE, UNKNOWN_POWER
from umpire.core.ruleset import Outcome
from umpire.server import community
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.models import Enrollment, Game, GameStatus, Seat
from umpire.server.schemas import (
    MAX_MINUTES,
    finite,
)
from umpire.server.store import (
    DatabaseStore,
    deadline_for,
    finish,
    grace,
    notice_at,
)
from umpire.server.usecases import offers
from umpire.server.usecases.common import audit, locked, require_gm, running, seat_of
from umpire.server.usecases.seats import replace_seat
from umpire.server.usecases.turns import apply_absences, enqueue, maybe_early


def gm_action(game_id: int, actor: User, action: str, **args: Any) -> Game:
    """Carry out one game-master action and write it to the audit log."""
    handlers = {
        "pause": _pause,
        "resume": _resume,
        "extend": _extend,
        "process": _process_now,
        "rollback": _rollback,
        "replace": _replace,
        "end": _end,
    }
    handler = handlers.get(action)
    if handler is None:
        raise refuse(E.GM_UNKNOWN_ACTION, action=action)
    with transaction.atomic():
        game = locked(game_id)
        require_gm(game, actor)
        details = handler(game, timezone.now(), **args)
        game.save()
        community.after_gm_action(game, action)
        outbound.gm_acted(audit(game, actor, action, **details))
    return game


def _pause(game: Game, now: datetime) -> dict[str, Any]:
    running(game, GameStatus.RUNNING)
    game.status = GameStatus.PAUSED
    game.paused_remaining = (game.deadline - now) if game.deadline else None
    # A paused game has no deadline: the time left comes back on resume.
    game.deadline = game.process_after = None
    return {"turn": game.turn}


def _resume(game: Game, now: datetime) -> dict[str, Any]:
    running(game, GameStatus.PAUSED)
    game.status = GameStatus.RUNNING
    if game.paused_remaining is not None:
        game.deadline = now + max(game.paused_remaining, timedelta(0))
        game.process_after = game.deadline + grace(game)
        apply_absences(game, list(Seat.objects.filter(game=game, active=True)))
    game.paused_remaining = None
    game.notice_at = notice_at(game)
    maybe_early(game, now)
    return {"turn": game.turn, "deadline": game.deadline.isoformat() if game.deadline else None}


def _extend(game: Game, now: datetime, minutes: float = 0) -> dict[str, Any]:
    running(game, GameStatus.RUNNING, GameStatus.PAUSED)
    if not finite(minutes) or not 0 < minutes <= MAX_MINUTES:
        raise refuse(E.GM_BAD_REQUEST, most=MAX_MINUTES)
    delta = timedelta(minutes=minutes)
    game.extension += delta
    if game.status == GameStatus.PAUSED:
        game.paused_remaining = (game.paused_remaining or timedelta(0)) + delta
        return {"minutes": minutes}
    game.deadline = max(game.deadline or now, now) + delta
    game.process_after = game.deadline + grace(game)
    game.notice_at = notice_at(game)
    return {"minutes": minutes, "deadline": game.deadline.isoformat()}


def _process_now(game: Game, now: datetime) -> dict[str, Any]:
    running(game, GameStatus.RUNNING)
    # The turn is due now: if the worker dies, the scheduler queues it again like any
    # other due turn.
    game.process_after = now
    enqueue(game, now, force=True)
    return {"turn": game.turn}


def _rollback(game: Game, now: datetime) -> dict[str, Any]:
    running(game, GameStatus.RUNNING, GameStatus.PAUSED, GameStatus.FINISHED)
    if game.initial_state is None or game.turn <= 1:
        raise refuse(TURN_NONE)
    # The same use case as ``umpire rollback`` on a record file (core.gamestore); orders
    # written for the turn that is being undone no longer belong to any turn.
    undone, table = gamestore.rollback(DatabaseStore(game))
    Seat.objects.filter(game=game).update(ready_turn=0)
    deadline = deadline_for(game, table.pending(), now)
    if game.extension:  # the game master's extensions stay granted
        deadline = (deadline or now) + game.extension
    if game.status == GameStatus.RUNNING:
        game.deadline = deadline
        game.process_after = deadline + grace(game) if deadline else None
        game.notice_at = notice_at(game)
    else:  # paused: the reopened turn's time waits for the resume
        game.paused_remaining = (deadline - now) if deadline else None
    return {"undone": undone.number, "label": undone.label}


def _replace(
    game: Game,
    now: datetime,
    power: str = "",
    username: str | None = None,
    bot: bool = False,
    standby: bool = False,
) -> dict[str, Any]:
    running(game, GameStatus.RUNNING, GameStatus.PAUSED)
    seat = Seat.objects.filter(game=game, active=True, power__iexact=power.strip()).first()
    if seat is None:
        raise refuse(UNKNOWN_POWER, power=repr(power), powers=", ".join(game.powers or []))
    user: User | None = None
    if standby:
        entry = Enrollment.objects.filter(game=game, standby=True).first()
        if entry is None:
            raise refuse(E.SEAT_NO_STANDBY)
        user = entry.user
    elif username:
        user = User.objects.filter(username=username).first()
        if user is None:
            raise refuse(E.ACCOUNT_NOT_FOUND, username=username)
    if user is not None and seat_of(game, user) is not None:
        raise refuse(E.SEAT_ALREADY, who=user.username, holds="holds")
    old = seat.user.username if seat.user else ("bot" if seat.is_bot else "vacant")
    new = replace_seat(seat, user=user, bot=bot and user is None, note="replaced by the GM")
    if new.user_id is None and not new.is_bot:  # freed: its player left; offered to newcomers
        offers.offer(new, offers.LEFT, now)
    game.notice_at = notice_at(game)  # the new holder may be one to remind, or no longer
    return {
        "power": new.power,
        "from": old,
        "to": user.username if user else ("bot" if new.is_bot else "vacant"),
    }


def _end(game: Game, now: datetime, summary: str = "") -> dict[str, Any]:
    running(game, GameStatus.RUNNING, GameStatus.PAUSED, GameStatus.FORMING)
    text = summary.strip() or "The game master ended the game."
    finish(game, Outcome((), {}, text), now)
    return {"summary": text}
