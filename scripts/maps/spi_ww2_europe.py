"""Spec of the SPI Multi-Player World War II map: the game's hex grid over Natural Earth.

The game's own map (src/umpire/games/spi_ww2/data/map.json, made by scripts/spi_ww2_map.py)
is a grid of flat-topped hexes, odd columns half a hex lower, laid on longitude and latitude:
hex CCRR is centred at lon0 + CC * dlon, lat0 - (RR + CC % 2 / 2) * dlat. Its spaces are the
hexes themselves; each carries the game's country (or sea), terrain and place. This spec draws
every hex as a regular hexagon and puts Natural Earth's land and borders under the grid in the
same (plate carree) coordinates, so the hexes stand where the game says they stand. The
grid's coarse country outlines are the game's; the coastline under them is Natural Earth's, so
a hex the game calls land may lie a little out at sea and the other way round.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

GAME = "spi_ww2"
NAME = "europe"
DATA = Path(__file__).resolve().parents[2] / "src/umpire/games/spi_ww2/data/map.json"
WIDTH, HEIGHT = 1280, 900
COMPACT = True
ODD_Q = {
    0: ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1)),
    1: ((1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1)),
}
PROVENANCE = (
    "The game's hex grid (data/map.json: every hex a space, its country, terrain and place "
    "the game's) drawn over Natural Earth land and borders in the grid's own plate carree "
    "coordinates."
)


def grid_frame(grid: dict[str, Any]) -> tuple[float, float, float]:
    """The hex size and the offsets that fit the grid into the frame's height."""
    rows = grid["rows"]
    size = (HEIGHT - 4) / (math.sqrt(3) * (rows + 0.5))
    return size, 2.0 + size, 2.0 + math.sqrt(3) * size / 2


def build(countries: dict[str, Any], helpers: Any) -> dict[str, Any]:
    from shapely import box, line_merge
    from shapely.ops import unary_union

    data = json.loads(DATA.read_text())
    grid = data["grid"]
    size, x0, y0 = grid_frame(grid)
    h = math.sqrt(3) * size

    def xy(lon: float, lat: float) -> tuple[float, float]:
        return (
            x0 + 1.5 * size * (lon - grid["lon0"]) / grid["dlon"],
            y0 + h * (grid["lat0"] - lat) / grid["dlat"],
        )

    spaces: dict[str, Any] = {}
    for hid, hx in sorted(data["hexes"].items()):
        c, r = int(hid[:2]), int(hid[2:])
        cx, cy = x0 + 1.5 * size * c, y0 + h * (r + (c % 2) / 2)
        ring = [
            (round(cx + size * math.cos(math.radians(60 * k)), 1),
             round(cy + size * math.sin(math.radians(60 * k)), 1))
            for k in range(6)
        ]  # fmt: skip
        country = hx.get("country")
        name = hx.get("place") or (
            data["countries"][country]["name"] if country else f"{hx.get('sea', 'Atlantic')} Sea"
        )
        spaces[hid] = {
            "kind": "land" if country else "sea",
            "name": name,
            "d": "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in ring) + "Z",
            "label": [round(cx, 1), round(cy - size * 0.52, 1)],
            "unit": [round(cx, 1), round(cy + size * 0.15, 1)],
        }
    west = grid["lon0"] - grid["dlon"]
    east = grid["lon0"] + grid["dlon"] * grid["columns"]
    north = grid["lat0"] + grid["dlat"]
    south = grid["lat0"] - grid["dlat"] * (grid["rows"] + 1)
    frame = box(west, south, east, north)
    width = x0 + 1.5 * size * (grid["columns"] - 1) + size + 2
    pixels = box(0, 0, width, HEIGHT)
    parts = []
    for g in countries.values():
        if not g.intersects(frame):
            continue
        pg = helpers.Projection.geom(xy, g.intersection(frame))
        parts.append(pg.intersection(pixels).simplify(0.5))
    land = unary_union(parts)
    borders = unary_union([p.boundary for p in parts]).difference(land.boundary.buffer(0.3))
    borders = line_merge(borders) if borders.geom_type == "MultiLineString" else borders
    adjacent = {(min(hid, n), max(hid, n)) for hid in spaces for n in neighbours(hid, grid)}
    return {
        "map": NAME,
        "game": GAME,
        "width": WIDTH,
        "height": HEIGHT,
        "grid": {"size": round(size, 3), "x0": round(x0, 3), "y0": round(y0, 3)},
        "frame": [0, 0, round(width, 1), HEIGHT],
        "provenance": {
            "geography": helpers.SOURCE,
            "projection": "plate carree in the game grid's coordinates (1.25 deg a column, "
            "1 deg a row)",
            "built_by": "scripts/build_maps.py, spec scripts/maps/spi_ww2_europe.py",
            "spaces": PROVENANCE,
            "adjacencies_as_lines": [],
            "non_adjacent_borders": [],
            "hex_adjacencies": len(adjacent),
        },
        "neutral": "",
        "lakes": "",
        "land": helpers.path_d(land),
        "borders": lines_d(borders),
        "insets": [],
        "spaces": spaces,
        "connections": [],
    }


def lines_d(g: Any) -> str:
    out = []
    for line in getattr(g, "geoms", [g]):
        pts = list(getattr(line, "coords", []))
        if len(pts) >= 2:
            out.append("M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in pts))
    return "".join(out)


def neighbours(hid: str, grid: dict[str, Any]) -> list[str]:
    c, r = int(hid[:2]), int(hid[2:])
    return [
        f"{c + dc:02d}{r + dr:02d}"
        for dc, dr in ODD_Q[c % 2]
        if 0 <= c + dc < grid["columns"] and 0 <= r + dr < grid["rows"]
    ]
