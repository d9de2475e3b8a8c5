"""Order notation: the forms players write by email and the DATC prints, and canonical text.

One order per line, any case, full province names or abbreviations::

    A Par - Bur          A Par-Bur        Army Paris -> Burgundy     A par to bur
    A mun H              A Munich Hold    F Kiel holds
    F nth C A lon - bel  F North Sea Convoys A London - Belgium
    A lvp S F lon - nth  A Liverpool Supports F London - North Sea   A tyr S A mun
    A lon - bel via convoy                A yor - nth - bel (path: ignored, DATC 4.A.6)
    F stp/nc - bar       F St Petersburg(north coast) - Barents Sea  F spa(sc) - wes
    A mun R boh          A mun - boh (in a retreat phase)    A mun D    A mun disband
    Build A Par          B F stp/sc       Build F St Petersburg(nc)    A war build
    Remove A war         Disband F lyo    Waive

The unit designation may be omitted (DATC 4.C.1) and a nationality may precede a supported or
convoyed unit (``S English F lon``; ignored, DATC 4.C.5/4.C.6).

Canonical text (:func:`format_order`) is lower-case abbreviations with upper-case unit letters:
``A par - bur``, ``A lon - bel via convoy``, ``F nth C A lon - bel``, ``A lvp S F lon - nth``,
``A tyr S A mun``, ``A mun H``, ``A mun R boh``, ``A mun D``, ``Build A par``,
``Remove A war``, ``Waive``.

>>> from umpire.games.diplomacy.geography import standard_map
>>> m = standard_map()
>>> format_order(parse_order(m, "A Par-Bur"))
'A par - bur'
>>> format_order(parse_order(m, "F North Sea Convoys A London - Belgium"))
'F nth C A lon - bel'
>>> format_order(parse_order(m, "F St Petersburg(north coast) -> Barents Sea"))
'F stp/nc - bar'
>>> format_order(parse_order(m, "b f stp/sc"))
'Build F stp/sc'
>>> parse_order(m, "A Par - Moon")
Traceback (most recent call last):
...
umpire.core.problems.OrderError: unknown province 'moon' in 'A Par - Moon'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from umpire.core.problems import OrderError
from umpire.games.diplomacy.geography import COAST_NAMES, Map
from umpire.games.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    Support,
    Waive,
)

STANDARD_KINDS: Mapping[str, str] = {"a": "A", "army": "A", "f": "F", "fleet": "F"}

NATIONALITIES = frozenset(
    [
        "austria",
        "austrian",
        "aus",
        "austro-hungarian",
        "england",
        "english",
        "eng",
        "british",
        "britain",
        "france",
        "french",
        "fra",
        "germany",
        "german",
        "ger",
        "italy",
        "italian",
        "ita",
        "russia",
        "russian",
        "rus",
        "turkey",
        "turkish",
        "tur",
    ]
)

HOLD = {"h", "hold", "holds", "stand", "stands"}
MOVE = {"-", "to", "m", "move", "moves", "attack", "attacks"}
SUPPORT = {"s", "support", "supports", "supporting"}
CONVOY = {"c", "convoy", "convoys", "convoying", "transport", "transports"}
RETREAT = {"r", "retreat", "retreats"}
DISBAND = {"d", "disband", "disbands", "remove", "removes"}
BUILD = {"b", "build", "builds"}
KEYWORDS = HOLD | MOVE | SUPPORT | CONVOY | RETREAT | DISBAND | BUILD | {"via", "by", "(", ")"}


_MID_ATLANTIC = re.compile(r"\bmid-atlantic\b")
_SAINT = re.compile(r"\bst\.")
_SLASH_COAST = re.compile(r"/\s*([a-z]+)")
_FINAL_STOP = re.compile(r"\.\s*$")


def _tokens(m: Map, text: str) -> list[str]:
    s = text.lower().replace("\u2013", "-").replace("\u2014", "-").replace("->", " - ")
    s = s.replace("=>", " - ").replace(">", " - ")
    if "mid-atlantic" in s:
        s = _MID_ATLANTIC.sub("mid atlantic", s)
    if "st." in s:
        s = _SAINT.sub("st ", s)
    if "/" in s:
        s = _SLASH_COAST.sub(r" ( \1 )", s)
    s = s.replace("(", " ( ").replace(")", " ) ").replace("-", " - ")
    s = s.replace(",", " ").replace(";", " ").replace(":", " ")
    if "." in s:
        s = _FINAL_STOP.sub("", s)
    return s.split()


class _Reader:
    def __init__(self, m: Map, text: str, kinds: Mapping[str, str]) -> None:
        self.map = m
        self.text = text
        self.kinds = kinds
        self.toks = _tokens(m, text)
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def at_end(self) -> bool:
        return self.i >= len(self.toks)

    def fail(self, code: str, what: str) -> OrderError:
        return OrderError(code, f"{what} in {self.text!r}")

    def kind(self) -> str:
        """An optional unit designation ("" when omitted)."""
        tok = self.peek()
        if tok is not None and tok in self.kinds:
            # "A" could begin nothing else: no province is called "a" or "f".
            self.i += 1
            return self.kinds[tok]
        return ""

    def nationality(self) -> None:
        tok = self.peek()
        if tok is not None and tok in NATIONALITIES and self.i + 1 < len(self.toks):
            self.i += 1

    def location(self) -> str:
        words: list[str] = []
        while (tok := self.peek()) is not None and tok not in KEYWORDS:
            words.append(self.take())
        if not words:
            found = self.peek()
            raise self.fail(
                "syntax/expected_province",
                "expected a province" + (f" before {found!r}" if found else " at the end"),
            )
        coast: str | None = None
        if self.peek() == "(":
            self.take()
            inner: list[str] = []
            while (tok := self.peek()) is not None and tok != ")":
                inner.append(self.take())
            if self.peek() == ")":
                self.take()
            coast = COAST_NAMES.get(" ".join(inner), "?")
        name = " ".join(words)
        province = self.map.lookup(name)
        if province is None and len(words) > 1:
            tail = " ".join(words[-2:]) if len(words) > 2 else words[-1]
            for cut, cname in ((2, tail), (1, words[-1])):
                if cname in COAST_NAMES and (p := self.map.lookup(" ".join(words[:-cut]))):
                    province, coast = p, COAST_NAMES[cname]
                    break
        if province is None:
            raise self.fail("order/unknown_province", f"unknown province {name!r}")
        coasts = self.map.provinces[province].coasts
        if coast is not None and coast in coasts:
            return f"{province}/{coast}"
        # A coast on a province without split coasts is ignored (DATC 4.B.6).
        return province


def parse_order(m: Map, text: str, kinds: Mapping[str, str] = STANDARD_KINDS) -> Order:
    """One order, names resolved against the map; legality is checked elsewhere."""
    r = _Reader(m, text, kinds)
    if r.at_end():
        raise OrderError("syntax/empty", f"empty order {text!r}")
    first = r.peek()
    if first == "waive" or first == "waives":
        return Waive()
    if first in BUILD:
        r.take()
        kind = r.kind()
        loc = r.location()
        _end(r)
        return Build(kind, loc)
    if first in {"remove", "disband", "d"}:
        r.take()
        kind = r.kind()
        loc = r.location()
        _end(r)
        return Remove(kind, loc)
    kind = r.kind()
    loc = r.location()
    if r.at_end():
        return Hold(kind, loc)
    word = r.take()
    if word in HOLD:
        _end(r)
        return Hold(kind, loc)
    if word in MOVE:
        dest = r.location()
        while r.peek() in MOVE:  # a convoy path ("A yor - nth - bel"): only the end counts
            r.take()
            dest = r.location()
        via = False
        if r.peek() in {"via", "by"}:
            r.take()
            if r.peek() not in CONVOY:
                raise r.fail("syntax/expected_convoy", "expected 'convoy' after 'via'")
            r.take()
            via = True
        _end(r)
        return Move(kind, loc, dest, via)
    if word in SUPPORT:
        r.nationality()
        tkind = r.kind()
        tloc = r.location()
        tdest: str | None = None
        if r.peek() in MOVE:
            r.take()
            tdest = r.location()
        elif r.peek() in HOLD:
            r.take()
        _end(r)
        return Support(kind, loc, tkind, tloc, tdest)
    if word in CONVOY:
        r.nationality()
        tkind = r.kind()
        if tkind not in ("", "A"):
            raise OrderError("illegal/convoy_fleet", f"only armies can be convoyed: {text!r}")
        aloc = r.location()
        if r.peek() not in MOVE:
            raise r.fail("syntax/expected_move", "expected '-' and a destination in the convoy")
        r.take()
        adest = r.location()
        _end(r)
        return Convoy(kind, loc, aloc, adest)
    if word in RETREAT:
        dest = r.location()
        _end(r)
        return Retreat(kind, loc, dest)
    if word in DISBAND:
        _end(r)
        return Disband(kind, loc)
    if word in BUILD:
        _end(r)
        return Build(kind, loc)
    raise r.fail("syntax/unknown_order", f"cannot read {word!r} as an order")


def _end(r: _Reader) -> None:
    if not r.at_end():
        raise r.fail("syntax/trailing_text", f"unexpected {' '.join(r.toks[r.i :])!r}")


def _unit(kind: str, loc: str) -> str:
    return f"{kind} {loc}" if kind else loc


def format_order(order: Order) -> str:
    """Canonical text: ``parse_order(format_order(o))`` gives ``o`` back."""
    match order:
        case Hold(kind, loc):
            return f"{_unit(kind, loc)} H"
        case Move(kind, loc, dest, via):
            return f"{_unit(kind, loc)} - {dest}" + (" via convoy" if via else "")
        case Support(kind, loc, tkind, tloc, None):
            return f"{_unit(kind, loc)} S {_unit(tkind, tloc)}"
        case Support(kind, loc, tkind, tloc, tdest):
            return f"{_unit(kind, loc)} S {_unit(tkind, tloc)} - {tdest}"
        case Convoy(kind, loc, aloc, adest):
            return f"{_unit(kind, loc)} C A {aloc} - {adest}"
        case Retreat(kind, loc, dest):
            return f"{_unit(kind, loc)} R {dest}"
        case Disband(kind, loc):
            return f"{_unit(kind, loc)} D"
        case Build(kind, loc):
            return f"Build {_unit(kind, loc)}"
        case Remove(kind, loc):
            return f"Remove {_unit(kind, loc)}"
        case Waive():
            return "Waive"
    raise TypeError(f"not a Diplomacy order: {order!r}")
