"""The one handler behind the three entrances: a mail's raw bytes in, replies out.

:func:`handle` parses the mail (:mod:`.parse`), refuses a copy already read (same
Message-ID), authenticates the heading against the sender's registered address and the seat's
secret code, then carries out the request through the server's own service functions
(``submit_orders`` with source ``email``, ``set_ready``, ``send_message``) and reads every text
a player receives from :func:`umpire.server.outputs.present`. It never raises for anything in
the mail: every outcome is a reply or a logged rejection, recorded in
:class:`~umpire.server.mail.models.InboundMail`.

Out-of-order mail: the last mail received counts (it is stored last, so the service's rule
"the latest submission counts" applies); when its Date header is earlier than that of the
order mail it replaces, the receipt says so.
"""

from __future__ import annotations

import hmac
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import DatabaseError, DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from umpire.core import registry, session
from umpire.core.errors import SUBMISSION_TOO_LARGE, SUBMISSION_TOO_MANY_LINES, TURN_STALE
from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.accounts import set_mail_maps, users_at
from umpire.server.codes import masked
from umpire.server.mail import replies
from umpire.server.mail.command_lines import Command
from umpire.server.mail.heading import Heading, digits, heading_problems
from umpire.server.mail.models import InboundMail, OutboundMail
from umpire.server.mail.outbound import heading_for
from umpire.server.mail.outbox import send
from umpire.server.mail.parse import MailRequest, parse_mail
from umpire.server.models import Enrollment, Game, GameStatus, Seat
from umpire.server.outputs import PLAYER, Viewer, power_labels, present, scenario_names
from umpire.server.usecases import absences, lifecycle, messaging, submissions, takeover
from umpire.server.usecases.seats import rotate_code
from umpire.server.web.templatetags.umpire_howto import problem_url

log = logging.getLogger("umpire.mail")


@dataclass(slots=True)
class Handled:
    """What became of one mail: a stable code and the replies sent (or to send)."""

    code: str
    replies: list[replies.Reply] = field(default_factory=list)
    message_id: str = ""
    # The replies answer a mail whose sender proved a seat (heading and code): only those
    # go out unlimited; every other reply counts against the address's hourly allowance.
    authenticated: bool = False


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


def _reply(request: MailRequest, what: str) -> replies.Reply:
    """A reply to a sender who is not (yet) authenticated: it echoes nothing he sent (no
    Subject, no body), so a forged From cannot make the umpire relay text to a third party."""
    return replies.Reply(request.sender, f"Umpire: {what}")


def _seat_reply(request: MailRequest, what: str) -> replies.Reply:
    """A reply to an authenticated player: it may quote his mail."""
    return replies.Reply(request.sender, replies.reply_subject(request, what))


def _act(request: MailRequest, log_row: InboundMail, now: datetime) -> Handled:
    if request.rejection is not None:
        result = Handled(request.rejection.code)
        log_row.detail = request.rejection.message
        if request.rejection.reply:
            reply = _reply(request, "not read")
            reply.add(replies.rejection_text(request.rejection))
            result.replies.append(reply)
        return result
    users = _users_at(request.sender)
    if request.heading is None:
        return _headless(request, users)
    problems = heading_problems(request.heading)
    if problems:
        reply = _reply(request, "not read")
        reply.add(replies.problems_text(problems, "Your mail was not read; its heading:"))
        return Handled(problems[0].code, [reply])
    found = _authenticate(request.heading, users)
    if found is None:
        reply = _reply(request, "not accepted")
        reply.add(replies.NOT_AUTHORISED)
        return Handled(E.MAIL_NOT_AUTHORISED.code, [reply])
    game, seat = found
    log_row.game, log_row.power, log_row.turn = game, seat.power, request.heading.turn
    return _seat_request(request, game, seat, log_row)


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
    given = heading.code.strip().lower().encode()
    if not hmac.compare_digest(given, seat.secret_code.strip().lower().encode()):
        return None
    game = seat.game
    if heading.power is not None and not _names_power(game, heading.power, seat.power):
        return None
    if heading.player_number is not None:
        powers = list(game.powers or [])
        n = heading.player_number
        if not 1 <= n <= len(powers) or powers[n - 1] != seat.power:
            return None
    return game, seat


