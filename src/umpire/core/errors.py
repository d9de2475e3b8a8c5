"""Problem codes, declared once per layer with their message templates.

Every code a player or a client can receive is declared in a :class:`Catalogue`: core has one
(:data:`CORE`), each game has one in its ``errors.py``, the server has its own. A code names
its family before the slash — ``syntax/`` (not understood), ``order/`` (understood, but names
something that does not exist or is ambiguous), ``illegal/`` (understood, not allowed now),
``submission/``, ``turn/``, ``game/`` — and its template says what the message looks like.
``docs/errors.md`` is generated from the catalogues; a test fails when the two drift.

>>> codes = Catalogue("example")
>>> UNKNOWN = codes.declare("order/unknown_space", "no space {space}", "A space name not on the map.")
>>> str(UNKNOWN.error(space="XYZ"))
'no space XYZ'
>>> UNKNOWN.error(space="XYZ").code
'order/unknown_space'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from umpire.core.problems import OrderError, Problem


@dataclass(frozen=True, slots=True)
class Code:
    """One problem code: the stable code, the message template, what it means, and the HTTP
    status a server answers a request refused with it (``status``; 400, the request refused
    as it stands, unless declared otherwise: a code says one situation, so one status)."""

    code: str
    template: str
    meaning: str = ""
    status: int = 400

    def message(self, **fields: Any) -> str:
        return self.template.format(**fields)

    def error(self, **fields: Any) -> OrderError:
        """The exception a line parser raises for this problem."""
        return OrderError(self.code, self.message(**fields))

    def problem(self, line: int, text: str = "", **fields: Any) -> Problem:
        return Problem(line, self.code, self.message(**fields), text)


class Catalogue:
    """The codes of one layer (core, one game, the server), in declaration order.

    ``answers``: the server answers requests refused with these codes (core's and the
    server's), so each declares its HTTP status and ``docs/errors.md`` lists it; a game's codes
    come back inside an order receipt, and a game declares no status.
    """

    def __init__(self, layer: str, *, answers: bool = False) -> None:
        self.layer = layer
        self.answers = answers
        self._codes: dict[str, Code] = {}

    def declare(self, code: str, template: str, meaning: str = "", *, status: int = 400) -> Code:
        family, _, name = code.partition("/")
        if not family or not name:
            raise ValueError(f"a code is family/name, not {code!r}")
        if code in self._codes:
            raise ValueError(f"{self.layer} declares {code!r} twice")
        if not 400 <= status <= 599:
            raise ValueError(f"{code!r}: {status} is no error status")
        if status != 400 and not self.answers:
            raise ValueError(f"{self.layer} answers no request: {code!r} takes no status")
        declared = Code(code, template, meaning, status)
        self._codes[code] = declared
        return declared

    def __iter__(self) -> Iterator[Code]:
        return iter(self._codes.values())

    def __contains__(self, code: object) -> bool:
        return code in self._codes

    def __len__(self) -> int:
        return len(self._codes)

    def __getitem__(self, code: str) -> Code:
        return self._codes[code]


def in_line(word: str, text: str) -> str:
    """`` in '<the line>'`` after a bad word quoted in a message, or nothing when the line is
    that word alone (in any case and spacing): ``unknown province 'foo'``, not ``unknown
    province 'foo' in 'foo'``. For templates that end ``{word!r}{context}``.

    >>> in_line("foo", " Foo "), in_line("foo", "A foo")
    ('', " in 'A foo'")
    """
    if " ".join(text.lower().split()) == " ".join(word.lower().split()):
        return ""
    return f" in {text!r}"


class SessionError(ValueError):
    """The request cannot be carried out (unknown power, game over, stale turn...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message

    @classmethod
    def of(cls, code: Code, **fields: Any) -> SessionError:
        """The error of a declared code (:mod:`umpire.core.errors`)."""
        return cls(code.code, code.message(**fields))


CORE = Catalogue("core", answers=True)

SUBMISSION_TOO_LARGE = CORE.declare(
    "submission/too_large",
    "the submission is {size} bytes; at most {limit} bytes are taken",
    "An order text over the size limit is refused whole; nothing of it is stored.",
)
SUBMISSION_TOO_MANY_LINES = CORE.declare(
    "submission/too_many_lines",
    "the submission has {count} lines; at most {limit} are taken",
    "An order text with more lines than the limit is refused whole.",
)
UNKNOWN_POWER = CORE.declare(
    "game/unknown_power",
    "no power {power} in this game (powers: {powers})",
    "The power named is not seated in this game (code or full name, any case).",
)
UNKNOWN_SCENARIO = CORE.declare(
    "game/unknown_scenario",
    "{game} has no scenario {scenario!r} (known: {known})",
    "The scenario named is not one of the game's scenarios.",
)
DUPLICATE_POWER = CORE.declare(
    "game/duplicate_power", "{power} is named twice", "A new game seats each power once."
)
PLAYER_COUNT = CORE.declare(
    "game/player_count",
    "{scenario} takes {number} powers, not {count}",
    "A new game must seat as many powers as its scenario takes.",
)
GAME_OVER = CORE.declare(
    "game/over",
    "the game is over{detail}",
    "The game has ended: it takes no more orders and processes no more turns.",
    status=409,
)
WINNERS = CORE.declare(
    "game/winners",
    "name one or more different powers as the result",
    "A declared result names each winning power once.",
)
TURN_STALE = CORE.declare(
    "turn/stale",
    "these orders are for turn {turn}, but the current turn is {current} ({label})",
    "Orders written for another turn than the current one are refused whole.",
    status=409,
)
TURN_NOT_EXPECTED = CORE.declare(
    "turn/not_expected",
    "{power} has no orders to give in {label}: this turn waits for orders from {expected} only",
    "A power the current turn does not wait for (another's choice, a phase of the combatants "
    "alone) has no orders to give: its submission is refused whole and stores nothing, so it "
    "is never listed as having submitted.",
)
TURN_NONE = CORE.declare(
    "turn/none",
    "no turn has been processed yet",
    "There is no processed turn to undo.",
)
CANONICAL_UNREADABLE = CORE.declare(
    "record/canonical_unreadable",
    "canonical orders of {power} no longer read ({line!r}: {why})",
    "An order stored as canonical text at submission does not read back: a notation bug or "
    "an edited record.",
)
FORECAST_UNAVAILABLE = CORE.declare(
    "forecast/unavailable",
    "{game} has no forecast{why}",
    "The game (or this scenario of it) cannot forecast a turn from a player's view, or a "
    "public sandbox is asked of a game that hides information.",
)
FORECAST_BAD_POSITION = CORE.declare(
    "forecast/bad_position",
    "the position cannot be read: {why}",
    "A sandbox position (typed, or encoded in a link) that is no position of the game: a "
    "unit on no space of the map, an unknown power or season, a damaged link.",
)
