"""The Diplomacy map of a position, drawn from a power's view (standard map).

``render(view, events)`` takes the dict ``Diplomacy.view`` returns (Diplomacy hides nothing in
a position, so every power's view and the umpire's are the same) and, optionally, the events
of the turn just resolved that the viewer may read; it returns one SVG document: supply
centres in their owner's colour with a legend, every unit (army, fleet) at its province or
coast, last turn's orders as arrows (moves, supports, convoys; failures crossed out) and the
dislodged units with their attacker. Pure; the map outlines are the committed data in
``data/maps/standard.json`` (see docs/maps.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from umpire.core import mapsvg
from umpire.games.diplomacy.geography import province_of, standard_map

PACKAGE = "umpire.games.diplomacy"

COLOURS = {
    "AUS": "#d8413a",
    "ENG": "#2f5fb8",
    "FRA": "#45b3e6",
    "GER": "#5c4a3a",
    "ITA": "#3aa04a",
    "RUS": "#8f5fc0",
    "TUR": "#e3b52a",
}
NAMES = {
    "AUS": "Austria",
    "ENG": "England",
    "FRA": "France",
    "GER": "Germany",
    "ITA": "Italy",
    "RUS": "Russia",
    "TUR": "Turkey",
}


def _event(e: Any) -> tuple[str, Mapping[str, Any]]:
    """(kind, data) of an Event or of its JSON form."""
    if isinstance(e, Mapping):
        return str(e.get("kind", "")), e.get("data", {})
    return str(e.kind), e.data


def unit_position(board: dict[str, Any], loc: str) -> list[float]:
    """Where a unit at ``loc`` (province or province/coast) is drawn."""
    space = board["spaces"][province_of(loc)]
    if "/" in loc:
        coast = loc.split("/", 1)[1]
        pos: list[float] = space.get("coasts", {}).get(coast, space["unit"])
        return pos
    unit: list[float] = space["unit"]
    return unit


def _order_marks(board: dict[str, Any], data: Mapping[str, Any]) -> list[str]:
    """The arrow of one carried-out order (event data: power, order, status)."""
    words = str(data.get("order", "")).split()
    status = str(data.get("status", ""))
    colour = COLOURS.get(str(data.get("power", "")), mapsvg.INK)
    if len(words) < 2 or province_of(words[1]) not in board["spaces"]:
        return []
    here = unit_position(board, words[1])
    failed = status in ("failed", "cut", "disrupted", "void")
    out: list[str] = []
    if len(words) >= 4 and words[2] == "-":
        there = unit_position(board, words[3])
        out.append(mapsvg.arrow(here, there, colour))
        if failed:
            mid = [(here[0] + there[0]) / 2, (here[1] + there[1]) / 2]
            out.append(mapsvg.cross(mid[0], mid[1]))
    elif len(words) >= 5 and words[2] in ("S", "C"):
        target = words[4]
        end = words[6] if len(words) >= 7 and words[5] == "-" else target
        if province_of(end) in board["spaces"]:
            there = unit_position(board, end)
            out.append(mapsvg.arrow(here, there, colour, dashed=True, width=2))
            if failed:
                out.append(mapsvg.cross(here[0] + 8, here[1] - 8))
    return out


def render(view: Mapping[str, Any], events: Iterable[Any] | None = None) -> str:
    """The SVG map of a standard Diplomacy position (see the module docstring)."""
    board = mapsvg.load(PACKAGE, "standard")
    game_map = standard_map()
    owner = {c: p for p, cs in view.get("centres", {}).items() for c in cs}
    fills = {c: mapsvg.tint(COLOURS.get(p, "#999999")) for c, p in owner.items()}
    svg = mapsvg.Svg(board["width"], board["height"], f"Diplomacy, {view.get('phase', '')}")
    mapsvg.draw_board(svg, board, fills)
    for sc in sorted(game_map.supply_centres):
        x, y = board["spaces"][sc]["label"]
        colour = COLOURS.get(owner.get(sc, ""), "#ffffff")
        svg.add(
            f'<circle class="centre" data-space="{sc}" cx="{x}" cy="{y + 12}" r="4.5" '
            f'fill="{colour}" stroke="{mapsvg.INK}" stroke-width="1.2"/>'
        )
    mapsvg.draw_labels(svg, board)
    for e in events or ():
        kind, data = _event(e)
        if kind == "order":
            svg.parts.extend(_order_marks(board, data))
    for text in view.get("units", []):
        power, kind, loc = str(text).split()
        x, y = unit_position(board, loc)
        svg.add(
            mapsvg.unit_symbol(
                kind, x, y, COLOURS.get(power, "#999999"), f' data-unit="{mapsvg.esc(text)}"'
            )
        )
    for d in view.get("dislodged", []):
        power, kind, loc = str(d["unit"]).split()
        x, y = unit_position(board, loc)
        x, y = x + 14, y + 10  # beside the unit that dislodged it
        svg.add(
            f'<circle class="dislodged" cx="{x}" cy="{y}" r="13" fill="none" '
            f'stroke="#c0392b" stroke-width="2.5"/>'
        )
        svg.add(
            mapsvg.unit_symbol(
                kind,
                x,
                y,
                COLOURS.get(power, "#999999"),
                f' data-dislodged="{mapsvg.esc(d["unit"])}"',
            )
        )
    rows = [
        (COLOURS[p], f"{NAMES.get(p, p)}: {len(view.get('centres', {}).get(p, []))} centres")
        for p in sorted(view.get("centres", {}))
        if p in COLOURS
    ]
    notes = ["A army   F fleet", "red ring: dislodged", "X: failed or cut"]
    mapsvg.legend(svg, 10, 10, f"{view.get('phase', '')}", rows, notes)
    return svg.text()
