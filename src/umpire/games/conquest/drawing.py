"""The Conquest of the World map of a position, drawn from a player's view.

``draw(view, events)`` takes the dict ``Conquest.view`` returns and returns one SVG document:
the 43 countries of the board (1A) on the world, each in its holder's colour (a Homeland dark,
a conquered country lighter, an allied country lightest; rules 3, 9B, 13B) or, unoccupied, in
the pale colour of its politectonic zone, with its code and its POWER BASE value (1A, or the
scenario's edited value); the war under way (10A: attacker, defender, battles won) and last
turn's alliances, wars and conquests from the events the viewer may read; a legend with every
player's record, chips and player alliances. Everything on the table is public, so every view
draws the same board; nothing secret (a player's weapon choice) is drawn. A spectator's map is
drawn from the public view (``views.public_view``: the table alone). Pure; the outlines are the
committed data ``data/maps/world.json`` (see docs/maps.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from umpire.core import mapsvg, ordermarks
from umpire.games.conquest.geography import board as load_board

PACKAGE = "umpire.games.conquest"
MAP = "world"
COLOURS = {
    "RED": "#c8322b",
    "BLUE": "#2f5fb8",
    "GREEN": "#2e9a46",
    "YELLOW": "#e0b020",
    "WHITE": "#f4f4f4",
    "BLACK": "#333333",
}
ZONES = (
    "#d9c7a7", "#d8b9b9", "#e3cfa1", "#c2d1b1", "#e6d3b8", "#cfc0d8",
    "#bfd6cf", "#d6cdb0", "#c9d8b8", "#dcc6a8", "#c4cddd",
)  # fmt: skip
SHADES = {"homeland": 0.1, "conquered": 0.35, "allied": 0.62}  # white mixed into the colour
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI")


# Europe and the Middle East are crowded at 1280x900: also drawn enlarged (docs/maps.md).
# The Americas hold six countries of the board, all readable on the whole map.
REGIONS = (mapsvg.Region("europe", "Europe and the Middle East", (515, 160, 340, 262), (8, 8)),)


def regions(view: Mapping[str, Any]) -> tuple[mapsvg.Region, ...]:
    """The enlarged parts of the board (every scenario is the one board)."""
    return REGIONS


def map_name(scenario: str) -> str:
    """Every Conquest scenario is played on the one board."""
    return MAP


def _event(e: Any) -> tuple[str, Mapping[str, Any]]:
    if isinstance(e, Mapping):
        return str(e.get("kind", "")), e.get("data", {})
    return str(e.kind), e.data


def _colour(power: str) -> str:
    return COLOURS.get(power, "#888888")


def _marker(x: float, y: float, text: str, colour: str, kind: str, code: str) -> str:
    return (
        f'<g class="event {mapsvg.esc(kind)}" data-space="{mapsvg.esc(code)}">'
        f'<path transform="translate({x:.1f},{y:.1f})" '
        'd="M0,-9L3,-3L9,-5L5,1L9,6L2,4L0,10L-2,4L-9,6L-5,1L-9,-5L-3,-3Z" '
        f'fill="#f39c12" stroke="{colour}" stroke-width="1.5"/>'
        + mapsvg.halo_text(x, y - 12, text, 10, ' font-weight="bold"')
        + "</g>"
    )


def draw(
    view: Mapping[str, Any], events: Iterable[Any] | None = None, region: str | None = None
) -> str:
    """The SVG map of a Conquest of the World position (see the module docstring); ``region``
    (one of :func:`regions`): that part of the board enlarged, its labels at full size."""
    board = mapsvg.load(PACKAGE, MAP)
    area = next((r for r in REGIONS if r.name == region), None)
    if region is not None and area is None:
        raise ValueError(f"no region {region!r} on the Conquest board")
    if area is not None:
        board = mapsvg.zoomed(board, area)
    spaces = board["spaces"]
    table = load_board({str(k): int(v) for k, v in view.get("edits", {}).items()} or None)
    holdings: Mapping[str, Any] = view.get("holdings", {})
    fills: dict[str, str] = {}
    for code, country in table.countries.items():
        held = holdings.get(code)
        if held:
            power, kind = held[0], held[1]
            fills[code] = mapsvg.tint(_colour(power), SHADES.get(kind, SHADES["allied"]))
        else:
            fills[code] = ZONES[(country.zone - 1) % len(ZONES)]
    title = f"Conquest of the World, {view.get('label', '')}"
    svg = mapsvg.Svg(board["width"], board["height"], title, css_class="map-wide")
    mapsvg.draw_board(svg, board, fills)
    for code in sorted(spaces):
        held = holdings.get(code)
        if held and held[1] == "homeland":  # a Homeland: a heavy outline (rule 3)
            svg.add(
                f'<path class="homeland" data-space="{code}" d="{mapsvg.compact(spaces[code]["d"], whole=True)}" '
                f'fill="none" stroke="{mapsvg.INK}" stroke-width="2.2"/>'
            )
    mapsvg.draw_labels(svg, board, size=area.label if area is not None else 11)
    for code, s in sorted(spaces.items()):
        if code not in table.countries:
            continue
        x, y = s["label"]
        value = table.pbu(code)
        zone = ROMAN[table.countries[code].zone - 1]
        size = 9 if area is None else round(area.label * 0.8)  # larger on an enlarged region
        svg.add(
            mapsvg.halo_text(
                x, y + size + 6, f"{zone}: {value}", size, f' class="pbu" data-space="{code}"'
            )
        )
    war = view.get("war")
    if war and war.get("country") in spaces:
        code = war["country"]
        x, y = spaces[code]["label"]
        wins = war.get("wins", [0, 0])
        text = f"war: {war['attacker']} {wins[0]}-{wins[1]} {war['defender']}"
        svg.add(_marker(x, y - 16, text, _colour(str(war["attacker"])), "war", code))
    seen: set[str] = set()
    for e in events or ():
        kind, data = _event(e)
        code = str(data.get("country", ""))
        if code not in spaces or code in seen or (war and war.get("country") == code):
            continue
        who = str(data.get("winner") or data.get("power") or data.get("attacker") or "")
        text = {
            "war_won": f"won by {who}",
            "alliance": f"allied: {who}",
            "war": f"{who} attacks",
        }.get(kind, "")
        if text:
            seen.add(code)
            x, y = spaces[code]["label"]
            svg.add(_marker(x, y - 16, text, _colour(who), kind, code))
    record: Mapping[str, Any] = view.get("record", {})
    chips: Mapping[str, Any] = view.get("chips", {})
    home: Mapping[str, str] = view.get("homelands", {})
    rows = []
    for p in view.get("seats", []):
        out = " (out)" if p in view.get("eliminated", []) else ""
        where = f" {home[p]}" if p in home else ""
        rows.append(
            (_colour(p), f"{p}{where}: record {record.get(p, 0)}, chips {chips.get(p, 0)}{out}")
        )
    me = f" - {view['power']}" if view.get("power") else " - umpire"
    me = " - public" if view.get("public") else me  # the spectator's map (views.public_view)
    notes = [
        "Homeland: darkest, thick outline",
        "conquered: lighter; allied: lightest",
        "pale: unoccupied, by zone; zone: POWER BASE",
    ]
    pacts = ["+".join(pair) for pair in view.get("pacts", [])]
    if pacts:  # rule 18: player alliances, formed in the open
        notes.append(f"player alliances: {', '.join(pacts)}")
    chest = f"WARCHEST {view.get('warchest', 0)}"
    if view.get("holder") and view.get("phase") in ("attack", "final"):
        chest += f"; attack option: {view['holder']}"
    notes.append(chest)
    title = f"Turn {view.get('turn', '')}{me}"
    if area is not None:  # the key to the shades is on the whole map: a smaller box here
        title = f"{area.title} - {title}"
        notes = notes[3:]
        lx, ly = area.legend
    else:  # the Indian Ocean, between Africa and Australia, on the map's bottom edge
        height = 26 + 18 * len(rows) + 16 * len(notes) + 6  # as mapsvg.legend sizes its box
        lx, ly = 726, board["height"] - height - 8
    mapsvg.legend(svg, lx, ly, title, rows, notes)
    zrows = [(ZONES[z.number - 1], f"{ROMAN[z.number - 1]} {z.name}") for z in table.zones.values()]
    mapsvg.legend(svg, 8, 520, "Zones", zrows)
    return svg.text() if area is None else mapsvg.region_svg(svg.text(), area)


def order_overlay(
    view: Mapping[str, Any], marks: Iterable[Any], power: str, region: str | None = None
) -> str:
    """The orders ``power`` is giving (``ordermarks`` marks with their lines), drawn over
    :func:`draw`'s board (or its enlarged ``region``) in the power's colour."""
    board = mapsvg.load(PACKAGE, MAP)
    area = next((r for r in REGIONS if r.name == region), None)
    if area is not None:
        board = mapsvg.zoomed(board, area)
    return ordermarks.svg(board, list(marks), _colour(power))
