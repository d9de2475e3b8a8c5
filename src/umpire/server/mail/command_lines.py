"""The commands a mail's lines give (pure): which command a line is (HELP, LIST, ORDERS,
REPORT, READY, NEWCODE, JOIN, TAKEOVER, LEAVE, MAPS, AWAY, PRESS/BROADCAST and ENDPRESS), and
the
arguments of those that take some."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Commands that stand alone on a line; PRESS/BROADCAST open a press block.
LINE_COMMANDS = ("HELP", "LIST", "ORDERS", "REPORT", "READY", "NEWCODE")
PRESS_END = ("ENDPRESS", "END PRESS")


@dataclass(frozen=True, slots=True)
class Command:
    name: str  # HELP, LIST, REPORT, READY, NEWCODE, JOIN, TAKEOVER, LEAVE, MAPS, AWAY
    line: int
    turn: int | None = None  # REPORT [turn]
    game: str = ""  # JOIN G-12, TAKEOVER G-12, LEAVE G-12: the game's number
    # JOIN G-12 <choice>, <choice>, ...: as written; TAKEOVER G-12 <power> [CONFIRM-<code>]:
    # the power, then the confirmation code if given; LEAVE G-12 [CONFIRM-<code>]: the code.
    preferences: tuple[str, ...] = ()
    on: bool = False  # MAPS ON (True) or MAPS OFF
    start: str = ""  # AWAY <start> <end> [G-12] [SITTER name]: the days as written
    end: str = ""
    sitter: str = ""
    cancel: bool = False  # AWAY CANCEL [G-12]


_JOIN = re.compile(r"^JOIN\s+(?:G-?|GAME\s+)?([0-9]{1,18})\b[\s,:]*(.*)$", re.IGNORECASE)


def join_of(line: str, number: int) -> Command | None:
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


def takeover_of(line: str, number: int) -> Command | None:
    """``TAKEOVER G-12 FRA [CONFIRM-<code>]``: take over an offered seat (the power by its
    code or name)."""
    match = _TAKEOVER.match(line.strip())
    if match is None:
        return None
    said = (" ".join(match[2].split()), *([match[3]] if match[3] else []))
    return Command("TAKEOVER", number, game=match[1], preferences=said)


_LEAVE = re.compile(
    r"^(?:LEAVE|RESIGN)\s+(?:G-?|GAME\s+)?([0-9]{1,18})(?:\s+(CONFIRM-\S+))?\s*$", re.IGNORECASE
)


def leave_of(line: str, number: int) -> Command | None:
    """``LEAVE G-12 [CONFIRM-<code>]`` (or ``RESIGN``, the old judges' word): leave a game,
    giving up one's power, or withdraw from one not yet started.

    >>> leave_of("resign g12 confirm-0a1b2c3d4e5f", 4)
    Command(name='LEAVE', line=4, turn=None, game='12', preferences=('confirm-0a1b2c3d4e5f',), on=False, start='', end='', sitter='', cancel=False)
    >>> leave_of("LEAVE the room", 1) is None
    True
    """
    match = _LEAVE.match(line.strip())
    if match is None:
        return None
    return Command("LEAVE", number, game=match[1], preferences=(match[2],) if match[2] else ())


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


def command_of(line: str) -> str | None:
    words = line.split()
    if not words:
        return None
    first = words[0].upper()
    if first == "JOIN" and _JOIN.match(line.strip()):
        return first
    if first in ("TAKEOVER", "TAKE") and _TAKEOVER.match(line.strip()):
        return "TAKEOVER"
    if first in ("LEAVE", "RESIGN") and _LEAVE.match(line.strip()):
        return "LEAVE"
    if first in LINE_COMMANDS and (first == "REPORT" or len(words) == 1):
        return first
    if first in ("PRESS", "BROADCAST", "MAPS", "AWAY"):
        return first
    if " ".join(w.upper() for w in words) in PRESS_END:
        return "ENDPRESS"
    return None
