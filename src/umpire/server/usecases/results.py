"""How a game ends other than by its rules: a draw or concession voted by the players, a
result declared by the game master, through the store interface the command line shares
(:mod:`umpire.core.gamestore`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction

from umpire.core import gamestore, registry, session
from umpire.core.record import GameRecord
from umpire.server import community
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.models import Game, GameStatus, Vote
from umpire.server.store import DatabaseStore, load_tail
from umpire.server.usecases.common import audit, locked, require_gm, running, seat_of

# --- draw votes and concessions ------------------------------------------------------------


def survivors(record: GameRecord) -> list[str]:
    """The powers still in the game, for games that vote on draws (Diplomacy)."""
    votes = registry.game(record.game).capabilities(record.scenario).draw_votes
    if votes is None:
        raise refuse(E.VOTE_NOT_OFFERED)
    return list(votes.survivors(session.current_state(record)))


def vote(game_id: int, user: User, kind: str, *, cast: bool = True) -> str:
    """Cast (or withdraw) the user's power's vote for a draw or a concession.

    A draw carries when every surviving power votes for it: the game ends drawn among the
    survivors. A concession carries when every survivor but one concedes: that one wins.
    Votes stand from turn to turn until withdrawn and stay secret until they carry (only the
    voter and the game master read them). Both end the game through
    ``session.declare_result``.
    """
    if kind not in (Vote.DRAW, Vote.CONCEDE):
        raise refuse(E.VOTE_UNKNOWN)
    with transaction.atomic():
        game = locked(game_id)
        if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
            raise refuse(E.GAME_NOT_RUNNING, status=game.status)
        seat = seat_of(game, user)
        if seat is None:
            raise refuse(E.SEAT_NONE)
        record = load_tail(game, pending=False)
        alive = survivors(record)
        if seat.power not in alive:
            raise refuse(E.VOTE_ELIMINATED, power=seat.power)
        if not cast:
            Vote.objects.filter(game=game, power=seat.power, kind=kind).delete()
            return f"your {kind} vote is withdrawn"
        Vote.objects.get_or_create(game=game, power=seat.power, kind=kind)
        voted = set(Vote.objects.filter(game=game, kind=kind).values_list("power", flat=True))
        if kind == Vote.DRAW and set(alive) <= voted:
            _declare(DatabaseStore(game, record), alive, f"draw agreed by {', '.join(alive)}")
            return "every surviving power voted for a draw: the game is drawn"
        left = [p for p in alive if p not in voted]
        if kind == Vote.CONCEDE and len(left) == 1:
            _declare(
                DatabaseStore(game, record), left, f"{left[0]} wins: every other power conceded"
            )
            return f"every other power conceded: {left[0]} wins"
        return f"your {kind} vote is recorded (secret until it carries)"


def my_votes(game: Game, user: User) -> list[str]:
    """The kinds of vote the user's power has standing (for that player's own page)."""
    seat = seat_of(game, user)
    if seat is None:
        return []
    return sorted(Vote.objects.filter(game=game, power=seat.power).values_list("kind", flat=True))


def declare(game_id: int, actor: User, winners: Sequence[str], summary: str = "") -> Game:
    """The game master ends the game with a declared result: a draw among ``winners``, or
    one winner (:func:`umpire.core.gamestore.end`, as ``umpire end`` on a record file)."""
    with transaction.atomic():
        game = locked(game_id)
        require_gm(game, actor)
        running(game, GameStatus.RUNNING, GameStatus.PAUSED)
        _declare(DatabaseStore(game), list(winners), summary, actor=actor)
    return game


def _declare(
    store: DatabaseStore, winners: list[str], summary: str, *, actor: User | None = None
) -> None:
    outcome = gamestore.end(store, winners, summary)
    community.game_ended(store.game)
    action = "declare" if actor is not None else "vote"
    entry = audit(store.game, actor, action, winners=list(outcome.winners), summary=outcome.summary)
    outbound.gm_acted(entry)
