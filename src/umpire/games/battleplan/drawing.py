"""The Battle Plan Europe map of a position, drawn from a player's view.

``draw(view, events)`` takes the dict ``BattlePlan.view`` returns (a player's view, or the
umpire's for ``power=None``) and, optionally, the events of the turn just resolved that the
viewer may read; it returns one SVG document: every country in its occupier's colour (minor
countries plain; 1B: who occupies each country is public), with a legend; the forces in a
country only where the view lists them (BP 6A, 6B, 14: the fog of war), as counters with counts
(Army, Navy, AirForce; Missiles and anti-missiles as numbers); the forces in each sea the
view shows, one counter per player, and the viewer's own forces at sea; last turn's land and
sea combats (and captures) from the events. The Turkey Strait (rule 7) and the dotted
air-range lines of 15B are drawn as lines. Pure; the outlines are the committed data
``data/maps/europe.json`` (see docs/maps.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from umpire.core import mapsvg, ordermarks

PACKAGE = "umpire.games.battleplan"
PALETTE = (
    "#d8413a", "#2f5fb8", "#3aa04a", "#e3b52a", "#8f5fc0", "#45b3e6", "#e67e22", "#5c4a3a",
    "#d35d9b", "#1abc9c", "#7f8c8d", "#a0522d", "#2c3e50", "#b8c62a",
)  # fmt: skip
FORCES = (("army", "A"), ("navy", "F"), ("air", "B"))
LEGEND_AT = {"world": (8, 528)}
CLEAR_OF_LEGEND = {"world": {"WSP": [292.0, 700.0], "WAN": [470.0, 862.0]}}  # pixels


# The crowded parts of the world map (WW), each also drawn enlarged as a map of its own
# (docs/maps.md: at 1280x900 the whole world leaves Europe and Central America unreadable).
REGIONS = {
    "world": (
        mapsvg.Region("europe", "Europe", (430, 122, 420, 296), legend=(8, 8)),
        mapsvg.Region("americas", "Central America", (166, 296, 320, 225), legend=(8, 578)),
    )
}


def regions(view: Mapping[str, Any]) -> tuple[mapsvg.Region, ...]:
    """The enlarged parts of the map this view is drawn on (none for Europe, 15B)."""
    return REGIONS.get(map_name(str(view.get("scenario", "europe"))), ())


def map_name(scenario: str) -> str:
    """The map a scenario is drawn on: Europe (15B), or the world map (WW) for the world
    scenarios and the South American game played on part of it."""
    return scenario if scenario in ("europe", "south-america") else "world"


def colour(number: int) -> str:
    return PALETTE[(number - 1) % len(PALETTE)] if number > 0 else "#999999"


def _event(e: Any) -> tuple[str, Mapping[str, Any]]:
    if isinstance(e, Mapping):
        return str(e.get("kind", "")), e.get("data", {})
    return str(e.kind), e.data


def _counter(x: float, y: float, fill: str, counts: list[tuple[str, int]], extra: str) -> str:
    """One force counter: a panel with a symbol and a number per force type present."""
    shown = [(k, n) for k, n in counts if n]
    if not shown:
        return ""
    width = 30 * len(shown) + 4
    left = x - width / 2
    parts = [
        f'<g class="forces"{extra} font-weight="bold" font-size="10" fill="{mapsvg.INK}">'
        f'<rect x="{mapsvg.number(left)}" y="{mapsvg.number(y)}" width="{width}" height="20" '
        f'rx="4" fill="#fffdf6" stroke="{fill}" stroke-width="2"/>'
    ]
    for i, (kind, n) in enumerate(shown):
        cx = left + 4 + 30 * i
        if kind in ("A", "F", "B"):
            parts.append(mapsvg.unit_symbol(kind, cx + 8, y + 10, fill, scale=0.55))
        else:
            parts.append(
                f'<text x="{mapsvg.number(cx + 8)}" y="{mapsvg.number(y + 14)}" font-size="9" '
                f'text-anchor="middle">{kind}</text>'
            )
        parts.append(f'<text x="{mapsvg.number(cx + 17)}" y="{mapsvg.number(y + 14)}">{n}</text>')
    return "".join(parts) + "</g>"


def _country_forces(code: str, entry: Mapping[str, Any], x: float, y: float) -> tuple[str, int]:
    """The counter of a country's forces and its number of cells ("" where the view does not
    list them)."""
    if "army" not in entry:
        return "", 0  # not seen this turn (BP 14): nothing but the occupier
    counts = [(sym, int(entry.get(k, 0))) for k, sym in FORCES]
    counts += [("M", int(entry.get("missiles", 0))), ("AM", int(entry.get("anti", 0)))]
    part = _counter(x, y, colour(int(entry.get("owner", 0))), counts, f' data-space="{code}"')
    return part, sum(1 for _, n in counts if n)


def _sea_forces(code: str, stacks: Mapping[str, Any]) -> list[tuple[str, int]]:
    """One counter (drawn at 0,0) per player with forces in the sea, and its cells."""
    out = []
    for number, forces in sorted(stacks.items(), key=lambda kv: int(kv[0])):
        counts = [(sym, int(n)) for (_, sym), n in zip(FORCES, forces, strict=False)]
        extra = f' data-space="{code}" data-player="{number}"'
        out.append(
            (_counter(0, 0, colour(int(number)), counts, extra), sum(1 for _, n in counts if n))
        )
    return out


def draw(
    view: Mapping[str, Any], events: Iterable[Any] | None = None, region: str | None = None
) -> str:
    """The SVG map of a Battle Plan position (see the module docstring); ``region`` (one of
    :func:`regions`): that part of the map enlarged, with labels and counters at full size."""
    board = mapsvg.load(PACKAGE, map_name(str(view.get("scenario", "europe"))))
    area = next((r for r in regions(view) if r.name == region), None)
    if region is not None and area is None:
        raise ValueError(f"no region {region!r} on the {board['map']} map")
    moved = CLEAR_OF_LEGEND.get(board["map"], {}) if area is None else {}
    if moved:  # labels the legend would cover, set beside it
        board = {
            **board,
            "spaces": {
                c: {**s, "label": moved[c]} if c in moved else s for c, s in board["spaces"].items()
            },
        }
    if area is not None:
        board = mapsvg.zoomed(board, area)
    spaces = board["spaces"]
    small = board["map"] == "world" and area is None  # the whole world: smaller labels, counters
    scale = 0.62 if small else (area.scale if area else 1.0)
    countries: Mapping[str, Any] = view.get("countries", {})
    fills = {
        code: mapsvg.tint(colour(int(c.get("owner", 0))), 0.45)
        for code, c in countries.items()
        if int(c.get("owner", 0)) > 0 and code in spaces
    }
    svg = mapsvg.Svg(board["width"], board["height"], f"Battle Plan, turn {view.get('turn', '')}")
    mapsvg.draw_board(svg, board, fills)
    size = 7.5 if small else (area.label if area else 11)
    mapsvg.draw_labels(svg, board, size=size)

    def scaled(part: str, x: float, y: float) -> str:
        if not part or scale == 1.0:
            return part
        return f'<g transform="translate({x:.1f},{y:.1f}) scale({scale}) translate({-x:.1f},{-y:.1f})">{part}</g>'

    placed = [  # the labels (every name): counters keep off them
        mapsvg.label_box(s["label"][0], s["label"][1], code.upper(), size)
        for code, s in spaces.items()
    ]
    # the whole world map: each name with a pixel to spare, which its counters keep off
    names = tuple((b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1) for b in placed)
    canvas = (0.0, 0.0, float(board["width"]), float(board["height"]))

    def put(part: str, cells: int, x: float, y: float) -> None:
        """A counter of ``cells`` cells (drawn at 0,0) below (x, y), moved to the nearest place
        clear of every name and of the counters placed before it."""
        if not part:
            return
        w, h = (30 * cells + 4) * scale, 20 * scale
        box = mapsvg.free_box(x, y, w, h, placed, canvas)
        if small and any(mapsvg.overlap(box, name) for name in names):
            # no room clear of every name and counter (the whole world map, every space
            # full): clear of the names at least, over another counter if it must (issue 27)
            box = mapsvg.free_box(x, y, w, h, names, canvas)
        placed.append(box)
        at = f'transform="translate({box[0] + w / 2:.1f},{box[1]:.1f}) scale({scale})"'
        svg.add(part.replace(">", f" {at}>", 1))  # the counter's own group, moved there

    for code, entry in sorted(countries.items()):
        if code in spaces:
            x, y = spaces[code]["label"]
            part, cells = _country_forces(code, entry, 0, 0)
            put(part, cells, x, y + 8 * scale)
    seas: dict[str, dict[str, Any]] = {c: dict(s) for c, s in view.get("seas", {}).items()}
    you = view.get("you", {})
    for code, forces in you.get("at_sea", {}).items():  # 14: his own forces, wherever they are
        seas.setdefault(code, {})[str(you.get("number"))] = forces
    for code, stacks in sorted(seas.items()):
        if code in spaces:
            x, y = spaces[code]["label"]
            for part, cells in _sea_forces(code, stacks):
                put(part, cells, x, y + 8 * scale)
    for e in events or ():
        kind, data = _event(e)
        code = str(data.get("space", ""))
        if kind in ("land_combat", "sea_combat") and code in spaces:
            x, y = spaces[code]["label"]
            star = (
                f'<path class="combat" data-space="{code}" transform="translate({x - 22},{y - 6})" '
                'd="M0,-9L3,-3L9,-5L5,1L9,6L2,4L0,10L-2,4L-9,6L-5,1L-9,-5L-3,-3Z" '
                'fill="#f39c12" stroke="#c0392b" stroke-width="1.2"/>'
            )
            svg.add(scaled(star, x, y))
            captor = data.get("captor")
            if captor:
                svg.add(
                    scaled(
                        f'<text class="captured" x="{x}" y="{y - 12}" font-size="10" '
                        f'text-anchor="middle" font-weight="bold" fill="#c0392b">taken by '
                        f"({mapsvg.esc(captor)})</text>",
                        x,
                        y,
                    )
                )
    rows = [
        (colour(int(p["number"])), f"({p['number']}) {p['power']}") for p in view.get("players", [])
    ]
    me = f" - ({you['number']}) {you.get('power', '')}" if you else " - umpire"
    me = " - public" if view.get("public") else me  # the spectator's map (views.public_view)
    notes = ["A Army  F Navy  B AirForce", "M missiles  AM anti-missiles", "star: combat"]
    title = f"Turn {view.get('turn', '')}{me}"
    if area is not None:
        mapsvg.legend(svg, *area.legend, f"{area.title} - {title}", rows, notes, per=13)
        return mapsvg.region_svg(svg.text(), area)
    if small:
        mapsvg.legend(svg, *LEGEND_AT.get(board["map"], (10, 10)), title, rows, notes, per=16)
    else:
        mapsvg.legend(svg, 10, 10, title, rows, notes)
    return svg.text()


def order_overlay(
    view: Mapping[str, Any], marks: Iterable[Any], power: str, region: str | None = None
) -> str:
    """The orders the viewer is giving (``ordermarks`` marks with their lines), drawn over
    :func:`draw`'s map of ``view`` (or of its enlarged ``region``) in his colour."""
    board = mapsvg.load(PACKAGE, map_name(str(view.get("scenario", "europe"))))
    area = next((r for r in regions(view) if r.name == region), None)
    if area is not None:
        board = mapsvg.zoomed(board, area)
    scale = 0.62 if board["map"] == "world" and area is None else (area.scale if area else 1.0)
    mine = colour(int(view.get("you", {}).get("number", 0) or 0))
    return ordermarks.svg(board, list(marks), mine, scale=scale)
