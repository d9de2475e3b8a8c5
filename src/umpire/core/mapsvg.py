"""SVG drawing shared by the games' map renderers (``umpire.games.<game>.drawing``).

A game's map is committed data (``data/maps/<name>.json`` in its package, built by
``scripts/build_maps.py`` from Natural Earth geography; see docs/maps.md): every space's outline
as SVG path data, its label and unit positions, and the connection lines for adjacencies that
are not drawn as shared borders. This module turns that data plus a game's colours, units and
arrows into one SVG document. Pure: no I/O beyond reading package data.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape

_HEAD = re.compile(r"url\(#head-([0-9a-f]{6})\)")
SEA = "#a9cbe0"
SEA_SPACE = "#bcd8ea"
LAND = "#efe6cf"
NEUTRAL = "#cfc8b8"
INK = "#2b2b2b"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


@cache
def load(package: str, name: str) -> dict[str, Any]:
    """The committed map ``name`` of a game package (read once)."""
    text = resources.files(package).joinpath("data", "maps", f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_COMMAND = re.compile(r"([MLZmlz])([^MLZmlz]*)")


def _tenths(n: int) -> str:
    """``n`` tenths of a pixel, in as few characters as SVG path data allows (``-.5``)."""
    text = f"{n / 10:.1f}".removesuffix(".0") if n % 10 else str(n // 10)
    return text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text


@lru_cache(maxsize=4096)
def compact(d: str, whole: bool = False) -> str:
    """Path data ``d`` (absolute ``M``, ``L``, ``Z`` commands, as the committed maps hold) in
    its shortest equivalent form at the maps' own precision (a tenth of a pixel): relative
    coordinates with the command letter given once per run, no points repeated. About half
    the characters, the same outline: every point is rounded to a tenth first and the steps
    are taken between rounded points, so rounding never accumulates along a path. ``whole``:
    to the whole pixel (scenery under a game's own spaces, such as a coastline under a hex
    grid, where a tenth of a pixel shows nothing)."""
    out: list[str] = []
    here = start = (0, 0)
    drawing = False  # inside a run of "l" steps: the next step needs no letter
    for command, args in _COMMAND.findall(d):
        numbers = [
            round(float(v)) * 10 if whole else round(float(v) * 10)
            for v in re.findall(r"-?\d+(?:\.\d+)?", args)
        ]
        if command in "Zz":
            out.append("z")
            here, drawing = start, False
            continue
        points = list(zip(numbers[::2], numbers[1::2], strict=True))
        if command == "M" and points:
            (x, y), points = points[0], points[1:]
            out.append(f"m{_pair(x - here[0], y - here[1])}" if out else f"M{_pair(x, y)}")
            here, start, drawing = (x, y), (x, y), False
        for x, y in points:
            if (x, y) == here:
                continue
            step = _pair(x - here[0], y - here[1])
            out.append(step if not drawing else step if step[0] == "-" else "," + step)
            if not drawing:
                out[-1] = "l" + step
            here, drawing = (x, y), True
    return "".join(out)


def _pair(dx: int, dy: int) -> str:
    return _join([_tenths(dx), _tenths(dy)])


def _join(parts: list[str]) -> str:
    """Numbers one after the other: a minus sign separates them itself."""
    text = parts[0]
    for part in parts[1:]:
        text += part if part.startswith("-") else "," + part
    return text


def esc(text: object) -> str:
    return escape(str(text), {'"': "&quot;"})


def tint(colour: str, amount: float = 0.55) -> str:
    """``colour`` mixed with white (``amount`` of white)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


