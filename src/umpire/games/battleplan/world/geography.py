"""The World Wide Battle Plan map (WW section of the rulebook), read from ``data/world.toml``.

The map (version 2) is the transcription of the real map with the rulebook's stated facts (see
the file's header and docs/rulings/battleplan-world.md, W-MAP); this module reads it into the
same :class:`GameMap` the Europe rules use, with WW's air range (ruling W-AIR):

- BP 4E.1: adjacent, or one LAND space between;
- WW air: every land space around a STAR sea is in range of the others around it;
- WW air: the 24 arrow-marked pairs;
- WW canals: the seas a canal joins are in air range (as BLA-EAS, BP 7 and 4E.1);
- WW icepack (Equal and Real Forces only: ``icepack=True``): every space adjacent to the
  northern ice is in range of every other one; 1939 has no such range.

>>> m = world_map(icepack=True)
>>> len(m.countries), len(m.seas)
(223, 32)
>>> m.spaces["EGI"].coasts, m.canal("WMA", "WWM").space
(('WWM',), 'EGI')
>>> MAP_VERSION
2
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from umpire.games.battleplan.geography import DATA, Canal, GameMap, Space

REGIONS = {
    "E": "Europe",
    "A": "Africa",
    "N": "North and Central America, Caribbean",
    "S": "South America",
    "P": "Pacific",
    "C": "China and East Asia",
    "R": "Russia",
    "M": "Middle East",
    "I": "India",
}
SEA_PREFIX = "W"  # WW: "all sea spaces start with 'W'"
CANAL_TITLES = {"ETU": "Turkey", "AEG": "Egypt", "NPA": "Panama", "EGI": "Gibraltar"}


@dataclass(frozen=True, slots=True)
class WorldData:
    """The raw world data with its provenance, for the rules that need more than a GameMap."""

    raw: dict[str, Any]

    @property
    def borders(self) -> dict[str, frozenset[str]]:
        return _borders(self.raw)

    @property
    def arrows(self) -> tuple[tuple[str, str], ...]:
        return tuple((a, b) for a, b in self.raw["arrows"]["pairs"])

    @property
    def stars(self) -> tuple[str, ...]:
        return tuple(self.raw["stars"]["seas"])

    @property
    def ice(self) -> tuple[str, ...]:
        return tuple(self.raw["ice"]["borders"])

    @property
    def antarctic(self) -> tuple[str, tuple[str, ...]]:
        a = self.raw["antarctic"]
        return a["sea"], tuple(a["southern"])

    def region(self, code: str) -> str:
        """The region letter of a land space, ``W`` for a sea (the code's first letter)."""
        return code[0]

    def provenance(self, code: str) -> dict[str, str]:
        s = self.raw["space"][code]
        return {"code": s["code"], "name": s["name_from"]}

    def border_provenance(self, a: str, b: str) -> str:
        table = self.raw["border_provenance"]
        return str(table.get(f"{a}-{b}") or table.get(f"{b}-{a}") or "transcribed")


def _borders(raw: dict[str, Any]) -> dict[str, frozenset[str]]:
    adj: dict[str, set[str]] = {code: set() for code in raw["space"]}
    for code, s in raw["space"].items():
        for other in s["border"].split():
            adj[code].add(other)
            adj[other].add(code)
    return {c: frozenset(a) for c, a in adj.items()}


def _clique(air: dict[str, set[str]], members: Iterable[str]) -> None:
    group = set(members)
    for m in group:
        air[m] |= group - {m}


def _air(data: WorldData, adj: dict[str, frozenset[str]], icepack: bool) -> dict[str, set[str]]:
    land = {c for c in adj if not c.startswith(SEA_PREFIX)}
    air: dict[str, set[str]] = {}
    for code, near in adj.items():
        # BP 4E.1: adjacent, or separated by one land space
        reach = set(near)
        for between in near & land:
            reach |= adj[between]
        air[code] = reach - {code}
    for star in data.stars:  # WW: land around a STAR sea is in mutual range
        if star in adj:
            _clique(air, adj[star] & land)
    for a, b in data.arrows:  # WW: the arrow-marked pairs
        if a in adj and b in adj:
            _clique(air, (a, b))
    for canal in data.raw["canal"]:  # BP 7 / 4E.1: the seas of a canal are in air range
        if canal["space"] in adj:
            _clique(air, canal["seas"])
    if icepack:  # WW Equal and Real Forces: all spaces around the northern icepack
        _clique(air, data.ice)
    return air


@cache
def world_data() -> WorldData:
    with (DATA / "world.toml").open("rb") as fh:
        return WorldData(tomllib.load(fh))


MAP_VERSION: int = int(world_data().raw["meta"]["version"])


@cache
def world_map(*, icepack: bool) -> GameMap:
    """The world as a :class:`GameMap`; ``icepack`` gives the Equal/Real Forces air range."""
    return _build(world_data(), world_data().borders, icepack, "world")


@cache
def south_america_map() -> GameMap:
    """South American Battle Plan (ruling W-SA): the S spaces of the world map and the seas
    that touch them, with the borders among them; air range computed on this map (4E.1,
    the arrows and stars that fall inside it); no canal (Panama is not on it)."""
    data = world_data()
    land = {c for c in data.raw["space"] if c.startswith("S")}
    seas = {b for c in land for b in data.borders[c] if b.startswith(SEA_PREFIX)}
    keep = land | seas
    adj = {c: data.borders[c] & keep for c in sorted(keep)}  # an order that no hash seed changes
    return _build(data, adj, False, "south-america")


def _build(data: WorldData, adj: dict[str, frozenset[str]], icepack: bool, name: str) -> GameMap:
    raw = data.raw
    air = _air(data, adj, icepack)
    spaces: dict[str, Space] = {}
    for code in adj:
        s = raw["space"][code]
        sea = code.startswith(SEA_PREFIX)
        coasts = () if sea else tuple(sorted(a for a in adj[code] if a.startswith(SEA_PREFIX)))
        spaces[code] = Space(
            code=code,
            name=s["name"],
            is_sea=sea,
            adjacent=adj[code],
            air=frozenset(air[code]),
            coasts=coasts,
            island=not sea and not any(not a.startswith(SEA_PREFIX) for a in adj[code]),
        )
    canals = tuple(
        Canal(c["space"], (c["seas"][0], c["seas"][1]), f"the canal of {CANAL_TITLES[c['space']]}")
        for c in raw["canal"]
        if c["space"] in adj
    )
    lim = raw["limits"]
    return GameMap(
        name=name,
        spaces=spaces,
        canals=canals,
        home_industry=lim["home_industry"],
        home_industry_limit=lim["home_industry_limit"],
        minor_industry=lim["minor_industry"],
        minor_industry_limit=lim["minor_industry_limit"],
        home_taxbase=lim["home_taxbase"],
        minor_taxbase=lim["minor_taxbase"],
    )
