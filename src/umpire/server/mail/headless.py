"""A mail without a heading (:func:`handle_headless`): HELP, LIST, JOIN, TAKEOVER and LEAVE,
the last three carried out only with the confirmation code mailed to the account's address (a
mail's From can be forged); also the pieces a mail with a heading shares (JOIN, TAKEOVER,
LEAVE and LIST there too)."""

from __future__ import annotations

import hmac
import re
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.crypto import salted_hmac

from umpire.core import registry
from umpire.core.session import SessionError
from umpire.server import absence
from umpire.server import errors as E
from umpire.server.mail import replies
from umpire.server.mail.command_lines import Command
from umpire.server.mail.news import heading_for, sitter_heading
from umpire.server.mail.outcome import Handled, open_reply
from umpire.server.mail.parse import MailRequest
from umpire.server.models import Absence, Enrollment, Game, GameStatus, Seat
from umpire.server.outputs import PLAYER, Viewer, power_labels, present
from umpire.server.usecases import leaving, lifecycle, takeover
from umpire.server.usecases.common import may_know


def handle_headless(request: MailRequest, users: list[User]) -> Handled:
    """A mail without a heading: HELP, LIST, JOIN. The reply's subject says what it answers
    (``G-12 Friday game: JOIN accepted``, ``Umpire: LIST of your games``), as the umpire's
    other mails name their game and what they are."""
    names = [c.name for c in request.commands]
    reply = open_reply(request, "reply")
    about: list[str] = []
    if "HELP" in names:
        reply.add(replies.help_text())
        about.append("help")
    if "LIST" in names:
        reply.add(list_text(users))
        about.append("LIST of your games")
    joins = [join(c, users, reply) for c in request.commands if c.name == "JOIN"]
    joins += [takeover_seat(c, users, reply) for c in request.commands if c.name == "TAKEOVER"]
    joins += [leave_game(c, users, reply) for c in request.commands if c.name == "LEAVE"]
    about += [subject for _, subject in joins]
    if joins and request.orders is None:
        reply.subject = _subject(about)
        return Handled(joins[0][0], [reply])
    if request.orders is not None or not ({"HELP", "LIST"} & set(names)):
        reply.add(replies.NO_HEADING)
        reply.subject = _subject([*about, "not read: no heading"])
        return Handled(E.MAIL_NO_HEADING.code, [reply])
    reply.subject = _subject(about)
    return Handled(asked(names), [reply])


def _subject(about: list[str]) -> str:
    """A reply's subject from what it answers: one game's answer is headed as that game's
    mails are (``G-12 Friday game: ...``); anything else as the umpire's."""
    if len(about) == 1 and about[0].startswith("G-"):
        return about[0]
    return "Umpire: " + "; ".join(about)


