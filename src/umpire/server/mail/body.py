"""The sender's own lines of a mail's text (pure): the signature, quotations and the quoted
mail below a reply's rule dropped, and the lines a mail program wrapped joined again, with
every line kept in its place so that line numbers are those of the body as sent."""

from __future__ import annotations

import re

from umpire.core.submission import INVISIBLE
from umpire.server.mail.command_lines import command_of
from umpire.server.mail.heading import parse_heading

WRAP_COLUMNS = 72
WRAP_MIN_LENGTH = 60


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


def quoted_count(text: str) -> int:
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
        and command_of(nxt) is None
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
