"""From the raw bytes of one mail to a structured request (pure: no Django, no I/O).

:func:`parse_mail` never raises. Whatever the bytes, it returns a :class:`MailRequest` that
either carries a :class:`Rejection` (the mail cannot be acted on: HTML only, no sender, an
automatic reply...) or the heading, commands, order text and press found in the mail, with
every problem of the mail itself (an unreadable heading field, an unknown command) by line.

The body is cleaned in this order (see ``help.txt`` for what players are told):

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
from datetime import UTC, datetime
from email.message import Message
from email.utils import getaddresses, parsedate_to_datetime
from typing import Any

from umpire.core.errors import Code
from umpire.core.problems import Problem
from umpire.core.submission import INVISIBLE
from umpire.server import errors as E
from umpire.server.codes import masked

MAX_MIB = 1  # a larger mail is rejected unread; written "1 MiB" (as the server's other limits)
MAX_BYTES = MAX_MIB * 1024 * 1024
WRAP_COLUMNS = 72
WRAP_MIN_LENGTH = 60

SIGNED = "SIGNED"
ANONYMOUS = "ANONYMOUS"

# Commands that stand alone on a line; PRESS/BROADCAST open a press block.
LINE_COMMANDS = ("HELP", "LIST", "ORDERS", "REPORT", "READY", "NEWCODE")
PRESS_END = ("ENDPRESS", "END PRESS")
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
class Heading:
    """``G-12 T-3 P-FRANCE C-x7k2p9``: game, turn, power (or ``[n]``) and secret code."""

    line: int
    game: str
    turn: int | None = None
    power: str | None = None
    player_number: int | None = None
    code: str | None = None
    unreadable: bool = False  # an unknown or repeated field


@dataclass(frozen=True, slots=True)
class Command:
    name: str  # HELP, LIST, REPORT, READY, NEWCODE, JOIN, TAKEOVER, MAPS, AWAY
    line: int
    turn: int | None = None  # REPORT [turn]
    game: str = ""  # JOIN G-12, TAKEOVER G-12: the game's number
    # JOIN G-12 <choice>, <choice>, ...: as written; TAKEOVER G-12 <power> [CONFIRM-<code>]:
    # the power, then the confirmation code if given.
    preferences: tuple[str, ...] = ()
    on: bool = False  # MAPS ON (True) or MAPS OFF
    start: str = ""  # AWAY <start> <end> [G-12] [SITTER name]: the days as written
    end: str = ""
    sitter: str = ""
    cancel: bool = False  # AWAY CANCEL [G-12]


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


# ---------------------------------------------------------------------------- headers


def _header(msg: Message, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:  # a malformed header the policy cannot even fold
        return ""
    if value is None:
        return ""
    try:
        return " ".join(str(value).split())
    except Exception:
        return ""


def digits(text: str | None) -> bool:
    """ASCII digits only: ``"²".isdigit()`` is true, but ``int("²")`` fails."""
    return bool(text) and re.fullmatch(r"[0-9]+", text or "") is not None


def _sane(text: str) -> bool:
    """Printable, valid UTF-8: no NUL or control character, no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return not any(ord(c) < 32 or ord(c) == 127 for c in text)


def _sender(msg: Message) -> tuple[str, str]:
    raw = _header(msg, "From")
    try:
        pairs = getaddresses([raw])
    except Exception:
        return "", ""
    for name, addr in pairs:
        addr = addr.strip()
        if len(addr) > 254 or not _sane(addr):  # refused, never answered (see _parse)
            return "", ""
        if re.fullmatch(r"[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+", addr):
            return addr.lower(), name.strip()[:200] if _sane(name) else ""
    return "", ""


def _date(msg: Message) -> datetime | None:
    raw = _header(msg, "Date")
    if not raw:
        return None
    try:
        when = parsedate_to_datetime(raw)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        return when.astimezone(UTC)
    except (ValueError, OverflowError):
        return None


