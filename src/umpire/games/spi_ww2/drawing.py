"""The SPI Multi-Player World War II map of a position, drawn from a player's view.

``draw(view, events)`` takes the dict ``SpiWW2.view`` returns and returns one SVG document:
the game's hex grid (every hex labelled with its number CCRR) over the real coastline and
borders, each land hex tinted by the player who holds it (his own or his nationalities'
countries, a minor country by the player operating it, a hex whose control changed by its new
controller); the units the view lists, one counter per hex in the colour of the player whose
nationality has the most Strength Points there, with the SP total; capitals and Resource
Centers marked; and the events of the last turn the viewer may read, listed beside the map.
The spectator's map is drawn the same way from ``SpiWW2.public_view`` (its legend says
"public"): the board is open to all, and no Objectives column is ever drawn. Pure; the grid
and the geography are the committed data ``data/maps/europe.json`` (see docs/maps.md).
"""

from __future__ import annotations

import json
import math
import re
import textwrap
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from umpire.core import mapsvg, ordermarks
from umpire.games.spi_ww2.geography import Map

PACKAGE = "umpire.games.spi_ww2"
MAP = "europe"
COLOURS = {
    "GER": "#5a5a5a",
    "ITA": "#3aa04a",
    "FRA": "#7a3fb0",
    "GBR": "#c8322b",
    "USSR": "#d98c1f",
    "USA": "#d0487a",
}
OTHER = ("#1abc9c", "#d35d9b", "#8f5fc0", "#b8c62a")
GRID = "#6f7f88"  # the hex sides
PANEL = 952  # the grid ends left of it; the legend and the events stand right of it


def map_name(scenario: str) -> str:
    """Every scenario is played on the one hex map."""
    return MAP


def _event(e: Any) -> tuple[str, str]:
    if isinstance(e, Mapping):
        return str(e.get("kind", "")), str(e.get("text", ""))
    return str(e.kind), str(e.text)


def _player_of(view: Mapping[str, Any]) -> dict[str, str]:
    """Nationality -> the player who commands it (his own, his allies', the minors he
    operates)."""
    out: dict[str, str] = {}
    for player, nats in view.get("nationalities", {}).items():
        for nat in nats:
            out[str(nat)] = str(player)
        out[str(player)] = str(player)
    for minor, player in view.get("operators", {}).items():
        out.setdefault(str(minor), str(player))
    return out


def _colours(players: Iterable[str]) -> dict[str, str]:
    spare = iter(OTHER)
    return {p: COLOURS.get(p) or next(spare, "#999999") for p in players}


