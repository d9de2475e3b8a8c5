"""The demo game that ``umpire serve`` creates on a loopback address: one human seat, bots
for the rest.

The demo accounts never have a known password: every start gives them new random passwords
(printed once, by ``serve``) and revokes their earlier tokens.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction

from umpire.core import registry
from umpire.server import accounts
from umpire.server.models import Game, Seat
from umpire.server.usecases import lifecycle

DEMO_GM = "gm"
DEMO_PLAYER = "alice"
DEMO_NAME = "Demo game"


@dataclass(frozen=True, slots=True)
class Demo:
    game: Game
    gm_token: str
    player_token: str
    player_power: str
    gm_password: str
    player_password: str


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def demo_ruleset_name() -> str:
    names = [r.info.name for r in registry.all_games()]
    if not names:
        raise RuntimeError("no game is registered")
    return "origins" if "origins" in names else names[0]


def _account(username: str, password: str, *, gm: bool) -> User:
    """The demo account with a new password; its earlier tokens revoked."""
    user = User.objects.filter(username=username).first()
    if user is None:
        user = accounts.register(username, password, display_name=username.title(), game_master=gm)
    else:
        user.set_password(password)
        user.save()
    user.api_tokens.all().delete()
    # The pages let an account in only with a confirmed address: the demo's are reserved
    # names (RFC 2606 ``.invalid``), whose mail the default file backend writes to var/mail/.
    accounts.set_email(user, f"{username}@demo.invalid", verified=True)
    return user


def _unclocked(game: Game, gm: User) -> None:
    """A demo game made by an older version ran on a 10-minute clock: from now on it has
    none (its current deadline goes; the turn runs when the players are ready)."""
    schedule = dict(game.setting("deadline", {}))
    if not schedule.get("minutes") and game.deadline is None:
        return
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        settings = dict(game.settings) | {"deadline": {**schedule, "minutes": 0}}
        game.settings = settings
        game.deadline = game.process_after = game.notice_at = None
        game.save(update_fields=["settings", "deadline", "process_after", "notice_at"])


def ensure_demo() -> Demo:
    """Create the demo accounts and game if missing; new random passwords and tokens."""
    gm_password, player_password = secrets.token_urlsafe(12), secrets.token_urlsafe(12)
    with transaction.atomic():
        gm = _account(DEMO_GM, gm_password, gm=True)
        alice = _account(DEMO_PLAYER, player_password, gm=False)
    game = Game.objects.filter(name=DEMO_NAME, gm=gm).exclude(status="finished").first()
    if game is None:
        game = lifecycle.create_game(
            gm,
            DEMO_NAME,
            demo_ruleset_name(),
            settings={
                "fill_with_bots": True,
                "open_bot_seats": True,
                # No clock: a turn runs when its players are ready or the GM processes it,
                # so a newcomer reading the rules is never overtaken by a deadline.
                "deadline": {"minutes": 0},
                "press": "full",
                "anonymous_press": True,
            },
        )
        lifecycle.join(game.pk, alice)
        game = lifecycle.start(game.pk, gm, method="random")
    else:
        _unclocked(game, gm)
    seat = Seat.objects.filter(game=game, user=alice, active=True).first()
    return Demo(
        game=game,
        gm_token=accounts.issue_token(gm, "demo"),
        player_token=accounts.issue_token(alice, "demo"),
        player_power=seat.power if seat else "",
        gm_password=gm_password,
        player_password=player_password,
    )
