"""From the raw bytes of one mail to a structured request (pure: no Django, no I/O).

:func:`parse_mail` never raises. Whatever the bytes, it returns a :class:`MailRequest` that
either carries a :class:`Rejection` (the mail cannot be acted on: HTML only, no sender, an
automatic reply...) or the heading, commands, order text and press found in the mail, with
every problem of the mail itself (an unreadable heading field, an unknown command) by line.

The body is cleaned in this order (see ``help.txt`` for what players are told; step 1 is
:mod:`.envelope`'s, steps 2 and 3 :mod:`.body`'s; the heading is read by :mod:`.heading`):

1. the first ``text/plain`` part that is not an attachment is taken (an HTML-only mail is
   rejected; quoted-printable and base64 are decoded; text in an unknown charset, or not
   valid in the one it declares, is read as UTF-8 if it is valid UTF-8, else as
   Windows-1252);
2. ``format=flowed`` soft breaks (RFC 3676) are joined; everything from a signature
   separator (``-- ``), an ``-----Original Message-----`` line or Outlook's rule of
   underscores above a ``From:`` line on is dropped; quoted lines (``>``) and the
   ``... wrote:`` line above them are dropped;
3. a line that a mail program wrapped is joined to its continuation: a line of 60 characters
   or more whose next word would not have fitted within 72 columns (so wrapping at 72 or at
   78 is caught), unless the next line is blank, quoted, a command or a heading.

Line numbers in problems and in the order text are those of the decoded body as sent, so
that a receipt's "line 7" is the seventh line of the player's own message.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from email.message import Message
from typing import Any

from umpire.core.errors import Code
from umpire.core.problems import Problem
from umpire.server import errors as E
from umpire.server.mail.body import clean_body, quoted_count
from umpire.server.mail.command_lines import (
    PRESS_END,
    Command,
    away_of,
    command_of,
    join_of,
    leave_of,
    takeover_of,
)
from umpire.server.mail.envelope import (
    attachment_names,
    automatic,
    date_of,
    header,
    message_id_of,
    plain_text,
    sane,
    sender_of,
)
from umpire.server.mail.heading import (
    Heading,
    digits,
    mask_codes,
    parse_heading,
    same_seat,
)

MAX_MIB = 1  # a larger mail is rejected unread; written "1 MiB" (as the server's other limits)
MAX_BYTES = MAX_MIB * 1024 * 1024

SIGNED = "SIGNED"
ANONYMOUS = "ANONYMOUS"

VOID = "\x00void"  # the text of an unreadable press block, skipped up to its ENDPRESS


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why a mail cannot be acted on at all; ``reply`` False: log it, do not answer."""

    code: str
    message: str
    reply: bool = True

    @classmethod
    def of(cls, code: Code, reply: bool = True, **fields: Any) -> Rejection:
        """The rejection of a declared code, its message filled in."""
        return cls(code.code, code.message(**fields), reply)


@dataclass(frozen=True, slots=True)
class Press:
    line: int
    recipients: tuple[str, ...]  # as written; empty for a broadcast
    broadcast: bool
    signed: bool | None  # None: the player did not say (the game's default applies)
    text: str


@dataclass(slots=True)
class MailRequest:
    sender: str  # the From address, lower-cased; "" when there is none
    sender_name: str
    subject: str
    message_id: str  # the Message-ID, or a digest of the bytes when the mail has none
    date: datetime | None  # the Date header (aware, UTC) when readable
    heading: Heading | None = None
    commands: list[Command] = field(default_factory=list)
    orders: str | None = None  # None: no orders in the mail; else text numbered as the body
    press: list[Press] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    rejection: Rejection | None = None
    body_lines: int = 0
    quoted: int = 0  # quoted lines (``>``) left unread, above any signature
    attachments: list[str] = field(default_factory=list)  # file names, never read


# ---------------------------------------------------------------------------- commands