def draw(view: Mapping[str, Any], events: Iterable[Any] | None = None) -> str:
    """The SVG map of a Multi-Player World War II position (see the module docstring).

    2,050 hexes make the picture: the hexes are therefore not one element each. The grid is
    one pattern filling the outline of the whole grid; the tints are one outline per country
    and holder (the union of its hexes, with the country's name as its title); the coastline
    is one path drawn twice from one definition; every hex's number is a plain text in a
    group that carries the texts' common attributes. All that does not depend on the view
    (grid, coast, borders, numbers, capitals, Resource Centers) is built once."""
    board = mapsvg.load(PACKAGE, MAP)
    spaces = board["spaces"]
    players = [str(p) for p in view.get("players", [])]
    colour = _colours(players)
    svg = mapsvg.Svg(board["width"], board["height"], f"SPI WW2, {view.get('label', '')}")
    svg.add(_geography())
    for (name, kind, fill), hexes in sorted(_areas(view, colour).items()):
        paint = 'fill="#ffffff" fill-opacity="0"' if fill == "none" else f'fill="{fill}"'
        if fill == mapsvg.NEUTRAL:
            paint += ' fill-opacity="0.6"'
        elif fill != "none":
            paint += ' fill-opacity="0.35"'
        svg.add(
            f'<path class="area {kind}" d="{_outline(hexes)}" {paint}>'
            f"<title>{mapsvg.esc(name)}</title></path>"
        )
    svg.add(_overlay())
    size = board["grid"]["size"]
    units: Mapping[str, Mapping[str, int]] = view.get("units", {})
    who = _player_of(view)
    for hid, stack in sorted(units.items()):
        if hid not in spaces or not stack:
            continue
        x, y = spaces[hid]["unit"]
        nat = max(sorted(stack), key=lambda n: stack[n])
        fill = colour.get(who.get(nat, ""), "#999999")
        total = sum(int(v) for v in stack.values())
        detail = ", ".join(f"{n} {v}" for n, v in sorted(stack.items()))
        # As wide as a hex's column step (neighbours' counters never overlap), below the
        # hex's number: the nationality small, the SP total large (read at the page's 1:1).
        w = size * 1.5
        svg.add(
            f'<g class="unit" data-space="{hid}"><title>{hid}: {mapsvg.esc(detail)} SP</title>'
            f'<rect x="{x - w / 2:.1f}" y="{y - 3.5:.1f}" width="{w:.1f}" height="14" rx="2" '
            f'fill="{fill}" stroke="{mapsvg.INK}" stroke-width="0.6"/>'
            f'<text x="{x:.1f}" text-anchor="middle" fill="#ffffff" font-weight="bold">'
            f'<tspan y="{y + 1.6:.1f}" font-size="5.2">{mapsvg.esc(nat[:3])}</tspan>'
            f'<tspan x="{x:.1f}" y="{y + 9.4:.1f}" font-size="8.6">{total}</tspan></text></g>'
        )
    _panel(svg, view, players, colour, events)
    return svg.text()


def _areas(
    view: Mapping[str, Any], colour: Mapping[str, str]
) -> dict[tuple[str, str, str], list[str]]:
    """The hexes of each tint: (country or sea name, kind, fill) -> its hexes. A land hex is
    tinted by the player who holds it (a hex whose control changed: its new controller),
    impassable neutral land grey; the rest is not tinted ("none"), only named."""
    spaces = mapsvg.load(PACKAGE, MAP)["spaces"]
    hexes = _hex_data()
    who = _player_of(view)
    control: Mapping[str, str] = view.get("control_changed", {})
    out: dict[tuple[str, str, str], list[str]] = {}
    for hid, s in sorted(spaces.items()):
        owner = control.get(hid) or who.get(hexes[hid][0], "")
        if s["kind"] == "land" and owner in colour:
            fill = colour[owner]
        elif s["kind"] == "land" and hexes[hid][1] == "impassable":
            fill = mapsvg.NEUTRAL
        else:
            fill = "none"
        out.setdefault((str(s["name"]), str(s["kind"]), fill), []).append(hid)
    return out


def _outline(hexes: Iterable[str]) -> str:
    """The outline of a set of hexes as compact path data: the sides no two of them share,
    joined into closed loops (all hexes wind the same way, so any joining fills the same).
    The same set always gives the same text (hexes in order; a country's outline, the same
    from turn to turn, is made once)."""
    return _outline_of(tuple(sorted(set(hexes))))


@lru_cache(maxsize=1024)
def _outline_of(chosen: tuple[str, ...]) -> str:
    sides = _sides()
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for hid in chosen:
        for a, b in sides[hid]:
            edges.setdefault(a, []).append(b)
    for a, ends in list(edges.items()):  # a side two hexes share runs both ways: drop both
        for b in list(ends):
            back = edges.get(b, [])
            if a in back:
                ends.remove(b)
                back.remove(a)
    loops: list[str] = []
    for a in sorted(edges):
        while edges[a]:
            points, here = [a], edges[a].pop()
            while here != a:
                points.append(here)
                here = edges[here].pop()
            loops.append("M" + "L".join(f"{x / 10:.1f},{y / 10:.1f}" for x, y in points) + "Z")
    return mapsvg.compact("".join(loops))


