"""The one handler behind the three entrances: a mail's raw bytes in, replies out.

:func:`handle` parses the mail (:mod:`.parse`), refuses a copy already read (same
Message-ID), authenticates the heading against the sender's registered address and the seat's
secret code (or, for the sitter of an absent player, his sitter code), then carries out the
request through the server's own service functions (``submit_orders`` with source ``email``,
``set_ready``, ``send_message``) and reads every text a player receives from :func:`umpire.server.outputs.present`. It never raises for anything in
the mail: every outcome is a reply or a logged rejection, recorded in
:class:`~umpire.server.mail.models.InboundMail`.

A mail without a heading is carried out by :mod:`.headless`, one whose heading proved a
seat by :mod:`.seated`; :mod:`.outcome` holds what became of it and the two kinds of reply.

Out-of-order mail: the last mail received counts (it is stored last, so the service's rule
"the latest submission counts" applies); when its Date header is earlier than that of the
order mail it replaces, the receipt says so.
"""

from __future__ import annotations

import hmac
import logging
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import DatabaseError, DataError, IntegrityError, transaction
from django.utils import timezone

from umpire.core import registry, session
from umpire.core.powers import power_named
from umpire.server import absence
from umpire.server import errors as E
from umpire.server.accounts import users_at
from umpire.server.mail import replies
from umpire.server.mail.heading import Heading, digits, heading_problems
from umpire.server.mail.headless import handle_headless
from umpire.server.mail.models import InboundMail, OutboundMail
from umpire.server.mail.outbox import send
from umpire.server.mail.outcome import Handled, open_reply, seat_reply
from umpire.server.mail.parse import MailRequest, parse_mail
from umpire.server.mail.seated import handle_seat_request
from umpire.server.models import Absence, Game, GameStatus, Seat

log = logging.getLogger("umpire.mail")


def handle(raw: bytes, *, now: datetime | None = None, deliver: bool = True) -> Handled:
    """Read one mail and act on it; send the replies unless ``deliver`` is False."""
    now = now or timezone.now()
    request = parse_mail(raw)
    try:
        result = _handle(request, now)
    except DataError:  # the database refuses this mail's data: it always will (poison mail)
        log.exception("mail %r from %r refused for good", request.message_id[:80],
                      request.sender[:80])  # fmt: skip
        result = Handled(E.MAIL_MALFORMED.code)
    except DatabaseError:
        raise  # the entrance tells the MTA to try again later (nothing was stored)
    except Exception:  # a bug must not lose the mail silently: log it, tell the sender
        log.exception("mail %s from %s: internal error", request.message_id, request.sender)
        result = Handled(E.MAIL_INTERNAL_ERROR.code)
        if request.sender and request.rejection is None:
            reply = replies.Reply(request.sender, "Umpire: error")
            reply.add("The umpire could not process your mail because of an internal error. "
                      "The game master has been told; please send it again later.")  # fmt: skip
            result.replies.append(reply)
    result.message_id = request.message_id
    if deliver:
        kind = "reply" if result.authenticated else UNAUTHENTICATED_REPLY
        for reply in result.replies:
            if not result.authenticated and not _may_reply(reply.to, now):
                log.warning("no reply to %s: too many replies to mails without a seat's "
                            "code this hour", reply.to)  # fmt: skip
                continue
            send(reply.to, reply.subject, reply.body, kind=kind,
                 in_reply_to=request.message_id)  # fmt: skip
    log.info("mail %s from %s: %s", request.message_id, request.sender or "-", result.code)
    return result


def _handle(request: MailRequest, now: datetime) -> Handled:
    with transaction.atomic():
        try:
            with transaction.atomic():
                log_row = InboundMail.objects.create(
                    message_id=request.message_id,
                    sender=request.sender[:254],
                    received_at=now,
                    dated=request.date,
                )
        except IntegrityError:
            return Handled(E.MAIL_DUPLICATE.code)
        result = _act(request, log_row, now)
        log_row.outcome = result.code[:40]
        log_row.save()
    return result


# Replies to mails that did not prove a seat (no heading, a wrong code, HELP, LIST, JOIN, a
# mail not read) are what a forged From can make the umpire send: at most this many an hour
# to an address no account has verified, and PLAYER_REPLIES_PER_HOUR to a player's address.
# Receipts for a mail with the seat's code are never held back.
UNKNOWN_REPLIES_PER_HOUR = 3
PLAYER_REPLIES_PER_HOUR = 10
UNAUTHENTICATED_REPLY = "reply-open"  # the outbox's kind for such a reply


def _may_reply(address: str, now: datetime) -> bool:
    """Whether one more reply to a mail without a seat's code may go to ``address`` this
    hour (no backscatter storms, and no stream of refusals to a real player)."""
    allowed = PLAYER_REPLIES_PER_HOUR if _users_at(address) else UNKNOWN_REPLIES_PER_HOUR
    recent = OutboundMail.objects.filter(
        to__iexact=address, kind=UNAUTHENTICATED_REPLY, created_at__gte=now - timedelta(hours=1)
    )
    return recent.count() < allowed


