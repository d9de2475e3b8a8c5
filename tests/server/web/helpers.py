"""Shared set-ups for the page tests: Diplomacy games with seated players, logged-in clients."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from umpire.core import registry
from umpire.server.models import Game
from umpire.server.usecases import lifecycle

POWERS = ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR")


def account(name: str) -> User:
    """A player account without a password (the tests log in with force_login): password
    hashing is deliberately slow, and seven of them per game would dominate the run time."""
    return User.objects.create_user(name, password=None)


def client_for(user: User | None, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    if user is not None:
        client.force_login(user)
    return client


def diplomacy_game(
    gm: User, *, settings: dict[str, object] | None = None, scenario: str | None = None
) -> tuple[Game, dict[str, User]]:
    """A started Diplomacy game: one account per power, named after it in lower case."""
    game = lifecycle.create_game(
        gm,
        "Pages test",
        "diplomacy",
        scenario=scenario,
        settings={"deadline": {"minutes": 60}, "anonymous_press": True, **(settings or {})},
    )
    users = {}
    info = registry.game("diplomacy").info.scenario(game.scenario)
    for power in info.default_powers or info.powers:  # the scenario's (1939 III has no AUS)
        user = account(power.lower())
        lifecycle.join(game.pk, user, [power])
        users[power] = user
    lifecycle.start(game.pk, gm)
    game.refresh_from_db()
    return game, users