class Svg:
    """An SVG document built in layers (drawn in the order added)."""

    def __init__(self, width: int, height: int, title: str, css_class: str = "") -> None:
        """``css_class``: a class for the page's style sheet (``map-wide``: a world map)."""
        self.width, self.height = width, height
        cls = f' class="{esc(css_class)}"' if css_class else ""
        self.parts: list[str] = [
            f'<svg xmlns="http://www.w3.org/2000/svg"{cls} viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" font-family="{FONT}">',
            f"<title>{esc(title)}</title>",
            "",  # the arrowheads' <defs>, filled in by text()
            f'<rect width="{width}" height="{height}" fill="{SEA}"/>',
        ]

    def add(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        body = "".join(self.parts[3:])
        heads = sorted(set(_HEAD.findall(body)))
        units = "".join(
            f'<g id="unit-{k}-{pc}" transform="scale({int(pc) / 100})">{UNIT_SHAPES[k]}</g>'
            if pc
            else f'<g id="unit-{k}">{UNIT_SHAPES[k]}</g>'
            for k, pc in sorted(set(_UNIT_USE.findall(body)))
        )
        defs = units + "".join(
            f'<marker id="head-{c}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" '
            f'markerHeight="4" orient="auto"><path d="M0,0L10,5L0,10z" fill="#{c}"/></marker>'
            for c in heads
        )
        return "".join([*self.parts[:2], f"<defs>{defs}</defs>", body, "</svg>"])


@dataclass(frozen=True, slots=True)
class Region:
    """An enlarged part of a crowded map (Europe on a world map), drawn as a map of its own:
    ``box`` (x, y, width, height) in the map's pixels, ``legend`` where its legend stands on
    the enlarged map, ``scale`` the counters' size and ``label`` the labels' size on it (larger
    than on a whole map: a page shows the map at about half its width)."""

    name: str
    title: str
    box: tuple[float, float, float, float]
    legend: tuple[float, float] = (10, 10)
    scale: float = 0.85
    label: float = 14


_NUMBER_PAIR = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)")


_ZOOMED: dict[tuple[int, Region], tuple[dict[str, Any], dict[str, Any]]] = {}


def zoomed(board: dict[str, Any], region: Region) -> dict[str, Any]:
    """``board`` with ``region.box`` enlarged to fill the board's own width and height: every
    outline, label, unit position and connection moved and scaled, so that the same drawing
    code draws the region with labels and counters at their usual size, far apart. A label
    set out at sea with a leader line goes back onto its space (there is room now). Element
    ids get the region's prefix (the enlarged map can share a page with the whole one).

    What falls wholly outside the enlarged map is left out: a space whose outline and label
    both lie beyond its edges (with its forces, which stand at its label), the outlines of
    neutral land and lakes, connection lines and insets that never cross it; nothing of it
    would show, and the world's enlarged parts were mostly such drawing. The same board and
    region give the same result: it is made once (the boards are the committed maps, never
    changed)."""
    found = _ZOOMED.get((id(board), region))
    if found is not None and found[0] is board:
        return found[1]
    made = _zoom(board, region)
    _ZOOMED[(id(board), region)] = (board, made)
    return made


def _shows(points: Iterable[Sequence[float]], width: float, height: float) -> bool:
    """Does the box around ``points`` meet the map (0, 0, width, height)?"""
    xs, ys = [], []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    return bool(xs) and max(xs) >= 0 and min(xs) <= width and max(ys) >= 0 and min(ys) <= height


def _pairs(d: str) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in _NUMBER_PAIR.findall(d)]


def _clipped(d: str, width: float, height: float) -> str:
    """Path data ``d`` (absolute commands) without the outlines (``M`` ...) wholly off the map."""
    parts = re.split(r"(?=M)", d)
    return "".join(p for p in parts if p and _shows(_pairs(p), width, height))


def _zoom(board: dict[str, Any], region: Region) -> dict[str, Any]:
    bx, by, bw, bh = region.box
    k = min(board["width"] / bw, board["height"] / bh)
    ox = (board["width"] - bw * k) / 2 - bx * k
    oy = (board["height"] - bh * k) / 2 - by * k

    def pt(p: Sequence[float]) -> list[float]:
        return [round(p[0] * k + ox, 1), round(p[1] * k + oy, 1)]

    def path(d: str) -> str:
        return _NUMBER_PAIR.sub(lambda m: "{},{}".format(*pt((float(m[1]), float(m[2])))), d)

    width, height = board["width"], board["height"]
    spaces = {}
    for code, sp in board["spaces"].items():
        moved = {**sp, "d": path(sp["d"]), "label": pt(sp["label"]), "unit": pt(sp["unit"])}
        if "anchor" in sp:
            moved.pop("anchor")
            moved["label"] = pt(sp["anchor"])
        if "coasts" in sp:
            moved["coasts"] = {c: pt(q) for c, q in sp["coasts"].items()}
        if _shows(_pairs(moved["d"]), width, height) or _shows([moved["label"]], width, height):
            spaces[code] = moved
    connections = [
        {**c, "points": [pt(q) for q in c["points"]]} if c.get("points") else dict(c)
        for c in board["connections"]
    ]
    for c in connections:  # a line between units (across the world's edge the short way)
        if not c.get("points"):
            (x1, y1), (x2, y2) = board["spaces"][c["a"]]["unit"], board["spaces"][c["b"]]["unit"]
            if board.get("wraps") and abs(x2 - x1) > width / 2:
                x2 += width if x1 > x2 else -width
            c["points"] = [pt((x1, y1)), pt((x2, y2))]
    insets = [
        [*pt((x, y)), round(w * k, 1), round(h * k, 1)] for x, y, w, h in board.get("insets", [])
    ]
    return {
        **board,
        "spaces": spaces,
        "connections": [c for c in connections if _shows(c["points"], width, height)],
        "neutral": _clipped(path(board["neutral"]), width, height),
        "lakes": _clipped(path(board["lakes"]), width, height),
        "insets": [i for i in insets if _shows([i[:2], [i[0] + i[2], i[1] + i[3]]], width, height)],
        "wraps": False,
        "ids": f"{region.name}-",
        "region": region.name,
        "zoom": k,
    }