def _message_id(msg: Message, raw: bytes) -> str:
    value = _header(msg, "Message-ID").strip()
    if not _sane(value):  # a poison id: the mail's digest names it instead
        value = ""
    match = re.search(r"<[^<>\s]+>", value)
    if match:
        return match.group(0)[:250]
    if value:
        return value[:250]
    return f"<sha256-{hashlib.sha256(raw).hexdigest()}@umpire.invalid>"


def _automatic(msg: Message, sender: str) -> bool:
    """A bounce, an auto-reply or list traffic: never answered (no mail loops)."""
    auto = _header(msg, "Auto-Submitted").lower()
    if auto and auto != "no":
        return True
    if _header(msg, "Precedence").lower() in ("bulk", "junk", "list"):
        return True
    if _header(msg, "X-Autoreply") or _header(msg, "X-Autorespond"):
        return True
    local = sender.split("@", 1)[0]
    return local in ("mailer-daemon", "postmaster") or _header(msg, "Return-Path") == "<>"


# ---------------------------------------------------------------------------- body


def _decode(part: Message) -> str:
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    if not isinstance(payload, bytes):
        raw = part.get_payload()
        return raw if isinstance(raw, str) else ""
    charset = part.get_content_charset() or "utf-8"
    try:
        return payload.decode(charset)
    except (LookupError, ValueError):  # an unknown charset, or bytes it cannot hold
        return _guess(payload)


def _guess(payload: bytes) -> str:
    """Text whose declared charset is unknown or wrong (8-bit bytes in "us-ascii"): UTF-8
    if it is valid UTF-8, else Windows-1252 (the usual mislabelled charset, a superset of
    Latin-1's printable characters), so that press keeps its accents; never fails."""
    try:
        return payload.decode("utf-8")
    except UnicodeDecodeError:
        return payload.decode("cp1252", errors="replace")


def _plain_text(msg: Message) -> tuple[str | None, bool]:
    """(the first inline text/plain part, whether some HTML was seen)."""
    html = False
    try:
        parts = list(msg.walk())
    except Exception:
        parts = [msg]
    for part in parts:
        try:
            if part.is_multipart():
                continue
            ctype = part.get_content_type()
            disposition = (part.get_content_disposition() or "").lower()
        except Exception:
            continue
        if disposition == "attachment":
            continue
        if ctype == "text/plain":
            text = _decode(part)
            if _is_flowed(part):
                text = _unflow(text, delsp=_param(part, "delsp").lower() == "yes")
            return text, html
        if ctype == "text/html":
            html = True
    return None, html


def _param(part: Message, name: str) -> str:
    try:
        value = part.get_param(name)
    except Exception:
        return ""
    return value if isinstance(value, str) else ""


def _is_flowed(part: Message) -> bool:
    return _param(part, "format").lower() == "flowed"


def _unflow(text: str, *, delsp: bool) -> str:
    """RFC 3676: a line ending in a space continues on the next (signature line excepted).

    Joined lines are replaced by empty lines so that line numbers stay those of the mail.
    """
    out: list[str] = []
    pending: str | None = None
    blanks = 0
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if line.startswith(" "):  # space-stuffing
            line = line[1:]
        if pending is not None:
            pending += line
            blanks += 1
        else:
            pending = line
        if pending.endswith(" ") and pending != "-- ":
            if delsp:
                pending = pending[:-1]
            continue
        out.append(pending)
        out.extend([""] * blanks)
        pending, blanks = None, 0
    if pending is not None:
        out.append(pending)
        out.extend([""] * blanks)
    return "\n".join(out)


_ORIGINAL = re.compile(r"-{2,}\s*(Original Message|Forwarded message)\s*-{2,}", re.I)
_RULE = re.compile(r"_{10,}")  # Outlook's line above the quoted mail's From:/Sent: block


