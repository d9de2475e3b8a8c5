"""Mail the umpire sends on its own: printouts after a turn, press, reminders, late notices.

Everything a player reads about a game is taken from :func:`umpire.server.outputs.present`
for that player's :class:`~umpire.server.outputs.Viewer` (the one view choke point); this
module only addresses it and puts it in the outbox (:class:`OutboundMail`), in the same
transaction as the change that causes it; a task on the worker's mail queue sends it through
Django's configured email backend, with a timeout and retries (:func:`deliver`).

Hooks (connected by the app's ``ready``): when a :class:`~umpire.server.models.Turn` row is
created in a game with mail on, a task is queued (in that transaction) that writes every seat
holder's printout;
likewise for press, a new seat's welcome, and the game master's pause, resume, extension,
replacement and end.
:func:`send_notices` (reminders and late notices) must be run periodically: the entrances
run it after each pass, and a worker may call it on every tick.

Each notice has a key (``printout:<turn row>:<power>``...) stored in
:class:`~umpire.server.mail.models.OutboundMail`, so that it is sent once only.
"""

from __future__ import annotations

import contextlib
import logging
import smtplib
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any, TypedDict

from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models.signals import post_save
from django.utils import timezone

from umpire.core import session
from umpire.server.accounts import verified_address
from umpire.server.codes import masked
from umpire.server.mail.models import MailStatus, OutboundMail
from umpire.server.mail.replies import FOOTER, deadline_of, waiting_for, when
from umpire.server.models import AuditEntry, Game, GameStatus, Message, Profile, Seat, Turn
from umpire.server.outputs import PLAYER, Viewer, message_number, present
from umpire.server.service import power_labels
from umpire.server.store import load_record, load_tail
from umpire.server.web.maps import map_svg

log = logging.getLogger("umpire.mail")

NOTICE_BATCH = 500  # games per pass; the rest wait for the next pass


class Attachment(TypedDict):
    """A text file attached to a mail (stored as JSON in the outbox row)."""

    name: str
    mimetype: str
    content: str


def sender_address() -> str:
    return str(getattr(settings, "UMPIRE_MAIL_FROM", "") or settings.DEFAULT_FROM_EMAIL)


def address_of(user: Any) -> str:
    """The account's *verified* address, or "" (no mail at all): a seat code, a printout or
    press never goes to an address its account has not proven it owns."""
    return verified_address(user)


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
    attachments: Sequence[Attachment] = (),
) -> bool:
    """Put one mail in the outbox and queue its sending; with ``key``, only if no mail with
    that key was queued before (True: queued). Runs in the caller's transaction: the mail
    exists exactly when the change that causes it does. Nothing here talks to a mail server.
    ``attachments`` are text files (``name``, ``mimetype``, ``content``), kept in the row.
    """
    if not to:
        return False
    headers = {"Auto-Submitted": "auto-replied" if in_reply_to else "auto-generated"}
    if in_reply_to:
        headers["In-Reply-To"] = in_reply_to
        headers["References"] = in_reply_to
    from umpire.server.tasks import deliver_mail

    now = timezone.now()
    try:
        with transaction.atomic():
            row = OutboundMail.objects.create(
                key=key, to=to[:254], subject=subject[:200], body=body, headers=headers,
                kind=kind, game=game, next_attempt_at=now, queued_at=now,
                attachments=[dict(a) for a in attachments],
            )  # fmt: skip
            deliver_mail.enqueue(row.pk)
    except IntegrityError:
        return False
    return True


def deliver(row_id: int, now: datetime | None = None) -> str:
    """Send one outbox mail (the mail worker's task); its status afterwards.

    The row is claimed first, so two workers never send it twice. A failure (the mail
    server refused, or did not answer within ``EMAIL_TIMEOUT``) is retried with backoff:
    ``UMPIRE_MAIL_RETRY_SECONDS`` x 4^(attempts - 1); after ``UMPIRE_MAIL_MAX_ATTEMPTS``
    the mail is ``failed``, logged and shown to the game master.

    In a worker with a :class:`SendPool` started, the claimed mail is handed to the pool and
    ``"sending"`` returned at once: the mail worker goes on composing and handing out mails
    while slow sends wait on the mail server in the pool's threads. Without one (a test, a
    one-off command) it is sent here.
    """
    now = now or timezone.now()
    claimed = OutboundMail.objects.filter(pk=row_id, status=MailStatus.PENDING).update(
        status=MailStatus.SENDING, claimed_at=now
    )
    if not claimed:
        return "not-pending"
    if _pool is not None and _pool.hand(row_id, now):
        return "sending"
    return _send_claimed(row_id, now, None)


