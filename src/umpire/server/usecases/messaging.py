"""Press: messages between powers (and from the umpire, for the game master), within the
game's press rules and the player's hourly limit."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from umpire.core import registry
from umpire.server import absence
from umpire.server import errors as E
from umpire.server.codes import hide_code
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.models import GameStatus, Message, Seat
from umpire.server.schemas import (
    PRESS_MAX_CHARS,
)
from umpire.server.usecases.common import UMPIRE_SENDER, locked, power_named, seat_of


def send_message(
    game_id: int, user: User, text: str, *, to: Sequence[str], signed: bool = True
) -> Message:
    """Press from the user's power (or from the umpire, for the game master)."""
    with transaction.atomic():
        game = locked(game_id)
        if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
            raise refuse(E.PRESS_CLOSED)
        seat = seat_of(game, user)
        is_gm = game.gm_id == user.pk or user.is_superuser
        if seat is None and not is_gm:
            held = list(Seat.objects.filter(game=game, active=True))
            if absence.sitting(game, user.pk, held, timezone.now()) is not None:
                raise refuse(E.PRESS_SITTER)  # he sends the seat's orders, never its press
            raise refuse(E.SEAT_NONE)
        press = game.setting("press", "full")
        to_all = any(t.lower() == "all" for t in to)
        if (
            seat is not None
            and not registry.game(game.game).info.scenario(game.scenario).press_allowed
        ):
            raise refuse(E.PRESS_NOT_IN_SCENARIO, scenario=game.scenario)
        if press == "none" and seat is not None:
            raise refuse(E.PRESS_NONE)
        if not to_all and press == "broadcast" and seat is not None:
            raise refuse(E.PRESS_BROADCAST_ONLY)
        if not signed and not game.setting("anonymous_press", False):
            raise refuse(E.PRESS_SIGNED_ONLY)
        if not text.strip():
            raise refuse(E.PRESS_EMPTY)
        if len(text) > PRESS_MAX_CHARS:  # the API's schema limit, for mail and web too
            raise refuse(E.PRESS_TOO_LONG, most=PRESS_MAX_CHARS, chars=len(text))
        if seat is not None:
            _press_allowed(user, timezone.now())
        recipients: list[str] = []
        if not to_all:
            named = {power_named(game, t) for t in to}
            recipients = [p for p in game.powers or [] if p in named]  # the game's order
            if not recipients:
                raise refuse(E.PRESS_NO_RECIPIENTS)
        if seat is not None:  # a heading pasted into press: its code does not go out
            text = hide_code(text, seat.secret_code)
        message = Message.objects.create(
            game=game,
            turn=game.turn,
            sender_power=seat.power if seat is not None else UMPIRE_SENDER,
            sender_user=user,
            to_all=to_all,
            recipients=recipients,
            signed=signed,
            text=text,
        )
        outbound.press_sent(message)
        return message


def press_per_hour() -> int:
    """Press messages one player may send in an hour (``UMPIRE_PRESS_PER_HOUR``)."""
    return max(1, int(getattr(django_settings, "UMPIRE_PRESS_PER_HOUR", 60)))


def press_left(user: User, now: datetime | None = None) -> int:
    """How many more press messages the player may send in the hour up to ``now``."""
    since = (now or timezone.now()) - timedelta(hours=1)
    sent: int = _player_press(user).filter(sent_at__gt=since).count()
    return max(0, press_per_hour() - sent)


def _player_press(user: User) -> QuerySet[Message]:
    """The press the user sent as a player (from a power's seat; not as the umpire), over
    all his games."""
    return Message.objects.filter(sender_user=user).exclude(sender_power=UMPIRE_SENDER)


def _press_allowed(user: User, now: datetime) -> None:
    """Refuse press past ``UMPIRE_PRESS_PER_HOUR`` messages from the player in the last hour
    (``press/throttled``, HTTP 429): 3,000 messages from one player, each queuing mail, were
    all accepted (issue 30). The count is over all his games: the limit is the player's."""
    most = press_per_hour()
    since = now - timedelta(hours=1)
    recent = list(
        _player_press(user)
        .filter(sent_at__gt=since)
        .order_by("-sent_at")
        .values_list("sent_at", flat=True)[:most]
    )
    if len(recent) < most:
        return
    free_at = recent[-1] + timedelta(hours=1)  # when the oldest of them leaves the hour
    minutes = max(1, -(-int((free_at - now).total_seconds()) // 60))
    raise refuse(E.PRESS_THROTTLED, most=most, minutes=minutes)


# --- processing ---------------------------------------------------------------------------