def _own_text_ends(lines: list[str], i: int) -> bool:
    """Whether line ``i`` starts what is not the sender's own text: a signature separator,
    an ``-----Original Message-----`` (or forwarded-message) line, or Outlook's rule of
    underscores followed by a ``From:`` line (a reply that quotes without ``>``)."""
    line = lines[i].strip()
    if lines[i] in ("--", "-- ") or _ORIGINAL.fullmatch(line):
        return True
    if _RULE.fullmatch(line):
        nxt = next((ln.strip() for ln in lines[i + 1 :] if ln.strip()), "")
        return nxt.lower().startswith("from:")
    return False


def _attachment_names(msg: Message) -> list[str]:
    """The file names of the mail's attachments (never read), printable and shortened."""
    names: list[str] = []
    try:
        parts = list(msg.walk())
    except Exception:
        return names
    for part in parts:
        try:
            if part.is_multipart() or (part.get_content_disposition() or "") != "attachment":
                continue
            name = part.get_filename() or part.get_content_type()
        except Exception:
            continue
        name = " ".join(str(name).split())[:80]
        names.append(name if name and _sane(name) else "(unnamed)")
    return names[:20]


def _quoted_count(text: str) -> int:
    """How many quoted lines (``>``) the body has above its signature (cf. clean_body)."""
    lines = [ln.rstrip() for ln in text.splitlines()]
    count = 0
    for i, line in enumerate(lines):
        if _own_text_ends(lines, i):
            break
        count += line.lstrip().startswith(">")
    return count


def clean_body(text: str) -> list[str]:
    """The body's lines with signature, quotations and wraps dealt with (same count)."""
    # str.splitlines, as the games' own parsers split, so line numbers agree with theirs
    lines = text.splitlines()
    lines = [ln.replace("\x00", "").translate(INVISIBLE).rstrip() for ln in lines]
    for i in range(len(lines)):
        if _own_text_ends(lines, i):
            lines[i:] = [""] * (len(lines) - i)
            break
    quoted = [ln.lstrip().startswith(">") for ln in lines]
    for i, line in enumerate(lines):
        if quoted[i]:
            lines[i] = ""
        elif line.strip().endswith("wrote:"):
            nxt = next((j for j in range(i + 1, len(lines)) if lines[j].strip()), None)
            if nxt is not None and quoted[nxt]:
                lines[i] = ""
    return _unwrap(lines)


def _wrapped(line: str, nxt: str) -> bool:
    """Whether ``nxt`` looks like the continuation of ``line`` wrapped by a mail program."""
    words = nxt.split()
    return (
        len(line) >= WRAP_MIN_LENGTH
        and bool(words)
        and not nxt.startswith((" ", "\t"))
        and len(line) + 1 + len(words[0]) > WRAP_COLUMNS
        and _command_of(nxt) is None
        and parse_heading(nxt, 0) is None
    )


def _unwrap(lines: list[str]) -> list[str]:
    """Join wrapped lines; each joined continuation leaves an empty line (numbering kept)."""
    out = list(lines)
    i = 0
    while i < len(out):
        j = i + 1
        tail = out[i]  # the last physical line decides whether the next continues it
        while j < len(out) and _wrapped(tail, out[j]):
            tail = out[j]
            out[i] = f"{out[i]} {tail.strip()}"
            out[j] = ""
            j += 1
        i = j
    return out


# ---------------------------------------------------------------------------- heading

_FIELD = re.compile(r"([A-Za-z]+)-(\S+)")
_WORD_FIELDS = {"GAME": "G", "TURN": "T", "POWER": "P", "CODE": "C", "PLAYER": "N"}