def _names_power(game: Game, named: str, power: str) -> bool:
    """Whether ``named`` (a heading's ``P-FRANCE``, ``P-FRA``, ``P-france``) is ``power``: its
    code or its full name in the game's scenario, in any case (core.session.power_named)."""
    try:
        info = registry.game(game.game).info.scenario(game.scenario)
    except KeyError:
        return False
    try:
        return session.power_named(named, [power], dict(info.names)) == power
    except session.SessionError:
        return False


# --- without a heading ------------------------------------------------------------------------


def _headless(request: MailRequest, users: list[User]) -> Handled:
    """A mail without a heading: HELP, LIST, JOIN. The reply's subject says what it answers
    (``G-12 Friday game: JOIN accepted``, ``Umpire: LIST of your games``), as the umpire's
    other mails name their game and what they are."""
    names = [c.name for c in request.commands]
    reply = _reply(request, "reply")
    about: list[str] = []
    if "HELP" in names:
        reply.add(replies.help_text())
        about.append("help")
    if "LIST" in names:
        reply.add(_list_text(users))
        about.append("LIST of your games")
    joins = [_join(c, users, reply) for c in request.commands if c.name == "JOIN"]
    joins += [_takeover(c, users, reply) for c in request.commands if c.name == "TAKEOVER"]
    about += [subject for _, subject in joins]
    if joins and request.orders is None:
        reply.subject = _subject(about)
        return Handled(joins[0][0], [reply])
    if request.orders is not None or not ({"HELP", "LIST"} & set(names)):
        reply.add(replies.NO_HEADING)
        reply.subject = _subject([*about, "not read: no heading"])
        return Handled(E.MAIL_NO_HEADING.code, [reply])
    reply.subject = _subject(about)
    return Handled(_asked(names), [reply])


def _subject(about: list[str]) -> str:
    """A reply's subject from what it answers: one game's answer is headed as that game's
    mails are (``G-12 Friday game: ...``); anything else as the umpire's."""
    if len(about) == 1 and about[0].startswith("G-"):
        return about[0]
    return "Umpire: " + "; ".join(about)


def _join(
    command: Command, users: list[User], reply: replies.Reply, *, confirmed: bool = False
) -> tuple[str, str]:
    """JOIN G-12 choices: the sender's account joins the game with those preferences, through
    the service (which checks them as for every entrance). The reply quotes nothing the
    sender wrote but the game's number and the canonical preferences. Returns the outcome's
    code and what the reply's subject says of it.

    A From address can be forged, so a JOIN without a heading is carried out only with the
    confirmation code the umpire mails to the account's address in answer to it (the last
    choice, ``CONFIRM-<code>``: :func:`join_code`); a JOIN after a seat's heading and code
    needs none (``confirmed``)."""
    where = f"JOIN G-{command.game} (line {command.line})"
    game = Game.objects.filter(pk=int(command.game)).first() if users else None
    if game is not None and not (
        game.public or game.gm_id == users[0].pk or game.enrollments.filter(user=users[0]).exists()
    ):
        game = None  # a private game is not known to him (as on the web and in the API)
    if game is None:
        reply.add(replies.refused_text(where, E.MAIL_NOT_AUTHORISED.code, replies.NO_JOIN))
        return E.MAIL_NOT_AUTHORISED.code, f"JOIN G-{command.game} refused"
    preferences = list(command.preferences)
    given = _JOIN_CODE.fullmatch(preferences[-1]) if preferences else None
    if given is not None:
        preferences.pop()
    if not confirmed and (given is None or not _join_code_valid(users[0], game, given[1])):
        code = join_code(users[0], game)
        reply.add(_join_confirmation_text(where, game, code, wrong=given is not None))
        return E.MAIL_JOIN_UNCONFIRMED.code, f"G-{game.pk} {game.name}: JOIN to confirm"
    before = Enrollment.objects.filter(game=game, user=users[0]).first()
    try:
        message = lifecycle.join(game.pk, users[0], preferences)
    except SessionError as err:
        reply.add(replies.refused_text(where, err.code, err.message))
        return err.code, f"G-{game.pk} {game.name}: JOIN refused"
    kept = Enrollment.objects.filter(game=game, user=users[0]).first()
    listed = _named(game, kept.preferences) if kept and kept.preferences else "none"
    if before is not None:  # a JOIN again replaces the preferences given before: say so
        earlier = _named(game, before.preferences) or "none"
        listed += f"; they replace your earlier preferences: {earlier}"
    reply.add(f"{where}: {message} (your preferences: {listed}).")
    return E.MAIL_JOINED.code, f"G-{game.pk} {game.name}: JOIN accepted"


