"""The community figures in the API: ``GET /api/players/{username}`` (a player's reliability,
the turns that counted, his ratings with their history) and ``GET /api/ratings/{family}``
(a family's leaderboard). Public, as the pages are; a private game is never named."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema

from umpire.server.profiles import leaderboard_facts, player_or_404, profile_facts
from umpire.server.schemas import Key, Username

router = Router(tags=["community"])


class GameRef(Schema):
    id: int | None  # None: a private game
    name: str | None


class ReliabilityOut(Schema):
    percent: int | None  # None: no turn due yet
    turns_due: int
    turns_in_time: int
    turns_missed: int
    games_left: int
    games_finished: int


class DutyOut(Schema):
    game: GameRef
    turn: int
    label: str
    power: str
    in_time: bool


class Opponent(Schema):
    username: str
    rank: int


class ChangeOut(Schema):
    game: GameRef
    power: str
    rank: int
    of: int  # the rated players of the game, this one included
    tied: int  # of them, how many shared his place
    against: list[Opponent]  # the others and their places (none listed for a private game)
    mu_before: float
    mu_after: float
    change: float
    sigma_after: float


class RatingOut(Schema):
    family: str
    title: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    history: list[ChangeOut]


class PlayerOut(Schema):
    username: str
    display_name: str
    reliability: ReliabilityOut
    turns: list[DutyOut]
    ratings: list[RatingOut]


class LeaderOut(Schema):
    place: int
    username: str
    ordinal: float
    mu: float
    sigma: float
    games: int


class LeaderboardOut(Schema):
    family: str
    title: str
    players: list[LeaderOut]


@router.get("/players/{username}", response=PlayerOut)
def player(request: HttpRequest, username: Username) -> dict[str, Any]:
    """A player's reliability (with the turns that counted, newest first) and his rating in
    each game family (with each change and the game that made it)."""
    return profile_facts(player_or_404(username))


@router.get("/ratings/{family}", response=LeaderboardOut)
def ratings(request: HttpRequest, family: Key) -> dict[str, Any]:
    """The leaderboard of one game family, by mu − 3 sigma."""
    return leaderboard_facts(family)
