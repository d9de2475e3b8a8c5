"""The demo game that ``umpire serve`` creates: one human seat, bots for the rest."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction

from umpire.core import registry
from umpire.server import accounts, service
from umpire.server.models import Game, Seat

DEMO_GM = ("gm", "gm-password")
DEMO_PLAYER = ("alice", "alice-password")
DEMO_NAME = "Demo game"


@dataclass(frozen=True, slots=True)
class Demo:
    game: Game
    gm_token: str
    player_token: str
    player_power: str


def demo_ruleset_name() -> str:
    names = [r.info.name for r in registry.all_games()]
    if not names:
        raise RuntimeError("no game is registered")
    return "origins" if "origins" in names else names[0]


def _account(username: str, password: str, *, gm: bool) -> User:
    user = User.objects.filter(username=username).first()
    if user is None:
        user = accounts.register(username, password, display_name=username.title(), game_master=gm)
    return user


def ensure_demo() -> Demo:
    """Create the demo accounts and game if missing; fresh tokens for both accounts."""
    with transaction.atomic():
        gm = _account(*DEMO_GM, gm=True)
        alice = _account(*DEMO_PLAYER, gm=False)
    game = Game.objects.filter(name=DEMO_NAME, gm=gm).exclude(status="finished").first()
    if game is None:
        game = service.create_game(
            gm,
            DEMO_NAME,
            demo_ruleset_name(),
            settings={
                "fill_with_bots": True,
                "open_bot_seats": True,
                "deadline": {"minutes": 10},
                "press": "full",
                "anonymous_press": True,
            },
        )
        service.join(game.pk, alice)
        game = service.start(game.pk, gm, method="random")
    seat = Seat.objects.filter(game=game, user=alice, active=True).first()
    return Demo(
        game=game,
        gm_token=accounts.issue_token(gm, "demo"),
        player_token=accounts.issue_token(alice, "demo"),
        player_power=seat.power if seat else "",
    )
