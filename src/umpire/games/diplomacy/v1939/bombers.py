"""Bombers (D39 30-44): range, flight paths, missions and landing.

A bomber is not a ground/sea unit: it never takes or holds a province (D39 4, 5), is never
attacked or dislodged, and shares a space with ground units but not with another bomber
(D39 35, 36). Bombers live in ``State1939.bombers``.

The season, for bombers:

1. validate (:func:`check_flight`): each step of the path borders the one before, the path
   costs 1 per land space and 1.5 per sea space entered, up to the range of the date (D39 33,
   34), and ends on land (D39 36); a mission is flown on the step it is written on;
2. before the ground adjudication, supports and cuts become :class:`BomberHelp` for it
   (:func:`missions`); a mission whose bomber could land nowhere in its flight is aborted
   (D39 43(b)(iii), judged on the ownership at the start of the season: ruling);
3. after the ground moves (:func:`land`): strategic bombing succeeds if the centre is empty
   and uncontested and the take-off space is open for landing (D39 40); then each bomber lands
   where it means to if it may (D39 42, 44), else by the fall-back rules of D39 43; a bomber
   with nowhere to land is lost (ruling for the text lost in D39 44).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from umpire.games.diplomacy import errors
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.legality import could_move
from umpire.games.diplomacy.model import FALL, Unit
from umpire.games.diplomacy.v1939.combat import BomberHelp
from umpire.games.diplomacy.v1939.orders import CUT, RAID, SUPPORT, Flight, LandPermission


def bomber_range(year: int, season: str) -> int:
    """D39 33: 5 from 1939 until Spring 1943, 6 until Spring 1945, 7 until Spring 1948, then 8."""
    half = year * 2 + (1 if season == FALL else 0)
    if half <= 1943 * 2:
        return 5
    if half <= 1945 * 2:
        return 6
    if half <= 1948 * 2:
        return 7
    return 8


def cost(m: Map, path: Iterable[str]) -> float:
    """D39 34: every land space entered costs 1, every sea space 1.5."""
    return sum(1.5 if m.is_sea(p) else 1.0 for p in path)


def check_flight(
    m: Map, units: Mapping[str, Unit], flight: Flight, limit: int, text: str
) -> Flight:
    """A legal flight, or :class:`OrderError` (validation reads only)."""
    here = flight.loc
    for step in flight.path:
        if step not in m.neighbours(here):
            raise errors.FLIGHT_PATH.error(here=here, step=step, text=text)
        here = step
    if cost(m, flight.path) > limit:
        raise errors.RANGE.error(cost=cost(m, flight.path), limit=limit, text=text)
    if m.is_sea(flight.landing):
        raise errors.LANDING.error(text=text)
    where = flight.mission_province
    if flight.mission == RAID:
        if where not in m.supply_centres:
            raise errors.RAID.error(reason=f"{where} is not a supply centre", text=text)
        if flight.landing != flight.loc:
            raise errors.RAID.error(
                reason="a bombing raid lands where it took off (D39 40)", text=text
            )
    elif flight.mission in (SUPPORT, CUT):
        target = units.get(province_of(flight.target_loc or where or ""))
        if flight.mission == CUT:
            if where not in units:
                raise errors.NO_UNIT.error(reason=f"there is no unit in {where} to cut", text=text)
            return flight
        if target is None:
            raise errors.NO_UNIT.error(reason=f"there is no unit in {flight.target_loc}", text=text)
        dest = flight.target_dest
        if (dest or target.province) != where:
            raise errors.MISSION_PLACE.error(place=dest or target.province, text=text)
        if dest is not None and not (could_move(m, target, dest) or _tank_reach(m, target, dest)):
            raise errors.IMPOSSIBLE_MOVE.error(
                reason=f"{target.loc} cannot move to {dest}", text=text
            )
        if flight.target_kind != target.kind or flight.target_loc != target.loc:
            return Flight(
                flight.kind, flight.loc, flight.path, flight.mission, flight.at,
                target.kind, target.loc, dest,
            )  # fmt: skip
    return flight


def _tank_reach(m: Map, unit: Unit, dest: str) -> bool:
    """A tank's "movement" may end two provinces away (D39 23, 25)."""
    return unit.kind == "T" and any(
        dest in m.army_targets(r) for r in m.army_targets(unit.province)
    )


@dataclass(frozen=True, slots=True)
class Landing:
    """Who may land where after the moves of a season (D39 42, 44)."""

    owners: Mapping[str, str]  # province -> owner
    permits: Collection[tuple[str, str, str]]  # (province, power, bomber take-off), by owner

    def open_to(self, m: Map, power: str, takeoff: str, province: str) -> bool:
        if m.is_sea(province):
            return False
        owner = self.owners.get(province)
        return owner == power or (owner is not None and (province, power, takeoff) in self.permits)