def region_svg(svg: str, region: Region) -> str:
    """Mark an enlarged map's root element with its region (the page's map chooser)."""
    return svg.replace("<svg ", f'<svg data-region="{esc(region.name)}" ', 1)


def draw_board(svg: Svg, board: dict[str, Any], fills: dict[str, str]) -> None:
    """Neutral land, lakes, every space (filled from ``fills``, else land or sea colour) and
    the connection lines."""
    svg.add(
        f'<path d="{compact(board["neutral"], whole=True)}" fill="{NEUTRAL}" stroke="#8a8474" '
        'stroke-width="0.6"/>'
    )
    svg.add(f'<path d="{compact(board["lakes"], whole=True)}" fill="{SEA}"/>')
    for x, y, w, h in board.get("insets", []):
        svg.add(
            f'<rect class="inset" x="{x}" y="{y}" width="{w}" height="{h}" fill="{SEA}" '
            f'stroke="{INK}" stroke-width="1.5"/>'
        )
    svg.add('<g class="spaces" stroke="#55524a" stroke-width="0.9" stroke-linejoin="round">')
    for code, s in sorted(board["spaces"].items()):
        default = SEA_SPACE if s["kind"] == "sea" else LAND
        svg.add(
            f'<path id="{board.get("ids", "")}space-{esc(code)}" class="space {esc(s["kind"])}" '
            f'd="{compact(s["d"], whole=True)}" fill="{fills.get(code, default)}">'
            f"<title>{esc(s['name'])}</title></path>"
        )
    svg.add("</g>")
    for c in board["connections"]:
        ends = c.get("points") or [board["spaces"][c["a"]]["unit"], board["spaces"][c["b"]]["unit"]]
        (x1, y1), (x2, y2) = ends
        style = (
            'stroke="#7a4f9a" stroke-width="1.2" stroke-dasharray="2 4" opacity="0.7"'
            if c["kind"] == "air"
            else 'stroke="#6a3a1a" stroke-width="2.2" stroke-dasharray="6 3" opacity="0.85"'
        )
        if c["kind"] == "adjacency" and board.get("wraps"):  # the world: light lines
            style = 'stroke="#6a3a1a" stroke-width="1" stroke-dasharray="3 2" opacity="0.6"'
        if board.get("wraps") and abs(x2 - x1) > board["width"] / 2:
            # across the edge of a world map: the short way round, out of each side
            shift = board["width"] if x1 < x2 else -board["width"]
            d = f"M{x1},{y1}L{x2 - shift},{y2}M{x1 + shift},{y1}L{x2},{y2}"
        else:
            d = f"M{x1},{y1}L{x2},{y2}"
        svg.add(
            f'<path class="connection {esc(c["kind"])}" data-a="{esc(c["a"])}" '
            f'data-b="{esc(c["b"])}" d="{d}" fill="none" {style}/>'
        )


