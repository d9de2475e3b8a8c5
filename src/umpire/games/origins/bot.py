"""A simple bot: legal, sensible orders from what its power may see.

It works on its own view only (box symbols of the others, its own exact holdings, what its
spies saw): it builds PFs where its objectives score most, turns 5 PFs into markers,
attacks where its guess of the odds is good, and spies where rivals contest its aims. The
USA, which scores for the absence of markers (OWW 2.2), builds and attacks to deny them.
"""

from __future__ import annotations

from typing import Any

from umpire.core.chance import Chance
from umpire.games.origins.charts import Charts
from umpire.games.origins.model import State
from umpire.games.origins.orders import (
    Attack,
    Control,
    Move,
    Order,
    Place,
    Spy,
    SpyHome,
    Understanding,
)
from umpire.games.origins.views import view

GUESS = {"X": 3, "U+": 8, "U": 5, "C": 0, "": 0}  # what an unseen box is guessed to hold


def _aims(charts: Charts, power: str, state: State) -> list[tuple[str, int]]:
    """(area, points) of the power's NOC entries in areas still open to PFs."""
    aims = []
    for area in charts.areas:
        entry = charts.objective(area.code, power)
        if entry is not None and not state.control_marked(area.code):
            aims.append((area.code, entry.points))
    return aims


def _strength(seen: dict[str, Any], area: str, p: str) -> int:
    exact = seen["exact"].get(area, {}).get(p)
    if exact is not None:
        return int(exact["pfs"]) + (5 if exact["marker"] == "U" else 0)
    return GUESS.get(seen["map"].get(area, {}).get(p, ""), 0)


def _protected(seen: dict[str, Any], power: str, area: str, rival: str) -> bool:
    """OWW 4.8: a rival's Understanding marker in our home area shields it outside it."""
    return area != power and seen["map"].get(power, {}).get(rival) in ("U", "U+")


def bot_orders(state: State, power: str, chance: Chance, charts: Charts) -> list[Order]:
    """The orders the bot chooses (the ruleset keeps those its ``check`` keeps)."""
    if state.turn > charts.turns:
        return []
    seen = view(state, power, charts)
    aims = _aims(charts, power, state)
    chosen = _choose(aims, chance)
    mine = {
        a: seen["exact"].get(a, {}).get(power, {"pfs": 0, "marker": ""}) for a in charts.area_codes
    }
    planned = {a: int(b["pfs"]) for a, b in mine.items()}
    lines, planned = _place(chosen, seen["pools"][power]["total"], planned)
    moves, planned = _move(power, chosen, planned, chance)
    lines += moves
    lines += _attacks(state, seen, power, planned, mine, charts)
    lines += _markers(aims, seen, power, planned, mine, charts)
    lines += _espionage(aims, seen, power)
    return lines


def _choose(aims: list[tuple[str, int]], chance: Chance) -> list[str]:
    """Two or three aims, the richer ones likelier."""
    chosen: list[str] = []
    pool_aims = list(aims)
    for _ in range(min(len(pool_aims), 2 + chance.randint(0, 1, purpose="bot aims"))):
        weights = [pts + 1 for _, pts in pool_aims]
        pick = chance.randint(1, sum(weights), purpose="bot aim")
        for i, w in enumerate(weights):
            pick -= w
            if pick <= 0:
                chosen.append(pool_aims.pop(i)[0])
                break
    return chosen


def _place(
    chosen: list[str], total: int, planned: dict[str, int]
) -> tuple[list[Order], dict[str, int]]:
    """OWW 3.2: the turn's PFs shared out over the chosen aims; the orders and the plan."""
    lines: list[Order] = []
    planned = dict(planned)
    left = total
    for i, area in enumerate(chosen):
        share = left if i == len(chosen) - 1 else max(1, left // (len(chosen) - i))
        share = min(share, left)
        if share > 0:
            lines.append(Place(area, share))
            planned[area] += share
            left -= share
    return lines, planned


def _move(
    power: str, chosen: list[str], planned: dict[str, int], chance: Chance
) -> tuple[list[Order], dict[str, int]]:
    """OWW 3.3: sometimes most of the home PFs moved to the first aim."""
    home = planned[power]
    if home >= 3 and chosen and chance.randint(0, 1, purpose="bot move"):
        target = chosen[0]
        if target != power:
            n = home - 1
            planned = {**planned, target: planned[target] + n}
            planned[power] -= n
            return [Move(target, n)], planned
    return [], planned


def _attacks(
    state: State,
    seen: dict[str, Any],
    power: str,
    planned: dict[str, int],
    mine: dict[str, Any],
    charts: Charts,
) -> list[Order]:
    """Attacks: where a rival stands and the guessed odds are 3-1 or better."""
    lines: list[Order] = []
    for area in charts.area_codes:
        if state.control_marked(area):
            continue
        own = planned[area] + (5 if mine[area]["marker"] == "U" else 0)
        rivals = [
            p
            for p in seen["powers"]
            if p != power and _strength(seen, area, p) > 0 and not _protected(seen, power, area, p)
        ]
        entry = charts.objective(area, power)
        if not rivals or own <= 0 or entry is None:
            continue
        rival = max(rivals, key=lambda p: _strength(seen, area, p))
        if own >= 3 * _strength(seen, area, rival):
            lines.append(Attack(area, (rival,), own))
    return lines


def _markers(
    aims: list[tuple[str, int]],
    seen: dict[str, Any],
    power: str,
    planned: dict[str, int],
    mine: dict[str, Any],
    charts: Charts,
) -> list[Order]:
    """OWW 5.2, 5.3: 5 PFs in an aim become its marker."""
    lines: list[Order] = []
    for area, _ in aims:
        entry = charts.objective(area, power)
        if entry is None or mine[area]["marker"] or entry.kind not in ("U", "C"):
            continue
        others = [p for p in seen["powers"] if p != power and seen["map"].get(area, {}).get(p)]
        if entry.kind == "C" and planned[area] >= 5 and not others:
            lines.append(Control(area))
        elif planned[area] >= 5:
            lines.append(Understanding(area))
    return lines


def _espionage(aims: list[tuple[str, int]], seen: dict[str, Any], power: str) -> list[Order]:
    """OWW 6.1: a rival in the richest contested aim, and rivals at home."""
    lines: list[Order] = []
    contested = [
        (pts, a, p)
        for a, pts in aims
        for p in seen["powers"]
        if p != power and a != power and seen["map"].get(a, {}).get(p) in ("X", "U+")
    ]
    if contested:
        _, area, target = max(contested)
        lines.append(Spy(area, target))
    at_home = [p for p in seen["powers"] if p != power and seen["map"].get(power, {}).get(p)]
    if at_home:
        lines.append(SpyHome(tuple(at_home[:2])))
    return lines
