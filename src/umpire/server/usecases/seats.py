"""Seats change hands: a player, a bot or nobody takes a power's seat (a sign-up taking a
bot's seat, the game master's replacement, a takeover, a player leaving), and a seat's secret
code is replaced. Each new holder is sent his welcome by an explicit notification. The power's
draw and concession votes go with the holder who cast them (ruling in docs/server.md): a vote
is a player's word on how the game ends, and the next holder starts with none."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone

from umpire.server import absence, community
from umpire.server.accounts import new_code
from umpire.server.mail import outbound, player_mail
from umpire.server.models import Enrollment, Seat, Vote


def replace_seat(seat: Seat, *, user: User | None, bot: bool = False, note: str = "") -> Seat:
    seat.active = False
    seat.left_at = timezone.now()
    seat.save(update_fields=["active", "left_at"])
    community.seat_replaced(seat)
    Vote.objects.filter(game=seat.game, power=seat.power).delete()  # his word, not the power's
    if user is not None:
        Enrollment.objects.filter(game=seat.game, user=user).delete()
    new = Seat.objects.create(
        game=seat.game,
        power=seat.power,
        user=user,
        is_bot=bot,
        secret_code=new_code(),
        note=note,
    )
    if user is not None:  # his absences declared for all his games concern this one now
        absence.mark_seated(seat.game, [user.pk])
    outbound.seat_taken(new)
    return new


def rotate_code(seat: Seat, *, by: str) -> Seat:
    """Give the seat a new secret code and mail it to the holder's verified address (in the
    caller's transaction); the old code stops working at once."""
    seat.secret_code = new_code()
    seat.save(update_fields=["secret_code"])
    player_mail.send_new_code(seat, by=by)
    return seat