def join(
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
    listed = named(game, kept.preferences) if kept and kept.preferences else "none"
    if before is not None:  # a JOIN again replaces the preferences given before: say so
        earlier = named(game, before.preferences) or "none"
        listed += f"; they replace your earlier preferences: {earlier}"
    reply.add(f"{where}: {message} (your preferences: {listed}).")
    return E.MAIL_JOINED.code, f"G-{game.pk} {game.name}: JOIN accepted"


def takeover_seat(
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


def leave_game(
    command: Command, users: list[User], reply: replies.Reply, *, confirmed: bool = False
) -> tuple[str, str]:
    """LEAVE G-12: the sender's account leaves the game (gives up its power, or withdraws its
    sign-up from a game not yet started), through the same use case as the web's button. A
    From address can be forged and leaving cannot be undone, so without a heading it is
    carried out only with the confirmation code mailed to the account's address
    (``CONFIRM-<code>`` after the game; a code of its own, :func:`join_code` with ``leave``:
    the code that confirms a JOIN does not confirm a LEAVE); after the heading and code of a
    seat the sender holds, none is needed (``confirmed``)."""
    where = f"LEAVE G-{command.game} (line {command.line})"
    game = Game.objects.filter(pk=int(command.game)).first() if users else None
    if game is None or not may_know(game, users[0]):
        reply.add(replies.refused_text(where, E.MAIL_NOT_AUTHORISED.code, replies.NO_LEAVE))
        return E.MAIL_NOT_AUTHORISED.code, f"LEAVE G-{command.game} refused"
    given = _JOIN_CODE.fullmatch(command.preferences[0]) if command.preferences else None
    if not confirmed and (
        given is None or not _join_code_valid(users[0], game, given[1], purpose="leave")
    ):
        code = join_code(users[0], game, purpose="leave")
        first = (
            f"{where}: its confirmation code is wrong or too old: nothing was done."
            if command.preferences
            else f"{where}: nothing was done yet. Anybody can write your address as a mail's "
            "sender, so a LEAVE is confirmed from your mailbox."
        )
        reply.add(
            f"{first}\nIf you sent it and mean it, send it again from this address with this "
            f"code (good today and tomorrow):\n\n"
            f"    LEAVE G-{game.pk} CONFIRM-{code}\n\n"
            f"If you did not send it, ignore this mail: nothing changed in G-{game.pk}."
        )
        return E.MAIL_LEAVE_UNCONFIRMED.code, f"G-{game.pk} {game.name}: LEAVE to confirm"
    try:
        said = leaving.leave(game.pk, users[0], source="email")
    except SessionError as err:
        reply.add(replies.refused_text(where, err.code, err.message))
        return err.code, f"G-{game.pk} {game.name}: LEAVE refused"
    reply.add(f"{where}: {said}.")
    return E.MAIL_LEFT.code, f"G-{game.pk} {game.name}: LEAVE accepted"


_JOIN_CODE = re.compile(r"CONFIRM-([0-9a-f]{12})", re.IGNORECASE)
# A JOIN confirmation code is good for the day it was mailed and the next.
JOIN_CODE_DAYS = 2


def join_code(user: User, game: Game, *, days_ago: int = 0, purpose: str = "join") -> str:
    """The code that confirms a JOIN (or TAKEOVER) of ``game`` by ``user``, or with
    ``purpose="leave"`` a LEAVE: a keyed digest (the server's secret key) of the account, the
    game and the day, so only its mail tells it."""
    day = int(timezone.now().timestamp() // 86400) - days_ago
    digest = salted_hmac(f"umpire.mail.{purpose}", f"{user.pk}:{game.pk}:{day}").hexdigest()
    return digest[:12]


def _join_code_valid(user: User, game: Game, given: str, *, purpose: str = "join") -> bool:
    return any(
        hmac.compare_digest(given.lower(), join_code(user, game, days_ago=n, purpose=purpose))
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


def asked(names: list[str]) -> str:
    """The outcome of a mail that asked only for HELP and/or LIST."""
    if "HELP" in names and "LIST" in names:
        return E.MAIL_HELP_LIST.code
    return (E.MAIL_HELP if "HELP" in names else E.MAIL_LIST).code


def list_text(users: list[User]) -> str:
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
    sat = absence.sat_by([u.pk for u in users], timezone.now())
    if not users or not (seats or waiting or sat):
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
        prefs = named(game, joined.preferences) or "none"
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
            f"  G-{game.pk} {game.name} ({status['title']}): {named(game, [seat.power])}"
            f"{player}, {label}"
        )
        paused = game.status == GameStatus.PAUSED
        lines.append(f"      deadline {replies.deadline_of(game.deadline, paused=paused)}")
        if game.status != GameStatus.FORMING:
            lines.append(f"      heading: {heading_for(game, seat)}")
    lines += _sitting_lines(sat)
    return "\n".join(lines) + "\n"


def _sitting_lines(sat: Sequence[tuple[Game, Seat, Absence]]) -> list[str]:
    """The seats the sender sits today: the game, the power and the absence's last day, and
    his heading with his own sitter code masked; nothing else of the seat or its holder (no
    deadline, no seat code)."""
    lines = []
    for game, seat, row in sat:
        title = registry.get(game.game, game.scenario).info.title
        lines.append(
            f"  G-{game.pk} {game.name} ({title}): you sit {named(game, [seat.power])} "
            f"until {row.end.isoformat()}"
        )
        if row.sitter_code:
            lines.append(f"      heading: {sitter_heading(game, seat, row.sitter_code)}")
    return lines


def named(game: Game, powers: Sequence[str]) -> str:
    """``powers`` as a person reads them, in a line: "England (ENG), France (FRA)"."""
    return ", ".join(power_labels(game, powers))
