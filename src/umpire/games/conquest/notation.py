"""Order notation for Conquest of the World: read one line, format one order canonically.

Case, spacing and commas are free; countries by code, name or alias (``IND``, ``India``;
``USA``, ``United States``, ``US``); powers by their seat name. One line may ally with
several countries (``ALLY CAN MEX``). Lines starting with ``#`` are comments.

==========================================  ======================================  ===========
Order                                       Canonical example                       Rule
==========================================  ======================================  ===========
DIGIT <0-9>                                 ``DIGIT 7``                             2C
HOMELAND <country>                          ``HOMELAND USA``                        3
ALLY <country> [<country> ...]              ``ALLY CAN`` (one order per country)    4, 9
ATTACK <country>                            ``ATTACK IND``                          10, 15, 19
PASS                                        ``PASS``                                8, 14D, 20B
[WEAPON] TANK|SUB|PLANE [CAUTIOUS|AGGRESSIVE]  ``PLANE AGGRESSIVE``                 10C, 11B, 21C
PACT <power>                                ``PACT BLUE``                           18A
BREAK <power>                               ``BREAK BLUE``                          18F
==========================================  ======================================  ===========

Short forms: ``T``/``S``/``P`` (the console's keys) for the weapons, ``SUBMARINE``, ``JET``;
``AGG``/``A`` and ``CAU``/``C`` for the postures (CAUTIOUS when none is given); ``HOME`` for
HOMELAND; ``ALLIANCE`` for ALLY; ``A``/``ATT`` for ATTACK.

>>> from umpire.games.conquest.geography import board
>>> [format_order(o) for o in read_orders("ally canada, mexico", board(), ("RED", "BLUE"))]
['ALLY CAN', 'ALLY MEX']
>>> [format_order(o) for o in read_orders("  attack   india ", board(), ("RED", "BLUE"))]
['ATTACK IND']
>>> [format_order(o) for o in read_orders("s agg", board(), ("RED", "BLUE"))]
['SUB AGGRESSIVE']
>>> [format_order(o) for o in read_orders("Weapon plane", board(), ("RED", "BLUE"))]
['PLANE CAUTIOUS']
>>> [format_order(o) for o in read_orders("homeland united states", board(), ("RED",))]
['HOMELAND USA']
>>> [format_order(o) for o in read_orders("pact blue", board(), ("RED", "BLUE"))]
['PACT BLUE']
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.errors import in_line
from umpire.games.conquest import errors
from umpire.games.conquest.geography import Board, key
from umpire.games.conquest.orders import (
    Ally,
    Attack,
    Break,
    Digit,
    Homeland,
    Order,
    Pact,
    Pass,
    Weapon,
)

WEAPON_WORDS = {
    "TANK": "TANK", "T": "TANK",
    "SUB": "SUB", "S": "SUB", "SUBMARINE": "SUB",
    "PLANE": "PLANE", "P": "PLANE", "JET": "PLANE",
}  # fmt: skip
POSTURE_WORDS = {
    "CAUTIOUS": "CAUTIOUS", "CAU": "CAUTIOUS", "C": "CAUTIOUS",
    "AGGRESSIVE": "AGGRESSIVE", "AGG": "AGGRESSIVE", "A": "AGGRESSIVE",
}  # fmt: skip
VERBS = {
    "DIGIT": "DIGIT", "NUMBER": "DIGIT",
    "HOMELAND": "HOMELAND", "HOME": "HOMELAND",
    "ALLY": "ALLY", "ALLIANCE": "ALLY",
    "ATTACK": "ATTACK", "ATT": "ATTACK", "A": "ATTACK",
    "PASS": "PASS",
    "WEAPON": "WEAPON",
    "PACT": "PACT",
    "BREAK": "BREAK",
}  # fmt: skip
MAX_LINE = 200


def _countries(words: list[str], board: Board, line: str) -> list[str]:
    """Country codes named by ``words``, longest names first (``united states mexico``)."""
    codes: list[str] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):
            code = board.names.get(key("".join(words[i:j])))
            if code is not None:
                codes.append(code)
                i = j
                break
        else:
            raise errors.UNKNOWN_COUNTRY.error(name=" ".join(words[i:]))
    if not codes:
        raise errors.NO_COUNTRY.error(line=line)
    return codes


def _power(words: list[str], powers: Sequence[str], line: str) -> str:
    if len(words) != 1:
        raise errors.ONE_PLAYER.error(line=line)
    for p in powers:
        if p.upper() == words[0]:
            return p
    raise errors.UNKNOWN_POWER.error(name=words[0], players=", ".join(powers))


def _weapon(words: list[str], line: str) -> Weapon:
    if not words or len(words) > 2 or words[0] not in WEAPON_WORDS:
        raise errors.UNKNOWN_WEAPON.error(line=line)
    posture = "CAUTIOUS"
    if len(words) == 2:
        if words[1] not in POSTURE_WORDS:
            raise errors.UNKNOWN_POSTURE.error(posture=words[1], line=line)
        posture = POSTURE_WORDS[words[1]]
    return Weapon(WEAPON_WORDS[words[0]], posture)


def read_orders(line: str, board: Board, powers: Sequence[str]) -> list[Order]:
    """The orders on one non-blank line; OrderError for a line not understood."""
    text = line.strip()
    if len(text) > MAX_LINE:
        raise errors.TOO_LONG.error(size=len(text), line=text)
    words = text.upper().replace(",", " ").replace(";", " ").split()
    if not words:
        raise errors.EMPTY.error(line=text)
    if words[0] in WEAPON_WORDS:
        return [_weapon(words, text)]
    verb = VERBS.get(words[0])
    rest = words[1:]
    if verb is None:
        raise errors.UNKNOWN_ORDER.error(word=words[0], context=in_line(words[0], text))
    if verb == "PASS":
        if rest:
            raise errors.PASS_ALONE.error(line=text)
        return [Pass()]
    if verb == "DIGIT":
        if len(rest) != 1 or rest[0] not in tuple("0123456789"):
            raise errors.BAD_DIGIT.error(line=text)
        return [Digit(int(rest[0]))]
    if verb == "WEAPON":
        return [_weapon(rest, text)]
    if verb in ("PACT", "BREAK"):
        power = _power(rest, powers, text)
        return [Pact(power) if verb == "PACT" else Break(power)]
    codes = _countries(rest, board, text)
    if verb == "ALLY":
        return [Ally(c) for c in codes]
    if len(codes) != 1:
        raise errors.ONE_COUNTRY.error(line=text)
    return [Homeland(codes[0]) if verb == "HOMELAND" else Attack(codes[0])]


def format_order(order: Order) -> str:
    """The canonical text of one order."""
    match order:
        case Digit(digit):
            return f"DIGIT {digit}"
        case Homeland(country):
            return f"HOMELAND {country}"
        case Ally(country):
            return f"ALLY {country}"
        case Attack(country):
            return f"ATTACK {country}"
        case Pass():
            return "PASS"
        case Weapon(weapon, posture):
            return f"{weapon} {posture}"
        case Pact(power):
            return f"PACT {power}"
        case Break(power):
            return f"BREAK {power}"
    raise TypeError(f"not an order: {order!r}")
