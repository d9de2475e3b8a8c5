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
import textwrap
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from umpire.core import mapsvg
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
    """The SVG map of a Multi-Player World War II position (see the module docstring)."""
    board = mapsvg.load(PACKAGE, MAP)
    spaces = board["spaces"]
    hexes = _hex_data()
    players = [str(p) for p in view.get("players", [])]
    colour = _colours(players)
    who = _player_of(view)
    control: Mapping[str, str] = view.get("control_changed", {})
    svg = mapsvg.Svg(board["width"], board["height"], f"SPI WW2, {view.get('label', '')}")
    svg.add(f'<path class="land" d="{board["land"]}" fill="{mapsvg.LAND}"/>')
    size = board["grid"]["size"]
    for hid, s in sorted(spaces.items()):
        owner = control.get(hid) or who.get(hexes[hid][0], "")
        if s["kind"] == "land" and owner in colour:
            fill = f'fill="{colour[owner]}" fill-opacity="0.35"'
        elif s["kind"] == "land" and hexes[hid][1] == "impassable":
            fill = f'fill="{mapsvg.NEUTRAL}" fill-opacity="0.6"'
        else:
            fill = 'fill="none"'
        svg.add(
            f'<path id="space-{hid}" class="space {s["kind"]}" d="{s["d"]}" {fill} '
            f'stroke="#6f7f88" stroke-width="0.35"><title>{hid} {mapsvg.esc(s["name"])}'
            "</title></path>"
        )
    svg.add(
        f'<path class="coast" d="{board["land"]}" fill="none" stroke="#4a6070" '
        'stroke-width="0.9"/>'
        f'<path class="borders" d="{board["borders"]}" fill="none" stroke="#6b3a2a" '
        'stroke-width="0.9" stroke-dasharray="3 2"/>'
    )
    for hid, s in sorted(spaces.items()):
        x, y = s["label"]
        svg.add(
            f'<text class="label" data-space="{hid}" x="{x}" y="{y + 4.2:.1f}" '
            f'font-size="4.6" text-anchor="middle" fill="#39464e">{hid}</text>'
        )
        mark = hexes[hid][2]
        if mark:
            ux, uy = s["unit"]
            shape = (
                f'<path d="M{ux},{uy - 4}l1.2,2.6l2.8,0.3l-2.1,1.9l0.6,2.8l-2.5,-1.4l-2.5,1.4'
                f'l0.6,-2.8l-2.1,-1.9l2.8,-0.3z" fill="#b03020"/>'
                if mark == "capital"
                else f'<circle cx="{ux}" cy="{uy}" r="2" fill="{mapsvg.INK}"/>'
            )
            svg.add(f'<g class="{mark}">{shape}</g>')
    units: Mapping[str, Mapping[str, int]] = view.get("units", {})
    for hid, stack in sorted(units.items()):
        if hid not in spaces or not stack:
            continue
        x, y = spaces[hid]["unit"]
        nat = max(sorted(stack), key=lambda n: stack[n])
        fill = colour.get(who.get(nat, ""), "#999999")
        total = sum(int(v) for v in stack.values())
        detail = ", ".join(f"{n} {v}" for n, v in sorted(stack.items()))
        w = size * 1.05
        svg.add(
            f'<g class="unit" data-space="{hid}"><title>{hid}: {mapsvg.esc(detail)} SP</title>'
            f'<rect x="{x - w / 2:.1f}" y="{y - 4.5:.1f}" width="{w:.1f}" height="9" rx="1.5" '
            f'fill="{fill}" stroke="{mapsvg.INK}" stroke-width="0.6"/>'
            f'<text x="{x:.1f}" y="{y + 2.6:.1f}" font-size="6.5" font-weight="bold" '
            f'text-anchor="middle" fill="#ffffff">{mapsvg.esc(nat[:3])} {total}</text></g>'
        )
    _panel(svg, view, players, colour, events)
    return svg.text()


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
        "tint: held by the player",
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
