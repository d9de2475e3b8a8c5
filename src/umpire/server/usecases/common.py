"""What every use case of the service needs: the game row locked, a user's seat, the audit
log, the game master's permission.

Every function that changes a game locks its row (``select_for_update``; on SQLite every
transaction takes the write lock when it begins) and re-reads it under the lock, so a
submission and the processing of its turn never interleave: a submission is either stored
for the turn it names before processing starts, or refused with ``turn/stale`` after."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.models import User

from umpire.core import powers
from umpire.server import errors as E
from umpire.server import statements
from umpire.server.errors import refuse
from umpire.server.models import AuditEntry, Game, Seat
from umpire.server.outputs import scenario_names

log = logging.getLogger("umpire.server")

PRESS_RULES = ("none", "broadcast", "full")
SOURCES = ("web", "api", "email", "cli")
UMPIRE_SENDER = "Umpire"


def locked(game_id: int) -> Game:
    game = statements.locked_game(game_id)  # select_for_update, compiled once
    if game is None:
        raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
    return game


def seat_of(game: Game, user: User) -> Seat | None:
    return Seat.objects.filter(game=game, user=user, active=True).first()


def may_know(game: Game, user: User) -> bool:
    """A private game exists only for its game master, its players (present or former) and
    those who joined it (as on every other entrance)."""
    if game.public or game.gm_id == user.pk:
        return True
    return bool(
        game.seats.filter(user=user).exists() or game.enrollments.filter(user=user).exists()
    )


def audit(game: Game | None, actor: User | None, action: str, /, **details: Any) -> AuditEntry:
    """Write one entry of the game's audit log (its notices are the caller's to send)."""
    return AuditEntry.objects.create(game=game, actor=actor, action=action, details=details)


def require_gm(game: Game, user: User) -> None:
    if not (user.is_superuser or game.gm_id == user.pk):
        raise refuse(E.GM_FORBIDDEN, who="this game's game master", what="do that")


# --- creating, joining, starting -------------------------------------------------------


def running(game: Game, *allowed: str) -> None:
    if game.status not in allowed:
        raise refuse(E.GAME_NOT_RUNNING, status=game.status)


def power_named(game: Game, name: str) -> str:
    """The seated power ``name`` means (code or full name, any case)."""
    return powers.power_named(name, game.powers, scenario_names(game))
