"""The legal orders of each unit, for order entry by select lists (standard and 1939 III).

Candidates come from the map's adjacencies (moves to neighbouring places and, for armies on a
coast, to every other coast; supports of every other unit; convoys by fleets at sea; retreats
to each dislodged unit's options; builds in home centres, removals, a waive); every candidate
is then put through the game's own :meth:`parse`, that is the legality checks of
``legality.py`` (DATC 4.E.1 "legal"), and only what it accepts is offered, in canonical form.
Nothing here decides legality itself. A 1939 III bomber is offered its stand here; its flights
and missions are too many to list and are built a step at a time (``v1939/flights.py``); the
"Land" approvals a province owner may give another power's bomber are listed under
``"landing"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from umpire.core import submission
from umpire.games.diplomacy import adjustments
from umpire.games.diplomacy.geography import Map
from umpire.games.diplomacy.legality import fleet_chain
from umpire.games.diplomacy.model import ADJUSTMENTS, MOVEMENT, RETREATS, State, Unit

BUILDS = "builds"
LANDING = "landing"  # 1939 III: "Land" approvals for other powers' bombers (D39 44)


class _Rules(Protocol):
    def read_line(self, state: Any, power: str, line: str, scope: dict[str, Any]) -> Any: ...
    def check(self, state: Any, power: str, orders: Any) -> Any: ...
    def format(self, order: Any) -> str: ...


def _accepted(rules: _Rules, state: State, power: str, lines: Iterable[str]) -> list[str]:
    """The canonical text of every candidate line the game accepts, in order, once each."""
    out: list[str] = []
    for line in lines:
        parsed = submission.read(rules, state, power, line)
        if parsed.problems or not parsed.orders:
            continue
        text = rules.format(parsed.orders[0][1])
        if text not in out:
            out.append(text)
    return out


def _reach(m: Map, unit: Unit) -> list[str]:
    """Places ``unit`` might move or support into (the game's checks decide)."""
    if unit.kind == "F":
        return sorted(m.fleet_targets(unit.loc))
    near = set(m.army_targets(unit.province))
    if m.is_coastal(unit.province):  # by convoy
        near |= {p for p in m.provinces if m.is_coastal(p) and p != unit.province}
    return sorted(near)


def _goes(m: Map, state: State, unit: Unit) -> set[str]:
    """Provinces ``unit`` could move to this turn: its neighbours, and coasts its army could
    be convoyed to by the fleets now at sea (a support of any other move is legal but idle)."""
    if unit.kind == "F":
        return {t.split("/")[0] for t in m.fleet_targets(unit.loc)}
    near = set(m.army_targets(unit.province))
    if m.is_coastal(unit.province):
        near |= {
            p
            for p in m.provinces
            if m.is_coastal(p) and p != unit.province and fleet_chain(m, state, unit.province, p)
        }
    return near


def _movement(m: Map, state: State, unit: Unit) -> list[str]:
    me = f"{unit.kind} {unit.loc}"
    lines = [f"{me} H"] + [f"{me} - {dest}" for dest in _reach(m, unit)]
    mine = set(m.army_targets(unit.province)) if unit.kind != "F" else set()
    if unit.kind == "F":
        mine = {t.split("/")[0] for t in m.fleet_targets(unit.loc)}
    for other in state.units:
        if other.province == unit.province:
            continue
        them = f"{other.kind} {other.loc}"
        if other.province in mine:
            lines.append(f"{me} S {them}")
        lines.extend(
            f"{me} S {them} - {dest}"
            for dest in sorted(mine & _goes(m, state, other))
            if dest != other.province
        )
        if unit.kind == "F" and m.is_sea(unit.province) and other.kind == "A":
            lines.extend(
                f"{me} C {them} - {dest}"
                for dest in sorted(m.provinces)
                if m.is_coastal(dest) and dest != other.province
            )
    return lines


def legal_orders(rules: _Rules, m: Map, state: State, power: str) -> dict[str, list[str]]:
    """Per unit of ``power`` (``"A par"``), or ``"builds"`` in adjustments: its legal orders."""
    out: dict[str, list[str]] = {}
    if state.phase == MOVEMENT:
        for unit in state.units:
            if unit.power == power:
                key = f"{unit.kind} {unit.loc}"
                out[key] = _accepted(rules, state, power, _movement(m, state, unit))
        for bomber in getattr(state, "bombers", ()):  # 1939 III (D39 37): flights step by step
            if bomber.power == power:
                out[f"B {bomber.loc}"] = _accepted(rules, state, power, [f"B {bomber.loc} Stands"])
        owned = sorted(p for p, who in getattr(state, "provinces", {}).items() if who == power)
        permits = [  # D39 44: another power's bomber may land in a province of ours
            f"{p} [Land {b.power} B {b.loc}]"
            for b in getattr(state, "bombers", ())
            if b.power != power
            for p in owned
        ]
        out[LANDING] = _accepted(rules, state, power, permits)
    elif state.phase == RETREATS:
        for d in state.dislodged:
            if d.unit.power == power:
                me = f"{d.unit.kind} {d.unit.loc}"
                lines = [f"{me} R {o}" for o in d.options] + [f"{me} D"]
                out[me] = _accepted(rules, state, power, lines)
    elif state.phase == ADJUSTMENTS:
        # Standard game: builds when the power has more centres than units, removals when
        # fewer (rulebook, adjustments.deltas); 1939 III's winter offers both (D39 7-13).
        delta = adjustments.deltas(m, state)[power] if state.scenario == "standard" else None
        homes = sorted(m.homes.get(power, frozenset()))
        builds = [f"Build A {h}" for h in homes]
        builds += [f"Build F {loc}" for h in homes for loc in sorted(m.fleet_locations[h])]
        if hasattr(state, "bombers"):  # 1939 III: tanks and bombers too (D39 16, 31)
            builds += [f"Build {kind} {h}" for kind in "TB" for h in homes]
        builds.append("Waive")
        if delta is None or delta > 0:
            out[BUILDS] = _accepted(rules, state, power, builds)
        for unit in state.units:
            if unit.power == power and (delta is None or delta < 0):
                key = f"{unit.kind} {unit.loc}"
                out[key] = _accepted(rules, state, power, [f"Remove {key}"])
    return {k: v for k, v in out.items() if v}
