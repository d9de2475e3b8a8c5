"""Order notation for Origins: parse one line into an order, format an order canonically.

One order per line; case, spacing and commas are forgiving; blank lines and lines starting
with ``#`` are skipped. Areas and powers may be given by code or by name (``POL``,
``Poland``; ``GBR``, ``Britain``, ``UK``); ``HOME`` is the home area of the power ordering.

=====================================================  =====================================
Order                                                  Canonical example
=====================================================  =====================================
PLACE <n> [IN] <area>            (OWW 3.2)             ``PLACE 3 POL``
MOVE <n> [FROM HOME] [TO] <area> (OWW 3.2, 3.3)        ``MOVE 2 FROM HOME TO AUS``
ATTACK <area> <power>[,<power>...] WITH <n>            ``ATTACK POL GER,USSR WITH 6``
   [IF <power> [NOT] PLACED [AND ...]] (OWW 4.1-4.7)   ``ATTACK CZE GER WITH 4 IF GER PLACED``
UNDERSTANDING <area>             (OWW 5.2)             ``UNDERSTANDING AUS``
CONTROL <area> [SHARE <power>[,<power>...]] (5.3, 5.4) ``CONTROL POL SHARE USSR``
SPY <area> <power>               (OWW 6.1)             ``SPY POL GER``
SPY HOME <power> [<power>]       (OWW 6.1)             ``SPY HOME GER USSR``
=====================================================  =====================================

Short forms: ``P`` PLACE, ``M`` MOVE, ``A``/``ATT`` ATTACK, ``U``/``UND`` UNDERSTANDING,
``C``/``CON`` CONTROL. Square brackets are ignored, so ``ATTACK POL GER WITH 6 [IF GER
PLACED]`` reads as written.

>>> from umpire.games.origins.charts import load
>>> o = parse_order("attack  poland germany, ussr with 6 if germany placed", "FRA", load())
>>> format_order(o)
'ATTACK POL GER,USSR WITH 6 IF GER PLACED'
>>> format_order(parse_order("move 2 to austria", "GER", load()))
'MOVE 2 FROM HOME TO AUS'
>>> format_order(parse_order("Spy Germany USSR", "GER", load()))
'SPY HOME USSR'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from umpire.core.errors import Code, in_line
from umpire.core.problems import OrderError
from umpire.games.origins import errors as E
from umpire.games.origins.charts import Charts
from umpire.games.origins.orders import (
    Attack,
    Condition,
    Control,
    Move,
    Order,
    Place,
    Spy,
    SpyHome,
    Understanding,
)

MAX_NUMBER = 999
_SPLIT = re.compile(r"[\s,;+&\[\]()]+")
_KEY = re.compile(r"[^A-Z0-9]")

VERBS = {
    "PLACE": "PLACE",
    "P": "PLACE",
    "MOVE": "MOVE",
    "M": "MOVE",
    "ATTACK": "ATTACK",
    "ATT": "ATTACK",
    "A": "ATTACK",
    "UNDERSTANDING": "UNDERSTANDING",
    "UND": "UNDERSTANDING",
    "U": "UNDERSTANDING",
    "CONTROL": "CONTROL",
    "CON": "CONTROL",
    "C": "CONTROL",
    "SPY": "SPY",
    "ESPIONAGE": "SPY",
}


def _key(text: str) -> str:
    return _KEY.sub("", text.upper())


def _names(entries: list[tuple[str, tuple[str, ...], str]]) -> dict[str, str]:
    table: dict[str, str] = {}
    for code, aliases, name in entries:
        for alias in (code, name, *aliases):
            table[_key(alias)] = code
    return table


class _Reader:
    """Reads the tokens of one line, left to right, raising OrderError with the line quoted."""

    def __init__(self, line: str, power: str, charts: Charts) -> None:
        self.line = line
        self.power = power
        self.charts = charts
        self.tokens = [t for t in _SPLIT.split(line.upper()) if t]
        self.at = 0
        self.areas = _names([(a.code, a.aliases, a.name) for a in charts.areas])
        self.powers = _names([(p.code, p.aliases, p.name) for p in charts.powers])

    def fail(self, code: Code, **fields: object) -> OrderError:
        return code.error(line=self.line, **fields)

    def peek(self) -> str:
        return self.tokens[self.at] if self.at < len(self.tokens) else ""

    def done(self) -> bool:
        return self.at >= len(self.tokens)

    def take(self) -> str:
        token = self.peek()
        self.at += 1
        return token

    def optional(self, *words: str) -> bool:
        if self.peek() in words:
            self.at += 1
            return True
        return False

    def number(self, what: str) -> int:
        token = self.take()
        if not token:
            raise self.fail(E.MISSING_NUMBER, what=what)
        if not token.isdigit() or not token.isascii() or not 1 <= int(token) <= MAX_NUMBER:
            raise self.fail(E.NOT_A_NUMBER, token=token, most=MAX_NUMBER)
        value = int(token)
        return value

    def _name(self, table: dict[str, str]) -> str | None:
        for width in (3, 2, 1):
            if self.at + width > len(self.tokens):
                continue
            code = table.get(_key("".join(self.tokens[self.at : self.at + width])))
            if code is not None:
                self.at += width
                return code
        return None

    def area(self) -> str:
        if self.optional("HOME"):
            return self.power
        if self.done():
            raise self.fail(E.MISSING_AREA)
        code = self._name(self.areas)
        if code is None:
            raise self.fail(E.UNKNOWN_AREA, token=self.peek())
        return code

    def power_name(self) -> str:
        if self.done():
            raise self.fail(E.MISSING_POWER)
        code = self._name(self.powers)
        if code is None:
            raise self.fail(E.UNKNOWN_POWER, token=self.peek())
        return code

    def powers_until(self, *stops: str) -> tuple[str, ...]:
        found: list[str] = []
        while not self.done() and self.peek() not in stops:
            if self.optional("AND"):
                continue
            code = self.power_name()
            if code in found:
                raise self.fail(E.DUPLICATE_PLAYER, power=code)
            found.append(code)
        if not found:
            raise self.fail(E.MISSING_POWER)
        return tuple(found)

    def end(self) -> None:
        if not self.done():
            rest = " ".join(self.tokens[self.at :])
            raise self.fail(E.TRAILING, rest=rest)


def parse_order(line: str, power: str, charts: Charts) -> Order:
    """One order of ``power`` from one line (raises OrderError: syntax/ or order/ codes)."""
    r = _Reader(line, power, charts)
    word = r.take()
    verb = VERBS.get(word)
    if verb is None:
        raise E.UNKNOWN_ORDER.error(word=word, context=in_line(word, r.line))
    order = _READERS[verb](r)
    r.end()
    return order


def _read_place(r: _Reader) -> Order:
    """OWW 3.2: PLACE 3 POL, or PLACE POLAND 3."""
    if r.peek().isdigit():
        amount = r.number("the number of PFs")
        r.optional("PF", "PFS")
        r.optional("IN", "AT", "TO", "INTO")
        area = r.area()
    else:  # PLACE POLAND 3
        r.optional("IN", "AT", "TO", "INTO")
        start = r.at
        if r.peek() != "HOME" and r._name(r.areas) is None:
            raise r.fail(E.NOT_A_NUMBER, token=r.peek(), most=MAX_NUMBER)
        r.at = start
        area = r.area()
        amount = r.number("the number of PFs")
        r.optional("PF", "PFS")
    return Place(area, amount)


def _read_move(r: _Reader) -> Order:
    """OWW 3.2, 3.3: MOVE 2 FROM HOME TO AUS."""
    amount = r.number("the number of PFs")
    r.optional("PF", "PFS")
    if r.optional("FROM"):
        origin = r.area()
        if origin != r.power:
            # OWW 3.3: only PFs in the home area may be moved
            raise r.fail(E.MOVE_FROM_ABROAD, origin=origin)
    r.optional("TO", "INTO", "IN")
    return Move(r.area(), amount)


def _read_attack(r: _Reader) -> Order:
    """OWW 4.1-4.5, 4.7: ATTACK POL GER,USSR WITH 6 [IF GER PLACED ...]."""
    r.optional("IN", "AT")
    area = r.area()
    r.optional("ON", "AGAINST", "VS", "TARGET", "TARGETS")
    targets = r.powers_until("WITH")
    if not r.optional("WITH"):
        raise r.fail(E.MISSING_WITH)
    strength = r.number("the number of PFs")
    r.optional("PF", "PFS")
    conditions = _read_conditions(r) if r.optional("IF") else ()
    return Attack(area, targets, strength, conditions)


def _read_conditions(r: _Reader) -> tuple[Condition, ...]:
    """OWW 4.7: the conditions after IF, joined by AND."""
    conditions: list[Condition] = []
    while True:
        negated = r.optional("NOT", "NO")
        who = r.power_name()
        r.optional("DID", "HAS", "HAVE")
        if r.optional("NOT", "DIDNT", "HASNT"):
            negated = not negated
        if not r.optional("PLACED", "PLACES", "PLACE"):
            raise r.fail(E.CONDITION)
        if any(c.power == who for c in conditions):
            raise r.fail(E.DUPLICATE_CONDITION, power=who)
        conditions.append(Condition(who, not negated))
        if not r.optional("AND"):
            return tuple(conditions)


def _read_understanding(r: _Reader) -> Order:
    """OWW 5.2: UNDERSTANDING AUS."""
    r.optional("IN", "AT")
    return Understanding(r.area())


def _read_control(r: _Reader) -> Order:
    """OWW 5.3, 5.4: CONTROL POL [SHARE USSR]."""
    r.optional("IN", "AT")
    area = r.area()
    share: tuple[str, ...] = ()
    if r.optional("SHARE", "SHARED", "SHARING", "WITH"):
        r.optional("WITH")
        share = r.powers_until()
    return Control(area, share)


def _read_spy(r: _Reader) -> Order:
    """OWW 6.1: SPY POL GER, SPY HOME GER USSR."""
    r.optional("IN", "ON", "AT")
    area = r.area()
    targets = r.powers_until()
    return _spy(r, area, targets)


_READERS: dict[str, Callable[[_Reader], Order]] = {
    "PLACE": _read_place,
    "MOVE": _read_move,
    "ATTACK": _read_attack,
    "UNDERSTANDING": _read_understanding,
    "CONTROL": _read_control,
    "SPY": _read_spy,
}


def _spy(r: _Reader, area: str, targets: tuple[str, ...]) -> Order:
    if area == r.power:
        if len(targets) > 2:
            # OWW 6.1: two players may be spied on in one's home area
            raise r.fail(E.SPY_TARGETS, most=2, where="at home")
        return SpyHome(targets)
    if len(targets) > 1:
        # OWW 6.1: one opposing player in the chosen area
        raise r.fail(E.SPY_TARGETS, most=1, where=f"in {area}")
    return Spy(area, targets[0])


def format_order(order: Order) -> str:
    """Canonical text of ``order`` (``parse_order(format_order(o)) == o``)."""
    match order:
        case Place(area, amount):
            return f"PLACE {amount} {area}"
        case Move(area, amount):
            return f"MOVE {amount} FROM HOME TO {area}"
        case Attack(area, targets, strength, conditions):
            text = f"ATTACK {area} {','.join(targets)} WITH {strength}"
            if conditions:
                text += " IF " + " AND ".join(
                    f"{c.power} {'PLACED' if c.placed else 'NOT PLACED'}" for c in conditions
                )
            return text
        case Understanding(area):
            return f"UNDERSTANDING {area}"
        case Control(area, share):
            return f"CONTROL {area}" + (f" SHARE {','.join(share)}" if share else "")
        case Spy(area, target):
            return f"SPY {area} {target}"
        case SpyHome(targets):
            return f"SPY HOME {' '.join(targets)}"
    raise TypeError(f"not an Origins order: {order!r}")
