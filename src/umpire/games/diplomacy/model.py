"""The position: units, supply-centre owners, dislodged units, and where in the year we are.

A :class:`State` is immutable and JSON-able through :func:`dump_state` / :func:`load_state`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from operator import attrgetter
from sys import intern
from typing import Any

SPRING, FALL, WINTER = "spring", "fall", "winter"
MOVEMENT, RETREATS, ADJUSTMENTS, OVER = "movement", "retreats", "adjustments", "over"


@dataclass(frozen=True, slots=True, order=True, init=False)
class Unit:
    loc: str  # "par", "stp/sc"
    kind: str  # "A" army, "F" fleet
    power: str
    # The province of ``loc``: read on every order of every phase, so worked out once.
    province: str = field(init=False, repr=False, compare=False)

    def __init__(self, loc: str, kind: str, power: str) -> None:
        # Every movement phase makes a unit per move: the slots are set directly (what the
        # frozen dataclass's own __init__ does, less its per-field detour).
        _set_loc(self, loc)
        _set_kind(self, kind)
        _set_power(self, power)
        _set_province(self, intern(loc[: loc.index("/")]) if "/" in loc else loc)

    def text(self) -> str:
        return f"{self.power} {self.kind} {self.loc}"

    @classmethod
    def parse(cls, text: str) -> Unit:
        """``"FRA A par"`` -> Unit."""
        power, kind, loc = text.split()
        loc = loc.lower().replace("(", "/").rstrip(")")
        # Interned: the map's names are (geography.Map), so look-ups meet the same objects;
        # and the one unit of the memo (:data:`unit_of`), so a unit is known by its identity.
        return unit_of(intern(loc), intern(kind.upper()), intern(power.upper()))


# A unit is a value: the units an adjudication makes (one per move that succeeds) are taken
# from this memo, a dictionary look-up instead of a new object each time. It holds at most
# one unit per location, kind and power of the map.
unit_of = cache(Unit)

# Unit's own order (its compared fields, in turn) as a key: sorting by it gives the same order
# as comparing the units, without a Python-level comparison per pair (a state is read on every
# order submission).
UNIT_ORDER = attrgetter("loc", "kind", "power")

# The slot descriptors of Unit (a frozen dataclass refuses plain attribute assignment).
_set_loc = vars(Unit)["loc"].__set__
_set_kind = vars(Unit)["kind"].__set__
_set_power = vars(Unit)["power"].__set__
_set_province = vars(Unit)["province"].__set__


@dataclass(frozen=True, slots=True, order=True)
class Dislodged:
    unit: Unit
    attacker_from: str  # province the dislodging unit came from
    options: tuple[str, ...]  # locations it may retreat to

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit.text(),
            "attacker_from": self.attacker_from,
            "options": list(self.options),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Dislodged:
        options = tuple(map(intern, data["options"]))
        return cls(Unit.parse(data["unit"]), intern(data["attacker_from"]), options)


@dataclass(frozen=True, slots=True)
class State:
    scenario: str
    powers: tuple[str, ...]  # the seated powers
    year: int
    season: str  # spring, fall, winter
    phase: str  # movement, retreats, adjustments, over
    units: tuple[Unit, ...]  # sorted
    owners: tuple[tuple[str, str], ...]  # (province, power), sorted
    dislodged: tuple[Dislodged, ...] = ()
    max_years: int = 40
    winners: tuple[str, ...] = ()  # set when the game is over
    result: str = ""  # "victory", "draw" or "" while playing
    turn: int = 1  # number of the phase to be resolved next
    # Province -> unit, worked out at the first :meth:`unit_at` (every power's orders and the
    # adjudication read it); not a field of the position: never compared, copied or saved.
    _unit_at: Mapping[str, Unit] | None = field(default=None, init=False, repr=False, compare=False)

    def unit_at(self) -> Mapping[str, Unit]:
        """Province -> unit (read-only: shared by every reader of this state)."""
        found = self._unit_at
        if found is None:
            found = {u.province: u for u in self.units}
            object.__setattr__(self, "_unit_at", found)  # a cache: the state stays the same
        return found

    def owner_map(self) -> dict[str, str]:
        return dict(self.owners)

    def centres_of(self, power: str) -> list[str]:
        return sorted(p for p, o in self.owners if o == power)

    def with_units(self, units: list[Unit] | tuple[Unit, ...]) -> State:
        return replace(self, units=tuple(sorted(units, key=UNIT_ORDER)))

    @property
    def label(self) -> str:
        if self.phase == OVER:
            return f"Game over ({self.season.title()} {self.year})"
        return f"{self.season.title()} {self.year} {self.phase}"


# The slot descriptors of State, for :func:`new_state`.
(
    _set_scenario,
    _set_powers,
    _set_year,
    _set_season,
    _set_phase,
    _set_units,
    _set_owners,
    _set_dislodged,
    _set_max_years,
    _set_winners,
    _set_result,
    _set_turn,
    _set_unit_at,
) = (vars(State)[f].__set__ for f in State.__slots__)


def new_state(
    scenario: str,
    powers: tuple[str, ...],
    year: int,
    season: str,
    phase: str,
    units: tuple[Unit, ...],
    owners: tuple[tuple[str, str], ...],
    dislodged: tuple[Dislodged, ...],
    max_years: int,
    winners: tuple[str, ...],
    result: str,
    turn: int,
) -> State:
    """``State(...)`` with every field given, its slots set directly (a frozen dataclass's own
    __init__ sets each through object.__setattr__; a movement phase makes one or two)."""
    state: State = object.__new__(State)
    _set_scenario(state, scenario)
    _set_powers(state, powers)
    _set_year(state, year)
    _set_season(state, season)
    _set_phase(state, phase)
    _set_units(state, units)
    _set_owners(state, owners)
    _set_dislodged(state, dislodged)
    _set_max_years(state, max_years)
    _set_winners(state, winners)
    _set_result(state, result)
    _set_turn(state, turn)
    _set_unit_at(state, None)
    return state


def dump_state(state: State) -> dict[str, Any]:
    return {
        "scenario": state.scenario,
        "powers": list(state.powers),
        "year": state.year,
        "season": state.season,
        "phase": state.phase,
        "units": [u.text() for u in state.units],
        "owners": {p: o for p, o in state.owners},
        "dislodged": [d.to_json() for d in state.dislodged],
        "max_years": state.max_years,
        "winners": list(state.winners),
        "result": state.result,
        "turn": state.turn,
        "extra": {},  # the record's place for a scenario's own facts: none in this game
    }


def state_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of :class:`State` read from :func:`dump_state`'s form."""
    return dict(
        scenario=str(data["scenario"]),
        powers=tuple(map(intern, data["powers"])),
        year=int(data["year"]),
        season=intern(str(data["season"])),
        phase=intern(str(data["phase"])),
        units=tuple(sorted((Unit.parse(u) for u in data["units"]), key=UNIT_ORDER)),
        owners=tuple(sorted((intern(str(p)), intern(str(o))) for p, o in data["owners"].items())),
        dislodged=tuple(Dislodged.from_json(d) for d in data["dislodged"]),
        max_years=int(data["max_years"]),
        winners=tuple(data["winners"]),
        result=str(data["result"]),
        turn=int(data["turn"]),
    )


def load_state(data: dict[str, Any]) -> State:
    """Inverse of :func:`dump_state`."""
    return State(**state_fields(data))