def parse_heading(line: str, number: int) -> Heading | None:
    """The heading on ``line``, or None when the line is not a heading.

    A heading starts with the game field (``G-12`` or ``GAME 12``); the other fields follow in
    any order: ``T-3`` / ``TURN 3``, ``P-FRANCE`` / ``POWER FRANCE``, ``[2]`` / ``PLAYER 2``,
    ``C-x7k2`` / ``CODE x7k2``. Case does not matter, except in the secret code.
    """
    tokens = line.replace(",", " ").split()
    if not tokens:
        return None
    pairs: list[tuple[str, str]] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        bracket = re.fullmatch(r"\[(\d{1,3})\]", tok)
        word = _WORD_FIELDS.get(tok.upper())
        m = _FIELD.fullmatch(tok)
        if bracket:
            pairs.append(("N", bracket.group(1)))
        elif word and i + 1 < len(tokens):
            pairs.append((word, tokens[i + 1]))
            i += 1
        elif m and m.group(1).upper() in ("G", "T", "P", "C", "N"):
            pairs.append((m.group(1).upper(), m.group(2)))
        else:
            pairs.append(("?", tok))
        i += 1
    if not pairs or pairs[0][0] != "G":
        return None
    values: dict[str, str] = {}
    for key, value in pairs:
        if key == "?" or key in values:
            return Heading(number, pairs[0][1], unreadable=True)
        values[key] = value
    turn = values.get("T")
    player = values.get("N")
    return Heading(
        line=number,
        game=values["G"],
        turn=int(turn) if turn is not None and digits(turn) and len(turn) < 7 else None,
        power=values.get("P"),
        player_number=int(player)
        if player is not None and digits(player) and len(player) < 4
        else None,
        code=values.get("C"),
    )


_CODE_FIELD = re.compile(r"(?<![^\s,])(C-|CODE[\s,]+)([^\s,]+)", re.IGNORECASE)


def mask_codes(line: str) -> str:
    """``line`` with every secret code field masked (``C-5f2a9c01`` -> ``C-5f******``): a
    heading-shaped line quoted back to the player never shows a code in full."""
    return _CODE_FIELD.sub(lambda m: m[1] + masked(m[2]), line)


def _same_seat(first: Heading, second: Heading) -> bool:
    """Whether a second heading names the seat and turn of the first: every field the two
    both give agrees (the game always; the turn, power and player number where both have
    them). An unreadable second heading is judged by its game alone."""
    if first.game.lstrip("0") != second.game.lstrip("0"):
        return False
    if second.unreadable:
        return True
    pairs = (
        (first.turn, second.turn),
        (first.power and first.power.upper(), second.power and second.power.upper()),
        (first.player_number, second.player_number),
    )
    return all(a is None or b is None or a == b for a, b in pairs)


def heading_problems(heading: Heading) -> list[Problem]:
    """What is missing or unreadable in a heading (the handler refuses such a mail)."""
    problems: list[Problem] = []
    if heading.unreadable:
        problems.append(E.MAIL_BAD_HEADING.problem(heading.line))
        return problems
    if heading.turn is None:
        problems.append(E.MAIL_NO_TURN.problem(heading.line))
    if not heading.code:
        problems.append(E.MAIL_NO_CODE.problem(heading.line))
    return problems


# ---------------------------------------------------------------------------- commands


_JOIN = re.compile(r"^JOIN\s+(?:G-?|GAME\s+)?([0-9]{1,18})\b[\s,:]*(.*)$", re.IGNORECASE)


def _join_of(line: str, number: int) -> Command | None:
    """``JOIN G-12 choice, choice ...``: join a forming game with preferences (commas
    between them, as many words each as the game's names take)."""
    match = _JOIN.match(line.strip())
    if match is None:
        return None
    prefs = tuple(" ".join(p.split()) for p in match[2].split(",") if p.strip())
    return Command("JOIN", number, game=match[1], preferences=prefs)


_TAKEOVER = re.compile(
    r"^TAKE\s*OVER\s+(?:G-?|GAME\s+)?([0-9]{1,18})\s+(\S.{0,79}?)(?:\s+(CONFIRM-\S+))?\s*$",
    re.IGNORECASE,
)


def _takeover_of(line: str, number: int) -> Command | None:
    """``TAKEOVER G-12 FRA [CONFIRM-<code>]``: take over an offered seat (the power by its
    code or name)."""
    match = _TAKEOVER.match(line.strip())
    if match is None:
        return None
    said = (" ".join(match[2].split()), *([match[3]] if match[3] else []))
    return Command("TAKEOVER", number, game=match[1], preferences=said)


_AWAY_GAME = re.compile(r"^G-?([0-9]{1,18})$", re.IGNORECASE)
_AWAY_DAY = re.compile(r"^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$")


