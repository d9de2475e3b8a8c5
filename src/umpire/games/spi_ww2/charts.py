"""The game's tables, read from ``data/``: the printed multi-player tables and the
provisional two-player core, as one :class:`Charts` value.

``data/multiplayer.toml`` holds what the Multi-Player rules print (orders of movement, the
charts of 18.1, 19.1, 20.1-20.2 and the numbers of the cases); ``data/core.toml`` holds the
provisional two-player core (movement, terrain, CRT, supply, weather, set-up, schedules);
``data/map.json`` the generated hex map. No table lives in code: a variant replaces a table by
passing other data to :func:`build` (the test suite swaps the CRT this way).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from umpire.games.spi_ww2.geography import Map

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True, slots=True)
class CrtResult:
    """One CRT cell: Strength Points lost by each side (None: all), defender retreats."""

    attacker: int | None
    defender: int | None
    retreat: bool

    @classmethod
    def parse(cls, text: str) -> CrtResult:
        retreat = text.endswith("r")
        a, d = text.rstrip("r").split("/")
        return cls(None if a == "all" else int(a), None if d == "all" else int(d), retreat)


@dataclass(frozen=True)
class Charts:
    """Every table the rules read. ``mp``: multi-player (printed); ``core``: provisional."""

    mp: Mapping[str, Any]
    core: Mapping[str, Any]
    map: Map
    # Per version, what ``order`` and ``operator`` read from ``mp`` (the tables never change
    # once built; views read them once per hex of the map).
    _orders: dict[int, tuple[tuple[str, ...], ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _operators: dict[int, dict[str, str]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    # --- the calendar (4.3) ---
    @property
    def game_turns(self) -> int:
        return int(self.core["calendar"]["game_turns"])

    def quarter_year(self, game_turn: int) -> tuple[int, int]:
        """(quarter 1-4, year) of a Game-Turn: 4/39 is Game-Turn 1 (18.1)."""
        cal = self.core["calendar"]
        index = int(cal["first_quarter"]) - 1 + game_turn - 1
        return index % 4 + 1, int(cal["first_year"]) + index // 4

    def season(self, game_turn: int) -> str:
        return str(self.core["calendar"]["seasons"][str(self.quarter_year(game_turn)[0])])

    def turn_name(self, game_turn: int) -> str:
        q, y = self.quarter_year(game_turn)
        return f"{q}/{y % 100:02d}"

    # --- the versions (2.0, 4.41-4.43) ---
    def players(self, version: int) -> tuple[str, ...]:
        return tuple(self.mp["versions"][str(version)]["players"])

    def order(self, version: int) -> tuple[tuple[str, ...], ...]:
        """The Player-Turns in order: the nationalities each Player-Turn moves."""
        made = self._orders.get(version)
        if made is None:
            made = tuple(tuple(t) for t in self.mp["versions"][str(version)]["order"])
            self._orders[version] = made
        return made

    def operator(self, version: int) -> dict[str, str]:
        """The player whose Player-Turn moves each nationality of ``order`` (the first such
        Player-Turn, as ``politics.player_of`` reads it)."""
        made = self._operators.get(version)
        if made is None:
            made = {}
            for turn in self.order(version):
                for nat in turn:
                    made.setdefault(nat, turn[0])
            self._operators[version] = made
        return made

    # --- the core's tables ---
    def allowance(self, nat: str) -> int:
        table = self.core["movement"]["allowance"]
        return int(table.get(nat, table["minor"]))

    def rail_capacity(self, nat: str) -> int:
        table = self.core["movement"]["rail_capacity"]
        return int(table.get(nat, table["minor"]))

    def terrain(self, kind: str) -> Mapping[str, Any]:
        return self.core["terrain"][kind]  # type: ignore[no-any-return]

    def weather(self, game_turn: int, zone: str) -> Mapping[str, Any]:
        quarter = self.quarter_year(game_turn)[0]
        name = self.core["weather"]["quarters"][str(quarter)][zone]
        return {"name": name, **self.core["weather"]["conditions"][name]}

    @property
    def crt_columns(self) -> list[str]:
        return list(self.core["crt"]["columns"])

    def crt(self, column: int, roll: int) -> CrtResult:
        return CrtResult.parse(self.core["crt"]["rows"][roll - 1][column])

    @property
    def stacking(self) -> int:
        return int(self.core["stacking"]["limit"])


def _read_toml(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))


@cache
def _map() -> Map:
    return Map(json.loads((DATA / "map.json").read_text(encoding="utf-8")))


def build(core: Mapping[str, Any] | None = None, mp: Mapping[str, Any] | None = None) -> Charts:
    """Charts from the given tables (default: the files in ``data/``)."""
    return Charts(
        mp=mp if mp is not None else _read_toml("multiplayer.toml"),
        core=core if core is not None else _read_toml("core.toml"),
        map=_map(),
    )


@cache
def load() -> Charts:
    return build()


def read_core() -> dict[str, Any]:
    """A fresh copy of the provisional core's tables (for variants and tests to edit)."""
    return _read_toml("core.toml")
