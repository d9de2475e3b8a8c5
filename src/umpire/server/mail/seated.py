"""A mail whose heading proved a seat (:func:`handle_seat_request`): its orders, press and
commands (READY, REPORT, NEWCODE, MAPS, AWAY, JOIN, TAKEOVER, LEAVE, HELP...), each carried
out through the server's use cases, and the receipt."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.conf import settings
from django.contrib.auth.models import User

from umpire.core import registry
from umpire.core.errors import SUBMISSION_TOO_LARGE, SUBMISSION_TOO_MANY_LINES, TURN_STALE
from umpire.core.powers import powers_named
from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.accounts import set_mail_maps
from umpire.server.codes import masked
from umpire.server.mail import replies
from umpire.server.mail.command_lines import Command
from umpire.server.mail.headless import (
    asked,
    join,
    leave_game,
    list_text,
    named,
    takeover_seat,
)
from umpire.server.mail.models import InboundMail
from umpire.server.mail.outcome import Handled, seat_reply
from umpire.server.mail.parse import MailRequest
from umpire.server.models import Absence, Game, GameStatus, Seat
from umpire.server.outputs import PLAYER, Viewer, power_labels, present, scenario_names
from umpire.server.usecases import absences, messaging, submissions
from umpire.server.usecases.seats import rotate_code
from umpire.server.web.templatetags.umpire_howto import problem_url


def handle_seat_request(
    request: MailRequest,
    game: Game,
    seat: Seat,
    log_row: InboundMail,
    *,
    sitting: Absence | None = None,
) -> Handled:
    """Carry out a mail whose heading proved ``seat``: its holder's (his seat code), or, with
    ``sitting``, the sitter's that absence names (his sitter code, the absence running): he
    sends the seat's orders, READY and REPORT as the holder would (the use cases find the seat
    he sits), never its press, and none of the holder's own commands (NEWCODE, AWAY, JOIN,
    TAKEOVER, LEAVE: ``mail/not_for_sitter``)."""
    assert request.heading is not None and seat.user is not None
    user = seat.user if sitting is None else sitting.sitter
    assert user is not None
    turn = request.heading.turn or 0
    names = [c.name for c in request.commands]
    ready = "READY" in names
    reply = seat_reply(request, f"G-{game.pk} T-{turn} {seat.power}")
    codes: list[str] = []
    if sitting is not None:
        (label,) = power_labels(game, [seat.power])
        reply.add(
            f"You sit for {seat.user.username} ({label}) in G-{game.pk} until "
            f"{sitting.end.isoformat()}: the orders you send are the seat's, and "
            f"{seat.user.username} gets a copy of them."
        )
    reply.add(replies.problems_text(request.problems, "Problems in your mail:"))
    reply.add(replies.unread_text(request.quoted, request.attachments))
    if "HELP" in names:
        reply.add(replies.help_text())
        reply.add(_game_help(game, seat.power))
    if "LIST" in names:
        reply.add(list_text([user]))
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
            whom = "all powers" if press.broadcast else named(game, to)
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
        if sitting is not None and command.name in HOLDERS_OWN:
            codes.append(_not_for_sitter(command.name, command.line, reply))
        elif command.name == "REPORT":
            codes.append(_report(game, seat, user, command.turn, reply))
        elif command.name == "JOIN":  # the seat's code vouches for the sender
            codes.append(join(command, [user], reply, confirmed=True)[0])
        elif command.name == "TAKEOVER":
            codes.append(takeover_seat(command, [user], reply, confirmed=True)[0])
        elif command.name == "LEAVE":  # the seat's code vouches for the sender, as for JOIN
            codes.append(leave_game(command, [user], reply, confirmed=True)[0])
        elif command.name == "MAPS":
            codes.append(_maps(user, command.on, reply))
        elif command.name == "AWAY":
            codes.append(_away(command, user, reply))
    if "NEWCODE" in names and sitting is not None:
        line = next(c.line for c in request.commands if c.name == "NEWCODE")
        codes.append(_not_for_sitter("NEWCODE", line, reply))
    elif "NEWCODE" in names:
        rotate_code(seat, by="asked for by mail")
        reply.add(
            "NEWCODE: your seat has a new secret code, sent in a separate mail to the address "
            "registered on your account. The code in this mail's heading no longer works."
        )
        codes.append(E.CODE_ROTATED.code)
    if not codes and not ({"HELP", "LIST"} & set(names)):
        reply.add("Your mail has a heading but no orders, press or commands: nothing was done.")
        codes.append(E.MAIL_EMPTY.code)
    return Handled(codes[0] if codes else asked(names), [reply], authenticated=True)


# What only the seat's holder may ask for: a sitter's mail has these refused, line by line.
HOLDERS_OWN = frozenset({"AWAY", "JOIN", "TAKEOVER", "LEAVE"})


def _not_for_sitter(name: str, line: int, reply: replies.Reply) -> str:
    refused = E.MAIL_NOT_FOR_SITTER
    reply.add(replies.refused_text(f"{name} (line {line})", refused.code,
                                   refused.message(command=name)))  # fmt: skip
    return refused.code


def _recipients(game: Game, words: Sequence[str]) -> list[str]:
    """The seated powers a PRESS TO line names, by code or full name, or as a receipt shows
    them ("Great Britain (GB)"); SessionError ``game/unknown_power`` for a word naming none."""
    return powers_named(words, game.powers or [], scenario_names(game))


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


def _report(game: Game, seat: Seat, user: User, turn: int | None, reply: replies.Reply) -> str:
    """REPORT [turn]: the seat's printout, read as its viewer (its holder, or his sitter:
    what the game page shows him while he sits)."""
    viewer = Viewer(PLAYER, seat.power, user.pk)
    try:
        printout = present(game, viewer, ("printout",), turn=turn)["printout"]
    except SessionError as err:
        reply.add(replies.refused_text("REPORT", err.code, err.message))
        return err.code
    done = int(printout["turn"])
    what = f"your printout after turn {done}" if done else "the opening position (no turn yet)"
    reply.add(f"REPORT: {what}\n\n{printout['text']}")
    return E.REPORT_SENT.code