def _send_claimed(row_id: int, now: datetime, reuse: _Reused | None) -> str:
    row = OutboundMail.objects.get(pk=row_id)
    mail = EmailMessage(row.subject, row.body, sender_address(), [row.to], headers=row.headers)
    for item in row.attachments or []:
        mail.attach(str(item["name"]), str(item["content"]), str(item["mimetype"]))
    try:
        if reuse is not None:
            reuse.send(mail)
        else:
            mail.send()
    except Exception as err:
        return _failed(row, now, err)
    OutboundMail.objects.filter(pk=row.pk).update(
        status=MailStatus.SENT, sent_at=timezone.now(), attempts=row.attempts + 1
    )
    return MailStatus.SENT


IDLE_SECONDS = 30.0  # a kept SMTP connection unused this long is closed before the next send


class _Reused:
    """One sending thread's connection to the mail server, kept open between its mails (a
    new TLS handshake and login per mail cost more than the mail); closed after
    ``IDLE_SECONDS`` unused or any failure. Other backends (files, tests) send as before."""

    def __init__(self) -> None:
        self.backend: Any = None
        self.used = 0.0

    def send(self, mail: EmailMessage) -> None:
        from django.core.mail import get_connection
        from django.core.mail.backends.smtp import EmailBackend as SmtpBackend

        if self.backend is not None and time.monotonic() - self.used > IDLE_SECONDS:
            self.close()
        if self.backend is None:
            backend = get_connection(fail_silently=False)
            if not isinstance(backend, SmtpBackend):
                mail.send()
                return
            backend.open()
            self.backend = backend
        mail.connection = self.backend
        try:
            if not self.backend.send_messages([mail]):
                raise smtplib.SMTPException("the mail server took no mail")
        except Exception:
            self.close()
            raise
        finally:
            self.used = time.monotonic()

    def close(self) -> None:
        backend, self.backend = self.backend, None
        if backend is not None:
            with contextlib.suppress(Exception):
                backend.close()


class SendPool:
    """``senders`` threads that send the claimed mails the mail worker hands them, each over
    its own kept connection: a mail server that hangs on one mail holds one thread for
    ``EMAIL_TIMEOUT``, and the other mails go out through the others; composing never waits
    on a send. Mails handed but not yet sent when the pool stops are put back in the outbox
    (pending, due now) for the next worker."""

    def __init__(self, senders: int) -> None:
        self.executor = ThreadPoolExecutor(max(senders, 1), thread_name_prefix="umpire-send")
        self.local = threading.local()
        self.lock = threading.Lock()
        self.waiting: set[int] = set()
        self.stopped = False

    def hand(self, row_id: int, now: datetime) -> bool:
        with self.lock:
            if self.stopped:
                return False
            self.waiting.add(row_id)
        self.executor.submit(self._send, row_id, now)
        return True

    def _send(self, row_id: int, now: datetime) -> None:
        from django.db import close_old_connections

        with self.lock:
            if row_id not in self.waiting:  # put back by stop()
                return
            self.waiting.discard(row_id)
        if not hasattr(self.local, "reused"):
            self.local.reused = _Reused()
        try:
            _send_claimed(row_id, now, self.local.reused)
        except Exception:  # the row stays claimed; retry_due frees it after STALE_CLAIM
            log.exception("sending mail %s failed", row_id)
        finally:
            close_old_connections()

    def stop(self) -> None:
        """No more mails; the ones not yet started go back to the outbox; the sends under way
        end within ``EMAIL_TIMEOUT``."""
        with self.lock:
            self.stopped = True
            back, self.waiting = list(self.waiting), set()
        self.executor.shutdown(wait=False, cancel_futures=True)
        if back:
            OutboundMail.objects.filter(pk__in=back, status=MailStatus.SENDING).update(
                status=MailStatus.PENDING, claimed_at=None, queued_at=None,
                next_attempt_at=timezone.now(),
            )  # fmt: skip


_pool: SendPool | None = None


def start_pool(senders: int) -> SendPool:
    """Send the mails of this process through a pool of ``senders`` threads (the worker)."""
    global _pool
    _pool = SendPool(senders)
    return _pool