def _takeover(
    command: Command, users: list[User], reply: replies.Reply, *, confirmed: bool = False
) -> tuple[str, str]:
    """TAKEOVER G-12 FRA: the sender's account takes over the offered seat of FRA (or asks the
    game master for it), through the same use case as the web's button. As for a JOIN, a From
    address can be forged: without a heading it is carried out only with the confirmation code
    mailed to the account's address (``CONFIRM-<code>`` after the power). The reply quotes
    nothing the sender wrote but the game's number and the power as the game names it."""
    where = f"TAKEOVER G-{command.game} (line {command.line})"
    game = Game.objects.filter(pk=int(command.game)).first() if users else None
    if game is None or not (game.public or game.gm_id == users[0].pk):
        reply.add(replies.refused_text(where, E.MAIL_NOT_AUTHORISED.code, replies.NO_TAKEOVER))
        return E.MAIL_NOT_AUTHORISED.code, f"TAKEOVER G-{command.game} refused"
    power, *rest = command.preferences
    given = _JOIN_CODE.fullmatch(rest[0]) if rest else None
    if not confirmed and (given is None or not _join_code_valid(users[0], game, given[1])):
        code = join_code(users[0], game)
        first = (
            f"{where}: its confirmation code is wrong or too old: nothing was done."
            if rest
            else f"{where}: nothing was done yet. Anybody can write your address as a mail's "
            "sender, so a TAKEOVER is confirmed from your mailbox."
        )
        reply.add(
            f"{first}\nIf you sent it, send it again from this address with this code after "
            f"the power (good today and tomorrow):\n\n"
            f"    TAKEOVER G-{game.pk} <power> CONFIRM-{code}\n\n"
            f"If you did not send it, ignore this mail: nothing changed in G-{game.pk}."
        )
        return E.MAIL_TAKEOVER_UNCONFIRMED.code, f"G-{game.pk} {game.name}: TAKEOVER to confirm"
    try:
        said = takeover.take_over(game.pk, users[0], power, source="email")
    except SessionError as err:
        reply.add(replies.refused_text(where, err.code, err.message))
        return err.code, f"G-{game.pk} {game.name}: TAKEOVER refused"
    reply.add(f"{where}: {said}.")
    return E.MAIL_TAKEOVER.code, f"G-{game.pk} {game.name}: TAKEOVER accepted"


_JOIN_CODE = re.compile(r"CONFIRM-([0-9a-f]{12})", re.IGNORECASE)
# A JOIN confirmation code is good for the day it was mailed and the next.
JOIN_CODE_DAYS = 2