def draw_labels(
    svg: Svg, board: dict[str, Any], text_of: dict[str, str] | None = None, size: float = 11
) -> None:
    """Every space's code (upper case) at its label position, with a halo: the halos first,
    then the codes over them, each group carrying the attributes its texts share."""
    halos, labels = [], []
    for code, s in sorted(board["spaces"].items()):
        x, y = s["label"]
        if "anchor" in s:  # the label stands outside a small space: a leader line to it
            ax, ay = s["anchor"]
            svg.add(
                f'<path class="leader" d="M{x},{y}L{ax},{ay}" stroke="{INK}" '
                f'stroke-width="0.8" fill="none"/><circle cx="{ax}" cy="{ay}" r="1.8" '
                f'fill="{INK}"/>'
            )
        shown = esc((text_of or {}).get(code, code.upper()))
        at = f'x="{x}" y="{y + size * 0.36:.1f}"'
        italic = ' font-style="italic"' if s["kind"] == "sea" else ""
        halos.append(f"<text {at}{italic}>{shown}</text>")
        labels.append(
            f'<text class="label" data-space="{esc(code)}" {at} font-size="{size}"{italic}>'
            f"{shown}</text>"
        )
    common = f'text-anchor="middle" font-size="{size}" font-weight="bold"'
    svg.add(
        f'<g class="halos" {common} fill="none" stroke="#ffffff" stroke-width="3" '
        f'stroke-opacity="0.8">{"".join(halos)}</g>'
        f'<g class="labels" {common} fill="{INK}">{"".join(labels)}</g>'
    )


def halo_text(x: float, y: float, text: str, size: float, attrs: str = "") -> str:
    """``text`` centred at (x, y) over a white halo (two texts: every renderer draws it)."""
    common = f'x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="middle"'
    return (
        f'<text {common} fill="none" stroke="#ffffff" stroke-width="2.5" '
        f'stroke-opacity="0.85">{esc(text)}</text>'
        f'<text {common} fill="{INK}"{attrs}>{esc(text)}</text>'
    )


Box = tuple[float, float, float, float]  # left, top, right, bottom, in the map's pixels


def label_box(x: float, y: float, text: str, size: float) -> Box:
    """The box a label of :func:`draw_labels` at (x, y) covers, its halo included: bold
    capitals are at most about 0.72 of the font size wide each, and stand 0.36 of it either
    side of y (the baseline is 0.36 below)."""
    half = 0.36 * size * len(text) + 1.5
    return (x - half, y - 0.36 * size - 1.5, x + half, y + 0.36 * size + 1.5)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def free_box(
    x: float, y: float, w: float, h: float, taken: Sequence[Box], within: Box | None = None
) -> Box:
    """Where a ``w`` x ``h`` box goes near (x, y) (its top centre there, or as near as room
    allows) clear of every box ``taken`` and inside ``within``: the nearest free place on a
    grid of half-box steps around (x, y), placing below before above (the box belongs under
    its label). The first place when there is no room within twelve steps."""
    first: Box = (x - w / 2, y, x + w / 2, y + h)
    steps = sorted(
        ((i, j) for i in range(-12, 13) for j in range(-12, 13)),
        key=lambda ij: (
            (abs(ij[0]) * w / 2) ** 2 + (abs(ij[1]) * h / 2 * (1 if ij[1] > 0 else 1.5)) ** 2
        ),
    )
    for i, j in steps:
        dx, dy = i * (w / 2 + 1), j * (h / 2 + 1)
        box = (x + dx - w / 2, y + dy, x + dx + w / 2, y + dy + h)
        if within and not (
            box[0] >= within[0]
            and box[1] >= within[1]
            and box[2] <= within[2]
            and box[3] <= within[3]
        ):
            continue
        if not any(overlap(box, b) for b in taken):
            return box
    return first


_STROKE = f'stroke="{INK}" stroke-width="1.2"'
# A unit's counter drawn about (0, 0), once per map in its <defs>: the shapes take their fill
# from the <use> that places them (the power's colour), so one shape serves every counter.
UNIT_SHAPES = {
    "A": f'<rect x="-9" y="-7" width="18" height="14" rx="3" {_STROKE}/>'
    f'<path d="M-9,-7L9,7M-9,7L9,-7" stroke="{INK}" stroke-width="1"/>',
    "F": f'<path d="M-12,1L12,1L8,7L-8,7Z" {_STROKE}/>'
    f'<path d="M-6,1L-6,-4L4,-4L4,1M-1,-4L-1,-9" {_STROKE}/>',
    "T": f'<rect x="-11" y="-3" width="22" height="9" rx="4" {_STROKE}/>'
    f'<rect x="-5" y="-8" width="10" height="6" rx="2" {_STROKE}/>'
    f'<path d="M5,-5L14,-7" stroke="{INK}" stroke-width="2"/>',
    "B": '<path d="M0,-10L2,-3L12,1L12,4L2,2L1,7L4,9L-4,9L-1,7L-2,2L-12,4L-12,1L-2,-3Z" '
    f"{_STROKE}/>",
}
_UNIT_USE = re.compile(r'href="#unit-([AFTB])(?:-(\d+))?"')


