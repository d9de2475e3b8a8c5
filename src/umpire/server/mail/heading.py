"""The heading of a mail (``G-12 T-3 P-FRANCE C-x7k2p9``): reading it from a line, what is
missing from it, and masking its secret code when it is quoted back."""

from __future__ import annotations

import re
from dataclasses import dataclass

from umpire.core.problems import Problem
from umpire.server import errors as E
from umpire.server.codes import masked


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


def digits(text: str | None) -> bool:
    """ASCII digits only: ``"²".isdigit()`` is true, but ``int("²")`` fails."""
    return bool(text) and re.fullmatch(r"[0-9]+", text or "") is not None


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


def same_seat(first: Heading, second: Heading) -> bool:
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
