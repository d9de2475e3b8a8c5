"""Understanding and Control markers (OWW 1.6, 2.3, 5.1-5.4, 7.3).

All marker orders of a turn are checked against the map as it stands after the conflicts
and then carried out together (OWW 7.3: they are simultaneous).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from umpire.games.origins.charts import Charts
from umpire.games.origins.model import CONTROL, UNDERSTANDING, UNDERSTANDING_VALUE, Box
from umpire.games.origins.orders import Control, Understanding

Map = dict[str, dict[str, Box]]


@dataclass(frozen=True, slots=True)
class MarkerNote:
    """One marker order's fate: ``placed`` or not, and why (for the printouts)."""

    power: str
    area: str
    marker: str  # "U" or "C"
    placed: bool
    reason: str
    shared_with: tuple[str, ...] = ()


def may_understand(area: str, power: str, charts: Charts) -> bool:
    """OWW 5.2: an Understanding needs a Un or Cn entry for the area."""
    entry = charts.objective(area, power)
    return entry is not None and entry.kind in ("U", "C")


def may_control(area: str, power: str, charts: Charts) -> bool:
    """OWW 2.3, 5.3.1: a Control marker needs a Cn entry for the area."""
    entry = charts.objective(area, power)
    return entry is not None and entry.kind == "C"


def understanding_problem(box: Box, area: str, power: str, charts: Charts) -> str:
    """Why ``power`` may not place an Understanding marker now ("" if it may)."""
    if not may_understand(area, power, charts):
        return f"{power} scores nothing in {area} (OWW 5.2)"
    if box.marker:
        return f"{power} already has a marker in {area}"
    if box.pfs < UNDERSTANDING_VALUE:
        return f"{power} has fewer than 5 PFs in {area} (OWW 5.2)"
    return ""


def control_problem(box: Box, area: str, power: str, charts: Charts) -> str:
    """Why ``power`` alone fails 5.3.1 / 5.3.3 ("" if it meets them). Ruling R9: an own
    Understanding marker counts as 5 PFs here and is removed with the PFs."""
    if not may_control(area, power, charts):
        return f"{power} has no Control entry for {area} (OWW 2.3, 5.3.1)"
    if box.control:
        return f"{power} already controls {area}"
    if box.strength < 5:
        return f"{power} has fewer than 5 PFs in {area} (OWW 5.3.3)"
    return ""


def place_markers(
    board: Map,
    orders: Mapping[str, Sequence[Understanding | Control]],
    charts: Charts,
) -> list[MarkerNote]:
    """Carry out every marker order at once (OWW 7.3); ``board`` is updated in place."""
    before = {a: dict(row) for a, row in board.items()}
    notes: list[MarkerNote] = []
    controls: dict[str, dict[str, Control]] = {}
    for power, items in orders.items():
        for order in items:
            if isinstance(order, Control):
                controls.setdefault(order.area, {})[power] = order
                continue
            box = before.get(order.area, {}).get(power, Box())
            why = understanding_problem(box, order.area, power, charts)
            if not why:
                # OWW 5.2: remove 5 PFs and place an Understanding marker instead
                board.setdefault(order.area, {})[power] = Box(box.pfs - 5, UNDERSTANDING)
            notes.append(MarkerNote(power, order.area, UNDERSTANDING, not why, why or "placed"))
    for area, wanted in controls.items():
        notes.extend(_control(board, before.get(area, {}), area, wanted, charts))
    return notes


def _control(
    board: Map, row: Mapping[str, Box], area: str, wanted: Mapping[str, Control], charts: Charts
) -> list[MarkerNote]:
    """OWW 5.3, 5.4 for one area: every player present there must be one of a group that
    all meet 5.3.1 and 5.3.3, all order Control and all agree to share with each other;
    else nobody places a Control marker and everybody keeps his PFs."""
    why = _control_problems(row, area, wanted, charts)
    group = [p for p in wanted if not _own_problem(row, area, p, charts)]
    success = bool(group) and not any(p in why for p in group)
    notes: list[MarkerNote] = []
    for power in sorted(wanted, key=charts.power_codes.index):
        if success and power in group:
            # OWW 5.3.3: all PFs are removed; the Control marker stands alone
            board.setdefault(area, {})[power] = Box(0, CONTROL)
            partners = tuple(p for p in group if p != power)
            notes.append(MarkerNote(power, area, CONTROL, True, "placed", partners))
        else:
            reason = why.get(power) or _partner_failed(area)
            notes.append(MarkerNote(power, area, CONTROL, False, reason))
    return notes


def _own_problem(row: Mapping[str, Box], area: str, power: str, charts: Charts) -> str:
    """OWW 5.3.1, 5.3.3: why ``power`` alone may not place Control here ("" if he may)."""
    return control_problem(row.get(power, Box()), area, power, charts)


def _control_problems(
    row: Mapping[str, Box], area: str, wanted: Mapping[str, Control], charts: Charts
) -> dict[str, str]:
    """Why each player who ordered Control in ``area`` fails, if he does: his own problem
    (OWW 5.3.1, 5.3.3), else opposing influence (5.3.2), else a partner's failure (5.4)."""
    present = [p for p, b in row.items() if not b.empty]
    why: dict[str, str] = {}
    for power in wanted:
        own = _own_problem(row, area, power, charts)
        if own:
            why[power] = own
    group = [p for p in wanted if p not in why]
    for power in group:
        others = [p for p in present if p != power]
        unshared = [p for p in others if p not in wanted[power].share]
        if unshared:
            # OWW 5.3.2: opposing influence (public on the map, OWW 8.1) he would not share with
            why[power] = f"opposing influence in {area}: {', '.join(unshared)} (OWW 5.3.2)"
        elif any(p not in group or power not in wanted[p].share for p in others):
            # OWW 5.4 / 8.2: one reason whatever the others did, so that a failure never tells
            # him whether a partner ordered Control at all, met 5.3 or agreed
            why[power] = _partner_failed(area)
    return why


def _partner_failed(area: str) -> str:
    return (
        f"not every other player with influence in {area} placed Control with you there"
        " (OWW 5.3.2, 5.4)"
    )
