"""The order language: one order per line, case and spacing free; hexes by id (``CCRR``) or
by place name (``Berlin``, ``Port Said``). Canonical text uses hex ids.

::

    PLACE <nat> <sp> <hex>                      10.0 reinforcements and replacements
    MOVE <nat> <sp> <hex>-<hex>                 5.0 land movement
    RAIL <nat> <sp> <hex>-<hex>                 5.6 rail movement
    SHIP <nat> <sp> <port>-<port> [ON <owner>]  5.7 naval transport
    LAND <nat> <sp> <port>-<hex> [ON <owner>]   5.8 amphibious movement
    ATTACK <hex> WITH <nat> <sp> <hex>[, ...] [LOSSES <nat> ...] [DISPLACE <hex>]
    PERMIT <power> SUPPLY|STRAITS|BRITAIN|TRANSIT|MED|TRANSPORT      (REFUSE withdraws)
    LENDLEASE <sp>                              10.35
    PEACE <power>
    OBJECTIVES <country> <entry>[, ...]         19.2 (entries like C3, N2)
    PASS                                        nothing to order this phase

>>> from umpire.games.spi_ww2.orders import Move, Attack
>>> format_order(Move("GER", 3, "2113", "2213"))
'MOVE GER 3 2113-2213'
>>> format_order(Attack("2213", (("GER", 3, "2113"), ("ITA", 1, "2114")), ("FRA",)))
'ATTACK 2213 WITH GER 3 2113, ITA 1 2114 LOSSES FRA'
"""

from __future__ import annotations

import re

from umpire.games.spi_ww2 import errors
from umpire.games.spi_ww2.geography import Map
from umpire.games.spi_ww2.orders import (
    Attack,
    Land,
    LendLease,
    Move,
    Objectives,
    Order,
    Pass,
    Peace,
    Permit,
    Place,
    Rail,
    Ship,
)

NATIONALITIES = [
    "GER",
    "ITA",
    "GBR",
    "FRA",
    "USA",
    "USSR",
    "POL",
    "HUN",
    "RUM",
    "BUL",
    "FIN",
    "SWE",
    "NOR",
    "DEN",
    "NET",
    "BEL",
    "SPA",
    "YUG",
    "GRE",
    "TUR",
    "PER",
]
RIGHTS = ("SUPPLY", "STRAITS", "BRITAIN", "TRANSIT", "MED", "TRANSPORT")
MAX_LINE = 300
_MOVE = re.compile(r"^(\w+)\s+(\d{1,3})\s+(.+?)\s*-\s*(.+?)(?:\s+ON\s+(\w+))?$", re.I)
_PLACE = re.compile(r"^(\w+)\s+(\d{1,3})\s+(.+)$", re.I)
_ATTACK = re.compile(
    r"^(.+?)\s+WITH\s+(.+?)(?:\s+LOSSES\s+([\w\s,]+?))?(?:\s+DISPLACE\s+(.+))?$", re.I
)


def nationality(token: str) -> str:
    t = token.strip().upper()
    if t not in NATIONALITIES:
        raise errors.UNKNOWN_NATIONALITY.error(text=token)
    return t


def hex_of(m: Map, token: str) -> str:
    hid = m.find(token)
    if hid is None:
        raise errors.UNKNOWN_HEX.error(text=token)
    return hid


def power(token: str, players: tuple[str, ...]) -> str:
    t = token.strip().upper()
    if t not in players:
        raise errors.UNKNOWN_POWER.error(text=token)
    return t


def parse_order(line: str, m: Map, players: tuple[str, ...], countries: set[str]) -> Order:
    if len(line) > MAX_LINE:
        raise errors.TOO_LONG.error(size=len(line), limit=MAX_LINE)
    word, _, rest = line.strip().partition(" ")
    kind = word.upper()
    rest = rest.strip()
    if kind in ("MOVE", "RAIL", "SHIP", "LAND"):
        return _movement(kind, rest, line, m)
    if kind == "PLACE":
        got = _PLACE.match(rest)
        if not got:
            raise errors.BAD_ORDER.error(text=line, expected="PLACE <nat> <sp> <hex>")
        return Place(nationality(got[1]), _sp(got[2], line), hex_of(m, got[3]))
    if kind == "ATTACK":
        return _attack(rest, line, m)
    if kind in ("PERMIT", "REFUSE"):
        parts = rest.split()
        if len(parts) != 2 or parts[1].upper() not in RIGHTS:
            raise errors.BAD_ORDER.error(text=line, expected=f"{kind} <power> {'|'.join(RIGHTS)}")
        return Permit(power(parts[0], players), parts[1].upper(), kind == "PERMIT")
    if kind == "LENDLEASE":
        return LendLease(_sp(rest, line, low=0))
    if kind == "PEACE":
        return Peace(power(rest, players))
    if kind == "OBJECTIVES":
        return _objectives(rest, line, countries)
    if kind == "PASS" and not rest:
        return Pass()
    raise errors.UNKNOWN_ORDER.error(text=line)