def stop_pool() -> None:
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.stop()


def _failed(row: OutboundMail, now: datetime, err: Exception) -> str:
    attempts = row.attempts + 1
    error = f"{type(err).__name__}: {err}"[:500]
    if attempts >= settings.UMPIRE_MAIL_MAX_ATTEMPTS:
        log.error("gave up sending %s mail %s to %s: %s", row.kind, row.pk, row.to, error)
        status, retry = MailStatus.FAILED, None
    else:
        delay = settings.UMPIRE_MAIL_RETRY_SECONDS * 4 ** (attempts - 1)
        log.warning("could not send mail %s (attempt %s): %s", row.pk, attempts, error)
        status, retry = MailStatus.PENDING, now + timedelta(seconds=delay)
    OutboundMail.objects.filter(pk=row.pk).update(
        status=status, attempts=attempts, last_error=error, next_attempt_at=retry,
        queued_at=None, claimed_at=None,
    )  # fmt: skip
    return status


STALE_CLAIM = timedelta(minutes=10)


def retry_due(now: datetime | None = None) -> int:
    """Queue the sending of every mail whose retry is due; free claims of dead workers.

    Run on every scheduler tick. The count of mails queued.
    """
    from umpire.server.tasks import deliver_mail

    now = now or timezone.now()
    OutboundMail.objects.filter(status=MailStatus.SENDING, claimed_at__lt=now - STALE_CLAIM).update(
        status=MailStatus.PENDING, claimed_at=None, queued_at=None, next_attempt_at=now
    )
    due = OutboundMail.objects.filter(
        status=MailStatus.PENDING, queued_at__isnull=True, next_attempt_at__lte=now
    ).values_list("pk", flat=True)
    count = 0
    for row_id in list(due[:500]):
        with transaction.atomic():
            if OutboundMail.objects.filter(pk=row_id, queued_at__isnull=True).update(queued_at=now):
                deliver_mail.enqueue(row_id)
                count += 1
    return count


def heading_for(game: Game, seat: Seat, *, full: bool = False) -> str:
    """The heading of the seat's next order mail. The code is printed in full only in the
    welcome and new-code mails (``full``); everywhere else it is masked (``C-5f**************``),
    so that one leaked printout, reminder or listing does not give it away."""
    code = seat.secret_code if full else masked(seat.secret_code)
    return f"G-{game.pk} T-{game.turn} P-{seat.power} C-{code}"


CODE_NOTE = (
    "(The code is masked: use the one from your welcome or new-code mail, or from the game's "
    "web page. Send NEWCODE after your heading for a new one.)"
)


def _holders(game: Game) -> list[Seat]:
    seats = Seat.objects.filter(game=game, active=True, is_bot=False, user__isnull=False)
    return list(seats.select_related("user", "user__profile").order_by("power"))


# --- after a turn ---------------------------------------------------------------------------


def send_printouts(game_id: int, turn_row_id: int) -> int:
    """Each seat holder's printout of the turn just processed; the count sent."""
    game = Game.objects.filter(pk=game_id).first()
    turn = Turn.objects.filter(pk=turn_row_id).only("pk", "game_id", "number", "label").first()
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
        elif seat.power in (game.expected or []):
            body.append(f"Next deadline: {when(game.deadline)}")
            body.append(f"Heading for your next orders: {heading_for(game, seat)}")
            body.append(CODE_NOTE)
        else:  # a turn of other powers only: no "orders" asked of him (press, REPORT still)
            body.append(waiting_for(power_labels(game, game.expected or [])))
            body.append(f"Next deadline: {when(game.deadline)}")
            body.append(f"Heading for press and commands: {heading_for(game, seat)}")
            body.append(CODE_NOTE)
        subject = f"G-{game.pk} {game.name}: printout, {_heading(text, turn.label)} ({seat.power})"
        key = f"printout:{turn.pk}:{seat.power}"
        maps = _turn_map(game, viewer, turn.number) if _wants_maps(seat.user) else []
        sent += send(to, subject, "\n".join(body) + "\n\n" + FOOTER, kind="printout",
                     game=game, key=key, attachments=maps)  # fmt: skip
    sent += send_newspaper(game, turn)
    return sent


def _heading(printout: str, label: str) -> str:
    """What the subject of a printout mail says: the printout's own first line, the turn
    played and the one due (``Table.heading``), so that subject and body say the same; for a
    printout stored before printouts had that heading, the turn played."""
    first = printout.split("\n", 1)[0]
    return first if first.startswith("Results of ") else f"Results of {label}"


