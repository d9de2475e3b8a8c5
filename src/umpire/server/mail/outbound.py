"""Mail the umpire sends on its own: printouts after a turn, press, reminders, late notices.

Everything a player reads about a game is taken from :func:`umpire.server.outputs.present`
for that player's :class:`~umpire.server.outputs.Viewer` (the one view choke point); this
module only addresses and sends it, through Django's configured email backend (SMTP in
production).

Hooks (connected by the app's ``ready``): when a :class:`~umpire.server.models.Turn` row is
created, every seat holder receives their printout once the transaction commits; when a
:class:`~umpire.server.models.Message` (press) is created, each recipient receives it.
:func:`send_notices` (reminders and late notices) must be run periodically: the entrances
run it after each pass, and a worker may call it on every tick.

Each notice has a key (``printout:<turn row>:<power>``...) stored in
:class:`~umpire.server.mail.models.OutboundMail`, so that it is sent once only.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models.signals import post_save
from django.utils import timezone

from umpire.core import session
from umpire.server.mail.models import OutboundMail
from umpire.server.mail.replies import FOOTER, when
from umpire.server.models import Game, GameStatus, Message, Seat, Turn
from umpire.server.outputs import PLAYER, Viewer, present
from umpire.server.store import load_record

log = logging.getLogger("umpire.mail")

DEFAULT_REMINDER_MINUTES = 24 * 60


def sender_address() -> str:
    return str(getattr(settings, "UMPIRE_MAIL_FROM", "") or settings.DEFAULT_FROM_EMAIL)


def address_of(user: Any) -> str:
    """The registered address of an account (its profile's, else the account's)."""
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    try:
        address = profile.email_address if profile is not None else ""
    except Exception:
        address = ""
    return (address or user.email or "").strip()


def mail_enabled(game: Game) -> bool:
    return bool(game.setting("email", True))


def send(
    to: str,
    subject: str,
    body: str,
    *,
    kind: str,
    game: Game | None = None,
    key: str | None = None,
    in_reply_to: str = "",
) -> bool:
    """Send one mail; with ``key``, only if no mail with that key was sent (True: sent)."""
    if not to:
        return False
    row = None
    if key is not None:
        try:
            with transaction.atomic():
                row = OutboundMail.objects.create(
                    key=key, to=to, subject=subject[:200], kind=kind, game=game
                )
        except IntegrityError:
            return False
    headers = {"Auto-Submitted": "auto-replied" if in_reply_to else "auto-generated"}
    if in_reply_to:
        headers["In-Reply-To"] = in_reply_to
        headers["References"] = in_reply_to
    mail = EmailMessage(subject, body, sender_address(), [to], headers=headers)
    try:
        mail.send()
    except Exception:
        log.exception("could not send %s mail to %s", kind, to)
        if row is not None:
            row.delete()
        return False
    if row is None:
        OutboundMail.objects.create(to=to, subject=subject[:200], kind=kind, game=game)
    return True


def heading_for(game: Game, seat: Seat) -> str:
    return f"G-{game.pk} T-{game.turn} P-{seat.power} C-{seat.secret_code}"


def _holders(game: Game) -> list[Seat]:
    seats = Seat.objects.filter(game=game, active=True, is_bot=False, user__isnull=False)
    return list(seats.select_related("user", "user__profile").order_by("power"))


# --- after a turn ---------------------------------------------------------------------------


def send_printouts(game_id: int, turn_row_id: int) -> int:
    """Each seat holder's printout of the turn just processed; the count sent."""
    game = Game.objects.filter(pk=game_id).first()
    turn = Turn.objects.filter(pk=turn_row_id).first()
    if game is None or turn is None or not mail_enabled(game):
        return 0
    sent = 0
    for seat in _holders(game):
        to = address_of(seat.user)
        if not to:
            continue
        viewer = Viewer(PLAYER, seat.power, seat.user_id)
        text = present(game, viewer, ("printout",), turn=turn.number)["printout"]["text"]
        body = [text.rstrip("\n"), ""]
        if game.status == GameStatus.FINISHED:
            summary = (game.outcome or {}).get("summary", "")
            body.append(f"The game is over. {summary}".rstrip())
        else:
            body.append(f"Next deadline: {when(game.deadline)}")
            body.append(f"Heading for your next orders: {heading_for(game, seat)}")
        subject = f"G-{game.pk} {game.name}: printout of {turn.label} ({seat.power})"
        key = f"printout:{turn.pk}:{seat.power}"
        sent += send(to, subject, "\n".join(body) + "\n\n" + FOOTER, kind="printout",
                     game=game, key=key)  # fmt: skip
    sent += send_newspaper(game, turn)
    return sent


def send_newspaper(game: Game, turn: Turn) -> int:
    """The turn's newspaper, where the game has one (the optional ``newspaper`` of the
    contract, through :func:`umpire.core.session.newspaper`: public events only)."""
    text = session.newspaper(load_record(game), turn=turn.number)
    if not text:
        return 0
    sent = 0
    for seat in _holders(game):
        subject = f"G-{game.pk} {game.name}: newspaper, {turn.label}"
        sent += send(address_of(seat.user), subject, text.rstrip("\n") + "\n\n" + FOOTER,
                     kind="newspaper", game=game, key=f"news:{turn.pk}:{seat.power}")  # fmt: skip
    return sent


