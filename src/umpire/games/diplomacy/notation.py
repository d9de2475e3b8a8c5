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
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from umpire.core.errors import Code
from umpire.core.problems import OrderError
from umpire.games.diplomacy import errors
from umpire.games.diplomacy.geography import COAST_NAMES, Map, province_of
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
_BRACKETED_VIA = re.compile(r"\(\s*(?:via|by)\s+convoy\s*\)")


def _tokens(m: Map, text: str) -> list[str]:
    s = text.lower().replace("\u2013", "-").replace("\u2014", "-").replace("->", " - ")
    s = s.replace("=>", " - ").replace(">", " - ")
    if "mid-atlantic" in s:
        s = _MID_ATLANTIC.sub("mid atlantic", s)
    if "st." in s:
        s = _SAINT.sub("st ", s)
    if "/" in s:
        s = _SLASH_COAST.sub(r" ( \1 )", s)
    if "convoy" in s:
        s = _BRACKETED_VIA.sub(" via convoy ", s)  # "(via convoy)", "(by convoy)"
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

    def fail(self, code: Code, **fields: str) -> OrderError:
        """The error ``code`` with its fields, quoting the whole line."""
        return code.error(text=self.text, **fields)

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
            where = f"before {found!r}" if found else "at the end"
            raise self.fail(errors.EXPECTED_PROVINCE, where=where)
        coast: str | None = None
        if self.peek() == "(":
            self.take()
            inner: list[str] = []
            while (tok := self.peek()) is not None and tok != ")":
                inner.append(self.take())
            if self.peek() == ")":
                self.take()
            coast = COAST_NAMES.get(" ".join(inner))
            if coast is None:
                raise self.fail(errors.UNKNOWN_COAST, coast=" ".join(inner))
        name = " ".join(words)
        province = self.map.lookup(name)
        if province is None and len(words) > 1:
            tail = " ".join(words[-2:]) if len(words) > 2 else words[-1]
            for cut, cname in ((2, tail), (1, words[-1])):
                if cname in COAST_NAMES and (p := self.map.lookup(" ".join(words[:-cut]))):
                    province, coast = p, COAST_NAMES[cname]
                    break
        if province is None:
            raise errors.UNKNOWN_PROVINCE.error(name=name, context=errors.context(name, self.text))
        coasts = self.map.provinces[province].coasts
        if coast is not None and coast in coasts:
            return f"{province}/{coast}"
        # A coast on a province without split coasts is ignored (DATC 4.B.6).
        return province


@cache
def _exact_locations(m: Map) -> dict[str, str]:
    """Every location written as one canonical token (``"par"``, ``"stp/nc"``), per map.

    Only a token that :class:`_Reader` reads as that very location is listed (an abbreviation
    no alias overrides, and that is no keyword), so the fast path agrees with the reader.
    """
    out: dict[str, str] = {}
    for abbr, province in m.provinces.items():
        if abbr in KEYWORDS or abbr != abbr.lower() or m.lookup(abbr) != abbr:
            continue
        out[abbr] = abbr
        for coast in province.coasts:
            out[f"{abbr}/{coast}"] = f"{abbr}/{coast}"
    return out


_H, _M, _S, _C, _R, _D = (frozenset(w) for w in (HOLD, MOVE, SUPPORT, CONVOY, RETREAT, DISBAND))
_VIA = frozenset(("via", "by"))

# An order is a value: the orders of the common shapes are taken from these memos, a dictionary
# look-up instead of a new object for every line of every phase (making a frozen order costs
# several times as much). Each holds at most one order per combination of the map's locations
# that the shape allows.
_hold, _move, _support, _convoy = cache(Hold), cache(Move), cache(Support), cache(Convoy)


def parse_plain(m: Map, text: str, kinds: Mapping[str, str] = STANDARD_KINDS) -> Order | None:
    """The common shapes, one word per place (``A par - bur``, ``F stp/nc S A mos - lvn``).

    Gives exactly what :class:`_Reader` gives, or None for anything else (which the reader
    then parses): every token must be a unit designation, a keyword or a location, in the
    positions of one of these shapes::

        K loc | K loc H | K loc D | K loc - loc | K loc R loc | K loc - loc via convoy
        K loc S K loc | K loc S K loc H | K loc S K loc - loc | K loc C A loc - loc
    """
    toks = text.lower().split()
    n = len(toks)
    if n < 2 or n > 7:
        return None
    places = _exact_locations(m)
    kind = kinds.get(toks[0])
    loc = places.get(toks[1])
    if kind is None or loc is None:
        return None
    if n == 2:
        return _hold(kind, loc)
    word = toks[2]
    if n == 3:
        if word in _H:
            return _hold(kind, loc)
        return Disband(kind, loc) if word in _D else None
    if word in _M or word in _R:
        if n != 4 and n != 6:
            return None
        dest = places.get(toks[3])
        if dest is None:
            return None
        if n == 4:
            return _move(kind, loc, dest) if word in _M else Retreat(kind, loc, dest)
        if word in _M and toks[4] in _VIA and toks[5] in _C:
            return _move(kind, loc, dest, True)
        return None
    if n == 4:
        return None
    tkind = kinds.get(toks[3])
    tloc = places.get(toks[4])
    if tkind is None or tloc is None:
        return None
    if n == 5:
        return _support(kind, loc, tkind, tloc) if word in _S else None
    if n == 6:
        return _support(kind, loc, tkind, tloc) if word in _S and toks[5] in _H else None
    tdest = places.get(toks[6])
    if tdest is None or toks[5] not in _M:
        return None
    if word in _S:
        return _support(kind, loc, tkind, tloc, tdest)
    if word in _C and tkind == "A":
        return _convoy(kind, loc, tloc, tdest)
    return None