def _wants_maps(user: Any) -> bool:
    """The player's choice (``Profile.mail_maps``; an account without a profile: no)."""
    try:
        return bool(user.profile.mail_maps)
    except Profile.DoesNotExist:
        return False


def _turn_map(game: Game, viewer: Viewer, number: int) -> list[Attachment]:
    """The map of turn ``number`` as this viewer's game page shows it: the game's own drawing
    (:func:`umpire.server.web.maps.map_svg`) of what ``present`` gives this viewer, never a
    map of another power's view; nothing where the game draws no map."""
    try:
        data = present(game, viewer, ("view", "events"), turn=number)
    except session.SessionError:  # nothing this viewer may see: no map
        return []
    svg = map_svg(game.game, (data.get("view") or {}).get("view"),
                  (data.get("events") or {}).get("events"))  # fmt: skip
    if svg is None:
        return []
    name = f"G-{game.pk}-turn-{number}-{viewer.power}.svg"
    return [Attachment(name=name, mimetype="image/svg+xml", content=svg)]


def send_newspaper(game: Game, turn: Turn) -> int:
    """The turn's newspaper, where the game has one (the optional ``newspaper`` of the
    contract, through :func:`umpire.core.session.newspaper`: public events only)."""
    # The latest turn's tail holds its state and events; an older turn needs the record.
    latest = turn.number == game.turn - 1
    text = session.newspaper(load_tail(game, pending=False) if latest else load_record(game),
                             turn=turn.number)  # fmt: skip
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
    (named,) = power_labels(game, [seat.power])
    body = (
        f"You play {named} in G-{game.pk} {game.name}.\n"
        f"Your secret code: {seat.secret_code} (keep it to yourself).\n"
        f"{_due_now(game, seat)}\n\n{text.rstrip()}\n\n"
    )
    subject = f"G-{game.pk} {game.name}: you play {named}"
    return int(send(address_of(seat.user), subject, body + FOOTER, kind="welcome", game=game,
                    key=f"welcome:{seat.pk}"))  # fmt: skip


HEADING_TURNS = (
    "Begin every mail to this game with this heading. Its T- is the turn your mail answers: "
    "it goes up as the game goes on, the rest stays the same (each printout gives the heading "
    "for its next turn)."
)


def _due_now(game: Game, seat: Seat) -> str:
    """The welcome's word on orders: whether the current turn waits for this power's (in
    games where whose turn it is differs, as Conquest's or SPI's, it may not), its deadline,
    and the heading to use, with how its turn number changes."""
    turn = turn_named(game.turn, game.label)
    deadline = deadline_of(game.deadline, paused=game.status == GameStatus.PAUSED)
    heading = heading_for(game, seat, full=True)
    if seat.power in (game.expected or []):
        return (
            f"Orders are due from you now, for {turn}; deadline: {deadline}.\n"
            f"Heading for your orders: {heading}\n{HEADING_TURNS}"
        )
    return (
        f"No orders are due from you now: {turn} waits for orders from "
        f"{', '.join(game.expected or []) or 'nobody'} only (deadline: {deadline}).\n"
        "After each turn your printout says whether orders are due from you, and by when.\n"
        f"Heading for press and commands now: {heading}\n{HEADING_TURNS}"
    )


