"""The orders of Battle Plan section 8, as values (one frozen dataclass per kind of order).

Player orders (1B, 5, 6, 7, 8 U1/U2, 10, 16) and space orders (builds, moves, attacks and
supports of section 8, standing orders of 11). Their notation is in :mod:`notation`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Declare:
    player: int
    stance: str  # "A" ally, "N" neutral, "E" enemy (1B)


@dataclass(frozen=True, slots=True)
class GiveDollars:
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Permit:
    player: int
    allow: bool  # pK / pX (7)


@dataclass(frozen=True, slots=True)
class Share:
    player: int
    level: str  # "F" full, "H" partial, "Z" none (6D)


@dataclass(frozen=True, slots=True)
class Spread:
    player: int  # 0: the minors
    what: str  # "S" spies, "C" counterspies, "P" propaganda Dollars
    amount: int


@dataclass(frozen=True, slots=True)
class Send:
    what: str  # "S" spies, "C" counterspies
    amount: int
    country: str


@dataclass(frozen=True, slots=True)
class Train:
    what: str  # "S" or "C"
    amount: int  # Dollars


@dataclass(frozen=True, slots=True)
class Research:
    kind: str  # I A N F M X S C
    amount: int  # Dollars


@dataclass(frozen=True, slots=True)
class Propaganda:
    amount: int
    country: str


@dataclass(frozen=True, slots=True)
class UserOption:
    number: int


@dataclass(frozen=True, slots=True)
class Message:
    """BP 16: a diplomatic message to a player number, signed or anonymous."""

    player: int  # the addressee's player number ("not a country, which may change hands")
    signed: bool
    text: str


@dataclass(frozen=True, slots=True)
class Opinion:
    """WW opinion: ``nG3`` ... ``nB1``: player n (0: nobody) in a good- or bad-guy place."""

    player: int
    good: bool
    weight: int  # 1..3


@dataclass(frozen=True, slots=True)
class Article:
    """WW newspaper: an article for the World Newspaper, signed by its writer or anonymous."""

    signed: bool
    text: str


@dataclass(frozen=True, slots=True)
class Signal:
    """WW anonymous: numbered message order ``number`` to ``player`` (0: everyone), with a
    space code or a player number as its fill-in (``subject``; "" for none)."""

    player: int
    number: int
    subject: str = ""


@dataclass(frozen=True, slots=True)
class DefaultBuild:
    kind: str  # D I A N F M X
    proportion: int  # 0..100


@dataclass(frozen=True, slots=True)
class Build:
    space: str
    kind: str  # I A N F M X
    amount: int  # Industry used


@dataclass(frozen=True, slots=True)
class Transfer:
    space: str
    unit: str  # A N F M X
    amount: int
    dest: str


@dataclass(frozen=True, slots=True)
class Action:
    """Every attack or support: ``verb`` is the two letters printed in section 8."""

    space: str
    verb: str  # AC AB AS NN NS FA FN FF FI FS MA MF MI
    amount: int
    target: str

    @property
    def unit(self) -> str:
        return self.verb[0]


SpaceOrder = Build | Transfer | Action


@dataclass(frozen=True, slots=True)
class Standing:
    space: str
    slot: int  # 1..5
    order: SpaceOrder | None  # None cancels the slot


PlayerOrder = (
    Declare
    | GiveDollars
    | Permit
    | Share
    | Spread
    | Send
    | Train
    | Research
    | Propaganda
    | UserOption
    | DefaultBuild
    | Message
    | Signal
    | Article
    | Opinion
)
Order = PlayerOrder | SpaceOrder | Standing

ATTACK_VERBS = ("AC", "AB", "NN", "FA", "FN", "FF", "FI", "MA", "MF", "MI")
SUPPORT_VERBS = ("AS", "NS", "FS")
VERBS = ("AC", "AB", "AS", "NN", "NS", "FA", "FN", "FF", "FI", "FS", "MA", "MF", "MI")
COUNTRY_ONLY = frozenset(ATTACK_VERBS) | {"AS"}  # the CCC targets of section 8
MAX_DIGITS = 6