def _press_open(line: str, number: int) -> tuple[Press | None, Problem | None]:
    words = line.replace(",", " ").split()
    head = words[0].upper()
    rest = [w.upper() for w in words[1:]]
    signed: bool | None = None
    if rest and rest[-1] in (SIGNED, ANONYMOUS):
        signed = rest.pop() == SIGNED
    if head == "BROADCAST":
        if rest:
            return None, E.MAIL_BAD_PRESS.problem(number, line, form="BROADCAST")
        return Press(number, (), True, signed, ""), None
    if not rest or rest[0] != "TO" or len(rest) < 2:
        return None, E.MAIL_BAD_PRESS.problem(number, line, form="PRESS TO <power> <power>...")
    return Press(number, tuple(words[2 : 2 + len(rest) - 1]), False, signed, ""), None


def _interpret(request: MailRequest, lines: list[str]) -> None:
    """Heading, commands, orders and press out of the cleaned body lines."""
    order_lines = [""] * len(lines)
    has_orders = False
    explicit_orders = False
    press: Press | None = None
    press_text: list[str] = []

    def close_press() -> None:
        nonlocal press
        if press is not None and press.text == VOID:  # an unreadable PRESS line: dropped
            press = None
            press_text.clear()
        if press is not None:
            text = "\n".join(press_text).strip("\n")
            request.press.append(
                Press(press.line, press.recipients, press.broadcast, press.signed, text)
            )
            press = None
            press_text.clear()

    for index, line in enumerate(lines):
        number = index + 1
        stripped = line.strip()
        if press is not None:
            if " ".join(stripped.upper().split()) in PRESS_END:
                close_press()
            else:
                press_text.append(line)
            continue
        if not stripped:
            continue
        if request.heading is not None and (again := parse_heading(stripped, number)):
            # A second heading (pasted twice, or another game's): never an order line, and
            # never quoted back with its code. The same seat's is ignored; another game's,
            # turn's or power's refuses the mail (ruling in docs/email.md, "Two headings").
            if same_seat(request.heading, again):
                request.problems.append(
                    E.MAIL_SECOND_HEADING.problem(
                        number, mask_codes(stripped), first=request.heading.line
                    )
                )
            elif request.rejection is None:
                request.rejection = Rejection.of(
                    E.MAIL_TWO_HEADINGS, first=request.heading.line, second=number
                )
            continue
        if explicit_orders:  # after ORDERS, the rest of the mail is orders
            order_lines[index] = stripped
            continue
        if request.heading is None:
            heading = parse_heading(stripped, number)
            if heading is not None:
                request.heading = heading
                # A greeting above the heading is no order: reported, never applied.
                for before, text in enumerate(order_lines[:index]):
                    if text:
                        request.problems.append(E.MAIL_BEFORE_HEADING.problem(before + 1, text))
                        order_lines[before] = ""
                has_orders = False
                continue
        command = command_of(stripped)
        if command is None:
            order_lines[index] = stripped
            has_orders = True
            continue
        if command in ("PRESS", "BROADCAST"):
            opened, problem = _press_open(stripped, number)
            if problem is not None:
                request.problems.append(problem)
            press = opened
            if press is None:  # an unreadable press line: skip its text up to ENDPRESS
                press = Press(number, (), False, None, VOID)
            continue
        if command == "ENDPRESS":
            request.problems.append(E.MAIL_STRAY_ENDPRESS.problem(number, stripped))
            continue
        if command == "ORDERS":
            explicit_orders = True
            continue
        if command == "MAPS":
            words = stripped.upper().split()
            if len(words) == 2 and words[1] in ("ON", "OFF"):
                request.commands.append(Command("MAPS", number, on=words[1] == "ON"))
            else:
                request.problems.append(E.MAIL_BAD_MAPS.problem(number, stripped))
            continue
        if command == "AWAY":
            away = away_of(stripped, number)
            if away is not None:
                request.commands.append(away)
            else:
                request.problems.append(E.MAIL_BAD_AWAY.problem(number, stripped))
            continue
        if command == "JOIN":
            joined = join_of(stripped, number)
            assert joined is not None
            request.commands.append(joined)
            continue
        if command == "TAKEOVER":
            taking = takeover_of(stripped, number)
            assert taking is not None
            request.commands.append(taking)
            continue
        if command == "LEAVE":
            leaving = leave_of(stripped, number)
            assert leaving is not None
            request.commands.append(leaving)
            continue
        turn = None
        if command == "REPORT":
            words = stripped.split()
            if len(words) > 2 or (len(words) == 2 and not (digits(words[1]) and len(words[1]) < 7)):
                order_lines[index] = stripped  # not the REPORT command: let the game judge it
                has_orders = True
                continue
            if len(words) == 2 and len(words[1]) < 7:
                turn = int(words[1])
        request.commands.append(Command(command, number, turn))
    close_press()
    if has_orders or explicit_orders:
        request.orders = "\n".join(order_lines)


