"""The board: 43 countries in 11 politectonic zones, read from ``data/board.toml``.

A zone is its table of countries in printed order (rule 1A); that order is what rule 19A's
"countries bordering each side of the Homeland" reads (ruling C4). Scenarios ("creating your
own games") are boards with edited POWER BASE values, read from ``data/scenarios/*.toml`` or
given by the game master as settings, and validated here.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from umpire.games.conquest import errors

DATA = Path(__file__).parent / "data"
STANDARD = "standard"
MAX_PBU = 99
_KEY = re.compile(r"[^A-Z0-9]")


def key(text: str) -> str:
    """Case, spacing and punctuation removed: the form names are matched in."""
    return _KEY.sub("", text.upper())


@dataclass(frozen=True, slots=True)
class Country:
    code: str  # "IND"
    name: str  # "India"
    zone: int
    pbu: int  # board POWER BASE in thousands (rule 1A)
    provenance: str  # "manual" or "reconstructed"


@dataclass(frozen=True, slots=True)
class Zone:
    number: int
    name: str
    countries: tuple[str, ...]  # codes, in the zone table's printed order


@dataclass(frozen=True, slots=True)
class Board:
    title: str
    countries: Mapping[str, Country]  # code -> country, in board order
    zones: Mapping[int, Zone]
    names: Mapping[str, str]  # key(name, code or alias) -> code

    def country(self, code: str) -> Country:
        return self.countries[code]

    def pbu(self, code: str) -> int:
        return self.countries[code].pbu

    def zone_of(self, code: str) -> Zone:
        return self.zones[self.countries[code].zone]

    def lookup(self, text: str) -> str:
        """The code of the country ``text`` names (code, name or alias), else OrderError."""
        code = self.names.get(key(text))
        if code is None:
            raise errors.UNKNOWN_COUNTRY.error(name=text.strip())
        return code

    def borders(self, homeland: str) -> tuple[str, ...]:
        """COTW 19A, ruling C4: the rows directly above and below the homeland in its zone's
        table. First or last in its zone: the one neighbour; alone in its zone: none."""
        row = self.zone_of(homeland).countries
        i = row.index(homeland)
        return tuple(row[j] for j in (i - 1, i + 1) if 0 <= j < len(row))


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


@cache
def _base() -> tuple[str, tuple[Country, ...], tuple[tuple[int, str], ...], dict[str, str]]:
    data = _read(DATA / "board.toml")
    countries = tuple(
        Country(str(c["code"]), str(c["name"]), int(c["zone"]), int(c["pbu"]), str(c["provenance"]))
        for c in data["country"]
    )
    zones = tuple((int(z["number"]), str(z["name"])) for z in data["zone"])
    names: dict[str, str] = {}
    for c in data["country"]:
        for text in (c["code"], c["name"], *c.get("aliases", ())):
            names[key(str(text))] = str(c["code"])
    return str(data["board"]["title"]), countries, zones, names


def scenario_names() -> tuple[str, ...]:
    """The bundled scenario files, by name (the standard board first)."""
    files = sorted((DATA / "scenarios").glob("*.toml"))
    return (STANDARD, *(f.stem for f in files))


def scenario_file(name: str) -> dict[str, Any]:
    """The header and edits of a bundled scenario file (``standard``: no edits)."""
    if name == STANDARD:
        return {"scenario": {"name": STANDARD, "title": "The manual's board"}, "pbu": {}}
    return _read(DATA / "scenarios" / f"{name}.toml")


def validate_edits(edits: Mapping[str, Any]) -> dict[str, int]:
    """COTW scenarios: edited PBU values, checked: every key a country of the board, every
    value a whole number 1..99. Returns code -> value; raises ValueError naming the entry."""
    _, _, _, names = _base()
    clean: dict[str, int] = {}
    for name, value in edits.items():
        code = names.get(key(str(name)))
        if code is None:
            raise ValueError(f"scenario: no country {name!r} on the board")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_PBU:
            raise ValueError(f"scenario: {name!r} must be a whole PBU value 1..{MAX_PBU}")
        if code in clean:
            raise ValueError(f"scenario: {name!r} is edited twice")
        clean[code] = value
    return clean


@cache
def _board(edits: tuple[tuple[str, int], ...]) -> Board:
    title, countries, zones, names = _base()
    changed = dict(edits)
    table = {
        c.code: Country(c.code, c.name, c.zone, changed.get(c.code, c.pbu), c.provenance)
        for c in countries
    }
    zone_map = {
        n: Zone(n, name, tuple(c.code for c in countries if c.zone == n)) for n, name in zones
    }
    return Board(title, table, zone_map, names)


def board(edits: Mapping[str, int] | None = None) -> Board:
    """The board with ``edits`` (code -> PBU, already validated) applied."""
    return _board(tuple(sorted((edits or {}).items())))
