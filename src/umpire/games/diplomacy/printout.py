"""The turn report: what happened (the events a power may read) and the board after, made
from the reader's view alone (:func:`printout`): what a player reads is what he may see."""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.events import Event
from umpire.core.ruleset import Outcome, View
from umpire.games.diplomacy.adjustments import deltas, free_homes
from umpire.games.diplomacy.geography import Map
from umpire.games.diplomacy.model import ADJUSTMENTS, OVER, Dislodged, State, Unit


def results_lines(events: Sequence[Event]) -> list[str]:
    """The "Results:" block of a report (nothing when the turn had no events)."""
    return ["", "Results:", *(f"  {e.text}" for e in events)] if events else []


def ended_view(seen: View, outcome: Outcome) -> View:
    """The view of a game ended by ``outcome`` otherwise than by the rules (a draw declared or
    voted, a game the game master ended), made from the reader's view of its last position
    (:func:`umpire.games.diplomacy.views.view`): over, so that no phase is due and no dislodged
    unit is left waiting for a retreat; the rest of the board as it stands."""
    return {
        **seen,
        "phase": f"Game over ({str(seen['season']).title()} {seen['year']})",
        "dislodged": [],
        "result": "draw" if len(outcome.winners) != 1 else "victory",
        "winners": list(outcome.winners),
    }


def over_line(state: State, summary: str) -> str:
    """The last line of a finished game's report: how it ended."""
    return f"Game over: {summary or state.result + ', ' + ', '.join(state.winners)}"


def board_of(seen: View) -> State:
    """The board a view (:func:`umpire.games.diplomacy.views.view`) shows, rebuilt from the view
    alone: the seated powers (in the order of its centres), units, dislodged units, centres,
    year, season, phase (the last word of its label, or over) and result."""
    label = str(seen["phase"])
    phase = OVER if label.startswith("Game over") else label.rsplit(" ", 1)[-1]
    centres: dict[str, list[str]] = seen["centres"]
    return State(
        scenario="",
        powers=tuple(centres),
        year=int(seen["year"]),
        season=str(seen["season"]),
        phase=phase,
        units=tuple(Unit.parse(text) for text in seen["units"]),
        owners=tuple(sorted((c, p) for p, mine in centres.items() for c in mine)),
        dislodged=tuple(Dislodged.from_json(d) for d in seen["dislodged"]),
        winners=tuple(seen["winners"]),
        result=str(seen["result"]),
    )


def printout(m: Map, seen: View, events: Sequence[Event], summary: str = "") -> str:
    """The report of the reader of the view ``seen``, with the events addressed to him;
    ``summary``: how a game that is over ended, when not by the rules (a result declared or
    voted)."""
    # The heading (the phase played, the one due, whose report) is the session's.
    state = board_of(seen)
    lines = results_lines(events)
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
    if state.phase == ADJUSTMENTS:
        lines += adjustment_lines(m, state)
    if state.phase == OVER:
        lines.append(over_line(state, summary))
    return "\n".join(lines) + "\n"


def adjustment_lines(m: Map, state: State) -> list[str]:
    """The winter's due adjustments, centres against units (rulebook, "Adjusting units"):
    builds, where a free home centre allows them, and removals. Public, as the board is."""
    lines = []
    for power, delta in deltas(m, state).items():
        if delta > 0:
            homes = free_homes(m, state, power)
            if len(homes) >= delta:
                lines.append(f"  {power} builds {delta} (free home centres: {' '.join(homes)})")
            elif homes:
                lines.append(
                    f"  {power} builds {len(homes)} of {delta} (free home centres: "
                    f"{' '.join(homes)}; the others are waived)"
                )
            else:
                lines.append(f"  {power} builds none of {delta} (no free home centre)")
        elif delta < 0:
            lines.append(f"  {power} removes {-delta}")
    return ["Adjustments (centres against units):", *lines] if lines else []