def send_new_code(seat: Seat, *, by: str) -> int:
    """The seat's new secret code, to the holder's verified address only (1: queued)."""
    game = seat.game
    if seat.user is None or seat.is_bot or not seat.active:
        return 0
    (named,) = power_labels(game, [seat.power])
    body = (
        f"Your seat code for {named} in G-{game.pk} {game.name} was replaced ({by}).\n"
        f"Your new secret code: {seat.secret_code} (keep it to yourself).\n"
        "The old code no longer works: mail with it is refused.\n"
        f"Heading for your orders: {heading_for(game, seat, full=True)}\n\n"
        "If you did not ask for this, someone who knew your old code did: this new code\n"
        "was sent only to you.\n\n"
    )
    subject = f"G-{game.pk} {game.name}: new seat code for {named}"
    return int(send(address_of(seat.user), subject, body + FOOTER, kind="code", game=game))


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
        number = message_number(game, viewer, message)
        shown = [m for m in present(game, viewer, ("messages",))["messages"]
                 if m["id"] == number]  # fmt: skip
        if not shown:
            continue
        item = shown[0]
        author = power_labels(game, [item["from"]])[0] if item["from"] else "Anonymous"
        to = "all powers" if item["to"] == "all" else ", ".join(power_labels(game, item["to"]))
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
    submitted for the current turn; each at most once per seat and turn. The count sent.

    Only games whose ``notice_at`` has come are read (an indexed query: a game is due when
    someone it waits for has not submitted and its reminder time or deadline has passed);
    the current turn's status is read from the game row, never rebuilt from the record.
    """
    now = now or timezone.now()
    sent = 0
    due = Game.objects.filter(status=GameStatus.RUNNING, notice_at__lte=now)
    for game in due.order_by("notice_at")[:NOTICE_BATCH]:
        if game.deadline is None or not mail_enabled(game):
            Game.objects.filter(pk=game.pk, notice_at=game.notice_at).update(notice_at=None)
            continue
        waiting = set(game.expected) - set(game.submitted)
        late = now >= game.deadline
        with transaction.atomic():
            for seat in _holders(game):
                if seat.power in waiting:
                    sent += _notice(game, seat, late=late, now=now)
            # Next: the late notices at the deadline; after them, nothing until the deadline
            # moves (extend, resume) or a new turn opens.
            after = None if late else game.deadline
            Game.objects.filter(pk=game.pk, notice_at=game.notice_at).update(notice_at=after)
    return sent


def _notice(game: Game, seat: Seat, *, late: bool, now: datetime) -> int:
    assert game.deadline is not None
    kind = "late" if late else "reminder"
    turn = turn_named(game.turn, game.label)
    if late:
        process = game.process_after or game.deadline
        text = (
            f"Your orders for G-{game.pk} {game.name}, {turn}, are late: the deadline "
            f"was {when(game.deadline)}. The turn is processed at {when(process)} or soon "
            "after; orders received before then still count. Without them, the game's own "
            "rules decide what your units do."
        )
    else:
        text = (
            f"No orders from you yet for G-{game.pk} {game.name}, {turn}. The deadline "
            f"is {when(game.deadline)} ({_left(game.deadline - now)} from now)."
        )
    body = f"{text}\n\nHeading for your orders: {heading_for(game, seat)}\n{CODE_NOTE}\n\n{FOOTER}"
    subject = f"G-{game.pk} {game.name}: {'LATE' if late else 'reminder'}, turn {game.turn}"
    # One reminder and one late notice per player and turn: pausing, resuming or extending
    # the deadline does not send them again (a rollback frees the keys: see _rolled_back).
    key = f"{kind}:{game.pk}:{game.turn}:{seat.power}"
    return int(send(address_of(seat.user), subject, body, kind=kind, game=game, key=key))


def turn_named(number: int, label: str) -> str:
    """The turn as a notice names it: its number and the game's own label for it, the
    number said once: "turn 3 (Fall 1901 movement)", "turn 2 (1934)" (label "Turn 2 (1934)"),
    "turn 5: RED has the attack option", "turn 1" (label "Turn 1")."""
    head = f"turn {number}"
    said = label.strip()
    if not said or said.lower() == head:
        return head
    if said.lower().startswith((f"{head} ", f"{head}:")):
        return head + said[len(head) :]
    return f"{head} ({said})"


def _left(delta: timedelta) -> str:
    minutes = max(int(delta.total_seconds() // 60), 0)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


# --- what the game master does -------------------------------------------------------------

NOTICE_ACTIONS = ("pause", "resume", "extend", "replace", "end", "declare", "vote")
ENDINGS = ("end", "declare", "vote")  # the game is over: each player gets his last printout


def send_gm_notice(entry_id: int) -> int:
    """Tell the players of a pause, resume, extension, replacement, or of the end of the game
    (ended or a result declared by the game master, a draw or concession voted: with each
    player's last printout, which says the game is over); the count queued."""
    entry = AuditEntry.objects.filter(pk=entry_id).select_related("game").first()
    if entry is None or entry.game is None or not mail_enabled(entry.game):
        return 0
    game, details = entry.game, dict(entry.details)
    text = _gm_text(game, entry.action, details)
    if not text:
        return 0
    sent = 0
    action = "game over" if entry.action in ENDINGS else entry.action
    subject = f"G-{game.pk} {game.name}: {action}"
    for seat in _holders(game):
        if entry.action == "replace" and seat.power == details.get("power"):
            continue  # the new holder gets the welcome mail instead
        body = f"{text}\n\n{_last_printout(game, seat) if entry.action in ENDINGS else ''}"
        sent += send(address_of(seat.user), subject, f"{body.rstrip()}\n\n{FOOTER}",
                     kind="notice", game=game, key=f"gm:{entry.pk}:{seat.power}")  # fmt: skip
    if entry.action == "replace":
        old = User.objects.filter(username=details.get("from", "")).first()
        if old is not None:
            body = f"You no longer play {details.get('power')} in G-{game.pk} {game.name}."
            sent += send(address_of(old), subject, f"{body}\n\n{FOOTER}", kind="notice",
                         game=game, key=f"gm:{entry.pk}:former")  # fmt: skip
    return sent


def _last_printout(game: Game, seat: Seat) -> str:
    """The seat holder's printout of the last turn of a game that has ended (none: ended
    before it started)."""
    if game.initial_state is None:
        return ""
    viewer = Viewer(PLAYER, seat.power, seat.user_id)
    return str(present(game, viewer, ("printout",))["printout"]["text"])


def _gm_text(game: Game, action: str, details: dict[str, Any]) -> str:
    name = f"G-{game.pk} {game.name}"
    if action == "pause":
        return f"The game master paused {name}. The deadline is stopped until the game resumes."
    if action == "resume":
        return f"The game master resumed {name}. Deadline: {when(game.deadline)}."
    if action == "extend":
        if game.status == GameStatus.PAUSED:
            return f"The game master extended the deadline of {name} (the game is paused)."
        return f"The game master extended the deadline of {name} to {when(game.deadline)}."
    if action == "replace":
        return f"{details.get('power')} in {name} has a new player."
    if action == "end":
        return f"The game master ended {name}. {details.get('summary', '')}".rstrip()
    if action in ("declare", "vote"):
        how = "The game master declared the result of" if action == "declare" else "The vote ended"
        return f"{how} {name}: {details.get('summary', '')}. No more orders are taken."
    return ""


# --- hooks --------------------------------------------------------------------------------


def _compose(what: str, *ids: int) -> None:
    """Queue the composing of mails (in the caller's transaction: durable with the change)."""
    from umpire.server.tasks import compose_mail

    compose_mail.enqueue(what, *ids)


COMPOSERS: dict[str, Any] = {
    "printouts": send_printouts,
    "press": deliver_press,
    "welcome": send_welcome,
    "gm": send_gm_notice,
}


def compose(what: str, *ids: int) -> int:
    """Run one composer (the mail worker's task); the count of mails queued."""
    return int(COMPOSERS[what](*ids))


def _turn_saved(sender: Any, instance: Turn, created: bool, **kwargs: Any) -> None:
    # A game without mail queues nothing (the composer would send nothing).
    if created and not kwargs.get("raw") and mail_enabled(instance.game):
        _compose("printouts", instance.game_id, instance.pk)


def _message_saved(sender: Any, instance: Message, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        _compose("press", instance.pk)


def _seat_saved(sender: Any, instance: Seat, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw") and instance.user_id is not None:
        _compose("welcome", instance.pk)


def _audit_saved(sender: Any, instance: AuditEntry, created: bool, **kwargs: Any) -> None:
    if not created or kwargs.get("raw") or instance.game_id is None:
        return
    if instance.action in NOTICE_ACTIONS:
        _compose("gm", instance.pk)
    elif instance.action == "rollback":
        _rolled_back(instance.game_id, int(instance.details.get("undone", 0)))


def _rolled_back(game_id: int, turn: int) -> None:
    """The reopened turn may be reminded again: free its reminder and late-notice keys."""
    for kind in ("reminder", "late"):
        OutboundMail.objects.filter(key__startswith=f"{kind}:{game_id}:{turn}:").update(key=None)


def connect() -> None:
    post_save.connect(_seat_saved, sender=Seat, dispatch_uid="umpire.mail.seat")
    post_save.connect(_turn_saved, sender=Turn, dispatch_uid="umpire.mail.turn")
    post_save.connect(_message_saved, sender=Message, dispatch_uid="umpire.mail.press")
    post_save.connect(_audit_saved, sender=AuditEntry, dispatch_uid="umpire.mail.audit")


def recipients_of(game: Game, powers: Sequence[str]) -> list[str]:
    return [address_of(s.user) for s in _holders(game) if s.power in powers]
