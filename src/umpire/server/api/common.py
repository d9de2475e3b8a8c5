"""What every resource of the JSON API shares: the strict request body, the bearer-token
auth, and the steps from a request to what its caller may read (the game exists and is
visible to him; every game-related answer built by :func:`umpire.server.outputs.present`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.http import HttpRequest
from ninja import Schema
from ninja.security import HttpBearer
from pydantic import ConfigDict

from umpire.server import accounts, statements
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.models import Game
from umpire.server.outputs import present, viewer_of
from umpire.server.schemas import Id, TurnNumber


class In(Schema):
    """A request body: exactly what the document says (issue 30): no key it does not name,
    no value of another type (``"ready": 0`` is no boolean, ``"7"`` no number)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class TokenAuth(HttpBearer):
    def __call__(self, request: HttpRequest) -> User | None:
        """``Authorization: Bearer <token>``, as ninja reads it, from the one header (ninja
        builds the mapping of every header of the request to find it)."""
        scheme, _, token = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
        if not token or scheme.lower() != self.openapi_scheme:
            return None
        return self.authenticate(request, token)

    def authenticate(self, request: HttpRequest, token: str) -> User | None:
        return accounts.user_for_token(token)


auth = TokenAuth()


def caller(request: HttpRequest) -> User:
    user = request.auth  # type: ignore[attr-defined]
    assert isinstance(user, User)
    return user


def game_of(game_id: Id) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
    return game


def visible(game: Game, user: User) -> Game:
    """A private game exists only for its game master, its players and those who joined it."""
    if game.public or user.is_superuser or game.gm_id == user.pk:
        return game
    if game.seats.filter(user=user).exists() or game.enrollments.filter(user=user).exists():
        return game
    if viewer_of(game, user).power is not None:  # a sitter, while the absence lasts
        return game
    raise refuse(E.GAME_NOT_FOUND, game_id=game.pk)


def stored_out(request: HttpRequest, game_id: Id, part: str, turn: TurnNumber | None) -> Any:
    """``out(request, game_id, part, turn=turn)`` for a stored view or printout, in one
    statement (``statements.reader_facts``) with the same checks in the same order: the game
    exists and is visible to the caller (``_visible``), has started, has processed ``turn``,
    and the caller is its umpire or holds a seat in it (``outputs.viewer_of``)."""
    user = caller(request)
    facts = statements.reader_facts(game_id, user, part, turn)
    if facts is None:
        raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
    umpire = user.is_superuser or facts.gm_id == user.pk
    if not (facts.public or umpire or facts.member):
        # A sitter of a private game (``viewer_of``); anyone else is refused there (not found).
        return out(request, game_id, part, turn=turn)
    if not facts.started:
        raise refuse(E.GAME_NOT_STARTED)
    last = max(facts.turn - 1, 0)
    at = last if turn is None else turn
    if not 0 <= at <= last:
        raise refuse(E.TURN_UNKNOWN, at=at, last=last)
    if not umpire and facts.power is None:
        # No seat of his own: a sitter reads the seat he sits (``viewer_of``); a spectator is
        # refused there (``view/forbidden``).
        return out(request, game_id, part, turn=at)
    if facts.output is None:  # a turn processed before its outputs were stored
        return out(request, game_id, part, turn=at)
    return {part: {"turn": at, ("view" if part == "view" else "text"): facts.output}}


def out(request: HttpRequest, game_id: Id, *parts: str, turn: TurnNumber | None = None) -> Any:
    game = visible(game_of(game_id), caller(request))
    return present(game, viewer_of(game, caller(request)), parts, turn=turn)