def _act(request: MailRequest, log_row: InboundMail, now: datetime) -> Handled:
    if request.rejection is not None:
        result = Handled(request.rejection.code)
        log_row.detail = request.rejection.message
        if request.rejection.reply:
            reply = open_reply(request, "not read")
            reply.add(replies.rejection_text(request.rejection))
            result.replies.append(reply)
        return result
    users = _users_at(request.sender)
    if request.heading is None:
        return handle_headless(request, users)
    problems = heading_problems(request.heading)
    if problems:
        reply = open_reply(request, "not read")
        reply.add(replies.problems_text(problems, "Your mail was not read; its heading:"))
        return Handled(problems[0].code, [reply])
    found = _authenticate(request.heading, users)
    if found is None:
        sitter = _authenticate_sitter(request.heading, users)
        if sitter is not None:
            return _sitter_request(request, log_row, now, *sitter)
        reply = open_reply(request, "not accepted")
        reply.add(replies.NOT_AUTHORISED)
        return Handled(E.MAIL_NOT_AUTHORISED.code, [reply])
    game, seat = found
    log_row.game, log_row.power, log_row.turn = game, seat.power, request.heading.turn
    return handle_seat_request(request, game, seat, log_row)


def _sitter_request(
    request: MailRequest, log_row: InboundMail, now: datetime, game: Game, seat: Seat,
    row: Absence,
) -> Handled:  # fmt: skip
    """A mail with a sitter's code (docs/email.md, "A sitter's mail"): carried out as the
    seat's while he sits it today; else refused whole (``mail/not_sitting``), nothing done.
    He proved he is the sitter this absence names, so the refusal may say why."""
    assert request.heading is not None
    log_row.game, log_row.power, log_row.turn = game, seat.power, request.heading.turn
    seats = list(Seat.objects.filter(game=game, active=True))
    why = absence.why_not_sitting(game, row, seats, now)
    if not why and game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
        why = "the game is not running"
    if why:
        reply = seat_reply(request, f"G-{game.pk} {seat.power}: not accepted")
        message = E.MAIL_NOT_SITTING.message(power=seat.power, game=game.pk, why=why)
        reply.add(f"Your mail was not accepted: {message}. [{E.MAIL_NOT_SITTING.code}]\n")
        return Handled(E.MAIL_NOT_SITTING.code, [reply], authenticated=True)
    return handle_seat_request(request, game, seat, log_row, sitting=row)


def _users_at(address: str) -> list[User]:
    """The account whose *verified* address sent the mail (an unverified claim counts for
    nothing: it can neither order for the owner of the address nor lock him out)."""
    return users_at(address)


def _authenticate(heading: Heading, users: list[User]) -> tuple[Game, Seat] | None:
    """The seat the heading names, if the sender holds it and the code matches; else None.

    Every failure looks the same to the sender (no hint of which part was wrong).
    """
    if not digits(heading.game) or len(heading.game) > 18 or not users or not heading.code:
        return None
    seat = (
        Seat.objects.filter(game_id=int(heading.game), active=True, is_bot=False, user__in=users)
        .select_related("game", "user")
        .first()
    )
    if seat is None or not seat.secret_code:
        return None
    if not _same_code(heading.code, seat.secret_code):
        return None
    game = seat.game
    return (game, seat) if _names_seat(heading, game, seat) else None


def _authenticate_sitter(heading: Heading, users: list[User]) -> tuple[Game, Seat, Absence] | None:
    """The seat the heading names and the absence whose sitter sent it: the sender's verified
    address is that sitter's and the heading's code is that absence's sitter code (never the
    seat's: the holder's code is his alone); else None, with the same refusal as any failure.
    Whether he may play the seat today is for the caller to say (he proved who he is)."""
    if not digits(heading.game) or len(heading.game) > 18 or not users or not heading.code:
        return None
    game = Game.objects.filter(pk=int(heading.game)).first()
    if game is None:
        return None
    rows = Absence.objects.filter(absence.in_game(game), sitter__in=users).exclude(sitter_code="")
    for row in rows.select_related("sitter", "user").order_by("-id"):
        if not _same_code(heading.code, row.sitter_code):
            continue
        seat = Seat.objects.filter(game=game, user_id=row.user_id, active=True, is_bot=False)
        held = seat.select_related("user").first()
        if held is None or not _names_seat(heading, game, held):
            return None
        return game, held, row
    return None


def _same_code(given: str, secret: str) -> bool:
    """A heading's code against a secret one, in constant time, without case."""
    return hmac.compare_digest(given.strip().lower().encode(), secret.strip().lower().encode())


def _names_seat(heading: Heading, game: Game, seat: Seat) -> bool:
    """Whether the heading's power and player number, where it gives them, are ``seat``'s."""
    if heading.power is not None and not _names_power(game, heading.power, seat.power):
        return False
    if heading.player_number is not None:
        powers = list(game.powers or [])
        n = heading.player_number
        if not 1 <= n <= len(powers) or powers[n - 1] != seat.power:
            return False
    return True


def _names_power(game: Game, named: str, power: str) -> bool:
    """Whether ``named`` (a heading's ``P-FRANCE``, ``P-FRA``, ``P-france``) is ``power``: its
    code or its full name in the game's scenario, in any case (core.powers.power_named)."""
    try:
        info = registry.game(game.game).info.scenario(game.scenario)
    except KeyError:
        return False
    try:
        return power_named(named, [power], dict(info.names)) == power
    except session.SessionError:
        return False