def away_of(line: str, number: int) -> Command | None:
    """``AWAY 2026-12-24 2026-12-28 [G-12] [SITTER name]`` or ``AWAY CANCEL [G-12]``; None
    when the line has another shape (the dates themselves are judged by the use case).

    >>> away_of("away 2026-12-24 2026-12-28 g-7 sitter bob", 3)
    Command(name='AWAY', line=3, turn=None, game='7', preferences=(), on=False, start='2026-12-24', end='2026-12-28', sitter='bob', cancel=False)
    >>> away_of("AWAY next week", 1) is None
    True
    """
    words = line.split()[1:]
    upper = [w.upper() for w in words]
    cancel = bool(upper) and upper[0] == "CANCEL"
    if cancel:
        rest = words[1:]
    elif len(words) >= 2 and _AWAY_DAY.match(words[0]) and _AWAY_DAY.match(words[1]):
        rest = words[2:]
    else:
        return None
    game = ""
    if rest and (found := _AWAY_GAME.match(rest[0])):
        game, rest = found[1], rest[1:]
    sitter = ""
    if not cancel and len(rest) == 2 and rest[0].upper() == "SITTER":
        sitter, rest = rest[1], []
    if rest:
        return None
    if cancel:
        return Command("AWAY", number, game=game, cancel=True)
    return Command("AWAY", number, game=game, start=words[0], end=words[1], sitter=sitter)


def _command_of(line: str) -> str | None:
    words = line.split()
    if not words:
        return None
    first = words[0].upper()
    if first == "JOIN" and _JOIN.match(line.strip()):
        return first
    if first in ("TAKEOVER", "TAKE") and _TAKEOVER.match(line.strip()):
        return "TAKEOVER"
    if first in LINE_COMMANDS and (first == "REPORT" or len(words) == 1):
        return first
    if first in ("PRESS", "BROADCAST", "MAPS", "AWAY"):
        return first
    if " ".join(w.upper() for w in words) in PRESS_END:
        return "ENDPRESS"
    return None


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
            if _same_seat(request.heading, again):
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
        command = _command_of(stripped)
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
            joined = _join_of(stripped, number)
            assert joined is not None
            request.commands.append(joined)
            continue
        if command == "TAKEOVER":
            taking = _takeover_of(stripped, number)
            assert taking is not None
            request.commands.append(taking)
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
    sender, name = _sender(msg)
    request = MailRequest(
        sender=sender,
        sender_name=name,
        subject=_header(msg, "Subject")[:200] if _sane(_header(msg, "Subject")) else "",
        message_id=_message_id(msg, raw),
        date=_date(msg),
    )
    if not sender:
        request.rejection = Rejection.of(E.MAIL_NO_SENDER, False)
        return request
    if _automatic(msg, sender):
        request.rejection = Rejection.of(E.MAIL_AUTOMATIC, False)
        return request
    if len(raw) > MAX_BYTES:
        request.rejection = Rejection.of(E.MAIL_TOO_LARGE, mib=MAX_MIB)
        return request
    text, html = _plain_text(msg)
    request.attachments = _attachment_names(msg)
    if text is None:
        if html:
            request.rejection = Rejection.of(E.MAIL_HTML_ONLY)
        else:
            request.rejection = Rejection.of(E.MAIL_NO_TEXT)
        return request
    lines = clean_body(text)
    request.body_lines = len(lines)
    request.quoted = _quoted_count(text)
    _interpret(request, lines)
    subject = _bare_subject(request.subject)
    if request.heading is None and not request.commands and request.orders is None:
        subject_heading = parse_heading(subject, 0)
        subject_command = _command_of(request.subject)
        if subject_heading is not None:
            request.heading = subject_heading
        elif subject_command in ("HELP", "LIST"):
            request.commands.append(Command(subject_command, 0))
    elif request.heading is None:
        subject_heading = parse_heading(subject, 0)
        if subject_heading is not None:
            request.heading = subject_heading
    return request