@cache
def _sides() -> dict[str, list[tuple[tuple[int, int], tuple[int, int]]]]:
    """Each hex's six sides as directed pairs of corners (in tenths of a pixel), in the
    order its committed outline gives them."""
    out = {}
    for hid, s in mapsvg.load(PACKAGE, MAP)["spaces"].items():
        corners = [
            (round(float(x) * 10), round(float(y) * 10))
            for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", s["d"])
        ]
        out[hid] = [(c, corners[(i + 1) % len(corners)]) for i, c in enumerate(corners)]
    return out


@cache
def _geography() -> str:
    """The land under the tints, and the definitions the map uses: the land's outline (filled
    here, stroked as the coast over the tints), the grid's pattern, a capital's star."""
    board = mapsvg.load(PACKAGE, MAP)
    r = float(board["grid"]["size"])
    h = r * math.sqrt(3) / 2
    x0, y0 = float(board["grid"]["x0"]) - r, float(board["grid"]["y0"]) - h
    # one tile: a column-0 hex and the side between the two column-1 hexes beside it
    tile = (
        f"M0,{h:.2f}L{r / 2:.2f},0H{1.5 * r:.2f}L{2 * r:.2f},{h:.2f}L{1.5 * r:.2f},{2 * h:.2f}"
        f"H{r / 2:.2f}ZM{2 * r:.2f},{h:.2f}H{3 * r:.2f}"
    )
    return (
        f'<defs><path id="spi-land" d="{mapsvg.compact(board["land"], whole=True)}"/>'
        f'<pattern id="spi-grid" patternUnits="userSpaceOnUse" x="{x0:.3f}" y="{y0:.3f}" '
        f'width="{3 * r:.3f}" height="{2 * h:.3f}"><path d="{tile}" fill="none" '
        f'stroke="{GRID}" stroke-width="0.35"/></pattern>'
        f'<path id="spi-star" d="M0,-4l1.2,2.6 2.8,.3-2.1,1.9.6,2.8-2.5-1.4-2.5,1.4.6-2.8-2.1-1.9 '
        f'2.8-.3z" fill="#b03020"/></defs>'
        f'<use href="#spi-land" fill="{mapsvg.LAND}"/>'
    )


@cache
def _overlay() -> str:
    """What stands over the tints and under the units: the grid, the coast and the borders,
    every hex's number, the capitals (stars) and Resource Centers (dots)."""
    board = mapsvg.load(PACKAGE, MAP)
    spaces = board["spaces"]
    hexes = _hex_data()
    columns: dict[float, list[str]] = {}  # x -> the numbers of the hexes of that column
    marks = []
    for hid, s in sorted(spaces.items()):
        x, y = s["label"]
        columns.setdefault(x, []).append(f'<text y="{mapsvg.number(y + 4.2)}">{hid}</text>')
        ux, uy = s["unit"]
        if hexes[hid][2] == "capital":
            marks.append(
                f'<use class="capital" href="#spi-star" x="{mapsvg.number(ux)}" y="{mapsvg.number(uy)}"/>'
            )
        elif hexes[hid][2] == "rc":
            marks.append(
                f'<circle class="rc" cx="{mapsvg.number(ux)}" cy="{mapsvg.number(uy)}" r="2"/>'
            )
    labels = [  # a column's numbers share their x: one group moved there
        f'<g transform="translate({mapsvg.number(x)})">{"".join(texts)}</g>'
        for x, texts in sorted(columns.items())
    ]
    grid = board["grid"]
    # The page finds the hex under a click from these numbers (the hex 0000's centre, the
    # hexes' radius, odd columns half a hex lower: geography.ODD_Q), the grid's own.
    return (
        f'<path class="grid" d="{_outline(spaces)}" fill="url(#spi-grid)" stroke="{GRID}" '
        f'stroke-width="0.35" data-hexgrid="{grid["x0"]} {grid["y0"]} {grid["size"]} odd-q"/>'
        '<use class="coast" href="#spi-land" fill="none" stroke="#4a6070" stroke-width="0.9"/>'
        f'<path class="borders" d="{mapsvg.compact(board["borders"], whole=True)}" fill="none" '
        'stroke="#6b3a2a" stroke-width="0.9" stroke-dasharray="3 2"/>'
        '<g class="labels" font-size="4.6" text-anchor="middle" fill="#39464e">'
        f"{''.join(labels)}</g>"
        f'<g class="marks" fill="{mapsvg.INK}">{"".join(marks)}</g>'
    )


