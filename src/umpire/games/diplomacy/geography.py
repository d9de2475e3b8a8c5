"""The map: provinces, coasts, adjacencies and names, read from a TOML data file.

A *province* is named by its three-letter abbreviation (``"stp"``). A *location* is where a unit
can stand: the province itself, or for a fleet on a split-coast province the province and coast
(``"stp/nc"``). Armies cross the ``army`` edges; fleets cross the ``fleet`` edges between
locations. Seas take fleets only, inland provinces armies only.

>>> m = standard_map()
>>> len(m.provinces), len(m.supply_centres)
(75, 34)
>>> m.lookup("St. Petersburg"), m.lookup("mid-atlantic ocean"), m.lookup("Rhur")
('stp', 'mao', 'ruh')
>>> sorted(m.fleet_targets("mao"))[:4]
['bre', 'eng', 'gas', 'iri']
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"

LAND, SEA, COAST = "land", "sea", "coast"

COAST_NAMES = {
    "nc": "nc",
    "north coast": "nc",
    "north": "nc",
    "n": "nc",
    "sc": "sc",
    "south coast": "sc",
    "south": "sc",
    "s": "sc",
    "ec": "ec",
    "east coast": "ec",
    "east": "ec",
    "e": "ec",
    "wc": "wc",
    "west coast": "wc",
    "west": "wc",
    "w": "wc",
}


def province_of(loc: str) -> str:
    """``"stp/nc"`` -> ``"stp"``."""
    return loc[: loc.index("/")] if "/" in loc else loc


_NOT_ALNUM = re.compile(r"[^a-z0-9]")


def _normal(name: str) -> str:
    return _NOT_ALNUM.sub("", name.lower())


@dataclass(frozen=True, slots=True)
class Province:
    abbr: str
    name: str
    kind: str  # land, sea or coast
    supply_centre: bool
    home: str | None  # the power whose home centre this is
    coasts: tuple[str, ...]  # split coasts ("nc", "sc"); empty for most


class Map:
    """A Diplomacy map: built once from data, then only read."""

    # Over 60 lines: one assignment per table the map keeps (each typed and commented where it
    # is declared); the tables are derived once here, in the order they depend on each other.
    def __init__(self, data: dict[str, Any]) -> None:
        # Every name interned: the positions and orders read later take their names from the
        # map or intern them (model.load_state), so the tables' look-ups and the comparisons
        # of names meet the same string objects, compared by identity alone.
        data = interned(data)
        self.name: str = data["map"]["name"]
        self.victory_centres: int = int(data["map"]["victory_centres"])
        self.provinces: dict[str, Province] = {}
        for abbr, p in data["provinces"].items():
            self.provinces[abbr] = Province(
                abbr,
                p["name"],
                p["kind"],
                bool(p.get("supply_centre", False)),
                p.get("home"),
                tuple(p.get("coasts", ())),
            )
        self.army_adj: dict[str, frozenset[str]] = self._edges(data["adjacency"]["army"])
        self.fleet_adj: dict[str, frozenset[str]] = self._edges(data["adjacency"]["fleet"])
        self.start: dict[str, tuple[str, ...]] = {
            power: tuple(units) for power, units in data["start"].items()
        }
        # Scenario data the standard map leaves empty: units of no power (neutral armies,
        # ``NEUTRAL = ["A bel", ...]``) and the owners of provinces at the start.
        self.neutral_units: dict[str, tuple[str, ...]] = {
            power: tuple(units) for power, units in data.get("neutral_units", {}).items()
        }
        self.start_owners: dict[str, str] = {
            a: str(p["owner"]) for a, p in data["provinces"].items() if p.get("owner")
        }
        self.supply_centres = frozenset(a for a, p in self.provinces.items() if p.supply_centre)
        self.seas = frozenset(a for a, p in self.provinces.items() if p.kind == SEA)
        self.homes: dict[str, frozenset[str]] = {}
        for a, p in self.provinces.items():
            if p.home:
                self.homes[p.home] = self.homes.get(p.home, frozenset()) | {a}
        self._names: dict[str, str] = {}
        for a, p in self.provinces.items():
            self._names[_normal(a)] = a
            self._names[_normal(p.name)] = a
        for alias, abbr in data.get("aliases", {}).items():
            self._names[_normal(alias)] = abbr
        # Fleet locations a fleet may stand on, per province.
        self.fleet_locations: dict[str, tuple[str, ...]] = {}
        for a, p in self.provinces.items():
            if p.kind == LAND:
                self.fleet_locations[a] = ()
            elif p.coasts:
                self.fleet_locations[a] = tuple(sys.intern(f"{a}/{c}") for c in p.coasts)
            else:
                self.fleet_locations[a] = (a,)
        # Provinces a fleet at a location may reach (for support: any coast of the province).
        self.fleet_reach: dict[str, frozenset[str]] = {
            loc: frozenset(sys.intern(province_of(t)) for t in targets)
            for loc, targets in self.fleet_adj.items()
        }
        # Where a fleet at a location ends when ordered to a province or location: one dict
        # lookup for the order checks (a province with two reachable coasts is left out).
        self.fleet_moves: dict[str, dict[str, str]] = {}
        for loc, targets in self.fleet_adj.items():
            moves = {t: t for t in targets}
            for t in targets:
                p = sys.intern(province_of(t))
                if sum(1 for c in self.fleet_locations.get(p, ()) if c in targets) == 1:
                    moves[p] = t
            self.fleet_moves[loc] = moves
        self._distance: dict[str, dict[str, int]] = {}

    @staticmethod
    def _edges(pairs: list[str]) -> dict[str, frozenset[str]]:
        adj: dict[str, set[str]] = {}
        for pair in pairs:
            a, b = map(sys.intern, pair.split("-"))
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
        return {k: frozenset(v) for k, v in adj.items()}

    # -- names ---------------------------------------------------------------------------------

    def lookup(self, name: str) -> str | None:
        """The province a name or abbreviation denotes (any case, spacing, punctuation)."""
        found = self._names.get(name)  # the common case: already a normal form ("par")
        return found if found is not None else self._names.get(_normal(name))

    def name_of(self, loc: str) -> str:
        p = self.provinces[province_of(loc)]
        return p.name if "/" not in loc else f"{p.name} ({loc.split('/')[1]})"

    # -- kinds ---------------------------------------------------------------------------------

    def kind(self, province: str) -> str:
        return self.provinces[province].kind

    def is_sea(self, province: str) -> bool:
        return self.provinces[province].kind == SEA

    def is_land(self, province: str) -> bool:
        return self.provinces[province].kind == LAND

    def is_coastal(self, province: str) -> bool:
        return self.provinces[province].kind == COAST

    # -- adjacency -----------------------------------------------------------------------------

    def army_adjacent(self, a: str, b: str) -> bool:
        return province_of(b) in self.army_adj.get(province_of(a), frozenset())

    def fleet_targets(self, loc: str) -> frozenset[str]:
        """Locations a fleet at ``loc`` may move to."""
        return self.fleet_adj.get(loc, frozenset())

    def fleet_can_reach(self, loc: str, province: str) -> bool:
        """Whether a fleet at ``loc`` borders ``province`` (any of its coasts): for support."""
        return province in self.fleet_reach.get(loc, frozenset())

    def convoy_chain(
        self,
        src: str,
        dest: str,
        fleets: Sequence[str],
        usable: Callable[[str], bool] | None = None,
    ) -> bool:
        """Whether fleets in the sea provinces ``fleets`` form a chain from ``src`` to
        ``dest``; ``usable`` (asked once per fleet reached, in search order) can rule a fleet
        out, e.g. one that is dislodged. Shared by every convoy check of the variants."""
        reach = self.fleet_reach
        seen: set[str] = set()
        frontier = [s for s in fleets if src in reach[s]]
        while frontier:
            sea = frontier.pop()
            if sea in seen:
                continue
            seen.add(sea)
            if usable is not None and not usable(sea):
                continue
            if dest in reach[sea]:
                return True
            frontier.extend(s for s in fleets if s not in seen and s in reach[sea])
        return False

    def army_targets(self, province: str) -> frozenset[str]:
        return self.army_adj.get(province, frozenset())

    def neighbours(self, province: str) -> frozenset[str]:
        """Every province bordering ``province`` by land or sea (for distances)."""
        out = set(self.army_adj.get(province, ()))
        for loc in self.fleet_locations.get(province, ()):
            out |= self.fleet_reach.get(loc, frozenset())
        return frozenset(out)

    def distances_from(self, targets: frozenset[str]) -> dict[str, int]:
        """Steps from each province to the nearest of ``targets``, over land and sea alike."""
        key = ",".join(sorted(targets))
        if key not in self._distance:
            dist = dict.fromkeys(targets, 0)
            queue = deque(targets)
            while queue:
                here = queue.popleft()
                for n in self.neighbours(here):
                    if n not in dist:
                        dist[n] = dist[here] + 1
                        queue.append(n)
            self._distance[key] = dist
        return self._distance[key]


def interned(data: Any) -> Any:
    """``data`` (read from TOML) with every string in it interned (:func:`sys.intern`)."""
    if isinstance(data, str):
        return sys.intern(data)
    if isinstance(data, dict):
        return {sys.intern(k): interned(v) for k, v in data.items()}
    if isinstance(data, list):
        return [interned(v) for v in data]
    return data


def load_map(name: str) -> Map:
    with (DATA / f"{name}.toml").open("rb") as f:
        return Map(tomllib.load(f))


@cache
def standard_map() -> Map:
    return load_map("standard")
