"""Winter adjustments: builds, removals and civil disorder.

- A power with more supply centres than units may build that many units in its unoccupied,
  owned home centres; the first legal builds count (DATC 4.D.4, 4.D.5); ``Waive`` declines one
  (4.D.7); builds not ordered are waived.
- A power with more units than centres removes the difference; the first legal removals
  count (4.D.6). Removals not ordered are made by the civil disorder rule of the 2023
  rulebook (DATC 4.D.8, 6.J): the unit farthest from the power's nearest *owned* supply
  centre goes first, distance counted over land and sea alike for armies and fleets (from
  any coast); on equal distance a fleet before an army, then the alphabetically first
  province (English names).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from operator import attrgetter

from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import State, Unit
from umpire.games.diplomacy.orders import AdjustmentOrder, Build, Remove, Waive


def deltas(m: Map, state: State) -> dict[str, int]:
    """Centres minus units for every seated power (positive: builds)."""
    out = dict.fromkeys(state.powers, 0)
    for owner in state.owner_map().values():
        if owner in out:
            out[owner] += 1
    for u in state.units:
        if u.power in out:
            out[u.power] -= 1
    return out


def free_homes(m: Map, state: State, power: str) -> list[str]:
    owners = state.owner_map()
    occupied = {u.province for u in state.units}
    return sorted(
        p for p in m.homes.get(power, frozenset()) if owners.get(p) == power and p not in occupied
    )


def must_adjust(m: Map, state: State) -> list[str]:
    """The powers that have an adjustment to make (a build they can place, or a removal)."""
    return powers_to_adjust(m, state.powers, state.units, state.owner_map())


def powers_to_adjust(
    m: Map,
    powers: Sequence[str],
    units: Sequence[Unit],
    owners: Mapping[str, str],
    centres: Mapping[str, int] | None = None,
    armies: Mapping[str, int] | None = None,
) -> list[str]:
    """:func:`must_adjust` of a position given by its parts (``owners``: province -> power;
    ``centres`` and ``armies``, if the caller has counted them: how many centres each of
    ``powers`` owns, how many units each power has)."""
    # Counted with C-level iteration (map, Counter): this runs after every Fall.
    if centres is None:
        centres = Counter(owners.values())
    if armies is None:
        armies = Counter(map(_POWER, units))
    occupied: set[str] | None = None  # the provinces of the units, once a power may build
    out = []
    for power in powers:
        d = centres.get(power, 0) - armies.get(power, 0)  # deltas
        if d < 0:
            out.append(power)
        elif d > 0:
            if occupied is None:
                occupied = set(map(_PROVINCE, units))
            for p in m.homes.get(power, ()):  # (a loop, not a generator expression: cheaper)
                if owners.get(p) == power and p not in occupied:
                    out.append(power)  # it has a free home centre (free_homes) to build in
                    break
    return out


_POWER, _PROVINCE = attrgetter("power"), attrgetter("province")


def civil_disorder(
    m: Map, state: State, power: str, units: Sequence[Unit], count: int
) -> list[Unit]:
    """The ``count`` units of ``power`` the civil disorder rule removes (2023; DATC 6.J)."""
    owned = frozenset(state.centres_of(power))
    dist = m.distances_from(owned) if owned else {}
    far = len(m.provinces) + 1

    def key(u: Unit) -> tuple[int, int, str]:
        return (-dist.get(u.province, far), 0 if u.kind == "F" else 1, m.provinces[u.province].name)

    return sorted((u for u in units if u.power == power), key=key)[:count]


def resolve_adjustments(
    m: Map, state: State, orders: Mapping[str, Sequence[AdjustmentOrder]]
) -> tuple[list[Unit], list[tuple[str, str, str]]]:
    """The units after the adjustments and what was done: (power, action, location)."""
    units = {u.province: u for u in state.units}
    done: list[tuple[str, str, str]] = []
    for power, delta in deltas(m, state).items():
        given = orders.get(power, ())
        if delta > 0:
            homes = set(free_homes(m, state, power))
            left = delta
            for o in given:
                if left == 0:
                    break
                if isinstance(o, Waive):
                    left -= 1
                    done.append((power, "waive", ""))
                elif isinstance(o, Build) and province_of(o.loc) in homes:
                    homes.discard(province_of(o.loc))
                    units[province_of(o.loc)] = Unit(o.loc, o.kind, power)
                    left -= 1
                    done.append((power, "build", f"{o.kind} {o.loc}"))
        elif delta < 0:
            left = -delta
            for o in given:
                if left == 0:
                    break
                u = units.get(province_of(o.loc)) if isinstance(o, Remove) else None
                if u is not None and u.power == power:
                    del units[u.province]
                    left -= 1
                    done.append((power, "remove", f"{u.kind} {u.loc}"))
            if left:
                mine = [u for u in units.values() if u.power == power]
                for u in civil_disorder(m, state, power, mine, left):
                    del units[u.province]
                    done.append((power, "civil disorder", f"{u.kind} {u.loc}"))
    return sorted(units.values()), done
