#!/usr/bin/env python3
"""Build the committed SVG map data of every game and scenario from Natural Earth geography.

    pip install -e '.[maps]'                      # shapely
    (cd scripts/maps && npm install)              # world-atlas, topojson-client (ignored dir)
    .venv/bin/python scripts/build_maps.py [NAME ...]   # NAME: a key of SPECS; default all

Geography: Natural Earth 1:50m countries (public domain), as TopoJSON in the npm package
`world-atlas`, converted to GeoJSON by `topojson-client`. Each map is projected (Lambert
azimuthal equal-area), cut to its frame and carved into the game's spaces by its spec in
scripts/maps/ (whole countries, or Voronoi cells of seed points clipped to land or sea). The
output (one JSON file per map under src/umpire/games/<game>/data/maps/) is what the game's
drawing module reads; nothing here is needed at run time.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from shapely import MultiPoint, Point, Polygon, box, intersection, make_valid, set_precision
from shapely.errors import GEOSException
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, transform, unary_union, voronoi_diagram

ROOT = Path(__file__).resolve().parent.parent
NPM = ROOT / "scripts" / "maps"
CACHE = NPM / "build"
sys.path.insert(0, str(NPM))

SOURCE = "Natural Earth 1:50m Admin 0 countries (public domain), npm world-atlas 2.0.2"
TOLERANCE = 0.6  # px: simplification of the coastline and the touch test


def countries() -> dict[str, BaseGeometry]:
    """Natural Earth country outlines by name, in longitude/latitude."""
    CACHE.mkdir(exist_ok=True)
    out = CACHE / "countries-50m.geojson"
    if not out.exists():
        script = (
            "const t=require('topojson-client');const w=require('world-atlas/countries-50m.json');"
            "process.stdout.write(JSON.stringify(t.feature(w,w.objects.countries)));"
        )
        data = subprocess.run(
            ["node", "-e", script], cwd=NPM, check=True, capture_output=True
        ).stdout
        out.write_bytes(data)
    fc = json.loads(out.read_text())
    found: dict[str, list[BaseGeometry]] = {}
    for f in fc["features"]:
        parts = [unwrap(p) for p in polygons(shape(f["geometry"]))]
        found.setdefault(f["properties"]["name"], []).extend(make_valid(p) for p in parts)
    return {k: unary_union(v) for k, v in found.items()}


def unwrap(poly: Polygon) -> Polygon:
    """A polygon crossing the antimeridian (Russia's Chukotka) as one valid ring: longitudes
    west of 0 shifted by 360 (the maps never reach the antimeridian)."""
    minx, _, maxx, _ = poly.bounds
    if maxx - minx <= 180:
        return poly
    return transform(lambda xs, ys: (tuple(x + 360 if x < 0 else x for x in xs), ys), poly)


class Projection:
    """Lambert azimuthal equal-area about (lon0, lat0), scaled so ``extent`` fills the frame."""

    def __init__(
        self,
        lon0: float,
        lat0: float,
        extent: Iterable[tuple[float, float]],
        width: float,
        height: float,
    ) -> None:
        self.lon0, self.lat0 = math.radians(lon0), math.radians(lat0)
        self.k, self.dx, self.dy = 1.0, 0.0, 0.0
        pts = [self.raw(lon, lat) for lon, lat in extent]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.k = min(width / (max(xs) - min(xs)), height / (max(ys) - min(ys)))
        self.dx = width / 2 - self.k * (max(xs) + min(xs)) / 2
        self.dy = height / 2 + self.k * (max(ys) + min(ys)) / 2

    def raw(self, lon: float, lat: float) -> tuple[float, float]:
        lam, phi = math.radians(lon) - self.lon0, math.radians(lat)
        c = (
            1
            + math.sin(self.lat0) * math.sin(phi)
            + math.cos(self.lat0) * math.cos(phi) * math.cos(lam)
        )
        k = math.sqrt(2 / max(c, 1e-9))
        x = k * math.cos(phi) * math.sin(lam)
        y = k * (
            math.cos(self.lat0) * math.sin(phi)
            - math.sin(self.lat0) * math.cos(phi) * math.cos(lam)
        )
        return x, y

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.raw(lon, lat)
        return self.dx + self.k * x, self.dy - self.k * y

    def geom(self, g: BaseGeometry) -> BaseGeometry:
        return transform(
            lambda xs, ys: tuple(
                zip(*(self(x, y) for x, y in zip(xs, ys, strict=False)), strict=False)
            ),
            g,
        )


class Miller(Projection):
    """Miller cylindrical over the whole world (longitudes from ``west`` to ``west + 360``),
    its latitudes stretched by ``stretch`` so that the frame is filled from ``south`` to
    ``north``."""

    def __init__(
        self, west: float, south: float, north: float, width: float, height: float
    ) -> None:
        self.west = west
        self.kx = width / (2 * math.pi)
        top, bottom = self.raw(0, north)[1], self.raw(0, south)[1]
        self.ky = height / (top - bottom)
        self.top = top

    def raw(self, lon: float, lat: float) -> tuple[float, float]:
        phi = math.radians(max(-89.0, min(89.0, lat)))
        return math.radians(lon), 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * phi))

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.raw(lon - self.west, lat)
        return self.kx * x, self.ky * (self.top - y)


def wrap_west(g: BaseGeometry, west: float) -> BaseGeometry:
    """``g`` with every part west of longitude ``west`` moved 360 degrees east (a world map
    from ``west`` to ``west + 360``)."""
    minx, miny, maxx, maxy = g.bounds
    if minx >= west:
        return g
    left = g.intersection(box(minx - 1, miny - 1, west, maxy + 1))
    right = g.intersection(box(west, miny - 1, maxx + 1, maxy + 1))
    moved = transform(lambda xs, ys: (tuple(x + 360 for x in xs), ys), left)
    return make_valid(unary_union([right, moved]))


def polygons(g: BaseGeometry) -> list[Polygon]:
    if isinstance(g, Polygon):
        return [g] if not g.is_empty else []
    if hasattr(g, "geoms"):
        return [p for part in g.geoms for p in polygons(part)]
    return []


def path_d(g: BaseGeometry) -> str:
    """SVG path data (absolute, 1 decimal) of a polygon or multipolygon."""
    parts = []
    for poly in polygons(g):
        for ring in [poly.exterior, *poly.interiors]:
            pts = list(ring.coords)[:-1]
            if len(pts) < 3:
                continue
            parts.append("M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + "Z")
    return "".join(parts)


def carve(
    region: BaseGeometry, seeds: dict[str, list[tuple[float, float]]], leftovers: str = "neutral"
) -> tuple[dict[str, BaseGeometry], BaseGeometry]:
    """Voronoi cells of the seed points (projected), grouped by space, clipped to ``region``.
    Each connected piece of the region is shared only among the seeds inside it; a piece
    without seeds is returned as leftover (neutral land, lakes)."""
    out: dict[str, list[BaseGeometry]] = {k: [] for k in seeds}
    left: list[BaseGeometry] = []
    every = [(code, Point(p)) for code, ps in seeds.items() for p in ps]
    lost = [code for code, p in every if not region.buffer(0.5).contains(p)]
    if lost:
        print(f"  seeds outside their region (ignored): {sorted(set(lost))}")
    for piece in polygons(region):
        inside = [
            (code, Point(p))
            for code, ps in seeds.items()
            for p in ps
            if piece.buffer(0.5).contains(Point(p))
        ]
        codes = {c for c, _ in inside}
        if not codes:
            left.append(piece)
        elif len(codes) == 1:
            out[next(iter(codes))].append(piece)
        else:
            cells = voronoi_diagram(
                MultiPoint([p for _, p in inside]), envelope=piece.envelope.buffer(2000)
            )
            for cell in cells.geoms:
                owner = next(c for c, p in inside if cell.buffer(0.01).contains(p))
                out[owner].append(intersection(cell, piece, grid_size=0.01))
    merged = {k: unary_union(v) for k, v in out.items()}
    return merged, unary_union(left) if left else Polygon()


def shared(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length of the border two polygons share (within the tolerance)."""
    ab, bb = make_valid(a.buffer(TOLERANCE)), make_valid(b.buffer(TOLERANCE))
    try:
        both = intersection(ab, bb)
    except GEOSException:
        both = intersection(ab.buffer(0.01), bb.buffer(0.01), grid_size=0.05)
    return float(both.area) / (2 * TOLERANCE)


def common_vertices(a: str, b: str, tol: float = 0.8) -> bool:
    """The drawn outlines (path data) share a border: two vertices of one within ``tol`` of
    vertices of the other (as tests/maps/geometry.py checks it; spaces simplified one by one
    may touch without sharing vertices, and then the adjacency is drawn as a line)."""
    nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", a)]
    cells = {(round(x / tol), round(y / tol)) for x, y in zip(nums[::2], nums[1::2], strict=True)}
    hits = 0
    nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", b)]
    for x, y in zip(nums[::2], nums[1::2], strict=True):
        cx, cy = round(x / tol), round(y / tol)
        if any((cx + i, cy + j) in cells for i in (-1, 0, 1) for j in (-1, 0, 1)):
            hits += 1
            if hits >= 2:
                return True
    return False


def spot(poly: BaseGeometry, hint: tuple[float, float] | None) -> tuple[float, float]:
    if hint is not None:
        return hint
    big = max(polygons(poly), key=lambda p: p.area)
    p = polylabel(big, tolerance=0.5)
    return (p.x, p.y)


def unit_spot(poly: BaseGeometry, label: tuple[float, float]) -> tuple[float, float]:
    """Where a unit stands: beside the label, inside the space where it fits."""
    for dx, dy in [(0, -20), (0, 30), (-28, 2), (28, 2), (0, -14), (-22, 18), (22, 18)]:
        c = Point(label[0] + dx, label[1] + dy)
        if poly.contains(c.buffer(9)):
            return (c.x, c.y)
    return (label[0], label[1] - 16)


def inset_space(world: dict[str, BaseGeometry], inset: dict[str, Any]) -> BaseGeometry:
    """A space drawn in its own box (a power far from the main map, e.g. the USA)."""
    x, y, w, h = inset["box"]
    lon0, lat0, lon1, lat1 = inset["lonlat"]
    p = Projection(
        (lon0 + lon1) / 2,
        (lat0 + lat1) / 2,
        [(lon0, lat0), (lon1, lat1), (lon0, lat1), (lon1, lat0)],
        w - 10,
        h - 10,
    )
    g = unary_union([world[n] for n in inset["countries"]]).intersection(
        box(lon0, lat0, lon1, lat1)
    )
    g = p.geom(g).simplify(TOLERANCE)
    g = transform(lambda xs, ys: (tuple(v + x + 5 for v in xs), tuple(v + y + 5 for v in ys)), g)
    return unary_union([q for q in polygons(g) if q.area > 4])


def build(spec: Any) -> dict[str, Any]:
    """One map from its spec module (see scripts/maps/*.py)."""
    W, H = spec.WIDTH, spec.HEIGHT
    world = countries()
    proj: Projection
    if getattr(spec, "PROJECTION", "") == "miller":
        west, south, _, north = spec.LONLAT
        proj = Miller(west, south, north, W, H)
        world = {k: wrap_west(v, west) for k, v in world.items()}
    else:
        proj = Projection(spec.CENTRE[0], spec.CENTRE[1], spec.EXTENT, W, H)
    frame = box(0, 0, W, H)
    for name, parts in getattr(spec, "UNIONS", {}).items():
        world[name] = unary_union([world[p] for p in parts])
    proj_c: dict[str, BaseGeometry] = {}
    for name, g in world.items():
        if g.bounds[2] < spec.LONLAT[0] or g.bounds[0] > spec.LONLAT[2]:
            continue
        if g.bounds[3] < spec.LONLAT[1] or g.bounds[1] > spec.LONLAT[3]:
            continue
        clipped = g.intersection(box(*spec.LONLAT))
        if clipped.is_empty:
            continue
        pg = proj.geom(clipped).intersection(frame)
        if hasattr(spec, "SIMPLIFY"):  # world maps: each country simplified on its own
            pg = make_valid(pg.simplify(spec.SIMPLIFY))
        if not pg.is_empty:
            proj_c[name] = pg
    land = unary_union(list(proj_c.values())).simplify(getattr(spec, "SIMPLIFY", TOLERANCE))
    land = set_precision(land.buffer(0), 0.01)
    land = unary_union([p for p in polygons(land) if p.area > spec.MIN_ISLAND])
    sea = set_precision(frame.difference(land), 0.01)
    lake_cuts: list[BaseGeometry] = []
    for area in getattr(spec, "LAKES", []):  # named waters that are no space (Hudson Bay)
        cut = proj.geom(box(*area).segmentize(0.5))
        lake_cuts.append(sea.intersection(cut))
        sea = set_precision(sea.difference(cut), 0.01)
    ice: list[BaseGeometry] = []
    for area in getattr(spec, "ICE", []):  # impassable sea (the polar ice): neutral
        cut = proj.geom(box(*area).segmentize(0.5))
        ice.append(sea.intersection(cut))
        sea = set_precision(sea.difference(cut), 0.01)
    spaces: dict[str, BaseGeometry] = {}
    neutral: list[BaseGeometry] = list(ice)
    # whole countries (or unions of countries) first; the rest of the land is carved
    taken = Polygon()
    for code, names in spec.COUNTRIES.items():
        g = unary_union([proj_c[n] for n in names if n in proj_c]).intersection(land)
        spaces[code] = g
        taken = taken.union(g)
    for names in getattr(spec, "IMPASSABLE", []):
        g = (
            unary_union([proj_c[n] for n in names if n in proj_c])
            .intersection(land)
            .difference(taken)
        )
        neutral.append(g)
        taken = taken.union(g)
    for names, seeds in getattr(spec, "CARVED", []):
        g = unary_union([proj_c[n] for n in names if n in proj_c]).intersection(land)
        carved, _ = carve(g, {k: [proj(*p) for p in v] for k, v in seeds.items()})
        spaces.update(carved)
        taken = taken.union(g)
    for code, inset in getattr(spec, "INSETS", {}).items():
        spaces[code] = inset_space(world, inset)
    rest = land.difference(taken)
    pseeds = {k: [proj(*p) for p in v] for k, v in spec.LAND_SEEDS.items()}
    carved, left = carve(rest, pseeds)
    spaces.update(carved)
    neutral.append(left)
    sseeds = {k: [proj(*p) for p in v] for k, v in spec.SEA_SEEDS.items()}
    carved, lakes = carve(sea, sseeds)
    spaces.update(carved)
    if not sseeds:  # no sea spaces: the sea is the background, there are no lakes to draw
        lakes = Polygon()
    lakes = unary_union([lakes, *lake_cuts])
    discs = {
        code: unary_union([Point(proj(*p)).buffer(spec.DISC, 12) for p in ps])
        for code, ps in getattr(spec, "ISLANDS", {}).items()
    }
    if discs:  # islands too small to see: discs at their real place, cut out of the rest
        every = unary_union(list(discs.values()))
        spaces = {k: v.difference(every) for k, v in spaces.items()}
        neutral = [n.difference(every) for n in neutral]
        spaces.update(discs)
    for src, dst, area in getattr(spec, "REASSIGN", []):
        cut = proj.geom(box(*area).segmentize(0.5))
        piece = spaces[src].intersection(cut)
        spaces[src] = spaces[src].difference(cut)
        if dst is None:
            neutral.append(piece)
        else:
            spaces[dst] = spaces[dst].union(piece)
    spaces = {k: make_valid(set_precision(v, 0.01)) for k, v in spaces.items()}
    keep = getattr(spec, "KEEP", None)
    if keep is not None:  # a game on part of a map: the other spaces are land or water
        for code in [c for c in spaces if c not in keep]:
            g = spaces.pop(code)
            if spec_kind(spec, code) == "sea":
                lakes = unary_union([lakes, g])
            else:
                neutral.append(g)
    return finish(spec, proj, spaces, unary_union(neutral), lakes)


def spec_kind(spec: Any, code: str) -> str:
    return "sea" if code.startswith("W") and getattr(spec, "GAME", "") == "battleplan" else "land"


def finish(
    spec: Any,
    proj: Projection,
    spaces: dict[str, BaseGeometry],
    neutral: BaseGeometry,
    lakes: BaseGeometry,
) -> dict[str, Any]:
    problems = [k for k, g in spaces.items() if g.is_empty]
    if problems:
        raise SystemExit(f"{spec.NAME}: spaces without area: {problems}")
    labels = {k: proj(*p) for k, p in getattr(spec, "LABELS", {}).items()}
    units = {k: proj(*p) for k, p in getattr(spec, "UNITS", {}).items()}
    out_spaces: dict[str, Any] = {}
    for code in sorted(spaces):
        g = spaces[code]
        lab = spot(g, labels.get(code))
        entry: dict[str, Any] = {
            "kind": spec.KINDS[code],
            "name": spec.NAMES[code],
            "d": path_d(g),
            "label": [round(lab[0], 1), round(lab[1], 1)],
        }
        if code in labels and g.distance(Point(lab)) > 2:  # a label out at sea: a leader line
            a = spot(g, None)
            entry["anchor"] = [round(a[0], 1), round(a[1], 1)]
        u = units.get(code) or unit_spot(g, lab)
        entry["unit"] = [round(u[0], 1), round(u[1], 1)]
        out_spaces[code] = entry
    for loc, p in getattr(spec, "COAST_UNITS", {}).items():
        prov, coast = loc.split("/")
        x, y = proj(*p)
        out_spaces[prov].setdefault("coasts", {})[coast] = [round(x, 1), round(y, 1)]
    lines = []
    drawn: set[tuple[str, str]] = set()
    ends = getattr(spec, "LINE_ENDS", {})
    for a, b, kind in spec.connections():
        lines.append({"a": a, "b": b, "kind": kind})
        drawn.add((min(a, b), max(a, b)))
    missing = []
    for a, b in sorted(spec.adjacencies()):
        if (a, b) in drawn:
            continue
        if shared(spaces[a], spaces[b]) < spec.MIN_BORDER or not common_vertices(
            out_spaces[a]["d"], out_spaces[b]["d"]
        ):
            missing.append(f"{a}-{b}")
            lines.append({"a": a, "b": b, "kind": "adjacency"})
    for line in lines:
        pair = (line["a"], line["b"])
        if pair in ends:
            line["points"] = [[round(v, 1) for v in proj(*p)] for p in ends[pair]]
    false = []
    adj = set(spec.adjacencies())
    codes = sorted(spaces)
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            ba, bb = spaces[a].bounds, spaces[b].bounds
            if ba[0] > bb[2] + 1 or bb[0] > ba[2] + 1 or ba[1] > bb[3] + 1 or bb[1] > ba[3] + 1:
                continue  # far apart
            if (
                (a, b) not in adj
                and spaces[a].distance(spaces[b]) < 0.1
                and shared(spaces[a], spaces[b]) > 6
            ):
                false.append(f"{a}-{b}")
    print(f"{spec.NAME}: {len(spaces)} spaces; adjacencies drawn as lines: {missing}")
    print(f"{spec.NAME}: borders between non-adjacent spaces: {false}")
    return {
        "map": spec.NAME,
        "game": spec.GAME,
        "width": spec.WIDTH,
        "height": spec.HEIGHT,
        "provenance": {
            "geography": SOURCE,
            "projection": (
                f"Miller cylindrical from longitude {spec.LONLAT[0]}, latitudes "
                f"{spec.LONLAT[1]} to {spec.LONLAT[3]} filling the frame"
                if getattr(spec, "PROJECTION", "") == "miller"
                else f"Lambert azimuthal equal-area about {spec.CENTRE}"
            ),
            "built_by": "scripts/build_maps.py, spec scripts/maps/" + spec.__name__ + ".py",
            "spaces": spec.PROVENANCE,
            "adjacencies_as_lines": missing,
            "non_adjacent_borders": false,
        },
        "neutral": path_d(neutral),
        "insets": [list(v["box"]) for v in getattr(spec, "INSETS", {}).values()],
        "wraps": getattr(spec, "PROJECTION", "") == "miller",  # east edge meets west edge
        "lakes": path_d(lakes),
        "spaces": out_spaces,
        "connections": lines,
    }


def main(argv: list[str]) -> int:
    import specs

    names = argv or sorted(specs.SPECS)
    for name in names:
        spec = specs.SPECS[name]()
        if hasattr(spec, "build"):  # a spec that draws its own spaces (a hex grid)
            data = spec.build(countries(), sys.modules[__name__])
        else:
            data = build(spec)
        target = (
            ROOT / "src" / "umpire" / "games" / spec.GAME / "data" / "maps" / f"{spec.NAME}.json"
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        if getattr(spec, "COMPACT", False):  # thousands of spaces: one line per space
            body = ",\n".join(
                f"{json.dumps(k)}: {json.dumps(v, sort_keys=True, separators=(',', ':'))}"
                for k, v in sorted(data["spaces"].items())
            )
            rest = json.dumps({**data, "spaces": {}}, indent=1, sort_keys=True)
            text = rest.replace('"spaces": {}', '"spaces": {\n' + body + "\n}")
            target.write_text(text + "\n")
        else:
            target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"wrote {target.relative_to(ROOT)} ({target.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
