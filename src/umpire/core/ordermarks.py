"""Orders drawn on the map as they are given: what the engine read from an order box, as marks.

A player's order box is read exactly as a submission is (:func:`preview`: the game's own
``read_line`` and ``check`` through :func:`umpire.core.submission.read`), storing nothing;
each accepted order becomes one or more :class:`Mark` (an arrow along places, a ring at a
place, a cross), and :func:`svg` draws marks over a game's committed map in the power's
colour, with the geometry and the arrow style the game's own drawing uses for last turn's
orders (:func:`umpire.core.mapsvg.arrow`). What is drawn is what will be adjudicated.

Where the marks come from:

- a game whose rulesets give ``order_marks(order)`` (:class:`HasOrderMarks`: Diplomacy and
  1939 III, from their order types) says them itself;
- a game whose orders name their places (``HasOrderPlaces``: Battle Plan, Conquest of the
  World, Origins, SPI WW2) gets them from ``order_places``: an order with a place of its own
  and a target is an arrow from its place (and from each further place it names: SPI's other
  attacking stacks) to the target, dashed where the game's gloss says it supports, with the
  amount it uses; an order naming one place only (a build, a placement, an attack on a
  country, a marker, a spy) is a ring there with the order's words.

>>> from umpire.core.ordermarks import Mark, marks_from_places
>>> class Places:
...     def order_places(self, order):
...         return {"@TU AT10BU": ("TU", "BU"), "PLACE 3 POL": ("", "POL")}.get(order, ())
...     def order_gloss(self, order):
...         return ""
>>> marks_from_places(Places(), "@TU AT10BU")
[Mark(kind='move', places=('TU', 'BU'), label='10')]
>>> marks_from_places(Places(), "PLACE 3 POL")
[Mark(kind='at', places=('POL',), label='PLACE 3')]
>>> marks_from_places(Places(), "PASS")
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Protocol, runtime_checkable

from umpire.core import mapsvg
from umpire.core.problems import Problem
from umpire.core.ruleset import HasOrderPlaces, implements
from umpire.core.submission import parse

MOVE = "move"  # an arrow along its places (a move, an attack, a retreat, a flight)
SUPPORT = "support"  # a dashed arrow from its first place to its last (or a move's middle)
CONVOY = "convoy"  # a dashed arrow from the fleet to where the army goes
HOLD = "hold"  # a ring at its place
AT = "at"  # a ring at its place with the order's words (a build, a placement, a marker)
REMOVE = "remove"  # a cross at its place (a unit removed or disbanded)
KINDS = (MOVE, SUPPORT, CONVOY, HOLD, AT, REMOVE)
LABEL_LIMIT = 18  # characters of an order's words written beside its ring


@dataclass(frozen=True, slots=True)
class Mark:
    """One thing drawn for one order: ``kind`` (one of :data:`KINDS`), the ``places`` it
    joins in the map's space codes (a province may carry its coast: ``stp/sc``), and a short
    ``label`` (an amount, a build's unit, a placement's words)."""

    kind: str
    places: tuple[str, ...]
    label: str = ""


@runtime_checkable
class HasOrderMarks(Protocol):
    """Optional: the marks of one accepted order (its value as ``read_line`` gave it), for a
    game whose notation the places of :class:`~umpire.core.ruleset.HasOrderPlaces` do not
    describe (Diplomacy: holds, supports, convoys, builds, 1939 III's flights)."""

    def order_marks(self, order: Any) -> Sequence[Mark]:
        """What to draw for ``order`` (nothing for an order with no place: a waived build)."""


@dataclass(frozen=True, slots=True)
class Preview:
    """An order box read as a submission would be, stored nowhere: each accepted order's line,
    canonical text and the places it names (``HasOrderPlaces``, lower case, "-" where it has
    none of its own; empty for another notation), every problem (with its line), and the marks
    to draw (each with the line of its order)."""

    orders: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    marks: list[tuple[int, Mark]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "orders": [{"line": n, "text": t, "places": list(p)} for n, t, p in self.orders],
            "problems": [
                {"line": p.line, "code": p.code, "message": p.message, "text": p.text}
                for p in self.problems
            ],
            "marks": [
                {"line": n, "kind": m.kind, "places": list(m.places), "label": m.label}
                for n, m in self.marks
            ],
        }


def preview(ruleset: Any, state: Any, power: str, text: str) -> Preview:
    """``power``'s order box ``text`` read against ``state`` through the game's own
    submission pipeline (size limits, grammar, legality), and the marks of what it accepts."""
    parsed = parse(ruleset, state, power, text)
    placed = implements(ruleset, HasOrderPlaces)
    orders: list[tuple[int, str, tuple[str, ...]]] = []
    marks: list[tuple[int, Mark]] = []
    for line, order in parsed.orders:
        canonical = ruleset.format(order)
        named = ruleset.order_places(canonical) if placed else ()
        orders.append((line, canonical, tuple((p or "-").lower() for p in named)))
        marks.extend((line, m) for m in order_marks(ruleset, order, canonical))
    return Preview(orders, list(parsed.problems), marks)


def order_marks(ruleset: Any, order: Any, canonical: str) -> list[Mark]:
    """The marks of one accepted order: the game's own (:class:`HasOrderMarks`), else those
    of the places it names (:func:`marks_from_places`), else none."""
    if implements(ruleset, HasOrderMarks):
        return list(ruleset.order_marks(order))
    if implements(ruleset, HasOrderPlaces):
        return marks_from_places(ruleset, canonical)
    return []


_NUMBER = re.compile(r"\d+")


def marks_from_places(ruleset: Any, text: str) -> list[Mark]:
    """The marks of canonical order ``text`` of a game whose orders name their places (see
    the module docstring)."""
    named = tuple(ruleset.order_places(text))
    if not named:
        return []
    own, rest = named[0], [p for p in named[1:] if p]
    words = _words_without(text, named)
    if own and rest:
        amount = next((n for n in _NUMBER.findall(words)), "")
        dashed = "support" in ruleset.order_gloss(text).lower()
        kind = SUPPORT if dashed else MOVE
        target = rest[0]
        return [Mark(kind, (start, target), amount) for start in (own, *rest[1:]) if start]
    place = own or (rest[0] if rest else "")
    if not place:
        return []
    return [Mark(AT if words else HOLD, (place,), _clip(words))]


def _words_without(text: str, places: Sequence[str]) -> str:
    """``text`` without the words that are its places (``@TU``, ``2113-2213`` too)."""
    names = {p.upper() for p in places if p}
    kept = []
    for word in text.split():
        parts = [w for w in re.split(r"[-,]", word.strip(",")) if w]
        if parts and all(w.lstrip("@").upper() in names for w in parts):
            continue
        kept.append(word)
    return " ".join(kept)


def _clip(text: str) -> str:
    return text if len(text) <= LABEL_LIMIT else text[: LABEL_LIMIT - 1] + "…"


# Drawing ---------------------------------------------------------------------------------


def point(board: dict[str, Any], place: str) -> list[float] | None:
    """Where a unit at ``place`` stands on ``board`` (a committed map, or an enlarged part of
    one): its space's unit position, a coast's own where the map has it; None off the map."""
    province, _, coast = place.partition("/")
    spaces = board["spaces"]
    space = spaces.get(province) or spaces.get(province.lower()) or spaces.get(province.upper())
    if space is None:
        return None
    if coast and coast in space.get("coasts", {}):
        at: list[float] = space["coasts"][coast]
        return at
    unit: list[float] = space.get("unit") or space["label"]
    return unit


def svg(
    board: dict[str, Any],
    marks: Sequence[tuple[int, Mark]],
    colour: str,
    *,
    scale: float = 1.0,
    at: Callable[[dict[str, Any], str], list[float] | None] = point,
) -> str:
    """An SVG group of ``marks`` over ``board`` in ``colour`` (the power's), sized by
    ``scale`` (a whole world map draws smaller), with the arrowheads it uses defined in it
    (``order-head-…``: the map's own ``head-…`` are defined only where last turn used them).
    Each mark's element carries ``data-line`` (its order's line in the box) and
    ``data-kind``; places off the board are left out."""
    parts: list[str] = []
    rings: dict[str, int] = {}  # the rings drawn at each place so far: labels stack up
    for line, mark in marks:
        spots = [at(board, p) for p in mark.places]
        if any(s is None for s in spots) or not spots:
            continue
        points = [s for s in spots if s is not None]
        nth = 0
        if mark.kind in (HOLD, AT):
            nth = rings.get(mark.places[0], 0)
            rings[mark.places[0]] = nth + 1
        parts.append(_mark(mark, points, colour, scale, line, nth))
    if not parts:
        return '<g class="order-marks"></g>'
    head = colour[1:].lower()
    defs = (
        f'<defs><marker id="order-head-{head}" viewBox="0 0 10 10" refX="7" refY="5" '
        f'markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0L10,5L0,10z" '
        f'fill="{colour}"/></marker></defs>'
    )
    body = "".join(parts).replace(f"url(#head-{head})", f"url(#order-head-{head})")
    return f'<g class="order-marks" pointer-events="none">{defs}{body}</g>'


def _mark(
    mark: Mark, points: list[list[float]], colour: str, scale: float, line: int, nth: int = 0
) -> str:
    """One mark's group; ``nth``: how many rings stand at its place before it (its label is
    written above theirs)."""
    tag = f'<g class="order-mark" data-line="{line}" data-kind="{mapsvg.esc(mark.kind)}">'
    width = 3 * scale
    out: list[str] = []
    if mark.kind == MOVE and len(points) >= 2:
        for a, b in pairwise(points[:-1]):  # a flight's legs, then its last as an arrow
            out.append(
                f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" '
                f'stroke="{colour}" stroke-width="{width:.1f}" opacity="0.9"/>'
            )
        out.append(mapsvg.arrow(points[-2], points[-1], colour, width=width))
        out.extend(_amount(points[-2], points[-1], mark.label, scale))
    elif mark.kind in (SUPPORT, CONVOY) and len(points) >= 2:
        end = points[-1]
        if mark.kind == SUPPORT and len(points) >= 3:  # to the middle of the move supported
            end = [(points[1][0] + points[2][0]) / 2, (points[1][1] + points[2][1]) / 2]
        out.append(mapsvg.arrow(points[0], end, colour, dashed=True, width=2 * scale))
        out.extend(_amount(points[0], end, mark.label, scale))
    elif mark.kind == REMOVE:
        x, y = points[0]
        out.append(mapsvg.cross(x, y, colour))
    else:  # HOLD, AT (and a move that names one place only)
        out.append(_ring(points[0], colour, scale, dashed=mark.kind == AT))
        if mark.label:
            x, y = points[0]
            size = round(10 * scale, 1)
            y -= (16 + 12 * nth) * scale
            out.append(mapsvg.halo_text(x, y, mark.label, size, ' font-weight="bold"'))
    return tag + "".join(_cased(part) for part in out) + "</g>"


_STROKE = re.compile(r'stroke="(#[0-9a-fA-F]{6})" stroke-width="([\d.]+)"')


def _cased(part: str) -> str:
    """A line or an arrow over a dark casing a little wider than it (a light colour, such as
    France's, shows on the sea and on its own land); anything else as it is."""
    if not part.startswith(("<line", "<circle")):
        return part
    found = _STROKE.search(part)
    if found is None:
        return part
    width = float(found[2]) + 2
    casing = _STROKE.sub(f'stroke="{mapsvg.INK}" stroke-width="{width:.1f}"', part, count=1)
    casing = re.sub(r' marker-end="[^"]*"', "", casing).replace('opacity="0.9"', 'opacity="0.55"')
    casing = casing.replace('class="arrow"', 'class="casing"')
    return casing + part


def _ring(at: Sequence[float], colour: str, scale: float, *, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    return (
        f'<circle cx="{at[0]:.1f}" cy="{at[1]:.1f}" r="{14 * scale:.1f}" fill="none" '
        f'stroke="{colour}" stroke-width="{3 * scale:.1f}"{dash} opacity="0.9"/>'
    )


def _amount(a: Sequence[float], b: Sequence[float], label: str, scale: float) -> list[str]:
    """An arrow's amount (Battle Plan's units, SPI's Strength Points) at its middle."""
    if not label:
        return []
    x, y = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    size = round(11 * scale, 1)
    return [mapsvg.halo_text(x, y - 4 * scale, label, size, ' font-weight="bold"')]