def send_welcome(seat_id: int) -> int:
    """A new seat holder's secret code, heading and opening printout (1: sent)."""
    seat = Seat.objects.filter(pk=seat_id).select_related("game", "user").first()
    if seat is None or seat.user is None or not seat.active or seat.is_bot:
        return 0
    game = seat.game
    if not mail_enabled(game) or game.initial_state is None:
        return 0
    viewer = Viewer(PLAYER, seat.power, seat.user_id)
    record_turn = max(game.turn - 1, 0)
    text = present(game, viewer, ("printout",), turn=record_turn)["printout"]["text"]
    body = (
        f"You play {seat.power} in G-{game.pk} {game.name}.\n"
        f"Your secret code: {seat.secret_code} (keep it to yourself).\n"
        f"Deadline: {when(game.deadline)}\n"
        f"Heading for your orders: {heading_for(game, seat)}\n\n{text.rstrip()}\n\n"
    )
    subject = f"G-{game.pk} {game.name}: you play {seat.power}"
    return int(send(address_of(seat.user), subject, body + FOOTER, kind="welcome", game=game,
                    key=f"welcome:{seat.pk}"))  # fmt: skip


# --- press --------------------------------------------------------------------------------


def deliver_press(message_id: int) -> int:
    """The press message to each recipient, as that recipient may read it; the count sent."""
    message = Message.objects.filter(pk=message_id).select_related("game").first()
    if message is None or not mail_enabled(message.game):
        return 0
    game = message.game
    sent = 0
    for seat in _holders(game):
        if seat.power == message.sender_power:
            continue
        if not (message.to_all or seat.power in message.recipients):
            continue
        viewer = Viewer(PLAYER, seat.power, seat.user_id)
        shown = [m for m in present(game, viewer, ("messages",))["messages"]
                 if m["id"] == message.pk]  # fmt: skip
        if not shown:
            continue
        item = shown[0]
        author = item["from"] or "Anonymous"
        to = "all powers" if item["to"] == "all" else ", ".join(item["to"])
        body = f"Press in G-{game.pk} {game.name}, from {author} to {to}:\n\n{item['text']}\n"
        reply = f"\nTo answer, write a mail with your heading and a line PRESS TO {author}.\n"
        if item["from"] is None:
            reply = ""
        subject = f"G-{game.pk} {game.name}: press from {author}"
        sent += send(address_of(seat.user), subject, body + reply + "\n" + FOOTER, kind="press",
                     game=game, key=f"press:{message.pk}:{seat.power}")  # fmt: skip
    return sent


# --- reminders and late notices ---------------------------------------------------------------


def send_notices(now: datetime | None = None) -> int:
    """Reminders before the deadline and late notices after it, to players who have not
    submitted for the current turn; each at most once per seat and turn. The count sent."""
    now = now or timezone.now()
    sent = 0
    games = Game.objects.filter(status=GameStatus.RUNNING, deadline__isnull=False)
    for game in games:
        if not mail_enabled(game) or game.deadline is None:
            continue
        minutes = float(game.setting("reminder_minutes", DEFAULT_REMINDER_MINUTES))
        if now < game.deadline - timedelta(minutes=minutes):
            continue
        record = load_record(game)
        waiting = set(session.pending(record).powers) - set(session.submitted(record))
        late = now >= game.deadline
        for seat in _holders(game):
            if seat.power not in waiting:
                continue
            sent += _notice(game, seat, late=late, now=now)
    return sent


def _notice(game: Game, seat: Seat, *, late: bool, now: datetime) -> int:
    assert game.deadline is not None
    kind = "late" if late else "reminder"
    if late:
        process = game.process_after or game.deadline
        text = (
            f"Your orders for G-{game.pk} {game.name}, turn {game.turn}, are late: the deadline "
            f"was {when(game.deadline)}. The turn is processed at {when(process)} or soon "
            "after; orders received before then still count. Without them, the game's own "
            "rules decide what your units do."
        )
    else:
        text = (
            f"No orders from you yet for G-{game.pk} {game.name}, turn {game.turn}. The deadline "
            f"is {when(game.deadline)} ({_left(game.deadline - now)} from now)."
        )
    body = f"{text}\n\nHeading for your orders: {heading_for(game, seat)}\n\n{FOOTER}"
    subject = f"G-{game.pk} {game.name}: {'LATE' if late else 'reminder'}, turn {game.turn}"
    key = f"{kind}:{game.pk}:{game.turn}:{seat.power}:{game.deadline.isoformat()}"
    return int(send(address_of(seat.user), subject, body, kind=kind, game=game, key=key))


def _left(delta: timedelta) -> str:
    minutes = max(int(delta.total_seconds() // 60), 0)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


# --- hooks --------------------------------------------------------------------------------


def _after_commit(func: Any, *args: Any) -> None:
    def run() -> None:
        try:
            func(*args)
        except Exception:  # mail must never undo or break a turn
            log.exception("outbound mail %s%s failed", func.__name__, args)

    transaction.on_commit(run)


def _turn_saved(sender: Any, instance: Turn, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        _after_commit(send_printouts, instance.game_id, instance.pk)


def _message_saved(sender: Any, instance: Message, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        _after_commit(deliver_press, instance.pk)


def _seat_saved(sender: Any, instance: Seat, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw") and instance.user_id is not None:
        _after_commit(send_welcome, instance.pk)


def connect() -> None:
    post_save.connect(_seat_saved, sender=Seat, dispatch_uid="umpire.mail.seat")
    post_save.connect(_turn_saved, sender=Turn, dispatch_uid="umpire.mail.turn")
    post_save.connect(_message_saved, sender=Message, dispatch_uid="umpire.mail.press")


def recipients_of(game: Game, powers: Sequence[str]) -> list[str]:
    return [address_of(s.user) for s in _holders(game) if s.power in powers]
