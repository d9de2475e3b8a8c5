"""The turn report of one power (or of the umpire), from its view and its events only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.events import Event
from umpire.games.origins.charts import Charts

HELP = """\
ORDER NOTATION (one order a line; case and spacing are free; names or codes; HOME = yours)
  PLACE 3 POL                          place 3 of this turn's PFs in Poland (OWW 3.2)
  MOVE 2 FROM HOME TO AUS              move 2 PFs out of your home area (OWW 3.2, 3.3)
  ATTACK POL GER,USSR WITH 6           one attack per area, on one or several (OWW 4.1-4.5)
  ATTACK CZE GER WITH 4 IF GER PLACED  conditional on who placed PFs there (OWW 4.7)
  UNDERSTANDING AUS                    5 PFs become an Understanding marker (OWW 5.2)
  CONTROL POL SHARE USSR               Control marker, shared if USSR agrees (OWW 5.3, 5.4)
  SPY POL GER                          see Germany's exact holding in Poland (OWW 6.1, 8.5)
  SPY HOME GER USSR                    and up to two players in your home area (OWW 6.1)
Areas: ALS AUS BAL CZE ITA POL RHI ROM and the homes USA FRA GBR USSR GER.
PFs you do not place go to your home area; no orders: all PFs go home."""

LEGEND = (
    "X = PFs, U+ = Understanding marker and PFs, U = Understanding marker, C = Control marker;\n"
    "a number is an exact holding you know; * = PFs placed or moved there this turn."
)


def _cell(view: dict[str, Any], area: str, power: str) -> str:
    symbol = view["map"].get(area, {}).get(power, "")
    exact = view.get("exact", {}).get(area, {}).get(power)
    text = symbol
    if exact is not None and exact["pfs"] and symbol in ("X", "U+"):
        text = f"{symbol}{exact['pfs']}"
    elif exact is not None and not symbol:
        text = "0"  # espionage found nothing
    if power in view["placed"].get(area, ()):
        text += "*"
    return text or "."


NOTE_KINDS = (
    "nmr",
    "dropped",
    "pool",
    "placement",
    "attack_void",
    "attack_limited",
    "marker_failed",
    "espionage",
)


def render(view: dict[str, Any], events: Sequence[Event], charts: Charts, ended: str = "") -> str:
    """The report from ``view``; ``ended``: how the game ended, once it is over (by the rules,
    OWW 2.1, or by a result declared or voted before them: the view is then of a game that
    still awaits orders, and the report asks for none)."""
    done = view["turn"] - 1
    over = view["over"] or bool(ended)
    # The heading (the turn played, the one due, whose report) is the session's.
    out = [f"The game is over: {ended}", ""] if ended else [""]
    if not over:
        out.extend(_pools(view))
    out.extend(_map(view, charts))
    if done:
        out.extend(_turn_done(view, events))
    if view["over"]:
        out.extend(_final_scores(view, charts))
    elif not over:
        out.append(HELP)
    return "\n".join(out) + "\n"


def _pools(view: dict[str, Any]) -> list[str]:
    """The PFs each power the report shows has for the next turn (OWW 3.1)."""
    power = view["power"]
    out = [f"PFS AVAILABLE FOR {view['label'].upper()}"]
    for p in view["powers"] if power is None else [power]:
        got = view["pools"][p]
        bonus = "; ".join(f"{e} in {a}" for a, e, _ in got["bonus"]) or "none"
        out.append(
            f"  {p:5} {got['base']} base + {got['total'] - got['base']} bonus = {got['total']}  (bonus: {bonus})"
        )
    out.append("")
    return out


def _map(view: dict[str, Any], charts: Charts) -> list[str]:
    out = ["MAP", f"  {'Area':17}" + "".join(f"{p:>8}" for p in charts.power_codes)]
    for area in charts.areas:
        cells = "".join(f"{_cell(view, area.code, p):>8}" for p in charts.power_codes)
        out.append(f"  {area.name:17}{cells}")
    out.extend("  " + line for line in LEGEND.splitlines())
    if view["moved_out"]:
        out.append(f"  Moved PFs out of the home area this turn: {', '.join(view['moved_out'])}")
    out.append("")
    return out


def _turn_done(view: dict[str, Any], events: Sequence[Event]) -> list[str]:
    """The turn just resolved: conflicts, markers, orders as carried out, notes."""
    return [
        *_conflicts(view["power"], events),
        *_markers(events),
        *_orders(view),
        *_notes(events),
        "",
    ]


def _conflicts(power: str | None, events: Sequence[Event]) -> list[str]:
    """OWW 7.2, 8.2: the attacks and the numbers this report may read."""
    attacks = [
        e
        for e in events
        if e.kind in ("attack", "attack_numbers") and not (power is None and "copy_for" in e.data)
    ]
    out = ["DIPLOMATIC CONFLICTS THIS TURN"]
    out.extend(f"  {e.text}" if e.kind == "attack" else f"      {e.text}" for e in attacks)
    if not attacks:
        out.append("  none")
    out.append("")
    return out


def _markers(events: Sequence[Event]) -> list[str]:
    """OWW 7.3: the markers placed (public)."""
    markers = [e for e in events if e.kind == "marker"]
    out = ["MARKERS PLACED THIS TURN"]
    out.extend(f"  {e.text}" for e in markers)
    if not markers:
        out.append("  none")
    out.append("")
    return out


def _orders(view: dict[str, Any]) -> list[str]:
    power = view["power"]
    out = ["ORDERS AS CARRIED OUT"]
    for p, orders in sorted(view["orders"].items()):
        out.extend(f"  {p + ': ' if power is None else ''}{o}" for o in orders)
        if not orders:
            out.append(f"  {p + ': ' if power is None else ''}(none)")
    return out


def _notes(events: Sequence[Event]) -> list[str]:
    notes = [e for e in events if e.kind in NOTE_KINDS]
    if not notes:
        return []
    return ["", "NOTES", *(f"  {e.text}" for e in notes)]


def _final_scores(view: dict[str, Any], charts: Charts) -> list[str]:
    """OWW 2.1, 2.2: the National Objectives Chart scores."""
    out = ["FINAL SCORES (National Objectives Chart)"]
    for p in charts.power_codes:
        if p in view["scores"]:
            got = [f"{e} {a}" for q, a, e, _ in view["scored"] if q == p]
            out.append(f"  {charts.power(p).name:14} {view['scores'][p]:3}  {', '.join(got)}")
    out.append("")
    return out
