"""The Diplomacy map of a position, drawn from a power's view (standard map and 1939 III).

``draw(view, events)`` takes the dict ``Diplomacy.view`` returns (Diplomacy hides nothing in
a position, so every power's view and the umpire's are the same) and, optionally, the events
of the turn just resolved that the viewer may read; it returns one SVG document: supply
centres in their owner's colour with a legend, every unit (army, fleet; 1939 III also tanks
and bombers, D39 5-6 province owners and bombed centres) at its province or coast, last turn's
orders as arrows (moves, supports, convoys; failures crossed out) and the dislodged units.
Pure; the map outlines are the committed data in ``data/maps/<map>.json`` (see docs/maps.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from umpire.core import mapsvg, ordermarks
from umpire.core.ruleset import power_label
from umpire.games.diplomacy.geography import Map, load_map, province_of

PACKAGE = "umpire.games.diplomacy"

COLOURS = {
    "AUS": "#d8413a",
    "ENG": "#2f5fb8",
    "FRA": "#45b3e6",
    "GER": "#5c4a3a",
    "ITA": "#3aa04a",
    "RUS": "#8f5fc0",
    "TUR": "#e3b52a",
    "NEUTRAL": "#8c8c8c",
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
NAMES_1939 = {**NAMES, "ENG": "Britain"}  # 1939-iii.toml [powers]
V1939 = "1939-iii"


@cache
def _map(name: str) -> Map:
    return load_map(name)


def _event(e: Any) -> tuple[str, Mapping[str, Any]]:
    """(kind, data) of an Event or of its JSON form; an order event's data gets the order's
    text from the event's sentence ("GER A ber - sil: moved") where the data lacks it."""
    if isinstance(e, Mapping):
        kind, data, text = str(e.get("kind", "")), e.get("data", {}), str(e.get("text", ""))
    else:
        kind, data, text = str(e.kind), e.data, str(e.text)
    if kind == "order" and "order" not in data and ": " in text:
        said = text.rsplit(": ", 1)[0].split(" ", 1)
        data = {**data, "order": said[1] if len(said) == 2 else ""}
    return kind, data


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


def _fills(view: Mapping[str, Any], owner: Mapping[str, str]) -> dict[str, str]:
    """Provinces owned (1939 III, D39 5-6) lightly, supply centres by owner more strongly."""
    fills = {
        p: mapsvg.tint(COLOURS.get(who, "#999999"), 0.72)
        for p, who in view.get("provinces", {}).items()
    }
    fills.update({c: mapsvg.tint(COLOURS.get(p, "#999999")) for c, p in owner.items()})
    return fills


def _units(board: dict[str, Any], view: Mapping[str, Any]) -> list[str]:
    out = []
    for text in view.get("units", []):
        power, kind, loc = str(text).split()
        x, y = unit_position(board, loc)
        extra = f' data-unit="{mapsvg.esc(text)}"'
        out.append(mapsvg.unit_symbol(kind, x, y, COLOURS.get(power, "#999999"), extra))
    for text in view.get("bombers", []):  # beside the ground unit of the province
        power, kind, loc = str(text).split()
        x, y = unit_position(board, loc)
        extra = f' data-unit="{mapsvg.esc(text)}"'
        out.append(mapsvg.unit_symbol(kind, x + 18, y - 10, COLOURS.get(power, "#999999"), extra))
    for d in view.get("dislodged", []):
        power, kind, loc = str(d["unit"]).split()
        x, y = unit_position(board, loc)
        x, y = x + 14, y + 10  # beside the unit that dislodged it
        out.append(
            f'<circle class="dislodged" cx="{x}" cy="{y}" r="13" fill="none" '
            f'stroke="#c0392b" stroke-width="2.5"/>'
        )
        extra = f' data-dislodged="{mapsvg.esc(d["unit"])}"'
        out.append(mapsvg.unit_symbol(kind, x, y, COLOURS.get(power, "#999999"), extra))
    return out


def draw(
    view: Mapping[str, Any], events: Iterable[Any] | None = None, scenario: str | None = None
) -> str:
    """The SVG map of a Diplomacy position (see the module docstring). ``scenario`` defaults
    to 1939 III for a view with bombers (only its views have them), else the standard map."""
    name = scenario or (V1939 if "bombers" in view else "standard")
    board = mapsvg.load(PACKAGE, name)
    game_map = _map(name)
    centres: Mapping[str, list[str]] = view.get("centres", {})
    owner = {c: p for p, cs in centres.items() for c in cs}
    svg = mapsvg.Svg(board["width"], board["height"], f"Diplomacy, {view.get('phase', '')}")
    mapsvg.draw_board(svg, board, _fills(view, owner))
    bombed = set(view.get("bombed", []))
    for sc in sorted(game_map.supply_centres):
        x, y = board["spaces"][sc]["label"]
        colour = COLOURS.get(owner.get(sc, ""), "#ffffff")
        svg.add(
            f'<circle class="centre" data-space="{sc}" cx="{x}" cy="{y + 12}" r="4.5" '
            f'fill="{colour}" stroke="{mapsvg.INK}" stroke-width="1.2"/>'
        )
        if sc in bombed:
            svg.add(
                f'<circle class="bombed" data-space="{sc}" cx="{x}" cy="{y + 12}" r="8" '
                'fill="none" stroke="#e67e22" stroke-width="2.5" stroke-dasharray="3 2"/>'
            )
    mapsvg.draw_labels(svg, board)
    for e in events or ():
        kind, data = _event(e)
        if kind == "order":
            svg.parts.extend(_order_marks(board, data))
    svg.parts.extend(_units(board, view))
    names = NAMES_1939 if name == V1939 else NAMES
    points = view.get("supply_points", {})
    rows = [
        (
            COLOURS[p],
            f"{power_label(p, names)}: {len(centres.get(p, []))} centres"
            + (f", {points[p]} SP" if p in points else ""),
        )
        for p in sorted(centres)
        if p in COLOURS
    ]
    notes = ["A army  F fleet" + ("  T tank  B bomber" if name == V1939 else "")]
    notes += ["red ring: dislodged", "X: failed or cut"]
    if name == V1939:
        notes.append("orange ring: bombed centre")
    mapsvg.legend(svg, 10, 10, f"{view.get('phase', '')}", rows, notes)
    return svg.text()


def order_overlay(
    view: Mapping[str, Any], marks: Iterable[Any], power: str, region: str | None = None
) -> str:
    """The orders ``power`` is giving (``ordermarks`` marks with their lines), drawn over
    :func:`draw`'s map of ``view`` in the power's colour with last turn's arrows' style."""
    board = mapsvg.load(PACKAGE, V1939 if "bombers" in view else "standard")
    return ordermarks.svg(board, list(marks), COLOURS.get(power, mapsvg.INK))
