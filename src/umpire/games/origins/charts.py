"""The four charts (NOC, BASE, BONUS, DCT), the powers and the 13 areas, as typed values.

Read from ``data/historical.toml`` (every entry carries its provenance there). Nothing here
has rules logic beyond looking entries up.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True, slots=True)
class Power:
    code: str  # "GER"
    name: str  # "Germany"
    aliases: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Area:
    code: str  # "POL"; a home area's code is its power's code
    name: str  # "Poland"
    home_of: str | None  # the power whose home area this is (OWW 1.2)
    aliases: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Objective:
    """One NOC entry: ``kind`` is U, C, NU or NC; ``points`` what it scores (OWW 2.1, 2.2)."""

    kind: str
    points: int

    def __str__(self) -> str:
        return f"{self.kind}{self.points}"


@dataclass(frozen=True, slots=True)
class Bonus:
    """One BONUS entry: ``amount`` PFs while a ``marker`` (U or C) of ``owner`` ("Any": any
    player) stands in the area; ``sole``: only if ``owner`` has sole control (the asterisk)."""

    marker: str
    owner: str
    sole: bool
    amount: int

    def __str__(self) -> str:
        return f"{self.marker}/{self.owner}{'*' if self.sole else ''} ({self.amount})"


@dataclass(frozen=True, slots=True)
class Result:
    """A DCT result: losses are "all", "equal" or a number of PFs (see the data file)."""

    code: str
    text: str
    attacker: str | int
    defender: str | int


@dataclass(frozen=True, slots=True)
class Charts:
    scenario: str
    title: str
    turns: int
    first_year: int
    powers: tuple[Power, ...]  # in the order of execution, OWW 7.2
    areas: tuple[Area, ...]
    noc: dict[str, dict[str, Objective]]  # area -> power -> entry (absent: "-" or N/A)
    base: dict[int, dict[str, int]]  # turn -> power -> PFs
    bonus: dict[str, dict[str, Bonus]]  # area -> receiving power -> entry
    dct_columns: tuple[str, ...]
    dct_rows: dict[int, tuple[str, ...]]  # die -> result code per column
    dct_below: str
    results: dict[str, Result]

    @property
    def power_codes(self) -> tuple[str, ...]:
        return tuple(p.code for p in self.powers)

    @property
    def area_codes(self) -> tuple[str, ...]:
        return tuple(a.code for a in self.areas)

    def power(self, code: str) -> Power:
        return next(p for p in self.powers if p.code == code)

    def area(self, code: str) -> Area:
        return next(a for a in self.areas if a.code == code)

    def objective(self, area: str, power: str) -> Objective | None:
        return self.noc.get(area, {}).get(power)

    def year(self, turn: int) -> int:
        return self.first_year + turn - 1


_ENTRY = re.compile(r"^(NU|NC|U|C)\s*(\d+)$")
_BONUS = re.compile(r"^([UC])/(\w+)(\*?)\s*\((\d+)\)$")


def _objective(text: str) -> Objective | None:
    text = text.strip()
    if text in ("-", "N/A"):
        return None
    match = _ENTRY.match(text)
    if not match:
        raise ValueError(f"bad NOC entry {text!r}")
    return Objective(match.group(1), int(match.group(2)))


def _bonus(text: str) -> Bonus | None:
    text = text.strip()
    if text in ("-", "N/A"):
        return None
    match = _BONUS.match(text)
    if not match:
        raise ValueError(f"bad BONUS entry {text!r}")
    return Bonus(match.group(1), match.group(2), bool(match.group(3)), int(match.group(4)))


def _loss(value: Any) -> str | int:
    return value if isinstance(value, str) else int(value)


@cache
def load(scenario: str = "historical") -> Charts:
    with (DATA / f"{scenario}.toml").open("rb") as f:
        data = tomllib.load(f)
    powers = tuple(Power(p["code"], p["name"], tuple(p.get("aliases", ()))) for p in data["powers"])
    areas = tuple(
        Area(a["code"], a["name"], a.get("home"), tuple(a.get("aliases", ())))
        for a in data["areas"]
    )
    cols = data["noc"]["columns"]
    noc: dict[str, dict[str, Objective]] = {}
    for area, row in data["noc"]["rows"].items():
        entries = {p: _objective(t) for p, t in zip(cols, row, strict=True)}
        noc[area] = {p: e for p, e in entries.items() if e is not None}
    base = {
        int(turn): dict(zip(data["base"]["columns"], row, strict=True))
        for turn, row in data["base"]["rows"].items()
    }
    bonus: dict[str, dict[str, Bonus]] = {}
    for area, row in data["bonus"]["rows"].items():
        found = {p: _bonus(t) for p, t in zip(data["bonus"]["columns"], row, strict=True)}
        bonus[area] = {p: b for p, b in found.items() if b is not None}
    dct = data["dct"]
    results = {
        code: Result(code, r["text"], _loss(r["attacker"]), _loss(r["defender"]))
        for code, r in dct["results"].items()
    }
    scen = data["scenario"]
    return Charts(
        scenario=scen["name"],
        title=scen["title"],
        turns=int(scen["turns"]),
        first_year=int(scen["first_year"]),
        powers=powers,
        areas=areas,
        noc=noc,
        base=base,
        bonus=bonus,
        dct_columns=tuple(dct["columns"]),
        dct_rows={int(d): tuple(row) for d, row in dct["rows"].items()},
        dct_below=str(dct["below_lowest"]),
        results=results,
    )
