"""A small helper for 1939 III scenario tests: a position from text, orders played through
the Ruleset as a game would play them (parse, canonical text round trip, resolve).

``position("GER: T pol, A pru; RUS: A mos")`` places units directly (``B`` is a bomber;
``NEUTRAL`` the anarchic armies). Centre owners default to the home centres; province owners
to the map's starting owners, then every placed ground unit owns where it stands (D39 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.core import submission
from umpire.core.chance import ScriptedChance
from umpire.core.events import Event
from umpire.games.diplomacy import RULESET_1939 as RULESET
from umpire.games.diplomacy.model import MOVEMENT, SPRING, Unit
from umpire.games.diplomacy.v1939 import SCENARIO
from umpire.games.diplomacy.v1939.game import POWERS
from umpire.games.diplomacy.v1939.model import State1939 as State

ENGINE = RULESET
MAP = ENGINE.map


def units_of(text: str) -> tuple[list[Unit], list[Unit]]:
    ground: list[Unit] = []
    air: list[Unit] = []
    for block in text.split(";"):
        if not block.strip():
            continue
        power, items = block.split(":")
        for item in items.split(","):
            kind, loc = item.split()
            u = Unit(loc.lower(), kind.upper(), power.strip().upper())
            (air if u.kind == "B" else ground).append(u)
    return ground, air


def position(
    text: str,
    *,
    year: int = 1939,
    season: str = SPRING,
    phase: str = MOVEMENT,
    centres: Mapping[str, str | None] | None = None,
    provinces: Mapping[str, str | None] | None = None,
    bombed: tuple[str, ...] = (),
) -> State:
    ground, air = units_of(text)
    owners: dict[str, str] = {p: h for p, prov in MAP.provinces.items() if (h := prov.home)}
    for p, o in (centres or {}).items():
        if o is None:
            owners.pop(p, None)
        else:
            owners[p] = o
    lands = dict(MAP.start_owners)
    for u in ground:
        if u.power != "NEUTRAL":
            lands[u.province] = u.power
    for p, o in (provinces or {}).items():
        if o is None:
            lands.pop(p, None)
        else:
            lands[p] = o
    return State(
        scenario=SCENARIO,
        powers=POWERS,
        year=year,
        season=season,
        phase=phase,
        units=tuple(sorted(ground)),
        owners=tuple(sorted(owners.items())),
        bombers=tuple(sorted(air)),
        provinces=dict(sorted(lands.items())),
        bombed=tuple(bombed),
    )


def parse(state: State, power: str, text: str) -> list[Any]:
    """Every line must be accepted; the canonical text must read back to the same orders."""
    parsed = submission.parse(RULESET, state, power, text)
    assert not parsed.problems, parsed.problems
    orders = [o for _, o in parsed.orders]
    again = submission.parse(RULESET, state, power, "\n".join(RULESET.format(o) for o in orders))
    assert [o for _, o in again.orders] == orders
    return orders


def play(state: State, orders: Mapping[str, str]) -> tuple[State, list[Event]]:
    given = {power: parse(state, power, text) for power, text in orders.items()}
    result = RULESET.resolve(state, given, ScriptedChance([]))
    return result.state, result.events


def where(state: State) -> dict[str, str]:
    """Province -> "POWER K" for every ground unit."""
    return {u.province: f"{u.power} {u.kind}" for u in state.units}


def bombers(state: State) -> dict[str, str]:
    return {b.province: b.power for b in state.bombers}


def dislodged(state: State) -> dict[str, tuple[str, ...]]:
    return {d.unit.province: d.options for d in state.dislodged}
