"""Supply points and the winter adjustment of 1939 III (D39 3-13, 18, 31, 41).

Each winter, in this order (:func:`resolve_winter`):

1. every owned centre yields SP: 3 for any home centre, 2 for a neutral one (D39 7, 8), two
   less for a centre strategically bombed since the last winter (D39 41);
2. transfers: a power gives up to 20% of the SP its own centres yield, rounded down; the
   transfers are taken in the order written while they fit (D39 12, ruling); SP received are
   not passed on in the same winter (ruling);
3. voluntary disbands (``Remove``) (D39 13);
4. if the SP left (own - given + received) do not cover the upkeep of the units (2 for an army
   or fleet, 3 for a tank or bomber, D39 9), units are disbanded until they do: those the
   power removed first, then by the civil-disorder order of the standard game (D39 10);
5. builds, only if the power did not have to disband and its SP exceed the upkeep of all the
   units it had before its voluntary disbands (D39 10, 11, 13: SP saved by disbanding may be
   given away, not spent): each build costs its upkeep; a tank needs two armies for each tank
   after the builds (D39 18), a bomber at most one more bomber than armies (D39 31); builds go
   in unoccupied, owned home centres of the power's own, one per centre, not in a centre
   bombed since the last winter (D39 41). SP are not banked from winter to winter (ruling).

Steps 3-5 are taken with the power's first set of winter orders if it can be carried out in
full, else with the first alternate set that can, else with the last set as far as it goes
(alternate winter orders, D39 12; ruling).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from umpire.games.diplomacy.adjustments import civil_disorder
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import State, Unit
from umpire.games.diplomacy.orders import Build, Remove
from umpire.games.diplomacy.v1939.orders import Alternate, Transfer

COST = {"A": 2, "F": 2, "T": 3, "B": 3}  # D39 9
TRANSFER_SHARE = 5  # D39 12: up to 20% = one fifth


def centre_yield(m: Map, centre: str, bombed: Iterable[str] = ()) -> int:
    """D39 8: a home centre (whoever owns it) yields 3, a neutral one 2; D39 41: bombed, 2 less."""
    base = 3 if m.provinces[centre].home else 2
    return max(0, base - 2) if centre in set(bombed) else base


def supply_points(m: Map, owners: Mapping[str, str], power: str, bombed: Iterable[str]) -> int:
    hit = set(bombed)
    return sum(centre_yield(m, c, hit) for c, o in owners.items() if o == power)


def upkeep(units: Iterable[Unit]) -> int:
    return sum(COST[u.kind] for u in units)


def transfer_limit(own: int) -> int:
    return own // TRANSFER_SHARE


def ratio_ok(units: Iterable[Unit]) -> tuple[bool, bool]:
    """(tanks within 1 per 2 armies (D39 18), bombers at most armies + 1 (D39 31))."""
    kinds = [u.kind for u in units]
    armies, tanks, bombers = kinds.count("A"), kinds.count("T"), kinds.count("B")
    return 2 * tanks <= armies, bombers <= armies + 1


def build_places(
    m: Map,
    state: State,
    power: str,
    bombers: Sequence[Unit],
    bombed: Iterable[str],
    kind: str = "A",
) -> list[str]:
    """The centres where ``power`` may build a unit of ``kind`` this winter: its own home
    centres that it owns, not bombed since the last winter (D39 41), and free of a unit of the
    same layer. A bomber "may occupy the same space as a ground/sea unit, but may not occupy the
    same space as another Bomber" (D39 36), so a bomber is built beside one's army and an army
    under one's bomber (ruling 4)."""
    owners = state.owner_map()
    layer = bombers if kind == "B" else state.units
    taken = {u.province for u in layer}
    hit = set(bombed)
    return sorted(
        p
        for p in m.homes.get(power, frozenset())
        if owners.get(p) == power and p not in taken and p not in hit
    )


@dataclass(frozen=True, slots=True)
class Winter:
    units: list[Unit]  # ground/sea units after the winter (all powers, neutrals included)
    bombers: list[Unit]
    done: list[tuple[str, str, str]]  # (power, action, detail)
    sp: dict[str, int]  # SP each power had to spend after transfers


def resolve_winter(
    m: Map,
    state: State,
    bombers: Sequence[Unit],
    orders: Mapping[str, Sequence[object]],
    bombed: Sequence[str],
) -> Winter:
    owners = state.owner_map()
    ground = {u.province: u for u in state.units}
    air = {b.province: b for b in bombers}
    done: list[tuple[str, str, str]] = []
    own = {p: supply_points(m, owners, p, bombed) for p in state.powers}
    have = dict(own)
    # 2. transfers (D39 12)
    for power in state.powers:
        left = transfer_limit(own[power])
        for o in orders.get(power, ()):
            if isinstance(o, Transfer) and o.to in have and o.to != power:
                if o.amount <= left:
                    left -= o.amount
                    have[power] -= o.amount
                    have[o.to] += o.amount
                    done.append((power, "transfer", f"{o.amount} SP to {o.to}"))
                else:
                    done.append((power, "transfer refused", f"{o.amount} SP to {o.to}"))
    for power in state.powers:
        # 3-5, once per set of orders: the first set carried out in full is used, else the
        # last one as far as it goes (alternate winter orders, D39 12, ruling).
        sets = alternates(orders.get(power, ()))
        for number, given in enumerate(sets):
            g, a = dict(ground), dict(air)
            report, full = _adjust(m, state, power, given, have[power], g, a, bombers, bombed)
            if full or number == len(sets) - 1:
                break
        ground, air = g, a
        if number:
            why = "the sets before it could not be carried out in full"
            done.append((power, f"alternate {number} used:", why))
        done.extend(report)
    return Winter(sorted(ground.values()), sorted(air.values()), done, have)


