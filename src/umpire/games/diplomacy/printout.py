"""The turn report: what happened (the events a power may read) and the board after."""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.events import Event
from umpire.games.diplomacy.geography import Map
from umpire.games.diplomacy.model import OVER, State


def results_lines(events: Sequence[Event]) -> list[str]:
    """The "Results:" block of a report (nothing when the turn had no events)."""
    return ["", "Results:", *(f"  {e.text}" for e in events)] if events else []


def printout(m: Map, state: State, events: Sequence[Event], power: str | None) -> str:
    lines = [f"Diplomacy: {state.label}" + (f", report for {power}" if power else "")]
    lines += results_lines(events)
    lines.append("")
    lines.append("Units:")
    for p in state.powers:
        mine = [f"{u.kind} {u.loc}" for u in state.units if u.power == p]
        lines.append(f"  {p}: {', '.join(mine) or '-'}")
    if state.dislodged:
        lines.append("Dislodged:")
        for d in state.dislodged:
            opts = ", ".join(d.options) or "none (disbands)"
            lines.append(f"  {d.unit.power} {d.unit.kind} {d.unit.loc} (retreat: {opts})")
    lines.append("Supply centres:")
    for p in state.powers:
        c = state.centres_of(p)
        lines.append(f"  {p} {len(c):2}: {' '.join(c)}")
    if state.phase == OVER:
        lines.append(f"Game over: {state.result}, {', '.join(state.winners)}")
    return "\n".join(lines) + "\n"