def unit_symbol(
    kind: str, x: float, y: float, colour: str, extra: str = "", scale: float = 1.0
) -> str:
    """A counter for a unit: army (A), fleet (F), tank (T), bomber (B), with its shape (any
    other kind: an army's), placed at (x, y) and ``scale``d: a <use> of the shape the map
    defines once."""
    shape = kind if kind in UNIT_SHAPES else "A"
    ref = shape if scale == 1.0 else f"{shape}-{round(scale * 100)}"  # a scaled shape: its own
    return (
        f'<use class="unit unit-{esc(kind)}" href="#unit-{ref}" x="{number(x)}" y="{number(y)}" '
        f'fill="{colour}"{extra}/>'
    )


def number(v: float) -> str:
    """A coordinate to a tenth of a pixel, without a trailing ".0"."""
    return f"{v:.1f}".removesuffix(".0")


def arrow(
    a: Sequence[float], b: Sequence[float], colour: str, *, dashed: bool = False, width: float = 3
) -> str:
    """An arrow from ``a`` toward ``b``, stopping short of the unit at ``b``."""
    (x1, y1), (x2, y2) = a, b
    d = math.hypot(x2 - x1, y2 - y1) or 1.0
    shorten = min(12.0, d / 3)
    x2, y2 = x2 - (x2 - x1) * shorten / d, y2 - (y2 - y1) * shorten / d
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    return (
        f'<line class="arrow" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
        f'stroke="{colour}" stroke-width="{width}" marker-end="url(#head-{colour[1:].lower()})"'
        f'{dash} opacity="0.9"/>'
    )


def cross(x: float, y: float, colour: str = "#c0392b") -> str:
    """A bounce or failure mark."""
    return (
        f'<path class="bounce" d="M{x - 6:.1f},{y - 6:.1f}L{x + 6:.1f},{y + 6:.1f}'
        f'M{x - 6:.1f},{y + 6:.1f}L{x + 6:.1f},{y - 6:.1f}" stroke="{colour}" stroke-width="3"/>'
    )


def legend(
    svg: Svg,
    x: float,
    y: float,
    title: str,
    rows: Iterable[tuple[str, str]],
    notes: Sequence[str] = (),
    per: int = 12,
) -> None:
    """A legend box: a title, colour swatches (in columns of at most ``per``), lines of
    notes."""
    rows = list(rows)
    cols = max(1, -(-len(rows) // per))
    col_w = max([120, *(7 * len(t) + 48 for _, t in rows)])
    shown = min(len(rows), per)
    h = 26 + 18 * shown + 16 * len(notes) + 6
    w = max([150, 9 * len(title) + 20, cols * col_w, *(6 * len(n) + 16 for n in notes)])
    svg.add(
        f'<g class="legend"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" '
        f'fill="#fffdf6" fill-opacity="0.93" stroke="{INK}" stroke-width="1"/>'
        f'<text x="{x + 10}" y="{y + 19}" font-size="14" font-weight="bold" fill="{INK}">'
        f"{esc(title)}</text>"
    )
    for i, (colour, label) in enumerate(rows):
        rx, ry = x + 10 + col_w * (i // per), y + 28 + 18 * (i % per)
        svg.add(
            f'<rect x="{rx}" y="{ry}" width="22" height="13" fill="{colour}" '
            f'stroke="{INK}" stroke-width="0.8"/><text x="{rx + 30}" y="{ry + 11}" '
            f'font-size="12" fill="{INK}">{esc(label)}</text>'
        )
    for i, note in enumerate(notes):
        ny = y + 28 + 18 * shown + 16 * i + 10
        svg.add(f'<text x="{x + 10}" y="{ny}" font-size="11" fill="{INK}">{esc(note)}</text>')
    svg.add("</g>")