def alternates(given: Sequence[object]) -> list[list[object]]:
    """A power's winter orders cut into its first set and its alternate sets (D39 12)."""
    sets: list[list[object]] = [[]]
    for o in given:
        if isinstance(o, Alternate):
            sets.append([])
        else:
            sets[-1].append(o)
    return sets


def _adjust(
    m: Map,
    state: State,
    power: str,
    given: Sequence[object],
    have: int,
    ground: dict[str, Unit],
    air: dict[str, Unit],
    bombers: Sequence[Unit],
    bombed: Sequence[str],
) -> tuple[list[tuple[str, str, str]], bool]:
    """Steps 3-5 for one power and one set of orders, on ``ground`` and ``air`` (changed in
    place). Returns what was done and whether the set was carried out in full: every build
    made and no unit disbanded for want of SP beyond those the set removes."""
    done: list[tuple[str, str, str]] = []
    full = True
    mine = [u for u in [*ground.values(), *air.values()] if u.power == power]
    before = upkeep(mine)
    # 3. voluntary disbands (D39 13)
    for o in given:
        if isinstance(o, Remove):
            pool = air if o.kind == "B" else ground
            u = pool.get(province_of(o.loc))
            if u is not None and u.power == power:
                del pool[u.province]
                done.append((power, "remove", f"{u.kind} {u.loc}"))
    # 4. disbanding for lack of SP (D39 10)
    mine = [u for u in [*ground.values(), *air.values()] if u.power == power]
    short = before > have
    if upkeep(mine) > have:
        full = False
        for u in civil_disorder(m, state, power, mine, len(mine)):
            if upkeep(mine) <= have:
                break
            mine.remove(u)
            (air if u.kind == "B" else ground).pop(u.province)
            done.append((power, "disband (short of SP)", f"{u.kind} {u.loc}"))
    # 5. builds (D39 10, 11, 13, 18, 31, 41)
    if short:
        if any(isinstance(o, Build) for o in given):
            done.append((power, "no builds", "had to disband for lack of SP (D39 10)"))
            full = False
        return done, full
    refused, built = _builds(m, state, power, given, have - before, mine, bombers, bombed)
    done += refused
    for u in built:
        (air if u.kind == "B" else ground)[u.province] = u
        done.append((power, "build", f"{u.kind} {u.loc}"))
    return done, full and not refused


def _builds(
    m: Map,
    state: State,
    power: str,
    given: Sequence[object],
    budget: int,
    mine: Sequence[Unit],
    bombers: Sequence[Unit],
    bombed: Sequence[str],
) -> tuple[list[tuple[str, str, str]], list[Unit]]:
    """Step 5, the builds of one set of orders within ``budget`` SP: what was refused, and the
    units built (D39 10, 11, 13, 18, 31, 41)."""
    ground = set(build_places(m, state, power, bombers, bombed, "A"))
    air = set(build_places(m, state, power, bombers, bombed, "B"))
    over_ratio: list[int] = []  # the builds (by place in ``given``) the ratios refuse
    while True:
        refused, builds = _affordable(power, given, budget, ground, air, over_ratio)
        # The ratios count every army of the winter's builds (D39 18: the T may come with the
        # 3rd A). A tank or bomber over a ratio is refused, the last written first, and costs
        # nothing: the builds are paid again without it (D39 11).
        tanks_ok, bombers_ok = ratio_ok([*mine, *(u for _, u in builds)])
        over = [
            i
            for i, u in builds
            if (u.kind == "T" and not tanks_ok) or (u.kind == "B" and not bombers_ok)
        ]
        if not over:
            break
        over_ratio.append(over[-1])
    for i in sorted(over_ratio):
        o = given[i]
        assert isinstance(o, Build)
        refused.append((power, "build refused (ratio)", f"{o.kind} {o.loc}"))
    return refused, [u for _, u in builds]


def _affordable(
    power: str,
    given: Sequence[object],
    budget: int,
    ground: set[str],
    air: set[str],
    skip: Sequence[int],
) -> tuple[list[tuple[str, str, str]], list[tuple[int, Unit]]]:
    """The builds of ``given`` (but those at ``skip``) paid in the order written while the
    budget lasts, one per centre (ruling 4): what was refused, and (index, unit) built."""
    refused: list[tuple[str, str, str]] = []
    builds: list[tuple[int, Unit]] = []
    used: set[str] = set()
    for i, o in enumerate(given):
        if not isinstance(o, Build) or i in skip:
            continue
        here = province_of(o.loc)
        places = air if o.kind == "B" else ground
        if here not in places or here in used or COST[o.kind] > budget:
            refused.append((power, "build refused", f"{o.kind} {o.loc}"))
            continue
        used.add(here)
        budget -= COST[o.kind]
        builds.append((i, Unit(o.loc, o.kind, power)))
    return refused, builds
