"""The Origins of World War II map of a position, drawn from a power's view.

``draw(view, events)`` takes the dict ``Origins.view`` returns and returns one SVG document:
each of the 13 areas (OWW 1.1) tinted by the power holding Control there (else by its home
power), and in every area a chip per power with a box in it showing what the view shows: the
public symbol (X, U+, U, C; OWW 8.4) and, only where the view holds the exact amount (the
viewer's own boxes, what its spies saw, the umpire's view), the number of PFs. Areas where PFs
were placed or moved last turn (OWW 8.1, public) are marked. ``events`` is accepted for the
common signature; the view already carries last turn's public marks. Pure; the outlines are
the committed data ``data/maps/historical.json`` (see docs/maps.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from umpire.core import mapsvg, ordermarks

PACKAGE = "umpire.games.origins"

COLOURS = {
    "USA": "#3b6fc4",
    "FRA": "#47b0d9",
    "GBR": "#c0392b",
    "USSR": "#8e44ad",
    "GER": "#555555",
}
NAMES = {"USA": "USA", "FRA": "France", "GBR": "Great Britain", "USSR": "USSR", "GER": "Germany"}


def _fills(view: Mapping[str, Any], spaces: Iterable[str]) -> dict[str, str]:
    fills = {}
    for area in spaces:
        row = view.get("map", {}).get(area, {})
        control = [p for p, sym in row.items() if sym == "C"]
        if control:
            fills[area] = mapsvg.tint(COLOURS.get(control[0], "#999999"), 0.35)
        elif area in COLOURS:  # a home area (its code is its power's)
            fills[area] = mapsvg.tint(COLOURS[area], 0.7)
    return fills


def _chips(view: Mapping[str, Any], area: str, x: float, y: float) -> list[str]:
    row = view.get("map", {}).get(area, {})
    exact = view.get("exact", {}).get(area, {})
    powers = [p for p in view.get("powers", []) if p in row]
    out = []
    width = 34
    left = x - width * len(powers) / 2
    for i, p in enumerate(powers):
        cx = left + width * i
        text = row[p]
        if p in exact:
            text += f" {exact[p]['pfs']}"
        out.append(
            f'<g class="chip" data-area="{mapsvg.esc(area)}" data-power="{mapsvg.esc(p)}">'
            f'<rect x="{cx:.1f}" y="{y:.1f}" width="{width - 2}" height="16" rx="3" '
            f'fill="{COLOURS.get(p, "#999999")}" stroke="{mapsvg.INK}" stroke-width="0.8"/>'
            f'<text x="{cx + (width - 2) / 2:.1f}" y="{y + 12:.1f}" font-size="10" '
            f'font-weight="bold" text-anchor="middle" fill="#ffffff">{mapsvg.esc(text)}</text></g>'
        )
    return out


def draw(view: Mapping[str, Any], events: Iterable[Any] | None = None) -> str:
    """The SVG map of an Origins position (see the module docstring)."""
    board = mapsvg.load(PACKAGE, "historical")
    spaces = board["spaces"]
    svg = mapsvg.Svg(
        board["width"], board["height"], f"Origins of World War II, {view.get('label', '')}"
    )
    mapsvg.draw_board(svg, board, _fills(view, spaces))
    names = {code: s["name"] for code, s in spaces.items()}
    mapsvg.draw_labels(
        svg, board, {c: f"{c} {n}" if n.upper() != c else c for c, n in names.items()}
    )
    for area, s in sorted(spaces.items()):
        x, y = s["label"]
        svg.parts.extend(_chips(view, area, x, y + 8))
        placed = view.get("placed", {}).get(area, [])
        if placed:
            who = ", ".join(placed)
            svg.add(
                f'<text class="placed" x="{x}" y="{y - 10}" font-size="10" text-anchor="middle" '
                f'fill="{mapsvg.INK}">placed: {mapsvg.esc(who)}</text>'
            )
    rows = [(COLOURS[p], NAMES.get(p, p)) for p in view.get("powers", []) if p in COLOURS]
    notes = [
        "chip: power's box (X, U+, U, C)",
        "number: PFs (only where you know them)",
        "tint: Control; pale: home area",
    ]
    title = f"{view.get('label', '')}" + (f" - {view['power']}" if view.get("power") else "")
    mapsvg.legend(svg, board["width"] - 300, board["height"] - 190, title, rows, notes)
    return svg.text()


def order_overlay(
    view: Mapping[str, Any], marks: Iterable[Any], power: str, region: str | None = None
) -> str:
    """The orders ``power`` is giving (``ordermarks`` marks with their lines), drawn over
    :func:`draw`'s map in the power's colour."""
    board = mapsvg.load(PACKAGE, "historical")
    return ordermarks.svg(board, list(marks), COLOURS.get(power, mapsvg.INK))
