"""The map: spaces, adjacency, AirForce range, coasts and the Turkey Strait (BP 15, 4E.1, 7).

A map has one or more canals (BP 7 "the Turkey Strait"; WW: "four spaces that act exactly like
the TURKEY STRAIT and are called CANALS"): each joins two seas for whoever holds its space.

The map is data (``data/europe.toml``, section 15B as printed); this module only reads it and
answers questions about it. Land spaces ("countries") have two-letter codes, seas three.

>>> m = europe()
>>> len(m.countries), len(m.seas)
(29, 5)
>>> m.in_air_range("BLA", "EAS"), m.adjacent("BLA", "EAS")
(True, False)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the map as 15B prints it."""

    code: str
    name: str
    is_sea: bool
    adjacent: frozenset[str]  # movement adjacency (without the strait)
    air: frozenset[str]  # every space within AirForce range (adjacent ones included)
    coasts: tuple[str, ...]  # the seas a country touches (15A); empty for seas
    island: bool  # a country with no land neighbour (15C.2)

    @property
    def has_coast(self) -> bool:
        return bool(self.coasts)


@dataclass(frozen=True, slots=True)
class Canal:
    """BP 7 / WW canals: two seas adjacent for the holder of ``space`` and those he permits."""

    space: str  # the country whose holder opens or closes it
    seas: tuple[str, str]
    title: str  # how the report names it ("the Turkey Strait")


@dataclass(frozen=True, slots=True)
class GameMap:
    name: str
    spaces: dict[str, Space]
    canals: tuple[Canal, ...]
    home_industry: int
    home_industry_limit: int
    minor_industry: int
    minor_industry_limit: int
    home_taxbase: int
    minor_taxbase: int

    @property
    def countries(self) -> tuple[str, ...]:
        return tuple(c for c, s in self.spaces.items() if not s.is_sea)

    @property
    def seas(self) -> tuple[str, ...]:
        return tuple(c for c, s in self.spaces.items() if s.is_sea)

    def is_country(self, code: str) -> bool:
        s = self.spaces.get(code)
        return s is not None and not s.is_sea

    def is_sea(self, code: str) -> bool:
        s = self.spaces.get(code)
        return s is not None and s.is_sea

    def canal(self, a: str, b: str) -> Canal | None:
        """The canal joining seas ``a`` and ``b``, if one does (BP 7; WW canals)."""
        for c in self.canals:
            if {a, b} == set(c.seas):
                return c
        return None

    def is_strait(self, a: str, b: str) -> bool:
        return self.canal(a, b) is not None

    def adjacent(self, a: str, b: str) -> bool:
        """Movement adjacency as printed (the strait is NOT included; see :meth:`is_strait`)."""
        return b in self.spaces[a].adjacent

    def in_air_range(self, a: str, b: str) -> bool:
        # BP 4E.1: adjacent, one land space between, or a dotted line (all listed in 15B);
        # BLA-EAS is always in air range (4E.1 example, 7).
        return b in self.spaces[a].air

    def neighbours(self, code: str) -> tuple[str, ...]:
        return _in_order(self.spaces[code].adjacent)


@cache
def _in_order(codes: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(codes))


def load_map(name: str) -> GameMap:
    with (DATA / f"{name}.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    spaces: dict[str, Space] = {}
    strait = tuple(raw["strait"]["seas"])
    canal = Canal(raw["strait"]["keeper"], (strait[0], strait[1]), "the Turkey Strait")
    for code, s in raw["space"].items():
        air = set(s["adjacent"]) | set(s["air"])
        if code in strait:
            air |= set(strait) - {code}
        spaces[code] = Space(
            code=code,
            name=s["name"],
            is_sea=s["kind"] == "sea",
            adjacent=frozenset(s["adjacent"]),
            air=frozenset(air),
            coasts=tuple(s.get("coasts", ())),
            island=bool(s.get("island", False)),
        )
    lim = raw["limits"]
    return GameMap(
        name=name,
        spaces=spaces,
        canals=(canal,),
        home_industry=lim["home_industry"],
        home_industry_limit=lim["home_industry_limit"],
        minor_industry=lim["minor_industry"],
        minor_industry_limit=lim["minor_industry_limit"],
        home_taxbase=lim["home_taxbase"],
        minor_taxbase=lim["minor_taxbase"],
    )


@cache
def europe() -> GameMap:
    return load_map("europe")
