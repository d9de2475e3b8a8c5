"""Final scoring from the National Objectives Chart (OWW 1.5, 2.1, 2.2)."""

from __future__ import annotations

from dataclasses import dataclass

from umpire.games.origins.charts import Charts
from umpire.games.origins.model import State


@dataclass(frozen=True, slots=True)
class Scored:
    power: str
    area: str
    entry: str  # "U4", "NC5"...
    points: int


def scored_entries(state: State, charts: Charts) -> list[Scored]:
    """Every NOC entry that scores on the map as it stands.

    ``Un``/``Cn``: the player has an Understanding / Control marker there (a Control marker
    does not score a Un entry nor an Understanding a Cn entry: the chart's key). ``NUn``/``NCn``
    (OWW 2.2): no player has an Understanding / Control marker there.
    """
    found: list[Scored] = []
    for area in charts.areas:
        row = state.boxes.get(area.code, {})
        for power in state.powers:
            entry = charts.objective(area.code, power)
            if entry is None:
                continue
            own = row.get(power)
            if entry.kind == "U":
                hit = own is not None and own.understanding
            elif entry.kind == "C":
                hit = own is not None and own.control
            elif entry.kind == "NU":
                hit = not any(b.understanding for b in row.values())
            else:  # NC
                hit = not any(b.control for b in row.values())
            if hit:
                found.append(Scored(power, area.code, str(entry), entry.points))
    return found


def scores(state: State, charts: Charts) -> dict[str, int]:
    totals = {p: 0 for p in state.powers}
    for s in scored_entries(state, charts):
        totals[s.power] += s.points
    return totals