# ---------------------------------------------------------------------------- entry


def _bare_subject(subject: str) -> str:
    """The Subject without reply and forward prefixes (``Re:``, ``Fwd:``, ``AW:``...) and the
    ``[G-12 T-3 FRANCE]`` tag the umpire puts on its replies: a player who replies to a
    receipt keeps the heading he wrote in the Subject."""
    bare = subject.strip()
    while True:
        stripped = re.sub(r"^(re|fwd?|aw|wg|sv|vs|tr)\s*(\[\d+\])?\s*:\s*", "", bare, flags=re.I)
        if stripped == bare:
            break
        bare = stripped
    return re.sub(r"\s*\[G-[^\[\]]*\]$", "", bare)


def parse_mail(raw: bytes) -> MailRequest:
    """The request in one mail's raw bytes (RFC 5322); never raises."""
    try:
        return _parse(raw)
    except Exception as err:  # the last guard: a reply, never an exception
        digest = hashlib.sha256(raw if isinstance(raw, bytes) else b"").hexdigest()
        return MailRequest(
            sender="",
            sender_name="",
            subject="",
            message_id=f"<sha256-{digest}@umpire.invalid>",
            date=None,
            rejection=Rejection.of(E.MAIL_UNREADABLE, False, error=type(err).__name__),
        )


def _parse(raw: bytes) -> MailRequest:
    if len(raw) > MAX_BYTES:
        msg: Message = email.message_from_bytes(raw[:65536], policy=email.policy.compat32)
    else:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    sender, name = sender_of(msg)
    request = MailRequest(
        sender=sender,
        sender_name=name,
        subject=header(msg, "Subject")[:200] if sane(header(msg, "Subject")) else "",
        message_id=message_id_of(msg, raw),
        date=date_of(msg),
    )
    if not sender:
        request.rejection = Rejection.of(E.MAIL_NO_SENDER, False)
        return request
    if automatic(msg, sender):
        request.rejection = Rejection.of(E.MAIL_AUTOMATIC, False)
        return request
    if len(raw) > MAX_BYTES:
        request.rejection = Rejection.of(E.MAIL_TOO_LARGE, mib=MAX_MIB)
        return request
    text, html = plain_text(msg)
    request.attachments = attachment_names(msg)
    if text is None:
        if html:
            request.rejection = Rejection.of(E.MAIL_HTML_ONLY)
        else:
            request.rejection = Rejection.of(E.MAIL_NO_TEXT)
        return request
    lines = clean_body(text)
    request.body_lines = len(lines)
    request.quoted = quoted_count(text)
    _interpret(request, lines)
    subject = _bare_subject(request.subject)
    if request.heading is None and not request.commands and request.orders is None:
        subject_heading = parse_heading(subject, 0)
        subject_command = command_of(request.subject)
        if subject_heading is not None:
            request.heading = subject_heading
        elif subject_command in ("HELP", "LIST"):
            request.commands.append(Command(subject_command, 0))
    elif request.heading is None:
        subject_heading = parse_heading(subject, 0)
        if subject_heading is not None:
            request.heading = subject_heading
    return request
