"""1939 III notation: the rulebook's own forms, read tolerantly, and canonical text.

Every form the rulebook prints is read (any case and spacing; ``X(Yyy)`` or ``X Yyy``)::

    T(Mun) - Cro via Aus                      T(Mun) - Aus - Cro           (D39 23)
    B(Ven) - Aus - Cze [S A(Aus) - Cze] - Hun - Cro                        (D39 38)
    B(Spa) - MAO [S F(MAO)] - Bre                                          (D39 38)
    B(Ven) - Aus - Hun(N) - Aus - Ven                                      (D39 39)
    B(Con) - Bul - Roa(R) - BLA - Con                                      (D39 40)
    Len [Land German B(Pru)]                                               (D39 44)
    Transfer 2 SP to France       2 SP to FRA                              (D39 12)
    F(NTH) C T(Lon) - Bel         B(Ven) Stands      Build T Mun     Build B ber

Alternate winter orders (D39 12: "players expecting to receive a transfer, submit alternate
winter orders in case the SP's are not received"): a line ``Alternate:`` (or ``Alternative``,
``Alternate orders``, with an optional note in brackets) starts another set of builds and
removals. The first set that can be carried out in full is used (every build made, no unit
disbanded for want of SP beyond those it removes); if none can, the last set is used as far as
it goes. Transfers are written before the first ``Alternate:`` (they may not be conditional)::

    Transfer 1 SP to Italy
    Build T Ber
    Build A Kie
    Alternate (if France's 3 SP do not arrive):
    Build A Kie

and every standard order (``A(Aus) - Cze``, ``T(Pol) S A(Pru)``, ``F(MAO) Stands``...).
``B`` is the bomber's letter, so a build is written ``Build`` (or ``B A mun``: ``B`` followed
by a unit letter is read as a build, as in standard shorthand).

Canonical text keeps the standard style (lower-case abbreviations, upper-case letters):

>>> from umpire.games.diplomacy.geography import load_map
>>> m = load_map("1939-iii")
>>> fmt = lambda text: format_order(parse_order(m, text))
>>> fmt("T(Mun) - Aus - Cro")
'T mun - cro via aus'
>>> fmt("B(Ven) - Aus - Cze [S A(Aus) - Cze] - Hun - Cro")
'B ven - aus - cze [S A aus - cze] - hun - cro'
>>> fmt("B(Ven) - Aus - Hun(N) - Aus - Ven")
'B ven - aus - hun (N) - aus - ven'
>>> fmt("Len [Land German B(Pru)]")
'len [Land GER B pru]'
>>> fmt("transfer 2 sp to France")
'Transfer 2 SP to FRA'
>>> fmt("Alternate (if France's SP do not arrive):")
'Alternate:'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from umpire.core.problems import OrderError
from umpire.games.diplomacy import errors
from umpire.games.diplomacy import notation as standard
from umpire.games.diplomacy.geography import Map
from umpire.games.diplomacy.orders import Build, Hold, Order
from umpire.games.diplomacy.v1939.orders import (
    CUT,
    RAID,
    SUPPORT,
    Alternate,
    BomberStand,
    Flight,
    LandPermission,
    TankConvoy,
    TankMove,
    Transfer,
)

KINDS: Mapping[str, str] = {
    **standard.STANDARD_KINDS,
    "t": "T",
    "tank": "T",
    "b": "B",
    "bomber": "B",
}
POWER_WORDS: Mapping[str, str] = {
    "eng": "ENG", "england": "ENG", "english": "ENG", "britain": "ENG", "british": "ENG",
    "fra": "FRA", "france": "FRA", "french": "FRA",
    "ger": "GER", "germany": "GER", "german": "GER",
    "ita": "ITA", "italy": "ITA", "italian": "ITA",
    "rus": "RUS", "russia": "RUS", "russian": "RUS",
    "tur": "TUR", "turkey": "TUR", "turkish": "TUR",
}  # fmt: skip

V1939Order = (
    Order | TankMove | TankConvoy | BomberStand | Flight | LandPermission | Transfer | Alternate
)

# "A(Aus)" -> "A Aus"; a coast such as "spa(sc)" is untouched (no lone letter before "(").
_DESIGNATOR = re.compile(r"(?<![a-z])(a|f|t|b|army|fleet|tank|bomber)\s*\(\s*([^()]*?)\s*\)")
_BRACKET = re.compile(r"\[([^\]]*)\]")
_LAND = re.compile(r"^(.+?)\s*\[\s*land\s+(\w+)\s+(?:b|bomber)\s+(.+?)\s*\]$")
_TRANSFER = re.compile(r"^(?:transfers?\s+)?(\d+)\s*(?:sp'?s?|supply points?)?\s+to\s+(\w+)$")
_ALTERNATE = re.compile(
    r"^alternat(?:e|ive)(?:\s+winter)?(?:\s+orders?)?\s*(?:[(\[].*[)\]])?\s*:?$"
)
_MISSION_TAG = re.compile(r"\(\s*([nr])\s*\)$")


def _clean(text: str) -> str:
    s = text.strip().lower().replace("\u2013", "-").replace("\u2014", "-")
    s = s.replace("->", " - ")
    return " ".join(_DESIGNATOR.sub(r"\1 \2", s).split())


def _province(m: Map, name: str, text: str) -> str:
    p = m.lookup(name.strip())
    if p is None:
        raise errors.UNKNOWN_PROVINCE.error(name=name.strip(), context=errors.context(name, text))
    return p


def _power(word: str, text: str) -> str:
    power = POWER_WORDS.get(word.strip().lower())
    if power is None:
        raise errors.UNKNOWN_POWER.error(word=word, text=text)
    return power


def parse_order(m: Map, text: str) -> V1939Order:
    """One order of 1939 III, names resolved against the map; legality is checked elsewhere."""
    s = _clean(text)
    if not s:
        raise errors.EMPTY.error(text=text)
    if (t := _TRANSFER.match(s)) is not None:
        amount = int(t.group(1))
        if amount <= 0:
            raise errors.AMOUNT.error(text=text)
        return Transfer(amount, _power(t.group(2), text))
    if _ALTERNATE.match(s) is not None:
        return Alternate()
    if (land := _LAND.match(s)) is not None:
        return LandPermission(
            _province(m, land.group(1), text),
            _power(land.group(2), text),
            _province(m, land.group(3), text),
        )
    words = s.split()
    head = words[0]
    if head in ("b", "bomber") and len(words) > 1 and words[1] not in ("a", "f", "t", "b"):
        return _bomber(m, s, text)
    if head == "b" and len(words) > 2:  # "B A mun": standard shorthand for a build
        s = "build " + " ".join(words[1:])
    if head in ("t", "tank") and ((" via " in s and "convoy" not in s) or s.count(" - ") >= 2):
        return _tank_move(m, s, text)
    if " c t " in f" {s} " or " convoys t " in f" {s} " or " convoy t " in f" {s} ":
        return _tank_convoy(m, s, text)
    return standard.parse_order(m, s, KINDS)


def _tank_move(m: Map, s: str, text: str) -> TankMove:
    body = s.split(" ", 1)[1]
    if " via " in body:
        move, route = body.rsplit(" via ", 1)
        parts = [p for p in move.split(" - ")]
        if len(parts) != 2:
            raise errors.TANK_MOVE.error(reason="write T(Mun) - Cro via Aus", text=text)
        start, dest = parts
    else:
        parts = body.split(" - ")
        if len(parts) != 3:
            raise errors.TANK_MOVE.error(reason="a tank moves at most two provinces", text=text)
        start, route, dest = parts
    return TankMove(
        "T", _province(m, start, text), _province(m, route, text), _province(m, dest, text)
    )


def _tank_convoy(m: Map, s: str, text: str) -> TankConvoy:
    match = re.match(r"^(?:f|fleet)?\s*(.+?)\s+(?:c|convoys?)\s+t\s+(.+?)\s+-\s+(.+)$", s)
    if match is None:
        raise errors.CONVOY.error(text=text)
    return TankConvoy(
        "F",
        _province(m, match.group(1), text),
        _province(m, match.group(2), text),
        _province(m, match.group(3), text),
    )


def _bomber(m: Map, s: str, text: str) -> BomberStand | Flight:
    body = s.split(" ", 1)[1]
    bracket = _BRACKET.search(body)
    support_text = bracket.group(1).strip() if bracket else None
    if bracket is not None:
        body = body[: bracket.start()] + " @s " + body[bracket.end() :]
        if _BRACKET.search(body) is not None:
            raise errors.MISSIONS.error(reason="a bomber flies one mission a season", text=text)
    steps = [p.strip() for p in body.split(" - ")]
    if len(steps) == 1:
        first = steps[0].split()
        if len(first) >= 2 and first[-1] in standard.HOLD:
            first = first[:-1]
        if bracket is not None or not first:
            raise errors.FLIGHT.error(reason="a mission needs a flight path", text=text)
        return BomberStand("B", _province(m, " ".join(first), text))
    loc = _province(m, steps[0], text)
    path: list[str] = []
    mission, at = "", -1
    target: tuple[str, str, str | None] = ("", "", None)
    for step in steps[1:]:
        tag = ""
        if step.endswith("@s"):
            step, tag = step[:-2].strip(), SUPPORT
        elif (found := _MISSION_TAG.search(step)) is not None:
            step, tag = step[: found.start()].strip(), found.group(1).upper()
        if not step:
            raise errors.FLIGHT.error(reason="a step of the flight path is empty", text=text)
        path.append(_province(m, step, text))
        if tag:
            if mission:
                raise errors.MISSIONS.error(reason="a bomber flies one mission", text=text)
            mission, at = tag, len(path) - 1
            if tag == SUPPORT:
                target = _supported(m, loc, support_text or "", text)
    if mission not in ("", SUPPORT, CUT, RAID):
        raise errors.MISSION.error(reason="unknown mission", text=text)
    return Flight("B", loc, tuple(path), mission, at, *target)


def _supported(m: Map, loc: str, inner: str, text: str) -> tuple[str, str, str | None]:
    """``S A(Aus) - Cze`` inside the brackets: the supported unit and its order."""
    words = inner.split()
    if not words or words[0] not in standard.SUPPORT:
        raise errors.MISSION.error(reason="expected [S unit ...]", text=text)
    try:
        order = standard.read_order(m, f"a {loc} {inner}", KINDS)
    except OrderError as err:
        # The inner order's own (declared) code, its message placed in the whole line.
        raise OrderError(err.code, f"{err.message} (in {text!r})") from err
    if not hasattr(order, "target_loc"):
        raise errors.MISSION.error(reason="expected [S unit ...]", text=text)
    return order.target_kind, order.target_loc, order.target_dest  # type: ignore[union-attr]


def _format_flight(o: Flight) -> str:
    steps = []
    for i, p in enumerate(o.path):
        if i == o.at and o.mission == SUPPORT:
            unit = f"{o.target_kind} {o.target_loc}".strip()
            dest = f" - {o.target_dest}" if o.target_dest else ""
            steps.append(f"{p} [S {unit}{dest}]")
        elif i == o.at and o.mission:
            steps.append(f"{p} ({o.mission})")
        else:
            steps.append(p)
    return f"B {o.loc} - " + " - ".join(steps)


# The standard formats and this scenario's own, looked up by exact type.
FORMATS: dict[type, Callable[[Any], str]] = {
    **standard.FORMATS,
    TankMove: lambda o: f"T {o.loc} - {o.dest} via {o.route}",
    TankConvoy: lambda o: f"{o.kind} {o.loc} C T {o.tank_loc} - {o.dest}",
    BomberStand: lambda o: f"B {o.loc} H",
    Flight: _format_flight,
    LandPermission: lambda o: f"{o.province} [Land {o.power} B {o.bomber_loc}]",
    Transfer: lambda o: f"Transfer {o.amount} SP to {o.to}",
    Alternate: lambda o: "Alternate:",
}


def format_order(order: V1939Order) -> str:
    """Canonical text (``parse_order(m, format_order(o)) == o``)."""
    return standard.format_with(FORMATS, order)


__all__ = ["KINDS", "Build", "Hold", "V1939Order", "format_order", "parse_order"]