def join_code(user: User, game: Game, *, days_ago: int = 0) -> str:
    """The code that confirms a JOIN of ``game`` by ``user``: a keyed digest (the server's
    secret key) of the account, the game and the day, so only its mail tells it."""
    day = int(timezone.now().timestamp() // 86400) - days_ago
    digest = salted_hmac("umpire.mail.join", f"{user.pk}:{game.pk}:{day}").hexdigest()
    return digest[:12]


def _join_code_valid(user: User, game: Game, given: str) -> bool:
    return any(
        hmac.compare_digest(given.lower(), join_code(user, game, days_ago=n))
        for n in range(JOIN_CODE_DAYS)
    )


def _join_confirmation_text(where: str, game: Game, code: str, *, wrong: bool) -> str:
    """The answer to an unconfirmed JOIN: it quotes no choice the sender wrote (a forged mail
    must not relay text), only the game and the code to add."""
    first = (
        f"{where}: its confirmation code is wrong or too old: nothing was done."
        if wrong
        else f"{where}: nothing was done yet. Anybody can write your address as a mail's "
        f"sender, so a JOIN is confirmed from your mailbox."
    )
    return (
        f"{first}\nIf you sent it, send it again from this address with this code as its "
        f"last choice (good today and tomorrow):\n\n"
        f"    JOIN G-{game.pk} <your choices>, CONFIRM-{code}\n\n"
        f"If you did not send it, ignore this mail: you have not joined G-{game.pk} "
        f"{game.name} and your choices are unchanged."
    )


def _asked(names: list[str]) -> str:
    """The outcome of a mail that asked only for HELP and/or LIST."""
    if "HELP" in names and "LIST" in names:
        return E.MAIL_HELP_LIST.code
    return (E.MAIL_HELP if "HELP" in names else E.MAIL_LIST).code


def _list_text(users: list[User]) -> str:
    seats = (
        Seat.objects.filter(active=True, is_bot=False, user__in=users)
        .exclude(game__status=GameStatus.FINISHED)
        .select_related("game")
        .order_by("game_id")
    )
    seated = {seat.game_id for seat in seats}
    waiting = [
        e
        for e in Enrollment.objects.filter(user__in=users)
        .exclude(game__status=GameStatus.FINISHED)
        .select_related("game")
        .order_by("game_id")
        if e.game_id not in seated and (e.standby or e.game.status == GameStatus.FORMING)
    ]
    if not users or not (seats or waiting):
        return "LIST: no running games for this address.\n"
    lines = ["LIST: your games"]
    for joined in waiting:  # joined, no seat yet: a forming game, or standing by
        game = joined.game
        title = registry.get(game.game, game.scenario).info.title
        state = (
            "standing by to replace a player"
            if joined.standby
            else "joined; powers are assigned when the game starts"
        )
        prefs = _named(game, joined.preferences) or "none"
        lines.append(f"  G-{game.pk} {game.name} ({title}): {state} (your preferences: {prefs})")
    for seat in seats:
        game = seat.game
        status = present(game, Viewer(PLAYER, seat.power, seat.user_id), ("game",))["game"]
        label = status.get("label") or game.status
        number = (
            list(game.powers or []).index(seat.power) + 1
            if seat.power in (game.powers or [])
            else 0
        )
        player = f" (player [{number}])" if number else ""
        lines.append(
            f"  G-{game.pk} {game.name} ({status['title']}): {_named(game, [seat.power])}"
            f"{player}, {label}"
        )
        paused = game.status == GameStatus.PAUSED
        lines.append(f"      deadline {replies.deadline_of(game.deadline, paused=paused)}")
        if game.status != GameStatus.FORMING:
            lines.append(f"      heading: {heading_for(game, seat)}")
    return "\n".join(lines) + "\n"


# --- with a heading -------------------------------------------------------------------------


def _seat_request(request: MailRequest, game: Game, seat: Seat, log_row: InboundMail) -> Handled:
    assert request.heading is not None and seat.user is not None
    user = seat.user
    turn = request.heading.turn or 0
    names = [c.name for c in request.commands]
    ready = "READY" in names
    reply = _seat_reply(request, f"G-{game.pk} T-{turn} {seat.power}")
    codes: list[str] = []
    reply.add(replies.problems_text(request.problems, "Problems in your mail:"))
    reply.add(replies.unread_text(request.quoted, request.attachments))
    if "HELP" in names:
        reply.add(replies.help_text())
        reply.add(_game_help(game, seat.power))
    if "LIST" in names:
        reply.add(_list_text([user]))
    if request.orders is not None:
        codes.append(_orders(request, game, seat, user, turn, ready, reply, log_row))
    elif ready:
        codes.append(_ready(game, user, turn, reply))
    for press in request.press:
        signed = True if press.signed is None else press.signed
        try:
            to = ["all"] if press.broadcast else _recipients(game, press.recipients)
            messaging.send_message(game.pk, user, press.text, to=to, signed=signed)
        except SessionError as err:
            reply.add(replies.refused_text(f"Press (line {press.line})", err.code, err.message))
            codes.append(err.code)
        else:
            whom = "all powers" if press.broadcast else _named(game, to)
            how = "signed" if signed else "anonymous"
            reply.add(f"Press (line {press.line}) sent to {whom}, {how}.")
            if seat.secret_code and seat.secret_code.lower() in press.text.lower():
                reply.add(
                    f"Your secret code was in it: the recipients read it masked "
                    f"({masked(seat.secret_code)})."
                )
            codes.append(E.PRESS_SENT.code)
    if E.PRESS_SENT.code in codes:
        reply.add(_press_limit(user))
    for command in request.commands:
        if command.name == "REPORT":
            codes.append(_report(game, seat, command.turn, reply))
        elif command.name == "JOIN":  # the seat's code vouches for the sender
            codes.append(_join(command, [user], reply, confirmed=True)[0])
        elif command.name == "TAKEOVER":
            codes.append(_takeover(command, [user], reply, confirmed=True)[0])
        elif command.name == "MAPS":
            codes.append(_maps(user, command.on, reply))
        elif command.name == "AWAY":
            codes.append(_away(command, user, reply))
    if "NEWCODE" in names:
        rotate_code(seat, by="asked for by mail")
        reply.add(
            "NEWCODE: your seat has a new secret code, sent in a separate mail to the address "
            "registered on your account. The code in this mail's heading no longer works."
        )
        codes.append(E.CODE_ROTATED.code)
    if not codes and not ({"HELP", "LIST"} & set(names)):
        reply.add("Your mail has a heading but no orders, press or commands: nothing was done.")
        codes.append(E.MAIL_EMPTY.code)
    return Handled(codes[0] if codes else _asked(names), [reply], authenticated=True)


def _named(game: Game, powers: Sequence[str]) -> str:
    """``powers`` as a person reads them, in a line: "England (ENG), France (FRA)"."""
    return ", ".join(power_labels(game, powers))


def _recipients(game: Game, words: Sequence[str]) -> list[str]:
    """The seated powers a PRESS TO line names, by code or full name, or as a receipt shows
    them ("Great Britain (GB)"); SessionError ``game/unknown_power`` for a word naming none."""
    return session.powers_named(words, game.powers or [], scenario_names(game))


def rules_link(game: Game) -> Callable[[str], str]:
    """The address of a problem code's explanation on ``game``'s rules page, as the web
    receipt links it, made absolute with ``UMPIRE_SITE_URL``; "" when that is not set."""
    site = settings.UMPIRE_SITE_URL

    def link(code: str) -> str:
        path = problem_url(game.game, code, game.scenario) if site else ""
        return f"{site}{path}" if path else ""

    return link


def _game_help(game: Game, power: str) -> str:
    """HELP after a heading: the general page is followed by this game's own notation (the
    examples the game page shows ``power`` by the order box: his scenario's own where it has
    them, ``ScenarioInfo.order_help_for``, else ``GameInfo.order_help``) and the names of its
    powers, for the heading's P- and for PRESS TO."""
    try:
        info = registry.game(game.game).info
        scenario = info.scenario(game.scenario)
    except KeyError:
        return ""
    powers = power_labels(game, game.powers or [])
    title = f"ORDERS IN G-{game.pk}: {scenario.title}"
    examples = scenario.order_help_for(power) or info.order_help
    lines = [title, "-" * len(title), examples.rstrip("\n") or "(no examples given)"]
    if powers:
        lines += ["", "Powers: " + ", ".join(powers)]
    return "\n".join(lines) + "\n"


def _maps(user: User, on: bool, reply: replies.Reply) -> str:
    """MAPS ON / MAPS OFF: whether the player's printout mails carry the turn's map (an
    account-wide choice, as the account page's checkbox; only after a heading, since a From
    address alone can be forged)."""
    set_mail_maps(user, on)
    state = "carry" if on else "no longer carry"
    reply.add(
        f"MAPS {'ON' if on else 'OFF'}: your printout mails {state} the map of the turn as "
        "your game page shows it (an SVG attachment; a game without a map sends none)."
    )
    return E.MAPS_SET.code


def _away(command: Command, user: User, reply: replies.Reply) -> str:
    """AWAY <first day> <last day> [G-12] [SITTER name], or AWAY CANCEL [G-12]: the sender's
    absence, in every game he plays or in the one named (only after a heading: a From address
    alone can be forged). Every player of each game concerned is told."""
    where = f"AWAY (line {command.line})"
    game_id = int(command.game) if command.game else None
    try:
        if command.cancel:
            count = absences.cancel_absences(user, game_id=game_id)
        else:
            done = absences.declare_absence(
                user, command.start, command.end, game_id=game_id, sitter=command.sitter
            )
    except SessionError as err:
        reply.add(replies.refused_text(where, err.code, err.message))
        return err.code
    if command.cancel:
        reply.add(f"{where}: {count} absence(s) cancelled; the players of your games are told.")
        return E.AWAY_CANCELLED.code
    told = "\n".join(f"  G-{game.pk} {game.name}: {text}" for game, text in done.games)
    reply.add(f"{where}: absence declared. The players are told:\n{told}")
    return E.AWAY_DECLARED.code


def _press_limit(user: User) -> str:
    """The press limit, said under the press a mail sent (as a receipt says its cap)."""
    most, left = messaging.press_per_hour(), messaging.press_left(user)
    return f"Press is limited to {most} messages an hour per player: {left} left this hour."


def _orders(
    request: MailRequest,
    game: Game,
    seat: Seat,
    user: User,
    turn: int,
    ready: bool,
    reply: replies.Reply,
    log_row: InboundMail,
) -> str:
    assert request.orders is not None
    previous = (
        InboundMail.objects.filter(game=game, power=seat.power, turn=turn, orders=True)
        .order_by("-id")
        .first()
    )
    viewer = Viewer(PLAYER, seat.power, user.pk)
    earlier = _standing_orders(game, viewer)
    try:
        receipt = submissions.submit_orders(
            game.pk, user, request.orders, turn=turn, ready=ready, source="email"
        )
    except SessionError as err:
        link = rules_link(game)(err.code)
        reply.add(replies.refused_text("Your orders were", err.code, err.message, link))
        if err.code in REFUSED_WHOLE:  # the game takes orders: say what stands
            reply.add(replies.standing_text(earlier, f"turn {game.turn}"))
        return err.code
    if not receipt.stored:
        # The session's one rule for every entrance (docs/email.md, "Nothing accepted,
        # nothing changed"): a mail none of whose order lines is accepted changes nothing,
        # READY included; a typo'd command or a stray line never withdraws the orders sent
        # earlier. The receipt lists those that stand; CLEAR (or ORDERS alone) withdraws.
        present(game, viewer, ("receipt",), receipt=receipt)  # the choke point: his own
        waited = seat.power in (game.expected or [])
        expected = None if waited else power_labels(game, game.expected or [])
        reply.add(replies.kept_text(receipt.text(link=rules_link(game)), expected))
        return E.ORDERS_KEPT.code
    log_row.orders = True
    warnings: list[str] = []
    if previous is not None and previous.dated and request.date and request.date < previous.dated:
        warnings.append(
            replies.out_of_order_warning(request.date, previous.dated, previous.received_at)
        )
    game.refresh_from_db()
    shown = present(game, viewer, ("receipt",), receipt=receipt)["receipt"]
    reply.add(
        replies.receipt_text(
            receipt.text(link=rules_link(game)),
            count=len(shown["accepted"]),
            deadline=replies.deadline_of(game.deadline, paused=game.status == GameStatus.PAUSED),
            ready=ready,
            warnings=warnings,
            replaced=None if earlier is None else len(earlier),
        )
    )
    if ready and not receipt.ok:
        reply.add("Note: READY was taken although some lines had problems.")
    return (E.ORDERS_STORED if receipt.ok else E.ORDERS_PROBLEMS).code


# A submission refused whole while the game takes orders: the player's stored orders stand.
REFUSED_WHOLE = frozenset(
    c.code
    for c in (E.ORDERS_TOO_LARGE, TURN_STALE, SUBMISSION_TOO_LARGE, SUBMISSION_TOO_MANY_LINES)
)


def _standing_orders(game: Game, viewer: Viewer) -> list[str] | None:
    """The orders the power has stored for the current turn (its latest submission, in
    canonical form), or None when it has sent none."""
    stored = present(game, viewer, ("orders",))["orders"]["submissions"]
    return list(stored[-1]["orders"]) if stored else None


def _ready(game: Game, user: User, turn: int, reply: replies.Reply) -> str:
    try:
        submissions.set_ready(game.pk, user, turn=turn, ready=True)
    except SessionError as err:
        reply.add(replies.refused_text("READY", err.code, err.message))
        return err.code
    reply.add(f"You are marked READY for turn {turn}.")
    return E.ORDERS_READY.code


def _report(game: Game, seat: Seat, turn: int | None, reply: replies.Reply) -> str:
    viewer = Viewer(PLAYER, seat.power, seat.user_id)
    try:
        printout = present(game, viewer, ("printout",), turn=turn)["printout"]
    except SessionError as err:
        reply.add(replies.refused_text("REPORT", err.code, err.message))
        return err.code
    done = int(printout["turn"])
    what = f"your printout after turn {done}" if done else "the opening position (no turn yet)"
    reply.add(f"REPORT: {what}\n\n{printout['text']}")
    return E.REPORT_SENT.code
