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

from umpire.core import mapsvg

PACKAGE = "umpire.games.battleplan"
PALETTE = (
    "#d8413a", "#2f5fb8", "#3aa04a", "#e3b52a", "#8f5fc0", "#45b3e6", "#e67e22", "#5c4a3a",
    "#d35d9b", "#1abc9c", "#7f8c8d", "#a0522d", "#2c3e50", "#b8c62a",
)  # fmt: skip
FORCES = (("army", "A"), ("navy", "F"), ("air", "B"))


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
        f'<g class="forces"{extra}><rect x="{left:.1f}" y="{y:.1f}" width="{width}" height="20" '
        f'rx="4" fill="#fffdf6" stroke="{fill}" stroke-width="2"/>'
    ]
    for i, (kind, n) in enumerate(shown):
        cx = left + 4 + 30 * i
        if kind in ("A", "F", "B"):
            parts.append(
                f'<g transform="translate({cx + 8:.1f},{y + 10:.1f}) scale(0.55)">'
                + mapsvg.unit_symbol(kind, 0, 0, fill)
                + "</g>"
            )
        else:
            parts.append(
                f'<text x="{cx + 8:.1f}" y="{y + 14:.1f}" font-size="9" font-weight="bold" '
                f'text-anchor="middle" fill="{mapsvg.INK}">{kind}</text>'
            )
        parts.append(
            f'<text x="{cx + 17:.1f}" y="{y + 14:.1f}" font-size="10" font-weight="bold" '
            f'fill="{mapsvg.INK}">{n}</text>'
        )
    return "".join(parts) + "</g>"


def _country_forces(code: str, entry: Mapping[str, Any], x: float, y: float) -> str:
    if "army" not in entry:
        return ""  # not seen this turn (BP 14): nothing but the occupier
    counts = [(sym, int(entry.get(k, 0))) for k, sym in FORCES]
    counts += [("M", int(entry.get("missiles", 0))), ("AM", int(entry.get("anti", 0)))]
    return _counter(x, y, colour(int(entry.get("owner", 0))), counts, f' data-space="{code}"')


def _sea_forces(code: str, stacks: Mapping[str, Any], x: float, y: float) -> list[str]:
    out = []
    for i, (number, forces) in enumerate(sorted(stacks.items(), key=lambda kv: int(kv[0]))):
        counts = [(sym, int(n)) for (_, sym), n in zip(FORCES, forces, strict=False)]
        extra = f' data-space="{code}" data-player="{number}"'
        out.append(_counter(x, y + 22 * i, colour(int(number)), counts, extra))
    return out


def draw(view: Mapping[str, Any], events: Iterable[Any] | None = None) -> str:
    """The SVG map of a Battle Plan position (see the module docstring)."""
    board = mapsvg.load(PACKAGE, "europe")
    spaces = board["spaces"]
    countries: Mapping[str, Any] = view.get("countries", {})
    fills = {
        code: mapsvg.tint(colour(int(c.get("owner", 0))), 0.45)
        for code, c in countries.items()
        if int(c.get("owner", 0)) > 0 and code in spaces
    }
    svg = mapsvg.Svg(board["width"], board["height"], f"Battle Plan, turn {view.get('turn', '')}")
    mapsvg.draw_board(svg, board, fills)
    mapsvg.draw_labels(svg, board)
    for code, entry in sorted(countries.items()):
        if code in spaces:
            x, y = spaces[code]["label"]
            svg.add(_country_forces(code, entry, x, y + 8))
    seas: dict[str, dict[str, Any]] = {c: dict(s) for c, s in view.get("seas", {}).items()}
    you = view.get("you", {})
    for code, forces in you.get("at_sea", {}).items():  # 14: his own forces, wherever they are
        seas.setdefault(code, {})[str(you.get("number"))] = forces
    for code, stacks in sorted(seas.items()):
        if code in spaces:
            x, y = spaces[code]["label"]
            svg.parts.extend(_sea_forces(code, stacks, x, y + 8))
    for e in events or ():
        kind, data = _event(e)
        code = str(data.get("space", ""))
        if kind in ("land_combat", "sea_combat") and code in spaces:
            x, y = spaces[code]["label"]
            svg.add(
                f'<path class="combat" data-space="{code}" transform="translate({x - 22},{y - 6})" '
                'd="M0,-9L3,-3L9,-5L5,1L9,6L2,4L0,10L-2,4L-9,6L-5,1L-9,-5L-3,-3Z" '
                'fill="#f39c12" stroke="#c0392b" stroke-width="1.2"/>'
            )
            captor = data.get("captor")
            if captor:
                svg.add(
                    f'<text class="captured" x="{x}" y="{y - 12}" font-size="10" '
                    f'text-anchor="middle" font-weight="bold" fill="#c0392b">taken by '
                    f"({mapsvg.esc(captor)})</text>"
                )
    rows = [
        (colour(int(p["number"])), f"({p['number']}) {p['power']}") for p in view.get("players", [])
    ]
    me = f" - ({you['number']}) {you.get('power', '')}" if you else " - umpire"
    me = " - public" if view.get("public") else me  # the spectator's map (views.public_view)
    notes = ["A Army  F Navy  B AirForce", "M missiles  AM anti-missiles", "star: combat"]
    mapsvg.legend(svg, 10, 10, f"Turn {view.get('turn', '')}{me}", rows, notes)
    return svg.text()