def permits(
    owners: Mapping[str, str], given: Mapping[str, Sequence[LandPermission]]
) -> set[tuple[str, str, str]]:
    """The "Land" approvals that count: each given by the province's owner (D39 44)."""
    return {
        (o.province, o.power, o.bomber_loc)
        for power, orders in given.items()
        for o in orders
        if owners.get(o.province) == power
    }


def missions(
    m: Map, flights: Mapping[str, tuple[str, Flight]], before: Landing
) -> tuple[list[BomberHelp], set[str]]:
    """Support and cut missions for the ground adjudication, and the take-offs of aborted
    missions. ``flights``: take-off -> (power, flight)."""
    out: list[BomberHelp] = []
    aborted: set[str] = set()
    for takeoff, (power, f) in sorted(flights.items()):
        if f.mission not in (SUPPORT, CUT):
            continue
        spaces = (takeoff, *f.path)
        if not any(before.open_to(m, power, takeoff, p) for p in spaces):
            aborted.add(takeoff)  # D39 43(b)(iii)
            continue
        where = f.mission_province
        assert where is not None
        if f.mission == CUT:
            out.append(BomberHelp(power, CUT, where))
        else:
            dest = province_of(f.target_dest) if f.target_dest else None
            out.append(BomberHelp(power, SUPPORT, province_of(f.target_loc), dest))
    return out, aborted


def _fallbacks(f: Flight) -> list[str]:
    """Landing places in the order D39 43 tries them after the designated one."""
    path = list(f.path[:-1])
    if not f.mission:
        return [*reversed(path), f.loc]  # 43(a): the furthest owned space from take-off
    post = path[f.at + 1 :]
    pre = path[: f.at]
    # 43(b): (i) the post-mission space closest to the designated landing; (ii) the
    # pre-mission space closest to take-off; then take-off itself (ruling).
    return [*reversed(post), *pre, f.loc]


# Over 60 lines: D39 40-44 as one pass over the bombers in take-off order, because a bomber
# that lands takes its space from those after it (D39 42); split, the steps would share that
# mutable state through every call.
def land(
    m: Map,
    bombers: Sequence[Unit],
    flights: Mapping[str, Flight],
    after: Landing,
    ground: Mapping[str, Unit],
    contested: Collection[str],
    aborted: Collection[str],
    supporting: Collection[str] = (),
) -> tuple[list[Unit], list[str], list[tuple[str, str]]]:
    """Bombers after the season, the centres strategically bombed, and what happened
    (take-off, text) to each bomber. ``supporting``: provinces whose unit was ordered to
    support (a cut mission on any other unit is aborted and the bomber stays, D39 39)."""
    placed: dict[str, Unit] = {}
    bombed: list[str] = []
    report: list[tuple[str, str]] = []
    flying = [b for b in bombers if b.province in flights]
    standing = [b for b in bombers if b.province not in flights]
    for b in standing:
        if after.open_to(m, b.power, b.province, b.province):
            placed[b.province] = b
            report.append((b.province, "stands"))
        else:
            report.append((b.province, "lost: may not stay on another power's province"))
    wanted: dict[str, int] = {}
    for b in flying:
        f = flights[b.province]
        wanted[f.landing] = wanted.get(f.landing, 0) + 1
    for b in flying:
        f = flights[b.province]
        if f.mission == RAID:
            target = f.mission_province or ""
            ok = (
                target not in ground
                and target not in contested
                and after.open_to(m, b.power, b.province, b.province)
                and b.province not in placed
            )
            if ok:
                bombed.append(target)
                placed[b.province] = b
                report.append((b.province, f"bombs {target}"))
                continue
            note = "raid on " + target + " aborted"
            order = [b.province, *reversed(f.path[:-1])]
        elif b.province in aborted:
            note = "mission aborted"
            order = [b.province]
        else:
            note = "mission flown" if f.mission else "moved"
            if wanted[f.landing] == 1:
                order = [f.landing, *_fallbacks(f)]
            else:  # D39 36: two bombers mean to land in one space: neither may (ruling)
                order = [p for p in _fallbacks(f) if p != f.landing]
            if f.mission == CUT and f.mission_province not in supporting:
                note = "cut mission aborted: the unit did not support (D39 39)"
                order = [b.province, *order]
        spot = next(
            (p for p in order if p not in placed and after.open_to(m, b.power, b.province, p)),
            None,
        )
        if spot is None:
            report.append((b.province, f"{note}; lost: nowhere to land"))
            continue
        placed[spot] = Unit(spot, "B", b.power)
        report.append((b.province, f"{note}; lands in {spot}"))
    return sorted(placed.values()), bombed, report