def _panel(
    svg: mapsvg.Svg,
    view: Mapping[str, Any],
    players: list[str],
    colour: Mapping[str, str],
    events: Iterable[Any] | None,
) -> None:
    nats: Mapping[str, Any] = view.get("nationalities", {})
    rows = [(colour[p], f"{p}: {' '.join(nats.get(p, [p]))}"[:44]) for p in players]
    me = f" - {view['power']}" if view.get("power") else " - umpire"
    me = " - public" if view.get("public") else me  # the spectator's map (views.public_view)
    notes = [
        "tint: held or operated (20.0) by the player",
        "counter: SP in the hex (top nationality)",
        "star: capital; dot: Resource Center",
    ]
    mapsvg.legend(svg, PANEL, 8, f"Game-Turn {view.get('game_turn', '')}{me}", rows, notes)
    lines: list[str] = []
    for e in events or ():
        kind, text = _event(e)
        if kind == "phase" or not text:
            continue
        lines.extend(textwrap.wrap(text, 52, initial_indent="- ", subsequent_indent="  "))
    if not lines:
        return
    shown = lines[:40] + ([f"... and {len(lines) - 40} more lines"] if len(lines) > 40 else [])
    top = 8 + 26 + 18 * len(rows) + 16 * len(notes) + 20
    svg.add(
        f'<g class="events"><rect x="{PANEL}" y="{top}" width="{1280 - PANEL - 6}" '
        f'height="{24 + 13 * len(shown)}" rx="6" fill="#fffdf6" fill-opacity="0.93" '
        f'stroke="{mapsvg.INK}"/><text x="{PANEL + 10}" y="{top + 17}" font-size="13" '
        f'font-weight="bold" fill="{mapsvg.INK}">Last turn</text>'
    )
    for i, line in enumerate(shown):
        svg.add(
            f'<text x="{PANEL + 10}" y="{top + 32 + 13 * i}" font-size="9.5" '
            f'fill="{mapsvg.INK}">{mapsvg.esc(line)}</text>'
        )
    svg.add("</g>")


@cache
def _hex_data() -> dict[str, tuple[str, str, str]]:
    """Per hex: the nation whose it is (a possession: its major's), its country's kind and a
    mark (capital, Resource Center), from the game's own map (public data)."""
    text = resources.files(PACKAGE).joinpath("data", "map.json").read_text("utf-8")
    m = Map(json.loads(text))
    out: dict[str, tuple[str, str, str]] = {}
    for hid, h in m.hexes.items():
        country = h.country or ""
        kind = m.countries.get(country, {}).get("kind", "")
        nation = m.owner(country) or country if kind == "possession" else country
        mark = "capital" if h.capital else ("rc" if h.rc else "")
        out[hid] = (nation, kind, mark)
    return out


def order_overlay(
    view: Mapping[str, Any], marks: Iterable[Any], power: str, region: str | None = None
) -> str:
    """The orders ``power`` is giving (``ordermarks`` marks with their lines), drawn over
    :func:`draw`'s hex map from hex centre to hex centre in the player's colour, sized to
    the hexes."""
    board = mapsvg.load(PACKAGE, MAP)
    colour = _colours([str(p) for p in view.get("players", [])]).get(power, mapsvg.INK)
    return ordermarks.svg(board, list(marks), colour, scale=board["grid"]["size"] / 16)