def parse_order(m: Map, text: str, kinds: Mapping[str, str] = STANDARD_KINDS) -> Order:
    """One order, names resolved against the map; legality is checked elsewhere."""
    plain = parse_plain(m, text, kinds)
    return plain if plain is not None else read_order(m, text, kinds)


def read_order(m: Map, text: str, kinds: Mapping[str, str] = STANDARD_KINDS) -> Order:
    """:func:`parse_order` without the fast path: every form, word by word."""
    r = _Reader(m, text, kinds)
    if r.at_end():
        raise errors.EMPTY.error(text=text)
    first = r.peek()
    if first == "waive" or first == "waives":
        return Waive()
    if first in BUILD or first in {"remove", "disband", "d"}:
        r.take()
        kind = r.kind()
        loc = r.location()
        _end(r)
        return Build(kind, loc) if first in BUILD else Remove(kind, loc)
    kind = r.kind()
    loc = r.location()
    if r.at_end():
        return Hold(kind, loc)
    word = r.take()
    if word in MOVE:
        return _read_move(r, kind, loc)
    if word in SUPPORT:
        return _read_support(r, kind, loc)
    if word in CONVOY:
        return _read_convoy(r, kind, loc)
    if word in RETREAT:
        dest = r.location()
        _end(r)
        return Retreat(kind, loc, dest)
    for words, order in ((HOLD, Hold), (DISBAND, Disband), (BUILD, Build)):
        if word in words:
            _end(r)
            return order(kind, loc)
    raise r.fail(errors.UNKNOWN_ORDER, word=word)


def _read_move(r: _Reader, kind: str, loc: str) -> Move:
    """``- dest``, ``moves to dest``, a path through seas (``- iri - edi``: the army goes by
    convoy, the end counts), and ``via convoy`` or a bare trailing ``via``."""
    if r.peek() == "to":  # "moves to", "move to"
        r.take()
    dest = r.location()
    via = False
    while r.peek() in MOVE:  # a convoy path ("A yor - nth - bel"): only the end counts
        r.take()
        via = via or r.map.is_sea(province_of(dest))
        dest = r.location()
    if r.peek() in {"via", "by"}:
        r.take()
        if r.at_end() and r.toks[-1] == "via":  # "A Lvp - Edi VIA", as the judges allow
            return Move(kind, loc, dest, True)
        if r.peek() not in CONVOY:
            raise r.fail(errors.EXPECTED_CONVOY)
        r.take()
        via = True
    _end(r)
    return Move(kind, loc, dest, via)


def _read_support(r: _Reader, kind: str, loc: str) -> Support:
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


def _read_convoy(r: _Reader, kind: str, loc: str) -> Convoy:
    r.nationality()
    tkind = r.kind()
    if tkind not in ("", "A"):
        raise errors.CONVOY_FLEET.error(text=r.text)
    aloc = r.location()
    if r.peek() not in MOVE:
        raise r.fail(errors.EXPECTED_MOVE)
    r.take()
    adest = r.location()
    _end(r)
    return Convoy(kind, loc, aloc, adest)


def _end(r: _Reader) -> None:
    if not r.at_end():
        raise r.fail(errors.TRAILING_TEXT, rest=" ".join(r.toks[r.i :]))


def _unit(kind: str, loc: str) -> str:
    return f"{kind} {loc}" if kind else loc


# One formatter per order type (every order of every phase is formatted for its event, so
# the common case, a unit designation given, is one f-string).


def _format_hold(o: Hold) -> str:
    return f"{o.kind} {o.loc} H" if o.kind else f"{o.loc} H"


def _format_move(o: Move) -> str:
    text = f"{o.kind} {o.loc} - {o.dest}" if o.kind else f"{o.loc} - {o.dest}"
    return f"{text} via convoy" if o.via_convoy else text


def _format_support(o: Support) -> str:
    unit = f"{o.kind} {o.loc}" if o.kind else o.loc
    target = f"{o.target_kind} {o.target_loc}" if o.target_kind else o.target_loc
    if o.target_dest is None:
        return f"{unit} S {target}"
    return f"{unit} S {target} - {o.target_dest}"


# Looked up by exact type.
FORMATS: dict[type, Callable[[Any], str]] = {
    Hold: _format_hold,
    Move: _format_move,
    Support: _format_support,
    Convoy: lambda o: f"{_unit(o.kind, o.loc)} C A {o.army_loc} - {o.army_dest}",
    Retreat: lambda o: f"{_unit(o.kind, o.loc)} R {o.dest}",
    Disband: lambda o: f"{_unit(o.kind, o.loc)} D",
    Build: lambda o: f"Build {_unit(o.kind, o.loc)}",
    Remove: lambda o: f"Remove {_unit(o.kind, o.loc)}",
    Waive: lambda o: "Waive",
}


def format_with(formats: Mapping[type, Callable[[Any], str]], order: object) -> str:
    """Canonical text of ``order`` by the table ``formats`` (looked up by exact type)."""
    fmt = formats.get(type(order))
    if fmt is None:
        raise TypeError(f"not an order of this game: {order!r}")
    return fmt(order)


def format_order(order: Order) -> str:
    """Canonical text: ``parse_order(format_order(o))`` gives ``o`` back."""
    return format_with(FORMATS, order)
