"""What a mail's headers and MIME structure say (pure: no Django, no I/O): the sender, the
date, the Message-ID, whether it is an automatic reply, the first ``text/plain`` part that is
not an attachment (decoded, ``format=flowed`` joined) and the attachments' names.

Nothing here raises for a malformed mail: a header that cannot be read is empty."""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from email.message import Message
from email.utils import getaddresses, parsedate_to_datetime


def header(msg: Message, name: str) -> str:
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


def sane(text: str) -> bool:
    """Printable, valid UTF-8: no NUL or control character, no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return not any(ord(c) < 32 or ord(c) == 127 for c in text)


def sender_of(msg: Message) -> tuple[str, str]:
    raw = header(msg, "From")
    try:
        pairs = getaddresses([raw])
    except Exception:
        return "", ""
    for name, addr in pairs:
        addr = addr.strip()
        if len(addr) > 254 or not sane(addr):  # refused, never answered (see _parse)
            return "", ""
        if re.fullmatch(r"[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+", addr):
            return addr.lower(), name.strip()[:200] if sane(name) else ""
    return "", ""


def date_of(msg: Message) -> datetime | None:
    raw = header(msg, "Date")
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


def message_id_of(msg: Message, raw: bytes) -> str:
    value = header(msg, "Message-ID").strip()
    if not sane(value):  # a poison id: the mail's digest names it instead
        value = ""
    match = re.search(r"<[^<>\s]+>", value)
    if match:
        return match.group(0)[:250]
    if value:
        return value[:250]
    return f"<sha256-{hashlib.sha256(raw).hexdigest()}@umpire.invalid>"


def automatic(msg: Message, sender: str) -> bool:
    """A bounce, an auto-reply or list traffic: never answered (no mail loops)."""
    auto = header(msg, "Auto-Submitted").lower()
    if auto and auto != "no":
        return True
    if header(msg, "Precedence").lower() in ("bulk", "junk", "list"):
        return True
    if header(msg, "X-Autoreply") or header(msg, "X-Autorespond"):
        return True
    local = sender.split("@", 1)[0]
    return local in ("mailer-daemon", "postmaster") or header(msg, "Return-Path") == "<>"


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


def plain_text(msg: Message) -> tuple[str | None, bool]:
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


def attachment_names(msg: Message) -> list[str]:
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
        names.append(name if name and sane(name) else "(unnamed)")
    return names[:20]