def _sp(token: str, line: str, low: int = 1) -> int:
    t = token.strip()
    if not t.isdigit() or not low <= int(t) <= 99:
        raise errors.BAD_ORDER.error(text=line, expected=f"a number of SP from {low} to 99")
    return int(t)


def _movement(kind: str, rest: str, line: str, m: Map) -> Order:
    got = _MOVE.match(rest)
    if not got:
        raise errors.BAD_ORDER.error(text=line, expected=f"{kind} <nat> <sp> <hex>-<hex>")
    nat, sp = nationality(got[1]), _sp(got[2], line)
    frm, to = hex_of(m, got[3]), hex_of(m, got[4])
    owner = nationality(got[5]) if got[5] else ""
    if kind == "MOVE":
        if owner:
            raise errors.BAD_ORDER.error(text=line, expected="MOVE without ON")
        return Move(nat, sp, frm, to)
    if kind == "RAIL":
        if owner:
            raise errors.BAD_ORDER.error(text=line, expected="RAIL without ON")
        return Rail(nat, sp, frm, to)
    return (Ship if kind == "SHIP" else Land)(nat, sp, frm, to, owner)


def _attack(rest: str, line: str, m: Map) -> Attack:
    got = _ATTACK.match(rest)
    expected = "ATTACK <hex> WITH <nat> <sp> <hex>[, ...] [LOSSES <nat> ...] [DISPLACE <hex>]"
    if not got:
        raise errors.BAD_ORDER.error(text=line, expected=expected)
    target = hex_of(m, got[1])
    groups = []
    for part in got[2].split(","):
        g = _PLACE.match(part.strip())
        if not g:
            raise errors.BAD_ORDER.error(text=line, expected=expected)
        groups.append((nationality(g[1]), _sp(g[2], line), hex_of(m, g[3])))
    losses = tuple(nationality(t) for t in re.split(r"[\s,]+", got[3].strip())) if got[3] else ()
    displace = hex_of(m, got[4]) if got[4] else ""
    return Attack(target, tuple(groups), losses, displace)


def _objectives(rest: str, line: str, countries: set[str]) -> Objectives:
    entries = []
    for part in rest.split(","):
        bits = part.split()
        if len(bits) != 2 or not re.fullmatch(r"[CN]\d{1,2}", bits[1].upper()):
            raise errors.BAD_ORDER.error(text=line, expected="OBJECTIVES <country> C3|N2, ...")
        country = bits[0].upper()
        if country not in countries:
            raise errors.UNKNOWN_COUNTRY.error(text=bits[0])
        entries.append((country, bits[1].upper()))
    return Objectives(tuple(entries))


def format_order(order: Order) -> str:
    match order:
        case Pass():
            return "PASS"
        case Place(nat, sp, hid):
            return f"PLACE {nat} {sp} {hid}"
        case Move(nat, sp, frm, to):
            return f"MOVE {nat} {sp} {frm}-{to}"
        case Rail(nat, sp, frm, to):
            return f"RAIL {nat} {sp} {frm}-{to}"
        case Ship(nat, sp, frm, to, owner) | Land(nat, sp, frm, to, owner):
            word = "SHIP" if isinstance(order, Ship) else "LAND"
            return f"{word} {nat} {sp} {frm}-{to}" + (f" ON {owner}" if owner else "")
        case Attack(target, groups, losses, displace):
            text = f"ATTACK {target} WITH " + ", ".join(f"{n} {s} {h}" for n, s, h in groups)
            if losses:
                text += " LOSSES " + " ".join(losses)
            return text + (f" DISPLACE {displace}" if displace else "")
        case Permit(grantee, right, granted):
            return f"{'PERMIT' if granted else 'REFUSE'} {grantee} {right}"
        case LendLease(sp):
            return f"LENDLEASE {sp}"
        case Peace(p):
            return f"PEACE {p}"
        case Objectives(entries):
            return "OBJECTIVES " + ", ".join(f"{c} {e}" for c, e in entries)
    raise TypeError(order)
